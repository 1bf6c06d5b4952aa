import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import * as cfg from '@playhall/contract/console-config';
import { isModuleOn, type TModuleNode } from '@playhall/contract/whitelabel';
import type { TConsoleCallDef } from '@playhall/contract/console';
import { rowsOf } from '../src/db/client.ts';
import { apiOf, freshIp, type TApi } from './support/api.ts';
import { consoleCall, enrolledOperator } from './support/console.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// The console's configuration over HTTP with real operator sessions (issue 24): each section read, each change made
// through the CLI's command (audit row with before and after, settings version bumped) and seen by members on their
// next status call or deposit form; bad input answered per field with nothing saved; no `config.edit`, no change.

let t: TTestApp;
let api: TApi;
let admin = '';
let auditor = '';
let marketing = '';
let memberToken = '';

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  admin = (await enrolledOperator(t, 'cfg-admin', 'admin')).cookie;
  auditor = (await enrolledOperator(t, 'cfg-auditor', 'auditor')).cookie;
  marketing = (await enrolledOperator(t, 'cfg-marketing', 'marketing')).cookie;
  memberToken = (await api.call<{ token: string }>(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() })).body.value.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

/** A console call as the admin (or another operator): 200 and its value, else the test fails with the envelope. */
async function ok<T>(def: TConsoleCallDef, payload: Record<string, unknown> = {}, cookie = admin): Promise<T> {
  const res = await consoleCall<T>(t, def, payload, { cookie });
  expect([def.name, res.status, res.body.code]).toEqual([def.name, 200, 'ok']);
  return res.body.value;
}

/** A refused call: status, code and the fields its issues name. */
async function refused(def: TConsoleCallDef, payload: Record<string, unknown>, cookie = admin) {
  const res = await consoleCall<{ issues?: { path: string }[] } | null>(t, def, payload, { cookie });
  return { status: res.status, code: res.body.code, fields: (res.body.value?.issues ?? []).map((i) => i.path) };
}

type TAudit = { actor: string; action: string; target: string; before: unknown; after: unknown };
const lastAudit = async (): Promise<TAudit | undefined> =>
  (await q<TAudit>(sql`select actor, action, target, before, after from audit_log order by id desc limit 1`))[0];
const auditCount = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n);
const configVersion = async () => Number((await q<{ v: number }>(sql`select config_version as v from merchants where id = ${t.merchantId}`))[0]?.v);

/** The status call every member page starts with. */
async function memberStatus() {
  const res = await t.app.inject({ method: 'GET', url: '/wps/system/status?url=localhost' });
  expect(res.statusCode).toBe(200);
  return res.json().value as {
    maintenance: boolean;
    maintenanceEnd: string | null;
    regionRestriction: boolean;
    location: { country: string };
    info: { whitelabel: TModuleNode[]; registerFields: { field: string; enabled: boolean; required: boolean }[] };
  };
}

async function memberChannels() {
  const res = await api.call<{ channels: { id: number; minAmount: number; maxAmount: number }[] }>(wallet.depositChannels, {}, { token: memberToken });
  expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
  return res.body.value.channels;
}

/**
 * A change: answered 200, one audit row more (the operator's, this action), the settings version moved on — but for
 * the deposit channels, which the members' deposit form reads on every call rather than from the cached settings.
 */
async function change(def: TConsoleCallDef, payload: Record<string, unknown>, action: string): Promise<TAudit> {
  const [count, version] = [await auditCount(), await configVersion()];
  await ok(def, payload);
  expect(await auditCount()).toBe(count + 1);
  if (action.startsWith('paymentChannel.')) expect(await configVersion()).toBe(version);
  else expect(await configVersion()).toBeGreaterThan(version);
  const row = await lastAudit();
  expect(row).toMatchObject({ actor: 'operator:cfg-admin', action });
  return row as TAudit;
}

/** Bad input: 400 naming exactly these fields, no audit row, no settings change. */
async function badInput(def: TConsoleCallDef, payload: Record<string, unknown>, fields: string[]) {
  const [count, version] = [await auditCount(), await configVersion()];
  const res = await refused(def, payload);
  expect([def.name, res.status, res.fields]).toEqual([def.name, 400, fields]);
  expect(await auditCount()).toBe(count);
  expect(await configVersion()).toBe(version);
}

describe(`console configuration on ${TEST_DB}`, () => {
  it('reads every section (admin and the read-only auditor)', async () => {
    for (const cookie of [admin, auditor]) {
      expect(await ok(cfg.consoleConfigStatus, {}, cookie)).toMatchObject({ mode: 'normal', maintenanceEnd: null });
      expect(await ok(cfg.consoleConfigRegions, {}, cookie)).toEqual({ list: [] });
      const flags = await ok<{ list: { modId: string; group: string; enabled: boolean; label: string }[] }>(cfg.consoleConfigFlags, {}, cookie);
      expect(flags.list.find((f) => f.modId === 'DIRECTREG3')).toEqual({ modId: 'DIRECTREG3', label: 'Register button', group: 'site', enabled: true });
      expect(flags.list.find((f) => f.modId === 'AGENTINCOME3')).toMatchObject({ group: 'agent' });
      const fields = await ok<{ list: { field: string; state: string; fixed: boolean }[] }>(cfg.consoleConfigRegisterFields, {}, cookie);
      expect(fields.list.find((f) => f.field === 'username')).toMatchObject({ state: 'required', fixed: true, minLength: 6, maxLength: 12 });
      expect(fields.list.find((f) => f.field === 'email')).toMatchObject({ state: 'optional', fixed: false });
      expect(fields.list.find((f) => f.field === 'qqNum')).toMatchObject({ state: 'off' });
      const channels = await ok<{ list: { id: number; enabled: boolean; sandbox: boolean; minAmount: number }[] }>(cfg.consoleConfigPaymentChannels, {}, cookie);
      expect(channels.list.length).toBeGreaterThan(0);
      expect(channels.list.every((c) => c.minAmount > 0)).toBe(true);
    }
  });

  it('maintenance with an end time: audited, and the members\' status call says so; back to normal', async () => {
    const end = new Date(Date.now() + 2 * 3_600_000);
    end.setMilliseconds(0);
    const row = await change(cfg.consoleConfigStatusSet, { mode: 'maintenance', maintenanceEnd: end.toISOString() }, 'status.set');
    expect(row).toMatchObject({ target: 'system_state', before: { mode: 'normal' }, after: { mode: 'maintenance' } });
    expect(await ok(cfg.consoleConfigStatus)).toMatchObject({ mode: 'maintenance', maintenanceEnd: end.toISOString() });
    expect(await memberStatus()).toMatchObject({ maintenance: true, maintenanceEnd: end.toISOString() });

    const back = await change(cfg.consoleConfigStatusSet, { mode: 'normal' }, 'status.set');
    expect(back).toMatchObject({ before: { mode: 'maintenance' }, after: { mode: 'normal', maintenanceEnd: null } });
    expect(await ok(cfg.consoleConfigStatus)).toMatchObject({ mode: 'normal', maintenanceEnd: null });
    expect(await memberStatus()).toMatchObject({ maintenance: false, maintenanceEnd: null });
  });

  it('refuses a bad status per field, saving nothing', async () => {
    await badInput(cfg.consoleConfigStatusSet, { mode: 'closed' }, ['mode']);
    await badInput(cfg.consoleConfigStatusSet, { mode: 'maintenance', maintenanceEnd: 'tomorrow' }, ['maintenanceEnd']);
    await badInput(cfg.consoleConfigStatusSet, { mode: 'maintenance', maintenanceEnd: new Date(Date.now() - 60_000).toISOString() }, ['maintenanceEnd']);
    await badInput(cfg.consoleConfigStatusSet, { mode: 'normal', maintenanceEnd: new Date(Date.now() + 60_000).toISOString() }, ['maintenanceEnd']);
    expect((await ok<{ mode: string }>(cfg.consoleConfigStatus)).mode).toBe('normal');
  });

  it('region rules: block a country (the visitor\'s: refused on the status call), then remove the rule', async () => {
    const country = (await memberStatus()).location.country;
    const code = /^[A-Z]{2}$/.test(country) ? country : 'US';
    const row = await change(cfg.consoleConfigRegionsSet, { country: code.toLowerCase(), rule: 'block' }, 'region.set');
    expect(row).toMatchObject({ target: `region:${code}`, before: null, after: { countryCode: code, rule: 'block' } });
    expect(await ok(cfg.consoleConfigRegions)).toEqual({ list: [{ country: code, rule: 'block' }] });
    if (code === country) expect((await memberStatus()).regionRestriction).toBe(true);

    await change(cfg.consoleConfigRegionsSet, { country: code, rule: 'remove' }, 'region.set');
    expect(await ok(cfg.consoleConfigRegions)).toEqual({ list: [] });
    expect((await memberStatus()).regionRestriction).toBe(false);
  });

  it('refuses a bad region rule per field, saving nothing', async () => {
    await badInput(cfg.consoleConfigRegionsSet, { country: 'USA', rule: 'block' }, ['country']);
    await badInput(cfg.consoleConfigRegionsSet, { country: 'VN', rule: 'deny' }, ['rule']);
    await badInput(cfg.consoleConfigRegionsSet, { country: 'ZZ', rule: 'remove' }, ['country']);
    expect(await ok(cfg.consoleConfigRegions)).toEqual({ list: [] });
  });

  it('a white-label flag off and on again: audited, and the members\' module tree follows', async () => {
    const row = await change(cfg.consoleConfigFlagsSet, { modId: 'FREEPLAY3', on: false }, 'flag.set');
    expect(row).toMatchObject({ target: 'flag:FREEPLAY3', before: { enabled: true }, after: { enabled: false } });
    const flags = await ok<{ list: { modId: string; enabled: boolean }[] }>(cfg.consoleConfigFlags);
    expect(flags.list.find((f) => f.modId === 'FREEPLAY3')?.enabled).toBe(false);
    expect(isModuleOn((await memberStatus()).info.whitelabel, 'FREEPLAY3')).toBe(false);

    await change(cfg.consoleConfigFlagsSet, { modId: 'FREEPLAY3', on: true }, 'flag.set');
    expect(isModuleOn((await memberStatus()).info.whitelabel, 'FREEPLAY3')).toBe(true);
  });

  it('refuses an unknown flag, saving nothing', async () => {
    await badInput(cfg.consoleConfigFlagsSet, { modId: 'NOPE3', on: true }, ['modId']);
    await badInput(cfg.consoleConfigFlagsSet, { modId: 'FREEPLAY3', on: 'yes' }, ['on']);
  });

  it('a register field made required: audited, and the members\' register rules follow', async () => {
    const row = await change(cfg.consoleConfigRegisterFieldsSet, { field: 'email', state: 'required' }, 'registerField.set');
    expect(row).toMatchObject({ target: 'register:email', before: { enabled: true, required: false }, after: { enabled: true, required: true } });
    const fields = await ok<{ list: { field: string; state: string }[] }>(cfg.consoleConfigRegisterFields);
    expect(fields.list.find((f) => f.field === 'email')?.state).toBe('required');
    expect((await memberStatus()).info.registerFields.find((f) => f.field === 'email')).toMatchObject({ enabled: true, required: true });

    await change(cfg.consoleConfigRegisterFieldsSet, { field: 'email', state: 'optional' }, 'registerField.set');
    expect((await memberStatus()).info.registerFields.find((f) => f.field === 'email')).toMatchObject({ enabled: true, required: false });
  });

  it('refuses a bad register field per field, saving nothing', async () => {
    await badInput(cfg.consoleConfigRegisterFieldsSet, { field: 'shoeSize', state: 'optional' }, ['field']);
    await badInput(cfg.consoleConfigRegisterFieldsSet, { field: 'username', state: 'off' }, ['state']);
    await badInput(cfg.consoleConfigRegisterFieldsSet, { field: 'email', state: 'maybe' }, ['state']);
  });

  it('a payment channel off and on, and its limits: audited, and the members\' deposit form follows', async () => {
    const before = await memberChannels();
    const channel = before[0];
    if (!channel) throw new Error('no channel offered to members');

    const off = await change(cfg.consoleConfigPaymentChannelsSet, { id: channel.id, on: false }, 'paymentChannel.set');
    expect(off).toMatchObject({ target: `depositChannel:${channel.id}`, before: { enabled: true }, after: { enabled: false } });
    expect((await memberChannels()).map((c) => c.id)).not.toContain(channel.id);
    await change(cfg.consoleConfigPaymentChannelsSet, { id: channel.id, on: true }, 'paymentChannel.set');
    expect((await memberChannels()).map((c) => c.id)).toContain(channel.id);

    const limits = await change(cfg.consoleConfigPaymentLimitsSet, { id: channel.id, minAmount: 12_300, maxAmount: 4_560_000 }, 'paymentChannel.limits');
    expect(limits).toMatchObject({ before: { minAmount: channel.minAmount, maxAmount: channel.maxAmount }, after: { minAmount: 12_300, maxAmount: 4_560_000 } });
    const listed = await ok<{ list: { id: number; minAmount: number; maxAmount: number }[] }>(cfg.consoleConfigPaymentChannels);
    expect(listed.list.find((c) => c.id === channel.id)).toMatchObject({ minAmount: 12_300, maxAmount: 4_560_000, enabled: true });
    expect((await memberChannels()).find((c) => c.id === channel.id)).toMatchObject({ minAmount: 12_300, maxAmount: 4_560_000 });
  });

  it('refuses bad channel input per field (and an unknown channel), saving nothing', async () => {
    const [channel] = (await ok<{ list: { id: number; minAmount: number; maxAmount: number }[] }>(cfg.consoleConfigPaymentChannels)).list;
    if (!channel) throw new Error('no channel');
    await badInput(cfg.consoleConfigPaymentLimitsSet, { id: channel.id, minAmount: 50_000, maxAmount: 10_000 }, ['maxAmount']);
    await badInput(cfg.consoleConfigPaymentLimitsSet, { id: channel.id, minAmount: 0, maxAmount: 10_000 }, ['minAmount']);
    await badInput(cfg.consoleConfigPaymentLimitsSet, { id: channel.id, minAmount: 10.5, maxAmount: 10_000 }, ['minAmount']);
    await badInput(cfg.consoleConfigPaymentChannelsSet, { id: channel.id, on: 'off' }, ['on']);
    const [count, version] = [await auditCount(), await configVersion()];
    for (const [def, payload] of [
      [cfg.consoleConfigPaymentChannelsSet, { id: 999_999, on: true }],
      [cfg.consoleConfigPaymentLimitsSet, { id: 999_999, minAmount: 100, maxAmount: 200 }],
    ] as const) {
      expect(await refused(def, payload)).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect([await auditCount(), await configVersion()]).toEqual([count, version]);
    const now = (await ok<{ list: { id: number; minAmount: number; maxAmount: number }[] }>(cfg.consoleConfigPaymentChannels)).list.find((c) => c.id === channel.id);
    expect(now).toMatchObject({ minAmount: channel.minAmount, maxAmount: channel.maxAmount });
  });

  it('an operator without config.edit is refused every change (403), and nothing changes; without config.view, the reads too', async () => {
    const [channel] = (await ok<{ list: { id: number }[] }>(cfg.consoleConfigPaymentChannels)).list;
    const changes: [TConsoleCallDef, Record<string, unknown>][] = [
      [cfg.consoleConfigStatusSet, { mode: 'maintenance', maintenanceEnd: null }],
      [cfg.consoleConfigRegionsSet, { country: 'US', rule: 'block' }],
      [cfg.consoleConfigFlagsSet, { modId: 'FREEPLAY3', on: false }],
      [cfg.consoleConfigRegisterFieldsSet, { field: 'email', state: 'off' }],
      [cfg.consoleConfigPaymentChannelsSet, { id: channel?.id ?? 1, on: false }],
      [cfg.consoleConfigPaymentLimitsSet, { id: channel?.id ?? 1, minAmount: 100, maxAmount: 200 }],
    ];
    const [count, version] = [await auditCount(), await configVersion()];
    for (const cookie of [auditor, marketing]) {
      for (const [def, payload] of changes) expect([def.name, await refused(def, payload, cookie)]).toEqual([def.name, { status: 403, code: 'forbidden', fields: [] }]);
    }
    for (const def of [cfg.consoleConfigStatus, cfg.consoleConfigRegions, cfg.consoleConfigFlags, cfg.consoleConfigRegisterFields, cfg.consoleConfigPaymentChannels]) {
      expect([def.name, (await refused(def, {}, marketing)).status]).toEqual([def.name, 403]);
    }
    expect([await auditCount(), await configVersion()]).toEqual([count, version]);
    expect((await memberStatus()).maintenance).toBe(false);
  });
});
