export const fairnessTexts = {
  en: {
    fairness: {
      title: 'Verify a result', intro: 'Every house game result comes from HMAC-SHA256(server seed, "client seed:nonce:round"). Paste a revealed server seed, your client seed and the bet’s nonce: this page recomputes the result in your browser with the same code the server uses.',
      game: 'Game', server_seed: 'Server seed (revealed)', client_seed: 'Client seed', nonce: 'Nonce', game_hash: 'Game hash', salt: 'Salt', direction: 'Direction (over / under)',
      target_hundredths: 'Target (hundredths: 5050 = 50.50)', mines: 'Mines', rows: 'Rows', risk: 'Risk (low / medium / high)', terminating_hash: 'Terminating hash (optional)',
      verify: 'Verify', seed_hash: 'SHA-256 of the server seed (compare with the hash shown before play)', roll: 'Roll', result: 'Result', pocket: 'Pocket', bucket: 'Bucket',
      window: 'Reels', crash_point: 'Crash point', chain_ok: 'Hashes back to the terminating hash after steps',
      games: { dice: 'Dice', limbo: 'Limbo', mines: 'Mines', plinko: 'Plinko', slots: 'Lucky Sevens (slots)', roulette: 'European Roulette', crash: 'Crash' },
    },
  },
  ru: {
    fairness: {
      title: 'Проверить результат', intro: 'Каждый результат наших игр — это HMAC-SHA256(сид сервера, «сид клиента:nonce:раунд»). Вставьте раскрытый сид сервера, ваш сид клиента и nonce ставки: страница пересчитает результат в вашем браузере тем же кодом, что и сервер.',
      game: 'Игра', server_seed: 'Сид сервера (раскрытый)', client_seed: 'Сид клиента', nonce: 'Nonce', game_hash: 'Хеш игры', salt: 'Соль', direction: 'Направление (over / under)',
      target_hundredths: 'Цель (в сотых: 5050 = 50.50)', mines: 'Мины', rows: 'Ряды', risk: 'Риск (low / medium / high)', terminating_hash: 'Конечный хеш (необязательно)',
      verify: 'Проверить', seed_hash: 'SHA-256 сида сервера (сравните с хешем, показанным до игры)', roll: 'Бросок', result: 'Результат', pocket: 'Ячейка', bucket: 'Лунка',
      window: 'Барабаны', crash_point: 'Точка краша', chain_ok: 'Хешируется до конечного хеша за шагов',
      games: { dice: 'Кости', limbo: 'Лимбо', mines: 'Мины', plinko: 'Плинко', slots: 'Lucky Sevens (слоты)', roulette: 'Европейская рулетка', crash: 'Краш' },
    },
  },
};
