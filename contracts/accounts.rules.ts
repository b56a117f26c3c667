// Account rules both sides apply, without zod (the app imports these).
export const MIN_AGE_YEARS = 18;
export const PASSWORD_MIN_LENGTH = 8;

/** The birthday rule of spec §5: no later than today minus 18 years (the server checks with its own clock). */
export function latestBirthday(today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - MIN_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}
