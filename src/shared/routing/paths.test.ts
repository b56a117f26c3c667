import { describe, expect, it } from 'vitest';
import { build, paths, patterns } from './paths';

describe('path builders (from the route patterns)', () => {
  it('fills in parameters, encoded, and leaves out the absent optional ones', () => {
    expect(paths.game('dice')).toBe('/game/dice');
    expect(paths.game('a b/c', true)).toBe('/game/a%20b%2Fc/demo');
    expect(paths.gameBlock('originals')).toBe('/section/game-block/originals');
    expect(paths.profile()).toBe('/profile/general');
    expect(paths.profile('promotions', 'bonuses', 'available')).toBe('/profile/promotions/bonuses/available');
    expect(paths.cashbox()).toBe('/cashbox/deposit');
    expect(paths.tournament(12)).toBe('/tournament/12/info');
    expect(paths.content('responsible-gambling')).toBe('/responsible-gambling');
    expect(build(patterns.section, { type: 'game-block', info: 'x' })).toBe('/section/game-block/x');
  });

  it('adds only the defined query values', () => {
    expect(paths.signup({ next: '/game/dice', currency: undefined })).toBe('/auth/signup?next=%2Fgame%2Fdice');
    expect(paths.login()).toBe('/auth/login');
    expect(paths.fairness({ game: 'dice', nonce: '3' })).toBe('/fairness?game=dice&nonce=3');
  });
});
