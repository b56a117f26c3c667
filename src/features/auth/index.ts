// Owns: the sign-in, sign-up and Telegram Login Widget pages, and the password-reset form.
// Does not own: the session token (shared/session) or the Mini App's automatic sign-in (app/telegram-sign-in).
// Called by: app/router (lazy pages), app/i18n setup (texts).
export { LoginPage, RESET_TOKEN_KEY } from './login.page';
export { SignupPage } from './signup.page';
export { TelegramLoginPage } from './telegram-login.page';

import { addBundledTexts } from '../../shared/i18n/i18n';
import { authTexts } from './auth.locales';

// this chunk's texts join the bundle when it loads
addBundledTexts(authTexts);
