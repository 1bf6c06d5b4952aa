import { houseCall } from '../shared/house-api.ts';

/** The crash game's page API (apps/server/src/modules/house/crash.routes.ts). Multipliers are hundredths. */
export interface TCrashView {
  serverTime: string;
  phase: 'betting' | 'flight' | 'crashed';
  growthPerMs: number;
  betMs: number;
  limits: { minStake: number; maxStake: number; minAutoCashOut: number; maxAutoCashOut: number };
  chain: { terminalHash: string; salt: string; length: number };
  round: { roundNo: number; bettingEndsAt: string; crashPoint: number | null; roundHash: string | null; crashedAt: string | null; multiplier: number };
  players: { player: string; you: boolean; stake: number; cashOut: number | null; lost: boolean }[];
  you: { betId: string; roundId: string; stake: number; autoCashOut: number | null; cashOut: number | null; status: 'open' | 'won' | 'lost'; payout: number } | null;
  history: { roundNo: number; crashPoint: number; roundHash: string }[];
  balance: number;
}

export interface TCashOut {
  cashOut: number;
  payout: number;
  balance: number;
  roundId: string;
}

export function createCrashApi(token: string) {
  return {
    state: () => houseCall<TCrashView>(token, 'GET', '/wps/house/crash'),
    bet: (body: { betId: string; amount: number; autoCashOut: number | null }) => houseCall<TCrashView>(token, 'POST', '/wps/house/crash/bet', body),
    cashOut: () => houseCall<TCashOut>(token, 'POST', '/wps/house/crash/cashout', {}),
  };
}

/** A fresh bet id (the server refuses a replayed one). */
export function newBetId(): string {
  const bytes = new Uint8Array(12);
  window.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** "2.00" or "2" typed by the player → hundredths; null for empty; NaN for anything else. */
export function parseTarget(text: string): number | null {
  const s = text.trim().replace(',', '.').replace(/×|x$/i, '');
  if (s === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}
