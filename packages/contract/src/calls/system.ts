import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty } from '../define.ts';
import { ANNOUNCEMENT_TYPES, SYSTEM_STATUS } from '../constants.ts';
import { FOOTER_GROUPS, GAME_CATEGORIES } from '../categories.ts';
import { ZLanguageCode } from '../languages.ts';
import { ZImageUpload } from '../image-upload.ts';

export interface TModuleNodeShape {
  modId: string;
  enabled: '0' | '1';
  childrenNodes: TModuleNodeShape[];
}
export const ZModuleNode: z.ZodType<TModuleNodeShape> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.enum(['0', '1']), childrenNodes: z.array(ZModuleNode) }),
);

export const ZRegisterFieldRule = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  /** Shell-style pattern where `*` stands for `.*`; empty accepts anything. */
  acceptedPattern: z.string(),
  patternId: z.number().int().min(0).max(24),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type TRegisterFieldRule = z.infer<typeof ZRegisterFieldRule>;

export const ZResource = z.object({
  labelNameEn: z.string(),
  url: z.string(),
  /** CS_LIVECHAT, CS_MESSENGER, SOCIAL, AFFILIATE, APP */
  resourceType: z.string(),
  qrCodeUrl: z.string().nullable(),
});
export type TResource = z.infer<typeof ZResource>;

export const ZCustomerService = z.object({ type: z.string(), label: z.string(), url: z.string() });

export const ZPermission = z.object({
  status: z.union([
    z.literal(SYSTEM_STATUS.normal),
    z.literal(SYSTEM_STATUS.maintenance),
    z.literal(SYSTEM_STATUS.regionBlocked),
    z.literal(SYSTEM_STATUS.invalidUrl),
  ]),
  info: z.object({
    merchantCode: z.string(),
    merchantName: z.string(),
    /** The merchant's IANA time zone: every date and time on screen is shown in it (issue 16). */
    timeZone: z.string(),
    /** The interface language of a first visit, set by the operator (`ops site language`); MY by default. */
    defaultLanguage: ZLanguageCode,
    whitelabel: z.array(ZModuleNode),
    registerFields: z.array(ZRegisterFieldRule),
    resources: z.array(ZResource),
    customerService: z.array(ZCustomerService),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    analytics: z.object({ enabled: z.boolean(), id: z.string().nullable() }),
  }),
  location: z.object({ ip: z.string(), country: z.string(), countryName: z.string() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceEnd: z.string().nullable(),
});
export type TPermission = z.infer<typeof ZPermission>;

export const publicKey = defineCall({
  name: 'system.publicKey',
  method: 'GET',
  path: '/wps/system/publicKey',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({ publicKey: z.string(), keyId: z.string() }),
  issue: 2,
});

export const status = defineCall({
  name: 'system.status',
  method: 'GET',
  path: '/wps/system/status',
  moduleId: 'WPS',
  token: 'optional',
  /** url: the host the page was opened on (window.location.host) or a full URL; checked against the merchant's domains. */
  request: z.strictObject({ url: z.string().max(2048).optional() }),
  response: ZPermission,
  issue: 2,
});

export const ZFooterGroup = z.object({
  group: z.enum(FOOTER_GROUPS),
  providers: z.array(z.object({ code: z.string(), name: z.string(), logo: z.string() })),
});

export const whitelabel = defineCall({
  name: 'system.whitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({
    menu: z.array(ZModuleNode),
    footer: z.array(ZFooterGroup),
    copyright: z.string(),
    siteName: z.string(),
  }),
  issue: 2,
});

export const registerSetting = defineCall({
  name: 'system.registerSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({ rules: z.array(ZRegisterFieldRule) }),
  issue: 2,
});

export const domainRoute = defineCall({
  name: 'system.domainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({
    domainList: z.array(z.object({ domain: z.string(), speed: z.literal(0) })),
    resources: z.array(ZResource),
  }),
  issue: 2,
});

export const ZHelpArticle = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
export const helpCenter = defineCall({
  name: 'system.helpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  moduleId: 'WPS',
  request: z.strictObject({ language: z.string().max(8).optional() }),
  response: z.object({
    categories: z.array(
      z.object({ id: z.number().int(), title: z.string(), articles: z.array(ZHelpArticle) }),
    ),
  }),
  issue: 2,
});

export const ZGameVendor = z.object({
  vassalage: z.string(),
  accountTypeId: z.number().int(),
  accountTypeName: z.string(),
  displayName: z.string(),
  smallIcon: z.string(),
  /** A vendor under maintenance is never hot (0). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  gameType: z.string(),
  /**
   * 1: the vendor is under maintenance — off, or without a configured integration (issue 16). It is shown
   * greyed and none of its games is listed; 0: its games start.
   */
  maintenance: z.union([z.literal(0), z.literal(1)]),
});
export type TGameVendor = z.infer<typeof ZGameVendor>;

export const ZVendorLane = z.object({
  gameCategory: z.enum(GAME_CATEGORIES),
  title: z.string(),
  vendors: z.array(ZGameVendor),
});
export type TVendorLane = z.infer<typeof ZVendorLane>;

export const gameVendor = defineRelay({
  name: 'games.vendors',
  relay: 'GCSGAME_gameVendor',
  moduleId: 'GCSGAME',
  request: z.strictObject({ merchantCode: z.string().max(64) }),
  response: z.object({ data: z.object({ lanes: z.array(ZVendorLane) }) }),
  issue: 2,
});

export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone. */
  timestamp: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  /** Promotions and banners carry artwork; path relative to an image CDN host. */
  imageUrl: z.string().nullable(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
});
export type TBanner = z.infer<typeof ZBanner>;

/** `types` is a comma-separated subset of B, PL, PU, PR, H (spec §7). */
export const ZAnnouncementTypes = z
  .string()
  .max(32)
  .refine(
    (s) => s.split(',').every((t) => (ANNOUNCEMENT_TYPES as readonly string[]).includes(t)),
    { message: 'types must be a comma-separated list of B, PL, PU, PR, H' },
  );

export const listAnnouncements = defineRelay({
  name: 'announcements.list',
  relay: 'MCSFE_getListAnnouncements',
  moduleId: 'MCSFE',
  token: 'optional',
  request: z.strictObject({
    types: ZAnnouncementTypes.default('B,PL,PU,PR,H'),
    platform: z.literal('W').default('W'),
    execution: z.enum(ANNOUNCEMENT_TYPES).default('B'),
  }),
  response: z.object({
    player: z.array(ZNotice),
    banners: z.array(ZBanner),
    popup: z.array(ZNotice),
    promotion: z.array(ZNotice),
    headline: z.array(ZNotice),
  }),
  issue: 2,
});

export const unreadCount = defineRelay({
  name: 'announcements.unreadCount',
  relay: 'CSP_unreadCount',
  moduleId: 'CSP',
  token: 'required',
  request: ZEmpty,
  response: z.object({ count: z.number().int().min(0) }),
  issue: 3,
});

export const affiliate = defineCall({
  name: 'system.affiliate',
  method: 'GET',
  path: '/wps/agent/affiliate',
  moduleId: 'WPS',
  request: z.strictObject({ code: z.string().min(1).max(64), domain: z.string().max(255).optional() }),
  response: z.object({ valid: z.boolean() }),
  issue: 3,
});

/** Feedback types the screen offers (the spec names none). */
export const FEEDBACK_CATEGORIES = ['deposit', 'withdrawal', 'games', 'account', 'promotion', 'suggestion', 'other'] as const;
export type TFeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
/** Spec §5, §9: feedback and contact content is limited to 140 characters. */
export const FEEDBACK_MAX_CHARS = 140;

/** Feedback (POST /wps/feedback, spec §7): content, category and an optional image checked by content (issue 19). */
export const FEEDBACK_REQUEST = z.strictObject({
  content: z.string().trim().min(1).max(FEEDBACK_MAX_CHARS),
  category: z.enum(FEEDBACK_CATEGORIES).default('other'),
  image: ZImageUpload.optional(),
});

export const feedback = defineCall({
  name: 'system.feedback',
  method: 'POST',
  path: '/wps/feedback',
  moduleId: 'WPS',
  token: 'required',
  // Content (140 characters, spec §5), a type and an optional image checked by content (issue 19).
  request: FEEDBACK_REQUEST,
  response: z.object({ id: z.number().int() }),
  issue: 3,
});
