import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RELAY_PREFIX, type TCallDef, type THttpMethod, type TTokenRule } from './define.ts';
import { ALL_CALLS, findCall } from './registry.ts';

interface TExpected {
  token?: TTokenRule;
  encrypted?: boolean;
  form?: boolean;
}

// Spec §7, literally: every call shown with its path, and what the spec says of its token and encryption.
const SPEC_PATHS: [THttpMethod, string, TExpected][] = [
  ['POST', '/wps/session/login', { encrypted: true, token: 'none' }],
  ['POST', '/wps/verification/sms/noLogin', {}],
  ['POST', '/wps/verification/sms/register', {}],
  ['GET', '/wps/member/info', { token: 'required' }],
  ['PUT', '/wps/member/register', { encrypted: true }],
  ['PUT', '/wps/member/register/mobile', { encrypted: true }],
  ['POST', '/wps/member/password', { token: 'required', encrypted: true }],
  ['POST', '/wps/member/password/email', { form: true }],
  ['POST', '/wps/member/password/verification', { encrypted: true }],
  ['POST', '/wps/session/login/freeplay', {}],
  ['GET', '/wps/captcha', {}],
  ['GET', '/wps/system/setting/register', {}],
  ['GET', '/wps/member/info/icon', { token: 'required' }],
  ['POST', '/wps/session/logout', { token: 'required' }],
  ['GET', '/wps/system/whitelabel', {}],
  ['GET', '/wps/system/status', {}],
  ['GET', '/wps/system/domainRoute', {}],
  ['GET', '/wps/system/helpCenter', {}],
  ['GET', '/wps/agent/affiliate', {}],
  ['POST', '/wps/feedback', {}],
  ['GET', '/wps/v2/wallets/balance', { token: 'required' }],
  ['GET', '/wps/member/info/funds/consolidated', { token: 'required' }],
  ['GET', '/lgw/games/game_menus', {}],
  ['GET', '/lgw/games/popular', {}],
  ['GET', '/lgw/vn/games/game_menu', {}],
  ['GET', '/lgw/vn/games/game_menu/recent', { token: 'required' }],
  ['GET', '/lgw/vn/numeros/opened/game', {}],
  ['GET', '/lotto/lgw/games/opened/numero', { token: 'required' }],
  ['POST', '/wps/game/launchGame', { token: 'required' }],
];

// Spec §7 relays, served at POST /wps/relay/<NAME> (ARCHITECTURE.md, Contract).
const SPEC_RELAYS: [string, TExpected][] = [
  ['MCSFE_getPlayerAvatar', { token: 'required' }],
  ['GCS_walletTransfer', { token: 'required' }],
  ['GCS_merchantWallet', {}],
  ['GCSGAME_hotGamesV2', {}],
  ['GCSGAME_gameList', {}],
  ['GCSGAME_getVassGameType', {}],
  ['GCSGAME_gameVendor', {}],
  ['GCSGAME_getRankList', {}],
  ['MCSFE_getFavoriteGames', {}],
  ['MCSFE_getFavoriteGamesList', {}],
  ['GCS_recentGame', {}],
  ['GLS2_roomList', {}],
  ['MCSFE_getListAnnouncements', {}],
  ['CSP_unreadCount', { token: 'required' }],
  ['MCS2_processDividendReq', {}],
  ['MCS2_processDailySalContract', {}],
  ['MCS2_processContractHourSalary', {}],
  ['MCSFE_processRealTimeSalaryContract', {}],
  ['MCS2_claimRafflePromotion', {}],
  ['MCS2_getPointBalance', {}],
  ['MCS2_getPointReward', {}],
  ['MCS2_getRedeemPointList', {}],
  ['MCS2_getPointConfig', {}],
  ['passwordCheck/MCS2_redeemPointReward', { encrypted: true }],
  ['passwordCheck/MCS2_convertPoint', { encrypted: true }],
  ['ODSFE2_MemTransDet', {}],
];

/** Modules whose calls have their own paths; every other module is reached through a relay. */
const PATH_MODULES = ['WPS', 'LGW', 'LOTTO'];

function expectFlags(def: TCallDef | undefined, expected: TExpected) {
  expect(def).toBeDefined();
  if (!def) return;
  if (expected.token) expect(def.token, def.name).toBe(expected.token);
  if (expected.encrypted !== undefined) expect(def.encrypted, def.name).toBe(expected.encrypted);
  if (expected.form) expect(def.body, def.name).toBe('form');
}

// ---------------------------------------------------------------- schema walking (zod 4 internals)

interface TLooseDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  coerce?: boolean;
  values?: unknown[];
  checks?: { _zod: { def: { check: string } } }[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as TLooseDef;
const hasMax = (def: TLooseDef) => (def.checks ?? []).some((c) => c._zod.def.check === 'max_length');

/** Every node of a schema with its path; wrappers (optional, default, …) are passed through. */
function* walk(schema: z.ZodType, path = '$'): Generator<[string, TLooseDef]> {
  const def = defOf(schema);
  yield [path, def];
  if (def.shape) for (const [key, child] of Object.entries(def.shape)) yield* walk(child, `${path}.${key}`);
  for (const option of def.options ?? []) yield* walk(option, `${path}|`);
  for (const inner of [def.innerType, def.element, def.in, def.out]) if (inner) yield* walk(inner, path);
}

/** The schema under optional/default/nullable wrappers. */
function unwrap(schema: z.ZodType): TLooseDef {
  let def = defOf(schema);
  while (def.innerType) def = defOf(def.innerType);
  return def;
}

// ---------------------------------------------------------------- tests

describe('contract registry', () => {
  it('collects the calls of every file', () => {
    expect(ALL_CALLS.length).toBeGreaterThan(100);
  });

  it('has unique names of the form group.verb', () => {
    const names = ALL_CALLS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('has unique method and path pairs, found again by findCall', () => {
    const routes = ALL_CALLS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const def of ALL_CALLS) expect(findCall(def.method, def.path)).toBe(def);
    expect(findCall('get', '/wps/member/info')?.name).toBe('member.info');
    expect(findCall('GET', '/wps/no/such/call')).toBeUndefined();
  });

  it('declares every path of spec §7 with the spec’s token and encryption', () => {
    for (const [method, path, expected] of SPEC_PATHS) {
      const def = findCall(method, path);
      expect(def, `${method} ${path}`).toBeDefined();
      expectFlags(def, expected);
    }
  });

  it('declares every relay of spec §7 at POST /wps/relay/<NAME>', () => {
    for (const [relay, expected] of SPEC_RELAYS) {
      const def = findCall('POST', `${RELAY_PREFIX}${relay}`);
      expect(def, relay).toBeDefined();
      expectFlags(def, expected);
    }
  });

  it('serves every relay under /wps/relay/, named after its module', () => {
    for (const def of ALL_CALLS) {
      const isRelay = !PATH_MODULES.includes(def.moduleId);
      expect(def.path.startsWith(RELAY_PREFIX), def.name).toBe(isRelay);
      if (!isRelay) continue;
      expect(def.method, def.name).toBe('POST');
      const relay = def.path.slice(RELAY_PREFIX.length).replace(/^passwordCheck\//, '');
      expect(relay, def.name).toMatch(new RegExp(`^${def.moduleId}_[A-Za-z0-9]+$`));
    }
  });

  it('encrypts only POST and PUT calls', () => {
    for (const def of ALL_CALLS.filter((c) => c.encrypted)) expect(['POST', 'PUT'], def.name).toContain(def.method);
  });

  it('gives every path a leading slash and no parameters', () => {
    for (const def of ALL_CALLS) expect(def.path, def.name).toMatch(/^(\/[A-Za-z0-9_]+)+$/);
  });

  it('assigns every call to the tracker issue that built it', () => {
    for (const def of ALL_CALLS) expect([2, 3, 4, 5, 6, 7, 17, 18, 19, 22], def.name).toContain(def.issue);
  });

  it('sends GET requests as query strings and form calls as POST', () => {
    for (const def of ALL_CALLS) {
      if (def.method === 'GET') expect(def.body, def.name).toBe('query');
      if (def.body === 'form') expect(def.method, def.name).toBe('POST');
    }
  });
});

describe('request schemas', () => {
  it('refuse unknown fields at every level (strict objects only)', () => {
    for (const def of ALL_CALLS) {
      for (const [path, node] of walk(def.request)) {
        if (node.type !== 'object') continue;
        expect(node.catchall && defOf(node.catchall).type, `${def.name} ${path}`).toBe('never');
      }
    }
  });

  it('report an unknown top-level field as unrecognized_keys', () => {
    for (const def of ALL_CALLS.filter((c) => unwrap(c.request).type === 'object')) {
      const result = def.request.safeParse({ zzUnknownField: 1 });
      expect(result.success, def.name).toBe(false);
      expect(result.error?.issues.map((i) => i.code), def.name).toContain('unrecognized_keys');
    }
  });

  it('bound every string and every array', () => {
    for (const def of ALL_CALLS) {
      for (const [path, node] of walk(def.request)) {
        if (node.type === 'string' || node.type === 'array') expect(hasMax(node), `${def.name} ${path}`).toBe(true);
      }
    }
  });

  it('give GET calls flat query fields: strings, enums, string literals or coerced numbers', () => {
    for (const def of ALL_CALLS.filter((c) => c.method === 'GET')) {
      const root = unwrap(def.request);
      expect(root.type, def.name).toBe('object');
      for (const [key, field] of Object.entries(root.shape ?? {})) {
        const leaf = unwrap(field);
        const ok =
          leaf.type === 'string' ||
          leaf.type === 'enum' ||
          (leaf.type === 'literal' && (leaf.values ?? []).every((v) => typeof v === 'string')) ||
          (leaf.type === 'number' && leaf.coerce === true);
        expect(ok, `${def.name} ${key} (${leaf.type})`).toBe(true);
      }
    }
  });

  it('accept an empty query where every field is optional', () => {
    const balance = findCall('GET', '/wps/v2/wallets/balance');
    expect(balance?.request.safeParse({}).success).toBe(true);
    const transactions = findCall('GET', '/wps/member/transactions');
    expect(transactions?.request.parse({ page: '2' })).toMatchObject({ page: 2, pageSize: 20 });
  });
});
