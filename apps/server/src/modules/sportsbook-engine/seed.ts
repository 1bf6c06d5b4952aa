// The draw's uniforms live in the contract (packages/contract/src/sportsbook-draw.ts): a member's browser re-runs them.
// The seed and its commitment are the raffle's, one implementation for every house draw.
export { newRaffleSeed as newSeed, raffleCommit as seedCommit } from '@playhall/contract/raffle';
export { seedKey, seedUniform, uniformFromBytes, type TSeedKey } from '@playhall/contract/sportsbook-draw';
