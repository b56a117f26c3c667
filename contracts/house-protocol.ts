// The house game page's protocol without zod (the page in the iframe stays light): its token header, the crash curve,
// and the messages it posts to the player app around it. contracts/games.ts re-exports all of it.
import type { HouseGame } from './games';

export const GAME_TOKEN_HEADER = 'x-game-token';

/** Multiplier growth while running: m(t) = floor(100 × e^(CRASH_GROWTH × t_ms)), the client draws the same curve. */
export const CRASH_GROWTH_PER_MS = 0.00006;
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs)));
}

// ---------------------------------------------------------------- game page (iframe) → player app (parent)

/**
 * What the house game page posts to its parent window (`window.parent.postMessage(msg, origin)`), so the player app
 * can ask Telegram for a closing confirmation while a round is open and play haptics (issue 7):
 * - `round_started` when a stake is placed (a bet sent, a mines round started, a crash bet accepted);
 * - `round_finished` with the result when the round settles (`win` means a payout above zero);
 * - `balance` after any change, so the parent can refresh without waiting for the live message;
 * - `size` with the page's content height (CSS px), so the parent sizes the frame instead of scrolling inside it;
 * - `leave` when the player presses the game's own close button (shown only when the page is not embedded);
 * - `insufficient_funds` when a stake is refused for want of money, so the parent offers a deposit and the demo;
 * - `state` with the game's main action (Bet, Cash out…) whenever it changes, at most every
 *   HOUSE_STATE_MIN_INTERVAL_MS, so the parent can show it on Telegram's bottom bar (null: no action now).
 */
export type HouseFrameMessage =
  | { source: 'house-game'; type: 'round_started'; game: HouseGame }
  | { source: 'house-game'; type: 'round_finished'; game: HouseGame; result: 'win' | 'loss' }
  | { source: 'house-game'; type: 'balance'; balance: number; currency: string }
  | { source: 'house-game'; type: 'size'; height: number }
  | { source: 'house-game'; type: 'leave' }
  | { source: 'house-game'; type: 'insufficient_funds' }
  | { source: 'house-game'; type: 'state'; action: HouseActionState | null };

/** The game's main action as its own button shows it. */
export interface HouseActionState {
  /** The button's text ("Roll", "Cash out 1.28"). */
  label: string;
  /** The stake in the amount field, in `currency`, when the game has one. */
  stake: number | null;
  currency: string | null;
  /** The live multiplier × 100 while a round runs (crash), else null. */
  multiplier: number | null;
  enabled: boolean;
  /** Pressed and waiting for the server. */
  loading: boolean;
}
/** Crash's label changes ~60 times a second: the game page sends its state at most this often (10 a second). */
export const HOUSE_STATE_MIN_INTERVAL_MS = 100;
export function isHouseFrameMessage(value: unknown): value is HouseFrameMessage {
  return typeof value === 'object' && value !== null && (value as { source?: unknown }).source === 'house-game';
}

// ---------------------------------------------------------------- player app (parent) → game page: commands

/**
 * What the player app posts into the frame (`frame.contentWindow.postMessage(cmd, origin)`):
 * - `press` presses the game's main action, as if its own button were tapped (Telegram's bottom-bar button drives
 *   Bet and Cash out);
 * - `pause` when the app is minimised (animations stop), `resume` when it is shown again (animations go on and the
 *   page reads its balance and round again);
 * - `host_action` says whether the app shows the game's main action itself (Telegram's bottom bar, Mini Apps
 *   7.10+): while `shown`, the game does not draw its own button (the player never sees both), keeps it in the page
 *   so its state is still reported, and is pressed with `press`. Sent when the frame loads, when it changes, and
 *   again when the frame first reports its state (a frame that loaded late misses nothing).
 */
export type HouseAppCommand =
  | { source: 'house-app'; type: 'press' | 'pause' | 'resume' }
  | { source: 'house-app'; type: 'host_action'; shown: boolean };
export function isHouseAppCommand(value: unknown): value is HouseAppCommand {
  const v = value as { source?: unknown; type?: unknown; shown?: unknown } | null;
  return (
    typeof value === 'object' &&
    v !== null &&
    v.source === 'house-app' &&
    (v.type === 'press' ||
      v.type === 'pause' ||
      v.type === 'resume' ||
      (v.type === 'host_action' && typeof v.shown === 'boolean'))
  );
}

// ---------------------------------------------------------------- player app (parent) → game page: one palette

/**
 * The player app's colours that the house game page takes over (issue 15: one palette): the app passes each
 * token's value (read from its own CSS: Telegram's theme, the brand's accent) in the frame URL's hash,
 * `#palette=<JSON>`, and the game page sets them as its CSS variables. Keys are the game page's variable names,
 * values the app's VKUI tokens they come from.
 */
export const HOUSE_PALETTE_TOKENS = {
  bg: '--vkui--color_background',
  card: '--vkui--color_background_content',
  fg: '--vkui--color_text_primary',
  muted: '--vkui--color_text_secondary',
  accent: '--vkui--color_background_accent',
  'accent-fg': '--vkui--color_text_contrast_themed',
  line: '--vkui--color_separator_primary',
} as const;
export type HousePalette = Partial<Record<keyof typeof HOUSE_PALETTE_TOKENS, string>>;

/** A colour value the game page accepts from the URL: a colour or color-mix() of colours, nothing that loads. */
export function isPaletteValue(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 160 && /^[#a-z0-9(),.%\s-]+$/i.test(value) && !/url/i.test(value);
}
