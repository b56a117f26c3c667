import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

const OPTIONS = {
  short: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  medium: { dateStyle: 'medium', timeStyle: 'short' },
} as const;

describe('formatDateTime', () => {
  it.each(['en', 'ru'])('%s: the text toLocaleString gives, every month, day, hour and style', (locale) => {
    const wrong: string[] = [];
    for (const year of [2026, 1999])
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28])
          for (let hour = 0; hour < 24; hour++)
            for (const minute of [0, 5, 59]) {
              const d = new Date(year, month, day, hour, minute, 30);
              for (const style of ['short', 'medium'] as const) {
                const own = formatDateTime(d, locale, style);
                const intl = d.toLocaleString(locale, OPTIONS[style]);
                if (own !== intl) wrong.push(`${d.toISOString()} ${style}: ${own} != ${intl}`);
              }
            }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('reads ISO strings and numbers; "Invalid Date" for a value that is none; Intl for other locales and years', () => {
    const iso = '2026-12-07T14:05:00Z';
    expect(formatDateTime(iso, 'en', 'short')).toBe(new Date(iso).toLocaleString('en', OPTIONS.short));
    expect(formatDateTime(0, 'ru', 'medium')).toBe(new Date(0).toLocaleString('ru', OPTIONS.medium));
    expect(formatDateTime('not a date', 'en', 'short')).toBe('Invalid Date');
    expect(formatDateTime(iso, 'de', 'medium')).toBe(new Date(iso).toLocaleString('de', OPTIONS.medium));
    const old = new Date(999, 0, 1, 12, 0);
    expect(formatDateTime(old, 'en', 'medium')).toBe(old.toLocaleString('en', OPTIONS.medium));
  });
});
