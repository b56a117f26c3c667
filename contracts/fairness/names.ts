import type { HouseGameId } from './registry';

// The house games' names in each language we ship, one copy for both sides: the app shows them (games.names.*) and
// the server stores them beside the game, so a search in the player's language finds them («Кости» as well as "Dice").
export const houseGameNames: Readonly<Record<HouseGameId, Readonly<Record<'en' | 'ru', string>>>> = {
  dice: { en: 'Dice', ru: 'Кости' },
  limbo: { en: 'Limbo', ru: 'Лимбо' },
  mines: { en: 'Mines', ru: 'Мины' },
  plinko: { en: 'Plinko', ru: 'Плинко' },
  slots: { en: 'Lucky Sevens', ru: 'Счастливые семёрки' },
  roulette: { en: 'European Roulette', ru: 'Европейская рулетка' },
  crash: { en: 'Crash', ru: 'Краш' },
};

/** One language's names, keyed by game id (for the app's translation resources). */
export const houseGameNamesIn = (language: 'en' | 'ru'): Record<HouseGameId, string> =>
  Object.fromEntries(Object.entries(houseGameNames).map(([id, names]) => [id, names[language]])) as Record<
    HouseGameId,
    string
  >;
