// Owns: the wheel of fortune (issue 16, docs/decisions/017-wheel.md): configurations (segments, weights, cooldown),
// each player's seed commitment, spins and granted spins. Pays real-money prizes through the wallet (kind
// `wheel_prize`), bonus prizes through the bonus engine's WheelBonusPort.
// Does not own: the maths (contracts/fairness/wheel.ts) or bonus templates and grants (bonuses).
// Called by: app.ts; levels and promo codes through `grantSpins`.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './wheel.seed';
import '@contracts/wheel.errors';
export { createWheelModule, type WheelModuleDeps } from './wheel.module';
export { type WheelBonusPort, type WheelSeedSource, type WheelService } from './wheel.service';
export { seedWheel, demoWheelSegments } from './wheel.seed';
