// Provably fair house games: the pure mathematics the server settles with and the browser verifier recomputes.
// Owns: seed → bytes → floats, one floats → outcome function per game, exact RTPs, the game registry.
// Does not own: seeds, nonces, balances or storage (server modules). Anyone may import it; it imports nothing else.
export * from './bytes';
export * from './money';
export * from './dice';
export * from './limbo';
export * from './mines';
export * from './plinko';
export * from './slots';
export * from './roulette';
export * from './crash';
export * from './registry';
export * from './names';
export * from './wheel';
