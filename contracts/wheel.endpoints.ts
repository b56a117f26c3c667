// zod-free: the endpoints of the wheel of fortune (issue 16), served by server/src/modules/wheel.
import { endpoint } from './endpoint';
import type { WheelSpinBody, WheelSpinResult, WheelSpinsResponse, WheelView } from './wheel';

/** The wheel for the signed-in player: segments with probabilities, spins available, the committed seed hash. */
export const view = endpoint<WheelView>('GET', 'main-api', '/wheel');
/** One spin: consumes a free or granted spin, pays the prize, reveals the seed and commits the next one. */
export const spin = endpoint<WheelSpinResult, WheelSpinBody>('POST', 'main-api', '/wheel/spin');
/** The player's latest spins (newest first, up to 20) with revealed seeds and weights, to verify each. */
export const spins = endpoint<WheelSpinsResponse>('GET', 'main-api', '/wheel/spins');
