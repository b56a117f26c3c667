import { z } from 'zod';
import { booleanFromEnv, declareSettings, type SettingsOf } from '../../config';

// The invites' settings (issue 26), declared by the module (config.ts collects them; README.md lists them).
// One language's invite-card words (REFERRAL_CARD_TEXTS); Telegram caps a caption at 1024 characters.
const referralCardWords = z
  .object({
    title: z.string().trim().min(1).max(64),
    text: z
      .string()
      .trim()
      .min(1)
      .max(900)
      .refine((t) => t.includes('18+'), 'must say 18+'),
    open: z.string().trim().min(1).max(64),
  })
  .partial()
  .strict();

export const referralsSettings = declareSettings({
  /** Invites (issue 26): players may share invite links and the bot's invite card. */
  REFERRAL_SHARING: booleanFromEnv.default(true),
  /** The invite card's picture (a public JPEG URL); default: the site's /invite-card.jpg. */
  REFERRAL_CARD_IMAGE_URL: z.string().url().optional(),
  /**
   * The invite card's words per language, JSON: {"en":{"title":"…","text":"…","open":"…"},"ru":{…}}; a language or
   * key left out keeps the built-in words. A text must say "18+" (the card is read by people who may not be players).
   */
  REFERRAL_CARD_TEXTS: z
    .string()
    .optional()
    .transform((s, ctx): unknown => {
      if (!s?.trim()) return {};
      try {
        return JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON: {"en":{"title":…,"text":…,"open":…},"ru":{…}}' });
        return z.NEVER;
      }
    })
    .pipe(z.object({ en: referralCardWords, ru: referralCardWords }).partial().strict()),
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the settings above
  interface CasinoModuleSettings extends SettingsOf<typeof referralsSettings> {}
}
