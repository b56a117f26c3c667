export const gamesTexts = {
  en: {
    games: {
      search: 'Search games', all_providers: 'All', random: 'Random game', show_more: 'Show more', empty: 'No games found', provably_fair: 'Provably fair',
      rtp: 'RTP\u00a0{{rtp}}\u00a0%', favourite_add: 'Add to favourites', favourite_remove: 'Remove from favourites', favorites_empty: 'No favourite games yet: tap ♡ on a game.',
      play: 'Play', demo: 'Demo', real: 'Real money', close: 'Close the game', loading_game: 'Opening the game…', load_failed: 'The game could not be opened.',
      bets_total: 'Total wagered: {{amount}}', bets_empty: 'No bets yet', bet: 'Bet', win: 'Win', multiplier: 'Multiplier', status_open: 'In play',
      status_closed: 'Settled', status_rolled_back: 'Cancelled', details: 'Bet details', proof: 'Provable fairness', server_seed_hash: 'Server seed hash',
      server_seed: 'Server seed', not_revealed: 'not revealed yet — rotate your seed in the game', client_seed: 'Client seed', nonce: 'Nonce',
      verify: 'Verify this result', type_bet: 'Bet', type_win: 'Win', type_rollback: 'Refund', back: 'Back',
    },
  },
  ru: {
    games: {
      search: 'Поиск игр', all_providers: 'Все', random: 'Случайная игра', show_more: 'Показать ещё', empty: 'Игры не найдены', provably_fair: 'Честная игра',
      rtp: 'RTP\u00a0{{rtp}}\u00a0%', favourite_add: 'В избранное', favourite_remove: 'Убрать из избранного', favorites_empty: 'Избранных игр пока нет: нажмите ♡ на игре.',
      play: 'Играть', demo: 'Демо', real: 'На деньги', close: 'Закрыть игру', loading_game: 'Открываем игру…', load_failed: 'Не удалось открыть игру.',
      bets_total: 'Всего поставлено: {{amount}}', bets_empty: 'Ставок пока нет', bet: 'Ставка', win: 'Выигрыш', multiplier: 'Множитель', status_open: 'В игре',
      status_closed: 'Рассчитана', status_rolled_back: 'Отменена', details: 'Детали ставки', proof: 'Честность', server_seed_hash: 'Хеш сида сервера',
      server_seed: 'Сид сервера', not_revealed: 'ещё не раскрыт — смените сид в игре', client_seed: 'Сид клиента', nonce: 'Nonce',
      verify: 'Проверить результат', type_bet: 'Ставка', type_win: 'Выигрыш', type_rollback: 'Возврат', back: 'Назад',
    },
  },
};
