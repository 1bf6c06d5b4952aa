// Odds formats live in the contract (packages/contract/src/sportsbook-odds.ts): the book page shows them too.
export * from '@playhall/contract/sportsbook-odds';
