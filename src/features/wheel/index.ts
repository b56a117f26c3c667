// Owns: the wheel of fortune page (profile → promotions → wheel): the drawn wheel, its published chances, the
// committed seed hash, the spin and its animation, the result with the revealed seed and a link to verify it.
// Does not own: the maths (contracts/fairness/wheel.ts), the verifier (features/fairness), prizes (server).
// Called by: features/profile (lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { wheelTexts } from './wheel.locales';

addBundledTexts(wheelTexts);
export { WheelPage } from './wheel.page';
