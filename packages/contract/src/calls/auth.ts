import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty, ZNoValue } from '../define.ts';
import { AVATAR_MAX_BYTES, CURRENCY } from '../constants.ts';
import { ZLanguageCode } from '../languages.ts';
import { PAGE_FIELDS, pageOf, withConfirmation, ZImageUpload, ZTime } from '../fields.ts';

// ---------------------------------------------------------------- shared fields

export const ZUsername = z.string().trim().min(1).max(64);
/** Rules (pattern, bounds) are the stored register field rules'; this only bounds the size. */
export const ZPassword = z.string().min(1).max(128);
/** The payment (transaction) password; its pattern is the register rule of `paymentPassword`. */
export const ZPaymentPassword = z.string().min(1).max(64);
/**
 * National number without the dialing code; the country's digit count is checked on the server.
 * Messages are catalogue codes, so a refusal carries the spec's phone errors (spec §8).
 */
export const ZMobileNum = z
  .string({ error: 'sms_missing_phone' })
  .min(1, 'sms_missing_phone')
  .max(15, 'sms_invalid_phone')
  .regex(/^[0-9]{4,15}$/, 'sms_invalid_phone');
/** International dialing code with its plus sign, e.g. +84. */
export const ZDialingCode = z.string().max(5).regex(/^\+[0-9]{1,4}$/);
/** SMS, e-mail or captcha code; spec §5 bounds the verification code field at 255. */
export const ZCode = z.string({ error: 'sms_missing_code' }).trim().min(1, 'sms_missing_code').max(255, 'sms_invalid_code');

/**
 * Captcha fields, present when the captcha is shown: our image captcha (`captchaId` from
 * GET /wps/captcha plus the typed `captcha`) or a captcha provider's token.
 */
export const CAPTCHA_FIELDS = {
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
  captchaToken: z.string().max(4096).optional(),
};

// ---------------------------------------------------------------- member and session values

export const ZMemberType = z.enum(['agent', 'member']);
export type TMemberType = z.infer<typeof ZMemberType>;

export const ZMemberLabel = z.object({ id: z.number().int(), labelName: z.string() });

export const ZMemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: ZMemberType,
  /** 1, 2, 41, 42 see the agent centre; 4 is the free-play guest (constants.ts). Stored as isAgent. */
  accountType: z.number().int(),
  /** Transfer to the upline allowed: shows the transferUpline page. */
  toUpline: z.boolean(),
  uplineAccount: z.string().nullable(),
  clubLabel: z.object({ labelName: z.string() }).nullable(),
  memberLabel: z.array(ZMemberLabel),
  merchantCode: z.string(),
  /** Kept in session storage `customerId` (spec §3); identifies the member to customer service. */
  customerId: z.string(),
  currency: z.literal(CURRENCY),
  language: ZLanguageCode,
  /** Masked for display, e.g. 09****1234. */
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  /** Masked for display, e.g. a***@mail.com. */
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  /** False for a mobile-only account: changing the password then asks no old password. */
  hasPassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** An upline with an unpaid dividend past its deadline: no withdrawal, no transfer out. */
  frozen: z.boolean(),
  /** Agent-centre entries shown by account flags (spec §2). */
  enableCt: z.boolean(),
  salary: z.boolean(),
  hourSalary: z.boolean(),
  vipLevel: z.number().int().min(0),
  registeredAt: ZTime,
  lastLoginAt: ZTime.nullable(),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;

/** Success of every way in (password, SMS, second verification, third party, free play, register). */
export const ZLoginValue = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /**
   * The server's verdict on the forced change-password modal (spec §4): an initial password set by
   * someone else (the spec's default initial password, docs/decisions.md), or an expired one with
   * PWDEXPFORCECHANGE3 on; never after an SMS or third-party login. Always sent by the server.
   */
  mustChangePassword: z.boolean().optional(),
  user: ZMemberInfo,
});
export type TLoginValue = z.infer<typeof ZLoginValue>;

/**
 * Error envelope `value` of a failed login (codes bad_credentials, captcha_required, captcha_failed):
 * `captcha: true` tells the web to show the captcha field from now on (spec §4, §8).
 */
export const ZLoginFailureValue = z.object({ captcha: z.boolean() });

export const SECOND_VERIFICATION_METHODS = ['sms', 'email', 'bankName', 'totp'] as const;
export const ZSecondVerificationMethod = z.enum(SECOND_VERIFICATION_METHODS);

/**
 * Error envelope `value` with code second_verification_required: a login from an unrecorded IP (or
 * with two-factor on) continues with auth.loginVerify using this challenge.
 */
export const ZSecondVerificationValue = z.object({
  challengeId: z.string(),
  methods: z.array(ZSecondVerificationMethod),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
});

// ---------------------------------------------------------------- log in and out

export const ZLoginRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('username'), username: ZUsername, password: ZPassword, ...CAPTCHA_FIELDS }),
  // The original sent mobile and code in username/password; named fields let each carry its own rule.
  z.strictObject({
    type: z.literal('sms'),
    mobileNum: ZMobileNum,
    countryDialingCode: ZDialingCode,
    /** Our own SMS code; with the provider-based flow the provider's ID token stands in its place. */
    verificationCode: ZCode.optional(),
    firebaseChannel: z.literal('sms').optional(),
    firebaseIdToken: z.string().max(4096).optional(),
    ...CAPTCHA_FIELDS,
  }),
]);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const login = defineCall({
  name: 'auth.login',
  method: 'POST',
  path: '/wps/session/login',
  moduleId: 'WPS',
  encrypted: true,
  request: ZLoginRequest,
  response: ZLoginValue,
  issue: 3,
});

export const loginVerify = defineCall({
  name: 'auth.loginVerify',
  method: 'POST',
  path: '/wps/session/login/verification',
  moduleId: 'WPS',
  // The answer may be a bank account's real name.
  encrypted: true,
  request: z.strictObject({
    challengeId: z.string().min(1).max(64),
    method: ZSecondVerificationMethod,
    code: ZCode,
  }),
  response: ZLoginValue,
  issue: 3,
});

export const loginVerifySend = defineCall({
  name: 'auth.loginVerifySend',
  method: 'POST',
  path: '/wps/session/login/verification/send',
  moduleId: 'WPS',
  request: z.strictObject({ challengeId: z.string().min(1).max(64), method: z.enum(['sms', 'email']) }),
  response: z.object({ expiredMinutes: z.number().int().positive() }),
  issue: 3,
});

export const ZOAuthProvider = z.enum(['google', 'facebook']);
export const ZThirdPartyProvider = z.enum(['google', 'facebook', 'telegram']);

export const ZThirdPartyProviders = z.object({
  /** Offered ways in: the provider's flag is on and the server is configured for it. */
  providers: z.array(ZThirdPartyProvider),
  /** Telegram's sign-in page for our bot; it returns to /oauth/callback with `#tgAuthResult=`. */
  telegramAuthUrl: z.string().nullable(),
  telegramBotName: z.string().nullable(),
});
export type TThirdPartyProviders = z.infer<typeof ZThirdPartyProviders>;

/** The third-party logins the login modal shows (GOOGLELOGIN3, FACEBOOKLOGIN3, TELEGRAMLOGIN3 and configured). */
export const thirdPartyProviders = defineCall({
  name: 'auth.thirdPartyProviders',
  method: 'GET',
  path: '/wps/session/login/providers',
  moduleId: 'WPS',
  request: ZEmpty,
  response: ZThirdPartyProviders,
  issue: 3,
});

/**
 * Starts OAuth 2 / OpenID Connect: the server keeps state, PKCE verifier and nonce (single use,
 * 10 minutes) and answers the provider's authorization URL, where the web sends the visitor.
 */
export const oauthStart = defineCall({
  name: 'auth.oauthStart',
  method: 'POST',
  path: '/wps/session/oauth/authorize',
  moduleId: 'WPS',
  request: z.strictObject({ provider: ZOAuthProvider }),
  response: z.object({ url: z.string() }),
  issue: 3,
});

/**
 * The provider's redirect to /oauth/callback, posted on by the web. The state names the provider;
 * `iss` is the authorization response's issuer parameter (RFC 9207) when the provider sends one.
 */
export const oauthLogin = defineCall({
  name: 'auth.oauthLogin',
  method: 'POST',
  path: '/wps/session/login/oauth',
  moduleId: 'WPS',
  request: z.strictObject({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(256),
    iss: z.string().max(2048).optional(),
  }),
  response: ZLoginValue,
  issue: 3,
});

/** Telegram login widget data as Telegram signs it (snake_case is Telegram's). */
export const telegramLogin = defineCall({
  name: 'auth.telegramLogin',
  method: 'POST',
  path: '/wps/session/login/telegram',
  moduleId: 'WPS',
  request: z.strictObject({
    id: z.number().int().positive(),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.number().int().positive(),
    hash: z.string().max(64).regex(/^[0-9a-f]{64}$/),
  }),
  response: ZLoginValue,
  issue: 3,
});
export type TTelegramLoginRequest = z.input<typeof telegramLogin.request>;

export const loginFreeplay = defineCall({
  name: 'auth.loginFreeplay',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  moduleId: 'WPS',
  request: z.strictObject({
    os: z.string().max(64),
    platform: z.literal('W').default('W'),
    /**
     * The spec's "random string": a random key the browser keeps, so one browser gets its guest back.
     * It guards nothing secret, so the call is not encrypted.
     */
    deviceKey: z.string().min(16).max(128),
    gatewayVersion: z.literal(3).default(3),
  }),
  response: ZLoginValue,
  issue: 3,
});

export const logout = defineCall({
  name: 'auth.logout',
  method: 'POST',
  path: '/wps/session/logout',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZNoValue,
  issue: 3,
});

export const captcha = defineCall({
  name: 'auth.captcha',
  method: 'GET',
  path: '/wps/captcha',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({
    /** Base64 PNG without a data: prefix. */
    image: z.string(),
    /** Sent back as `captchaId`; a captcha is single-use and short-lived. */
    captchaId: z.string(),
    expiresInSeconds: z.number().int().positive(),
  }),
  issue: 3,
});

// ---------------------------------------------------------------- SMS codes

const ZSmsSent = z.object({ expiredMinutes: z.number().int().positive() });

export const smsNoLogin = defineCall({
  name: 'auth.smsNoLogin',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  moduleId: 'WPS',
  request: z.strictObject({
    mobileNum: ZMobileNum,
    countryDialingCode: ZDialingCode,
    /** The same code serves SMS login and the forgot-password-by-mobile flow. */
    purpose: z.enum(['login', 'resetPassword']).default('login'),
    ...CAPTCHA_FIELDS,
  }),
  response: ZSmsSent,
  issue: 3,
});

export const smsRegister = defineCall({
  name: 'auth.smsRegister',
  method: 'POST',
  path: '/wps/verification/sms/register',
  moduleId: 'WPS',
  request: z.strictObject({
    countryDialingCode: ZDialingCode,
    /** `mobileNo` here, as the spec names it for this call. */
    mobileNo: ZMobileNum,
    regType: z.enum(['username', 'mobile']),
    username: ZUsername.optional(),
    ...CAPTCHA_FIELDS,
  }),
  response: ZSmsSent,
  issue: 3,
});

/**
 * Which SMS flow the merchant uses (issue 22): `own` codes sent and checked by this server (the
 * calls above), or `provider`: the browser asks the provider to send and confirm the code and sends
 * the provider's ID token (`firebaseIdToken`) with the register or SMS-login call. `provider` names
 * the provider's endpoints for the browser; the sandbox provider is served by this server.
 */
export const phoneProvider = defineCall({
  name: 'auth.phoneProvider',
  method: 'GET',
  path: '/wps/verification/sms/provider',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({
    flow: z.enum(['own', 'provider']),
    provider: z
      .object({
        name: z.literal('sandbox'),
        sendUrl: z.string(),
        confirmUrl: z.string(),
        /** Send-button countdown in minutes (spec §4: one minute in this flow). */
        countdownMinutes: z.number().int().positive(),
      })
      .nullable(),
  }),
  issue: 22,
});

// ---------------------------------------------------------------- registration

/** Optional register form field: the server applies the stored field rule (patterns.ts). */
const ZFormText = z.string().max(255).optional();

/**
 * Both register calls take every register form field of spec §3. Which fields are enabled and
 * required, and their patterns, come from the stored rules (validation.ts checks them on both sides).
 */
export const ZRegisterRequest = withConfirmation(
  z.strictObject({
    username: ZFormText,
    password: ZFormText,
    confirmPassword: ZFormText,
    payeeName: ZFormText,
    email: ZFormText,
    qqNum: ZFormText,
    mobileNum: ZFormText,
    recommenderId: ZFormText,
    verificationCode: ZFormText,
    affiliateCode: ZFormText,
    paymentPassword: ZFormText,
    line: ZFormText,
    whatsapp: ZFormText,
    facebook: ZFormText,
    wechat: ZFormText,
    idNumber: ZFormText,
    /** From the page's query parameter referralCode. */
    referralCode: ZFormText,
    domain: z.string().max(255).optional(),
    countryDialingCode: ZDialingCode.optional(),
    ...CAPTCHA_FIELDS,
    /** Registration always logs the new member in (spec: login=true). */
    login: z.literal(true).default(true),
    registerUrl: z.string().max(2048).optional(),
    registerMethod: z.literal('WEB').default('WEB'),
    /** The age agreement checkbox; required when the merchant shows it. */
    ageConfirmed: z.boolean().optional(),
    /** Provider-based SMS verification (spec §3). */
    firebaseChannel: z.literal('sms').optional(),
    firebaseIdToken: z.string().max(4096).optional(),
  }),
  'password',
  'confirmPassword',
);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const register = defineCall({
  name: 'auth.register',
  method: 'PUT',
  path: '/wps/member/register',
  moduleId: 'WPS',
  encrypted: true,
  request: ZRegisterRequest,
  response: ZLoginValue,
  issue: 3,
});

export const registerMobile = defineCall({
  name: 'auth.registerMobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  moduleId: 'WPS',
  encrypted: true,
  request: ZRegisterRequest,
  response: ZLoginValue,
  issue: 3,
});

/**
 * Registration validator: checks one field before submit (username or mobile availability, e-mail
 * or ID number already used). `code` is an error code (username_taken …) or a rule error key.
 */
export const validateRegisterField = defineCall({
  name: 'auth.validateRegisterField',
  method: 'GET',
  path: '/wps/member/register/validate',
  moduleId: 'WPS',
  request: z.strictObject({
    field: z.enum(['username', 'mobileNum', 'email', 'idNumber']),
    value: z.string().min(1).max(255),
    countryDialingCode: ZDialingCode.optional(),
  }),
  response: z.object({ valid: z.boolean(), code: z.string().nullable() }),
  issue: 3,
});

export const ZCountry = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  /** Phone numbers have a country-specific digit count (spec §5). */
  mobileMinLength: z.number().int().positive(),
  mobileMaxLength: z.number().int().positive(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const countryCodes = defineCall({
  name: 'auth.countryCodes',
  method: 'GET',
  path: '/wps/system/countryCodes',
  moduleId: 'WPS',
  request: ZEmpty,
  response: z.object({ list: z.array(ZCountry) }),
  issue: 3,
});

// ---------------------------------------------------------------- member

/** Marks the first login done, so firstTimeLogin is true once (spec §4: run after a first login). */
export const firstLogin = defineCall({
  name: 'member.firstLogin',
  method: 'POST',
  path: '/wps/member/firstLogin',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZNoValue,
  issue: 3,
});

export const memberInfo = defineCall({
  name: 'member.info',
  method: 'GET',
  path: '/wps/member/info',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZMemberInfo,
  issue: 3,
});

export const changePassword = defineCall({
  name: 'member.changePassword',
  method: 'POST',
  path: '/wps/member/password',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: withConfirmation(
    z.strictObject({
      /** Absent only when the account has no password yet (member.info hasPassword). */
      oldPassword: ZPassword.optional(),
      newPassword: ZPassword,
      confirmNewPassword: ZPassword,
    }),
    'newPassword',
    'confirmNewPassword',
  ),
  response: ZNoValue,
  issue: 3,
});

export const forgotPasswordEmail = defineCall({
  name: 'auth.forgotPasswordEmail',
  method: 'POST',
  path: '/wps/member/password/email',
  moduleId: 'WPS',
  form: true,
  request: z.strictObject({ username: ZUsername, email: z.string().trim().min(3).max(254) }),
  response: ZNoValue,
  issue: 3,
});

/** Second step of forgot-by-e-mail: the mailed link carries a single-use token (no password by mail). */
export const resetPasswordByEmail = defineCall({
  name: 'auth.resetPasswordByEmail',
  method: 'POST',
  path: '/wps/member/password/email/reset',
  moduleId: 'WPS',
  encrypted: true,
  request: withConfirmation(
    z.strictObject({
      token: z.string().min(16).max(128),
      newPassword: ZPassword,
      confirmNewPassword: ZPassword,
    }),
    'newPassword',
    'confirmNewPassword',
  ),
  response: ZNoValue,
  issue: 3,
});

export const resetPasswordByMobile = defineCall({
  name: 'auth.resetPasswordByMobile',
  method: 'POST',
  path: '/wps/member/password/verification',
  moduleId: 'WPS',
  encrypted: true,
  request: z.strictObject({
    newPassword: ZPassword,
    mobileNum: ZMobileNum,
    /** A national number is ambiguous without its country. */
    countryDialingCode: ZDialingCode,
    verificationCode: ZCode,
  }),
  response: ZNoValue,
  issue: 3,
});

export const ZAvatar = z.object({
  /** Image URL. */
  avatar: z.string(),
  avatarType: z.enum(['CUSTOM', 'STATIC']),
});

export const memberIcon = defineCall({
  name: 'member.icon',
  method: 'GET',
  path: '/wps/member/info/icon',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZAvatar,
  issue: 3,
});

/** The current avatar and the static set to choose from. */
export const playerAvatar = defineRelay({
  name: 'member.avatar',
  relay: 'MCSFE_getPlayerAvatar',
  moduleId: 'MCSFE',
  token: 'required',
  request: ZEmpty,
  response: ZAvatar.extend({ choices: z.array(z.object({ id: z.string(), url: z.string() })) }),
  issue: 3,
});

export const updateIcon = defineCall({
  name: 'member.updateIcon',
  method: 'PUT',
  path: '/wps/member/info/icon',
  moduleId: 'WPS',
  token: 'required',
  request: z.discriminatedUnion('avatarType', [
    z.strictObject({ avatarType: z.literal('STATIC'), avatarId: z.string().min(1).max(32) }),
    z.strictObject({
      avatarType: z.literal('CUSTOM'),
      image: ZImageUpload.extend({ data: ZImageUpload.shape.data.max(Math.ceil(AVATAR_MAX_BYTES / 3) * 4) }),
    }),
  ]),
  response: ZAvatar,
  issue: 3,
});

export const updateLanguage = defineCall({
  name: 'member.updateLanguage',
  method: 'PUT',
  path: '/wps/member/language',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ language: ZLanguageCode }),
  response: ZNoValue,
  issue: 3,
});

export const loginHistory = defineCall({
  name: 'member.loginHistory',
  method: 'GET',
  path: '/wps/member/login/history',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...PAGE_FIELDS }),
  response: pageOf(
    z.object({ time: ZTime, ip: z.string(), country: z.string(), device: z.string(), method: z.string() }),
  ),
  issue: 3,
});

const ZTotpCode = z.string().max(6).regex(/^[0-9]{6}$/);

/** Two-factor login: setup returns a fresh secret; it takes effect once enable confirms a code. */
export const totpSetup = defineCall({
  name: 'member.totpSetup',
  method: 'POST',
  path: '/wps/member/totp/setup',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({
    secret: z.string(),
    otpauthUrl: z.string(),
    /** Base64 PNG of the otpauth URL as a QR code. */
    qrCode: z.string(),
  }),
  issue: 3,
});

export const totpEnable = defineCall({
  name: 'member.totpEnable',
  method: 'POST',
  path: '/wps/member/totp/enable',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ code: ZTotpCode }),
  response: ZNoValue,
  issue: 3,
});

export const totpDisable = defineCall({
  name: 'member.totpDisable',
  method: 'POST',
  path: '/wps/member/totp/disable',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ code: ZTotpCode }),
  response: ZNoValue,
  issue: 3,
});

// ---------------------------------------------------------------- customer service

/**
 * Customer-service entries (spec §7): the web uses the entry of type '3', whose path is encrypted
 * with its last 8 characters as the key.
 */
export const customerService = defineCall({
  name: 'system.customerService',
  method: 'GET',
  path: '/wps/system/customerService',
  moduleId: 'WPS',
  token: 'optional',
  request: ZEmpty,
  response: z.object({
    version: z.object({ pathList: z.array(z.object({ type: z.string(), path: z.string() })) }),
  }),
  // The side bar's customer-service entries are part of the web shell.
  issue: 2,
});
