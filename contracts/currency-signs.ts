// The currencies' signs (spec §9 symbol map), one list for the app's money format (src/shared/lib/money-format.ts) and
// the server's first screens (server/src/plugins/first-screen.ts). A code without a sign (TON) is written as the code,
// after the number.
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  RUB: '₽',
  INR: '₹',
  BRL: 'R$',
  UAH: '₴',
  KZT: '₸',
  BTC: '₿',
  AZN: '₼',
  AMD: '֏',
  KGS: 'с',
};
