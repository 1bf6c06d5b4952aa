import { z } from 'zod';
import { ZId, ZMinor, ZTime } from './fields.ts';
import { consoleCall, ZDone, ZEmptyRequest, type TConsoleCallDef } from './console-define.ts';
import { ALL_MODULE_FLAGS, type TModuleFlag } from './whitelabel.ts';

// The console's configuration (issue 24): site status and its maintenance window, region rules, white-label flags,
// register field rules and the deposit channels with their limits. Reads need `config.view`, changes `config.edit`;
// every change runs the CLI's command on the server (status, region, flag, register-field, payment-channel), which
// writes its audit row with before and after and bumps the settings version, so members see it on their next page load.

// ---------------------------------------------------------------- site status

export const ZSiteMode = z.enum(['normal', 'maintenance', 'region-block']);
export type TSiteMode = z.infer<typeof ZSiteMode>;

export const consoleConfigStatus = consoleCall({
  name: 'config.status',
  method: 'GET',
  access: 'config.view',
  request: ZEmptyRequest,
  response: z.object({
    mode: ZSiteMode,
    /** When the maintenance window is announced to end (shown to members); null: open-ended or not in maintenance. */
    maintenanceEnd: ZTime.nullable(),
    /** When the status was last set; null: never (the site has always been normal). */
    updatedAt: ZTime.nullable(),
  }),
});

/**
 * The site's mode. `maintenanceEnd` is only for maintenance (`maintenance_end_only` otherwise) and must lie ahead
 * (`maintenance_end_past`); members are told it, the site does not reopen by itself.
 */
export const consoleConfigStatusSet = consoleCall({
  name: 'config.status.set',
  access: 'config.edit',
  request: z.strictObject({ mode: ZSiteMode, maintenanceEnd: ZTime.nullable().default(null) }),
  response: ZDone,
});

// ---------------------------------------------------------------- region rules

export const ZCountryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_code');
export const ZRegionRule = z.enum(['allow', 'block']);

/** In normal mode `block` countries are refused; in region-block mode only `allow` countries pass. */
export const consoleConfigRegions = consoleCall({
  name: 'config.regions',
  method: 'GET',
  access: 'config.view',
  request: ZEmptyRequest,
  response: z.object({ list: z.array(z.object({ country: z.string(), rule: ZRegionRule })) }),
});
/** Sets a country's rule, or removes it (`region_rule_missing` on `country` when it has none). */
export const consoleConfigRegionsSet = consoleCall({
  name: 'config.regions.set',
  access: 'config.edit',
  request: z.strictObject({ country: ZCountryCode, rule: z.enum(['allow', 'block', 'remove']) }),
  response: ZDone,
});

// ---------------------------------------------------------------- white-label flags

export const ZModuleFlag = z.enum(ALL_MODULE_FLAGS as [TModuleFlag, ...TModuleFlag[]], { error: () => ({ message: 'unknown_flag' }) });

export const consoleConfigFlags = consoleCall({
  name: 'config.flags',
  method: 'GET',
  access: 'config.view',
  request: ZEmptyRequest,
  response: z.object({
    /** Every known flag, in the contract's order; one the site has never stored is off. */
    list: z.array(z.object({ modId: ZModuleFlag, label: z.string(), group: z.enum(['site', 'agent']), enabled: z.boolean() })),
  }),
});
export const consoleConfigFlagsSet = consoleCall({
  name: 'config.flags.set',
  access: 'config.edit',
  request: z.strictObject({ modId: ZModuleFlag, on: z.boolean() }),
  response: ZDone,
});

// ---------------------------------------------------------------- register fields

export const ZRegisterFieldState = z.enum(['off', 'optional', 'required']);
export type TRegisterFieldState = z.infer<typeof ZRegisterFieldState>;

export const consoleConfigRegisterFields = consoleCall({
  name: 'config.registerFields',
  method: 'GET',
  access: 'config.view',
  request: ZEmptyRequest,
  response: z.object({
    list: z.array(
      z.object({
        field: z.string(),
        state: ZRegisterFieldState,
        /** username, password and confirmPassword: always required. */
        fixed: z.boolean(),
        minLength: z.number().int(),
        maxLength: z.number().int(),
        /** What the value must look like, in words ('' for anything). */
        pattern: z.string(),
      }),
    ),
  }),
});
/** A field the site has not got answers `unknown_register_field` on `field`; a fixed one set below required, `register_field_fixed` on `state`. */
export const consoleConfigRegisterFieldsSet = consoleCall({
  name: 'config.registerFields.set',
  access: 'config.edit',
  request: z.strictObject({ field: z.string().trim().min(1).max(40), state: ZRegisterFieldState }),
  response: ZDone,
});

// ---------------------------------------------------------------- payment channels

export const consoleConfigPaymentChannels = consoleCall({
  name: 'config.paymentChannels',
  method: 'GET',
  access: 'config.view',
  request: ZEmptyRequest,
  response: z.object({
    list: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(['bank', 'online']),
        name: z.string(),
        gateway: z.string().nullable(),
        /** The test gateway: no money moves. */
        sandbox: z.boolean(),
        enabled: z.boolean(),
        /** The smallest and largest deposit a member may make on it, minor units. */
        minAmount: ZMinor,
        maxAmount: ZMinor,
      }),
    ),
  }),
});
/** Offers a channel to members, or stops; an unknown id answers `not_found`. */
export const consoleConfigPaymentChannelsSet = consoleCall({
  name: 'config.paymentChannels.set',
  access: 'config.edit',
  request: z.strictObject({ id: ZId, on: z.boolean() }),
  response: ZDone,
});
/** A channel's deposit limits, minor units: at least one unit each, the maximum not below the minimum (`limits_order` on `maxAmount`). */
export const consoleConfigPaymentLimitsSet = consoleCall({
  name: 'config.paymentChannels.limits.set',
  access: 'config.edit',
  request: z
    .strictObject({ id: ZId, minAmount: ZMinor.positive('amount_positive'), maxAmount: ZMinor.positive('amount_positive').max(Number.MAX_SAFE_INTEGER) })
    .refine((r) => r.maxAmount >= r.minAmount, { message: 'limits_order', path: ['maxAmount'] }),
  response: ZDone,
});

/** The console's configuration calls (issue 24). */
export const CONFIG_CALLS: readonly TConsoleCallDef[] = [
  consoleConfigStatus,
  consoleConfigStatusSet,
  consoleConfigRegions,
  consoleConfigRegionsSet,
  consoleConfigFlags,
  consoleConfigFlagsSet,
  consoleConfigRegisterFields,
  consoleConfigRegisterFieldsSet,
  consoleConfigPaymentChannels,
  consoleConfigPaymentChannelsSet,
  consoleConfigPaymentLimitsSet,
];
