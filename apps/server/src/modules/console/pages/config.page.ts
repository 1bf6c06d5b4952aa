import {
  consoleConfigFlags,
  consoleConfigFlagsSet,
  consoleConfigPaymentChannels,
  consoleConfigPaymentChannelsSet,
  consoleConfigPaymentLimitsSet,
  consoleConfigRegions,
  consoleConfigRegionsSet,
  consoleConfigRegisterFields,
  consoleConfigRegisterFieldsSet,
  consoleConfigStatus,
  consoleConfigStatusSet,
  ZRegionRule,
  ZSiteMode,
  type TRegisterFieldState,
} from '@playhall/contract/console-config';
import { AGENT_MENU_FLAGS, ALL_MODULE_FLAGS, WHITELABEL_FLAGS } from '@playhall/contract/whitelabel';
import { PATTERNS } from '@playhall/contract/patterns';
import type { depositChannels, regionRules, systemState } from '../../../db/schema.ts';
import { AppError, invalidInput } from '../../../lib/app-error.ts';
import { SANDBOX_GATEWAY } from '../../deposit/payment-channels.ts';
import { createSiteRepository } from '../../system/site.repository.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

/** Fields every registration asks for: the CLI refuses them below required, the page says so beside the field. */
const FIXED_FIELDS = new Set(['username', 'password', 'confirmPassword']);

const siteRepo = createSiteRepository();

type TStatusShow = { state: typeof systemState.$inferSelect | undefined; rules: (typeof regionRules.$inferSelect)[] };
type TChannel = typeof depositChannels.$inferSelect;

/**
 * The configuration pages (issue 24). Every change is the CLI's command (`status`, `region`, `flag`, `register-field`,
 * `payment-channel enable|disable|limits`) run as the operator, so its audit row (before and after) and the settings
 * version bump are the CLI's. Reads take the commands' data (`status`, `payment-channel list`) or the queries the
 * member-facing site settings are built from (flags, register rules: site.repository.ts). The page checks what the
 * commands would refuse as one line of text (a rule to remove that is not there, an unknown or fixed register field,
 * an end of maintenance in the past) first and answers it beside its field, with nothing saved.
 */
export function registerConfigPages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  const statusShow = async (actor: string) => (await runAsOperator(deps, actor, { kind: 'status.show' })).data as TStatusShow;
  const channels = async (actor: string) => (await runAsOperator(deps, actor, { kind: 'paymentChannel.list' })).data as TChannel[];

  calls.serve(consoleConfigStatus, async (_input, ctx) => {
    const { state } = await statusShow(ctx.actor);
    return {
      mode: ZSiteMode.parse(state?.mode ?? 'normal'),
      maintenanceEnd: state?.mode === 'maintenance' ? (state.maintenanceEnd?.toISOString() ?? null) : null,
      updatedAt: state?.updatedAt.toISOString() ?? null,
    };
  });

  calls.serve(consoleConfigStatusSet, async (input, ctx) => {
    if (input.maintenanceEnd !== null) {
      if (input.mode !== 'maintenance') throw invalidInput([{ path: 'maintenanceEnd', message: 'maintenance_end_only' }]);
      if (new Date(input.maintenanceEnd).getTime() <= Date.now()) throw invalidInput([{ path: 'maintenanceEnd', message: 'maintenance_end_past' }]);
    }
    const r = await runAsOperator(deps, ctx.actor, { kind: 'status.set', mode: input.mode, until: input.maintenanceEnd });
    return { message: r.message };
  });

  calls.serve(consoleConfigRegions, async (_input, ctx) => {
    const { rules } = await statusShow(ctx.actor);
    const list = rules.map((r) => ({ country: r.countryCode, rule: ZRegionRule.parse(r.rule) })).sort((a, b) => a.country.localeCompare(b.country));
    return { list };
  });

  calls.serve(consoleConfigRegionsSet, async (input, ctx) => {
    if (input.rule === 'remove') {
      const { rules } = await statusShow(ctx.actor);
      if (!rules.some((r) => r.countryCode === input.country)) throw invalidInput([{ path: 'country', message: 'region_rule_missing' }]);
    }
    const r = await runAsOperator(deps, ctx.actor, { kind: 'region.set', rule: input.rule, country: input.country });
    return { message: r.message };
  });

  calls.serve(consoleConfigFlags, async () => {
    const stored = new Map((await siteRepo.moduleFlags(deps.db, deps.merchantId)).map((f) => [f.modId, f.enabled]));
    const labels: Record<string, string> = { ...WHITELABEL_FLAGS, ...AGENT_MENU_FLAGS };
    return {
      list: ALL_MODULE_FLAGS.map((modId) => ({
        modId,
        label: labels[modId] ?? modId,
        group: Object.hasOwn(AGENT_MENU_FLAGS, modId) ? ('agent' as const) : ('site' as const),
        enabled: stored.get(modId) ?? false,
      })),
    };
  });

  calls.serve(consoleConfigFlagsSet, async (input, ctx) => {
    const r = await runAsOperator(deps, ctx.actor, { kind: 'flag.set', modId: input.modId, on: input.on });
    return { message: r.message };
  });

  calls.serve(consoleConfigRegisterFields, async () => {
    const rules = await siteRepo.registerRules(deps.db, deps.merchantId);
    return {
      list: rules.map((r) => ({
        field: r.field,
        state: (r.enabled ? (r.required ? 'required' : 'optional') : 'off') as TRegisterFieldState,
        fixed: FIXED_FIELDS.has(r.field),
        minLength: r.minLength,
        maxLength: r.maxLength,
        pattern: r.patternId === 0 ? '' : (PATTERNS[r.patternId]?.description ?? ''),
      })),
    };
  });

  calls.serve(consoleConfigRegisterFieldsSet, async (input, ctx) => {
    const rules = await siteRepo.registerRules(deps.db, deps.merchantId);
    if (!rules.some((r) => r.field === input.field)) throw invalidInput([{ path: 'field', message: 'unknown_register_field' }]);
    if (FIXED_FIELDS.has(input.field) && input.state !== 'required') throw invalidInput([{ path: 'state', message: 'register_field_fixed' }]);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'registerField.set', field: input.field, state: input.state });
    return { message: r.message };
  });

  calls.serve(consoleConfigPaymentChannels, async (_input, ctx) => ({
    list: (await channels(ctx.actor)).map((c) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      gateway: c.gateway,
      sandbox: c.gateway === SANDBOX_GATEWAY,
      enabled: c.enabled,
      minAmount: c.minAmount,
      maxAmount: c.maxAmount,
    })),
  }));

  /** The channel must be this merchant's: an unknown id is `not_found` before the command runs. */
  const channelOf = async (actor: string, id: number) => {
    if (!(await channels(actor)).some((c) => c.id === id)) throw new AppError('not_found', { id }, `No payment channel ${id}`);
  };

  calls.serve(consoleConfigPaymentChannelsSet, async (input, ctx) => {
    await channelOf(ctx.actor, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'paymentChannel.set', id: input.id, on: input.on });
    return { message: r.message };
  });

  calls.serve(consoleConfigPaymentLimitsSet, async (input, ctx) => {
    await channelOf(ctx.actor, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'paymentChannel.limits', id: input.id, min: input.minAmount, max: input.maxAmount });
    return { message: r.message };
  });
}
