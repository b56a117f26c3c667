// Owns: the provably fair verifier page (/fairness), recomputing house game results in the browser.
// Does not own: the maths (contracts/fairness) or the games (src/house, server house-games).
// Called by: app/router (lazily); linked from bet details and the game page's fairness panel.
import { addBundledTexts } from '../../shared/i18n/i18n';
import { fairnessTexts } from './fairness.locales';

addBundledTexts(fairnessTexts);
export { VerifyPage } from './verify.page';
export { verify, type VerifyInput, type VerifyResult } from './verify';
