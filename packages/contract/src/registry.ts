import { z } from 'zod';
import type { TCallDef, THttpMethod } from './define.ts';
import * as agent from './calls/agent.ts';
import * as auth from './calls/auth.ts';
import * as games from './calls/games.ts';
import * as inbox from './calls/inbox.ts';
import * as loyalty from './calls/loyalty.ts';
import * as points from './calls/points.ts';
import * as promotions from './calls/promotions.ts';
import * as responsible from './calls/responsible.ts';
import * as system from './calls/system.ts';
import * as wallet from './calls/wallet.ts';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'] satisfies THttpMethod[];

/** A call file exports schemas and constants beside its calls; this tells the calls apart. */
function isCallDef(value: unknown): value is TCallDef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    typeof v.path === 'string' &&
    typeof v.method === 'string' &&
    METHODS.includes(v.method) &&
    v.request instanceof z.ZodType &&
    v.response instanceof z.ZodType
  );
}

/** Every call of the contract: the server registers routes from it, tests check it. */
export const ALL_CALLS: readonly TCallDef[] = [system, auth, wallet, games, agent, points, promotions, loyalty, inbox, responsible].flatMap((module) =>
  Object.values(module).filter(isCallDef),
);

const byRoute = new Map(ALL_CALLS.map((def) => [`${def.method} ${def.path}`, def]));

/** Paths have no parameters (ids travel in the query or body), so a route is an exact match. */
export function findCall(method: string, path: string): TCallDef | undefined {
  return byRoute.get(`${method.toUpperCase()} ${path}`);
}
