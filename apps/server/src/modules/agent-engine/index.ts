export * from './periods.ts';
export * from './tiers.ts';
export * from './formulas.ts';
export * from './rules.ts';
