export * from './machine.ts';
export * from './status.ts';
export * from './rewards.ts';
export * from './turnover.ts';
export * from './raffle.ts';
export * from './red-envelope.ts';
