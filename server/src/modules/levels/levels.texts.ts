/** A text in `language` (its base language next, English last; empty when there is none). */
export function textIn(texts: Record<string, string>, language: string | undefined): string {
  const lang = language ?? 'en';
  return texts[lang] || texts[lang.slice(0, 2)] || texts.en || '';
}
