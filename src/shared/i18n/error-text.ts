import { errorKey } from '../api/error-text';
import { i18next } from './i18n';

/** A failed call as the player reads it: the text for the server's code (or status) in the player's language. */
export function errorText(err: unknown): string {
  return i18next.t(errorKey(err, (key) => i18next.exists(key)));
}
