// The game page's few texts, en and ru (no i18next here: the page stays light).
const en = {
  balance: 'Balance', demo: 'Demo', bet: 'Bet', amount: 'Bet amount', half: '½', double: '2×', max: 'Max', play: 'Play', spin: 'Spin',
  roll: 'Roll', over: 'Roll over', under: 'Roll under', chance: 'Win chance', multiplier: 'Multiplier', payout: 'Payout', target: 'Target multiplier',
  result: 'Result', win: 'You win', lose: 'No win', mines: 'Mines', start: 'Start', cashout: 'Cash out', next: 'Next tile', rows: 'Rows', risk: 'Risk',
  low: 'Low', medium: 'Medium', high: 'High', paytable: 'Paytable', lines: '20 lines', clear: 'Clear', chip: 'Chip', red: 'Red', black: 'Black',
  odd: 'Odd', even: 'Even', low18: '1–18', high18: '19–36', dozen: 'Dozen', column: 'Column', totalBet: 'Total bet', fairness: 'Provably fair',
  serverSeedHash: 'Server seed (SHA-256)', clientSeed: 'Client seed', nonce: 'Next nonce', save: 'Save', rotate: 'Rotate seed', revealed: 'Revealed server seed',
  verify: 'Verify a bet', info: 'Game info', rtp: 'RTP', close: 'Close', betting: 'Place your bets', running: 'Flying', crashed: 'Crashed at',
  autoCashout: 'Auto cash-out at', placeBet: 'Bet next round', yourBet: 'Your bet', cashedOut: 'Cashed out at', lost: 'Lost', history: 'History',
  loading: 'Loading…', sessionOver: 'This game session is over. Open the game again.', players: 'Players', startsIn: 'Starts in',
  bust: 'Boom! A mine.', pick: 'Pick tiles, cash out any time', chainNote: 'Each round hashes back to the published terminating hash.',
} as const;
type Key = keyof typeof en;
const ru: Record<Key, string> = {
  balance: 'Баланс', demo: 'Демо', bet: 'Ставка', amount: 'Сумма ставки', half: '½', double: '2×', max: 'Макс', play: 'Играть', spin: 'Крутить',
  roll: 'Бросок', over: 'Больше', under: 'Меньше', chance: 'Шанс', multiplier: 'Множитель', payout: 'Выплата', target: 'Целевой множитель',
  result: 'Результат', win: 'Выигрыш', lose: 'Без выигрыша', mines: 'Мины', start: 'Начать', cashout: 'Забрать', next: 'Следующая клетка', rows: 'Ряды', risk: 'Риск',
  low: 'Низкий', medium: 'Средний', high: 'Высокий', paytable: 'Таблица выплат', lines: '20 линий', clear: 'Очистить', chip: 'Фишка', red: 'Красное', black: 'Чёрное',
  odd: 'Нечёт', even: 'Чёт', low18: '1–18', high18: '19–36', dozen: 'Дюжина', column: 'Колонка', totalBet: 'Всего', fairness: 'Честная игра',
  serverSeedHash: 'Сид сервера (SHA-256)', clientSeed: 'Сид клиента', nonce: 'Следующий nonce', save: 'Сохранить', rotate: 'Сменить сид', revealed: 'Раскрытый сид сервера',
  verify: 'Проверить ставку', info: 'Об игре', rtp: 'RTP', close: 'Закрыть', betting: 'Делайте ставки', running: 'Полёт', crashed: 'Взрыв на',
  autoCashout: 'Автовывод на', placeBet: 'Ставка на раунд', yourBet: 'Ваша ставка', cashedOut: 'Забрано на', lost: 'Проигрыш', history: 'История',
  loading: 'Загрузка…', sessionOver: 'Игровая сессия закончилась. Откройте игру снова.', players: 'Игроки', startsIn: 'Старт через',
  bust: 'Бум! Мина.', pick: 'Открывайте клетки, забирайте в любой момент', chainNote: 'Каждый раунд хешируется до опубликованного конечного хеша.',
};
let current: Record<Key, string> = en;
export function setLanguage(lang: string) {
  current = lang.startsWith('ru') ? ru : en;
}
export const t = (key: Key) => current[key];
