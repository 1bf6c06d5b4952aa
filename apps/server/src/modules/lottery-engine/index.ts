export * from './structures.ts';
export * from './rules.ts';
export * from './probability.ts';
export * from './odds.ts';
export * from './rtp.ts';
export * from './schedule.ts';
