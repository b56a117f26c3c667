import { i18next } from '../../shared/i18n/i18n';

// The house games and their provider are ours: their names are said in the player's language (games.names.*,
// games.house_provider). Other providers' games keep the name their provider gives them.
const HOUSE_PROVIDER = 'house';

/** A game's name as the player reads it: ours translated ('house-dice' → «Кости»), a provider's as sent. */
export function gameName(game: { string_id: string; name: string }): string {
  const id = game.string_id.startsWith('house-') ? game.string_id.slice('house-'.length) : null;
  const key = `games.names.${id}`;
  return id && i18next.exists(key) ? i18next.t(key) : game.name;
}

/** A provider's name as the player reads it: the house originals translated, others as sent. */
export function providerName(provider: { string_id: string; name: string }): string {
  return provider.string_id === HOUSE_PROVIDER ? i18next.t('games.house_provider') : provider.name;
}
