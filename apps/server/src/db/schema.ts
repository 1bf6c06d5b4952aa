import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One row per merchant (brand). The demo seeds one; every other table hangs off it. */
/**
 * Operator content in other languages than its base text (issue 23): by language code, the fields written for it.
 * A member reads their language's, else the merchant's default language's, else the base text (lib/content-language.ts).
 */
export type TContentTexts = Partial<Record<string, Record<string, string>>>;

export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Asia/Ho_Chi_Minh'),
  /** ISO 3166 alpha-2 country of the site's members and currency: the bank list offers this country's banks (issue 16). */
  countryCode: text('country_code').notNull().default('VN'),
  copyright: text('copyright').notNull(),
  imageCdns: jsonb('image_cdns').$type<string[]>().notNull(),
  launchGameCdns: jsonb('launch_game_cdns').$type<string[]>().notNull(),
  analyticsId: text('analytics_id'),
  /**
   * The interface language a first visit shows (a returning visitor's choice wins): MY, the spec's default, until
   * the operator sets another (`ops site language <code>`, issue 16).
   */
  defaultLanguage: text('default_language').notNull().default('MY'),
  /** Passwords older than this many days are expired (PWDEXPFORCECHANGE3 forces a change); null = never. */
  passwordMaxAgeDays: integer('password_max_age_days'),
  /** Spec §3 GCS_merchantWallet: vendors play from the main wallet; false gives each vendor a transfer wallet. */
  singleWallet: boolean('single_wallet').notNull().default(true),
  /**
   * How phone numbers are verified (issue 22): `own` SMS codes of this server, or `sandbox`, the provider-based flow
   * through the built-in sandbox provider (`ops sms provider own|sandbox`); off (`own`) unless the operator turns it on.
   */
  smsFlow: text('sms_flow', { enum: ['own', 'sandbox'] }).notNull().default('own'),
  /** Bumped by every operator change, so servers know when their cached site config is stale. */
  configVersion: integer('config_version').notNull().default(1),
  createdAt: createdAt(),
});

/** Site state the start-up call reads: normal, maintenance (with optional end) or region-block. */
export const systemState = pgTable('system_state', {
  merchantId: integer('merchant_id').primaryKey().references(() => merchants.id),
  mode: text('mode', { enum: ['normal', 'maintenance', 'region-block'] }).notNull().default('normal'),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Country rules: in normal mode `block` countries are refused; in region-block mode only `allow` countries pass. */
export const regionRules = pgTable(
  'region_rules',
  {
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    countryCode: text('country_code').notNull(),
    rule: text('rule', { enum: ['allow', 'block'] }).notNull(),
  },
  (t) => [uniqueIndex('region_rules_merchant_country').on(t.merchantId, t.countryCode)],
);

/** The white-label module tree (spec §3 permission response, §6 flags). */
export const moduleFlags = pgTable(
  'module_flags',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    modId: text('mod_id').notNull(),
    parentModId: text('parent_mod_id'),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('module_flags_merchant_mod').on(t.merchantId, t.modId)],
);

export const registerFieldRules = pgTable(
  'register_field_rules',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    acceptedPattern: text('accepted_pattern').notNull().default(''),
    patternId: smallint('pattern_id').notNull().default(0),
    minLength: integer('min_length').notNull().default(0),
    maxLength: integer('max_length').notNull().default(255),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('register_field_rules_merchant_field').on(t.merchantId, t.field)],
);

/** Links the portal shows: customer service, social, affiliates, app download (spec §3 resources). */
export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  labelNameEn: text('label_name_en').notNull(),
  url: text('url').notNull(),
  resourceType: text('resource_type').notNull(),
  qrCodeUrl: text('qr_code_url'),
  sort: integer('sort').notNull().default(0),
});

export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    domain: text('domain').notNull(),
  },
  (t) => [uniqueIndex('domains_merchant_domain').on(t.merchantId, t.domain)],
);

/** Game vendors (providers with a game catalogue), grouped by category for navigation. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    category: text('category').notNull(),
    displayName: text('display_name').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    accountTypeName: text('account_type_name').notNull(),
    gameType: text('game_type').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    colour: text('colour').notNull(),
    /** 'house' = the built-in vendor; 'none' = no integration configured (shown under maintenance, launch answers so). */
    integration: text('integration').notNull().default('none'),
    /**
     * On: the operator has turned the vendor's integration on (`ops vendor enable|disable`). A vendor that is on and has
     * an integration is open: its games are listed and start. Any other is shown under maintenance, its games unlisted
     * (issue 16).
     */
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('vendors_merchant_category_code').on(t.merchantId, t.category, t.vassalage)],
);

/** The fixed footer grid of 47 provider logos (spec §1). */
export const footerProviders = pgTable('footer_providers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  groupCode: text('group_code').notNull(),
  colour: text('colour').notNull(),
  sort: integer('sort').notNull(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    /** B banner, PL player notice, PU popup, PR promotion, H headline; A agency notice (agent centre only). */
    type: text('type', { enum: ['B', 'PL', 'PU', 'PR', 'H', 'A'] }).notNull(),
    title: text('title').notNull(),
    /** Sanitised on write (and again in the browser on render). */
    content: text('content').notNull().default(''),
    /** The title and content in other languages, by language code ({ VI: { title, content } }); the columns above are the base (English). */
    texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    platform: text('platform').notNull().default('W'),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_merchant_type').on(t.merchantId, t.type)],
);

export const helpArticles = pgTable('help_articles', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  categoryId: integer('category_id').notNull(),
  categoryTitle: text('category_title').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** The category title, title and content in other languages ({ VI: { categoryTitle, title, content } }). */
  texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

/** RSA key pairs for encrypted calls; the newest is current, older ones still decrypt in-flight requests. */
export const serverKeys = pgTable('server_keys', {
  keyId: text('key_id').primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: createdAt(),
});

/** Accounts: members, agents and free-play guests. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    username: text('username').notNull(),
    /** argon2id; null for an account made by mobile number without a password, and for guests. */
    passwordHash: text('password_hash'),
    /** member | agent */
    type: text('type', { enum: ['member', 'agent'] }).notNull(),
    /** Spec §6: 1, 2, 41, 42 agents; 0 member; 4 free-play trial. Other types cannot log in. */
    accountType: smallint('account_type').notNull(),
    uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    nickname: text('nickname').notNull().default(''),
    /** National number without the trunk 0; with countryDialingCode it is unique per merchant. */
    mobile: text('mobile'),
    countryDialingCode: text('country_dialing_code'),
    email: text('email'),
    /** The real name (bank payee name); also a second-verification answer. */
    payeeName: text('payee_name'),
    idNumber: text('id_number'),
    /** Contact fields of the register form (qqNum, line, whatsapp, facebook, wechat, recommenderId). */
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['active', 'locked', 'closed'] }).notNull().default('active'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by someone other than the member (operator, upline): the next password login must change it. */
    passwordInitial: boolean('password_initial').notNull().default(false),
    paymentPasswordHash: text('payment_password_hash'),
    /** Wrong payment passwords in a row; at 5 the payment password locks until paymentPasswordLockedUntil. */
    paymentPasswordFailures: integer('payment_password_failures').notNull().default(0),
    paymentPasswordLockedUntil: timestamp('payment_password_locked_until', { withTimezone: true }),
    /**
     * Payment-password checks in flight (each took its place before argon2 ran): failures plus these
     * never pass the limit, so a burst checks at most 5 guesses. Since paymentPasswordCheckingAt; a
     * count older than 10 seconds is stale (a process died mid-check) and counts as none.
     */
    paymentPasswordChecking: integer('payment_password_checking').notNull().default(0),
    paymentPasswordCheckingAt: timestamp('payment_password_checking_at', { withTimezone: true }),
    /** `static:<n>` or `custom:<avatar_images.id>`; null is the first static avatar. */
    avatar: text('avatar'),
    language: text('language').notNull().default('MY'),
    /** Base32 TOTP secret; two-factor login is on once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code works once. */
    totpLastStep: integer('totp_last_step'),
    firstLoginDoneAt: timestamp('first_login_done_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    registerIp: text('register_ip'),
    registerUrl: text('register_url'),
    /** The agent's affiliate code the account registered with (issue 7: the code's registrations). */
    affiliateCodeId: integer('affiliate_code_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_merchant_username').on(t.merchantId, sql`lower(${t.username})`),
    uniqueIndex('users_merchant_mobile').on(t.merchantId, t.countryDialingCode, t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('users_merchant_email').on(t.merchantId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('users_merchant_id_number').on(t.merchantId, t.idNumber).where(sql`${t.idNumber} is not null`),
    /** Direct downlines (team pages, contracts; issue 7). */
    index('users_upline').on(t.uplineId),
    /** The agent centre counts direct members and agents from the index alone (issue 14). */
    index('users_upline_type').on(t.uplineId, t.type),
  ],
);

/** Login sessions: the token is 32 random bytes the client holds; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Image captchas: single-use (deleted when checked), short-lived; the answer is stored hashed. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** SMS verification codes, hashed, per number and purpose; the newest unconsumed one counts. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    countryDialingCode: text('country_dialing_code').notNull(),
    mobile: text('mobile').notNull(),
    /** `providerSandbox`: codes of the sandbox phone provider (issue 22), apart from our own flow's. */
    purpose: text('purpose', { enum: ['login', 'register', 'resetPassword', 'providerSandbox'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_number').on(t.merchantId, t.countryDialingCode, t.mobile, t.purpose)],
);

/** What the default SMS provider "sends": operators read it with `ops -- sms outbox`. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    countryDialingCode: text('country_dialing_code').notNull(),
    mobile: text('mobile').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_number').on(t.mobile)],
);

/** What the default mail provider "sends": operators read it with `ops -- mail outbox`. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    address: text('address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_address').on(sql`lower(${t.address})`)],
);

/**
 * Counters behind captcha flags and lockouts (login failures, SMS sends), kept in the database so a
 * limit holds across processes. `key` names the scope and subject, e.g. `login:acct:1:alice`.
 */
export const authCounters = pgTable('auth_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    ip: text('ip').notNull(),
    country: text('country').notNull(),
    device: text('device').notNull(),
    /** password | sms | register | freeplay | verification */
    method: text('method').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user').on(t.userId, t.createdAt)],
);

/** IPs an account has logged in from: a new one asks a second verification when LOGINIPVERF3 is on. */
export const knownIps = pgTable(
  'known_ips',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_ips_user_ip').on(t.userId, t.ip)],
);

/** A login that passed the password but waits for a second verification (new IP or two-factor). */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** How the first step was passed (a text column: the list is TypeScript's only, no migration). */
  method: text('method', { enum: ['password', 'sms', 'google', 'facebook', 'telegram'] }).notNull(),
  ip: text('ip').notNull(),
  /** A code sent by e-mail for this challenge, hashed (SMS codes live in sms_codes). */
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Forgot-password-by-e-mail links: single-use, short-lived, the token stored hashed. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Free-play guests (account type 4) by the browser's random key, hashed: one browser keeps its guest. */
export const guestAccounts = pgTable('guest_accounts', {
  deviceKeyHash: text('device_key_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  createdAt: createdAt(),
});

/** Agents' invitation codes: a registration with one becomes that agent's downline. */
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    code: text('code').notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull().references(() => users.id),
    /** When set, the code is valid only on this domain. */
    domain: text('domain'),
    /** The account type opened with the code (issue 7). */
    memberType: text('member_type', { enum: ['member', 'agent'] }).notNull().default('member'),
    /** Contract terms proposed to everyone who registers with it (issue 7). */
    contracts: jsonb('contracts').$type<Record<string, unknown>[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_codes_merchant_code').on(t.merchantId, sql`upper(${t.code})`)],
);

/** Custom avatars, checked by content; served at /img/avatars/custom/<id>.<png|jpg>. */
export const avatarImages = pgTable('avatar_images', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  mime: text('mime', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  /** Base64 of the image bytes. */
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/**
 * Platform messages to one member (the messageV2 page); the unread count reads them. Operator sends to a segment write
 * one row per member set-based, with the send in `message_batches`; event messages (deposit credited…) carry a
 * `source_key` so an event writes its message once per member.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    kind: text('kind', { enum: ['system', 'promotion', 'personal'] }).notNull().default('system'),
    title: text('title').notNull(),
    /** Sanitised HTML (operator messages) or plain text (event messages). */
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Deleted by the member: hidden from its list and counts, kept for the operator. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The event that wrote it (`deposit:<id>`…): one message per member and key. */
    sourceKey: text('source_key'),
    batchId: bigint('batch_id', { mode: 'number' }).references(() => messageBatches.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_messages_user').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('member_messages_unread').on(t.userId).where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
    uniqueIndex('member_messages_source').on(t.userId, t.sourceKey).where(sql`${t.sourceKey} is not null`),
  ],
);

/** One operator send (`ops message send`): to a member, a VIP level, an agent's tree or everyone. */
export const messageBatches = pgTable('message_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  kind: text('kind', { enum: ['system', 'promotion', 'personal'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /**
   * The title and content in other languages ({ VI: { title, content } }, content sanitised), stored once for the send:
   * each recipient's message reads them when it is read (inbox.service.ts); `title` and `content` are the base.
   */
  texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
  /** `{ to: 'member', username }`, `{ to: 'vip', level }`, `{ to: 'team', agent }` or `{ to: 'all' }`. */
  segment: jsonb('segment').$type<Record<string, unknown>>().notNull(),
  recipients: integer('recipients').notNull().default(0),
  actor: text('actor').notNull(),
  createdAt: createdAt(),
});

/** Member feedback (spec §7 POST /wps/feedback): 140 characters, a type, an optional image; the operator replies. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    category: text('category'),
    content: text('content').notNull(),
    /** The attached image (uploads, purpose feedbackImage), checked by content. */
    uploadId: text('upload_id').references(() => uploads.id),
    status: text('status', { enum: ['open', 'replied'] }).notNull().default('open'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user').on(t.userId, t.id), index('feedback_open').on(t.id).where(sql`${t.status} = 'open'`)],
);

/**
 * Append-only record of every operator action (a trigger refuses UPDATE and DELETE). Hash-chained (migration 0052):
 * a BEFORE INSERT trigger sets `prev_hash` (the previous row's `hash`; 64 zeros before the first) and `hash`, the
 * SHA-256 of the row's canonical text with `prev_hash`; `audit_verify()` recomputes the chain. The '' defaults only
 * let an insert leave the two columns out: the trigger always overwrites them. docs/decisions.md, "Operator console".
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  createdAt: createdAt(),
  prevHash: text('prev_hash').notNull().default(''),
  hash: text('hash').notNull().default(''),
});

// ---------------------------------------------------------------- operator console (issue 24)

/**
 * The console's staff accounts: not members (ARCHITECTURE.md, Operator console). Username stored lower-cased, unique
 * per merchant; argon2id password; TOTP is mandatory (no `totp_enabled_at` yet: the next login enrols an
 * authenticator, the secret kept here meanwhile); `totp_last_step` refuses a code's replay.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A CONSOLE_ROLES value (@playhall/contract/console); ROLE_PERMISSIONS says what it may do. */
    role: text('role', { enum: ['admin', 'finance', 'support', 'marketing', 'risk', 'auditor'] }).notNull(),
    status: text('status', { enum: ['active', 'locked'] }).notNull().default('active'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operators_merchant_username').on(t.merchantId, sql`lower(${t.username})`),
    check('operators_username_lower', sql`${t.username} = lower(${t.username})`),
  ],
);

/** Ten per enrolment, shown once; stored as SHA-256; each works once (`used_at`). */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull().references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operator_recovery_codes_code').on(t.operatorId, t.codeHash)],
);

/**
 * Console sessions (cookie `ph_console`): the SHA-256 of 32 random bytes; live while not revoked, before
 * `expires_at` (12 h from sign-in) and within the idle timeout of `last_seen_at` (15 min, sliding).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull().references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * The five minutes between the password step and the TOTP (or enrolment) step: a random ticket stored as its
 * SHA-256, used once. `purpose` says which second step it opens.
 */
export const operatorLoginTickets = pgTable(
  'operator_login_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull().references(() => operators.id),
    ticketHash: text('ticket_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['totp', 'enrol'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('operator_login_tickets_operator').on(t.operatorId)],
);

/** An operator's note on a member (console, members page); `author` as the audit names the operator. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_notes_user').on(t.userId, t.id)],
);

// ---------------------------------------------------------------- ledger (ARCHITECTURE.md, Data)

/**
 * A ledger account: a member's wallet (main, or a vendor's transfer wallet) or a house account. Money in
 * integer minor units. A member wallet can never go below zero (the CHECK is the last line; the ledger's
 * conditional UPDATE refuses first); house accounts may.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    /** Null for a house account. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /**
     * `wallet` for members; otherwise the house account's purpose. `withdrawalHold` keeps withdrawals awaiting
     * the operator; `withdrawalFee` collects their fees when paid.
     */
    kind: text('kind', {
      enum: ['wallet', 'cashIn', 'cashOut', 'bonus', 'game', 'salary', 'dividend', 'points', 'adjustment', 'withdrawalHold', 'withdrawalFee', 'freePlay'],
    }).notNull(),
    /** `MAIN` or a vendor's vassalage code; '' for house accounts. */
    wallet: text('wallet').notNull().default(''),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * A house account busy enough to serialise unrelated members (`game`: every bet and payout) is spread
     * over sub-accounts, one row each; a member's postings go to the shard of its id (docs/decisions.md,
     * performance). Always 0 for members and for the other house accounts.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_wallet').on(t.merchantId, t.userId, t.wallet).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_house_shard').on(t.merchantId, t.kind, t.shard).where(sql`${t.userId} is null`),
    check('ledger_accounts_wallet_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

/** A journal entry: postings that sum to zero, under a unique idempotency key. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_merchant_key').on(t.merchantId, t.key),
    /** Dividend bases subtract the bonuses a team was paid in the period (issue 7): few rows, by time. */
    index('journal_entries_bonus_time').on(t.merchantId, t.createdAt).where(sql`kind = 'bonus'`),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => ledgerAccounts.id),
    /** Signed: positive credits the account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('postings_account').on(t.accountId, t.id), index('postings_entry').on(t.entryId)],
);

// ---------------------------------------------------------------- third-party login (issue 3)

/** An OAuth 2 / OpenID Connect login in flight: state, PKCE verifier and nonce, single use, short-lived. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An account's identity at a third party (google, facebook, telegram): the provider's subject id. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    provider: text('provider', { enum: ['google', 'facebook', 'telegram'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject').on(t.merchantId, t.provider, t.subject),
    index('user_identities_user').on(t.userId),
  ],
);

// ---------------------------------------------------------------- jobs (ARCHITECTURE.md, Jobs)

/**
 * Scheduled work. Each server process claims due rows with FOR UPDATE SKIP LOCKED, so two processes
 * never run one job at once; the work itself writes under unique keys, so a rerun pays nothing twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job kind, e.g. `withdrawal.autoConfirm`, `gateway.callback`. */
    name: text('name').notNull(),
    /** Unique per name: a job scheduled twice under one key is one job. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A claim older than its lease is taken to be from a dead process and may be claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_name_key').on(t.name, t.key),
    index('jobs_due').on(t.runAt).where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------- money (issue 4)

/** Images members upload as evidence (deposit receipts, withdrawal proofs), checked by content. */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  purpose: text('purpose', { enum: ['depositReceipt', 'withdrawalProof', 'activityProof', 'feedbackImage'] }).notNull(),
  mime: text('mime').notNull(),
  /** Base64 of the image bytes. */
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/** Banks a member may bind a card of. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** ISO 3166 alpha-2: members are offered the banks of their merchant's country only. */
    countryCode: text('country_code').notNull().default('VN'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('banks_merchant_code').on(t.merchantId, t.code)],
);

export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    branch: text('branch'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_cards_user_number').on(t.userId, t.bankCode, t.accountNumber)],
);

/** Deposit channels from configuration: bank transfer to a house account, or an online gateway. */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    type: text('type', { enum: ['bank', 'online'] }).notNull(),
    name: text('name').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    /** Bank channels: where the member transfers to. */
    bankName: text('bank_name'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    branch: text('branch'),
    /**
     * Online channels: the code of the gateway integration that takes their payments (`sandbox`: the test
     * gateway, where no money moves); the server registers one implementation per code (deposit.service.ts).
     */
    gateway: text('gateway'),
    /** Online channels: the gateway's merchant id (the HMAC secret comes from the environment). */
    gatewayMerchantId: text('gateway_merchant_id'),
    /** The operator's switch (`ops payment-channel enable|disable`); a sandbox channel is off unless turned on. */
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('deposit_channels_online_gateway', sql`(${t.type} = 'online') = (${t.gateway} is not null)`)],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    channelId: integer('channel_id').notNull().references(() => depositChannels.id),
    /** The member's request id: a retried create answers the first deposit. */
    requestId: text('request_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['awaitingPayment', 'pendingReview', 'credited', 'rejected', 'expired'] }).notNull(),
    payerName: text('payer_name'),
    receiptUploadId: text('receipt_upload_id').references(() => uploads.id),
    remark: text('remark'),
    /** The operator's or gateway's note on a rejection. */
    reviewRemark: text('review_remark'),
    gatewayTxnId: text('gateway_txn_id'),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposits_user_request').on(t.userId, t.requestId),
    index('deposits_user_created').on(t.userId, t.createdAt),
    index('deposits_status').on(t.status),
  ],
);

/**
 * The sandbox gateway's side: a payment the member completes on the hosted page, and the callback
 * deliveries it makes to the portal (retried by a job until acknowledged).
 */
export const gatewayPayments = pgTable('gateway_payments', {
  txnId: text('txn_id').primaryKey(),
  depositId: bigint('deposit_id', { mode: 'number' }).notNull().references(() => deposits.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['open', 'paid', 'failed'] }).notNull().default('open'),
  callbackAttempts: integer('callback_attempts').notNull().default(0),
  callbackAckedAt: timestamp('callback_acked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Nonces of accepted gateway callbacks: a replayed signed body is refused. */
export const gatewayNonces = pgTable('gateway_nonces', {
  nonce: text('nonce').primaryKey(),
  createdAt: createdAt(),
});

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    requestId: text('request_id').notNull(),
    bankCardId: bigint('bank_card_id', { mode: 'number' }).notNull().references(() => bankCards.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'confirmed', 'disputed'] }).notNull().default('pending'),
    confirmation: text('confirmation', {
      enum: ['received', 'partlyReceived', 'notReceived', 'forcedReceived', 'autoReceived'],
    }),
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    proofUploadId: text('proof_upload_id').references(() => uploads.id),
    remark: text('remark'),
    reviewRemark: text('review_remark'),
    reviewedBy: text('reviewed_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmDeadline: timestamp('confirm_deadline', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_user_request').on(t.userId, t.requestId),
    index('withdrawals_user_created').on(t.userId, t.createdAt),
    index('withdrawals_status').on(t.status),
  ],
);

// ---------------------------------------------------------------- games (issue 5)

/**
 * The game catalogue: one row per game of a vendor. `houseGame` names the engine of a built-in game
 * (slot, baccarat, fishing, dice); third-party games have none and launch through their vendor's
 * integration, or answer "game under maintenance" when it has none.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    gameId: text('game_id').notNull(),
    name: text('name').notNull(),
    /** The name in other languages ({ VI: { name } }); `name` is the base (English). */
    texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
    category: text('category').notNull(),
    /** The slot-hall tab (RNG) or the vendor's own game type. */
    gameType: text('game_type').notNull(),
    /** The menu group of /lgw/games/game_menus (e.g. hot, new, jackpot, table). */
    groupCode: text('group_code').notNull().default('all'),
    openMode: text('open_mode', { enum: ['iframe', 'seamless', 'popup'] }).notNull().default('iframe'),
    /** Spec §4: 1 shows the maintenance warning instead of starting the game. */
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    /** false: a vendor entry (VASSALAGE) whose games open in a popup list. */
    isGame: boolean('is_game').notNull().default(true),
    houseGame: text('house_game'),
    /** How often the game was launched: the popular list's order. */
    plays: integer('plays').notNull().default(0),
    colour: text('colour').notNull().default('#6142bf'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('games_merchant_vendor_game').on(t.merchantId, t.vassalage, t.gameId),
    index('games_merchant_category').on(t.merchantId, t.category, t.sort),
    index('games_vendor_type').on(t.merchantId, t.vassalage, t.gameType),
  ],
);

export const favoriteGames = pgTable(
  'favorite_games',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorite_games_user_game').on(t.userId, t.gameRowId)],
);

export const recentGames = pgTable(
  'recent_games',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recent_games_user_game').on(t.userId, t.gameRowId), index('recent_games_user_time').on(t.userId, t.playedAt)],
);

/**
 * A launch: the token the game page holds (only its hash is stored), for one member and one game or room, under the
 * login session it was issued in: it ends when that session ends (logout, a password change, expiry; issue 15), and
 * goes with it when ended sessions are pruned.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    roomId: text('room_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_sessions_user').on(t.userId), index('game_sessions_session').on(t.sessionId)],
);

/**
 * Provably fair seeds: a member's current server seed (its hash shown before betting), client seed and
 * the next nonce; `revealedAt` is set when the member rotates it and the seed may be shown.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fair_seeds_user_current').on(t.userId).where(sql`${t.revealedAt} is null`)],
);

/** A round (bet) of any game, as the betting record shows it; its money moved through vendor transactions. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    roundId: text('round_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    category: text('category').notNull(),
    vassalage: text('vassalage').notNull(),
    gameId: text('game_id').notNull(),
    betAmount: bigint('bet_amount', { mode: 'number' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['open', 'settled', 'void'] }).notNull().default('open'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    fairSeedId: bigint('fair_seed_id', { mode: 'number' }).references(() => fairSeeds.id),
    nonce: integer('nonce'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_rounds_merchant_vendor_round').on(t.merchantId, t.vassalage, t.roundId),
    index('game_rounds_user_time').on(t.userId, t.createdAt),
    index('game_rounds_user_category_time').on(t.userId, t.category, t.createdAt),
    index('game_rounds_time').on(t.merchantId, t.createdAt),
    /** Contract settlements read the rounds settled in a period (issue 7). */
    index('game_rounds_settled').on(t.merchantId, t.settledAt),
  ],
);

/**
 * The seamless-wallet calls of a vendor (debit, credit, rollback), unique by the vendor's transaction id:
 * a repeat gets the stored first answer and moves nothing.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    txnId: text('txn_id').notNull(),
    type: text('type', { enum: ['debit', 'credit', 'rollback'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    roundId: text('round_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For a rollback: the debit it undoes. */
    refTxnId: text('ref_txn_id'),
    /**
     * Of a debit's amount, what came from the member's bonus wallet (cash is spent first; issue 17). A credit of the
     * round pays the bonus wallet in the same proportion while a bonus is open; a rollback gives each part back.
     */
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    /** The answer given, repeated to a duplicate. */
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_transactions_merchant_vendor_txn').on(t.merchantId, t.vassalage, t.txnId),
    /**
     * A round's transactions. Round id first: led by (merchant, vendor) like the unique key, the planner took
     * it for a transaction-id lookup on a fresh table and filtered every transaction of the vendor (issue 14).
     */
    index('vendor_transactions_round').on(t.roundId, t.merchantId, t.vassalage),
    /** Every debit asks whether a rollback came first: without this the question scans the whole table. */
    index('vendor_transactions_rollback_ref').on(t.merchantId, t.vassalage, t.refTxnId).where(sql`${t.type} = 'rollback'`),
  ],
);

/** PVP rooms of the house dice game; the room's live state (seats, stakes, countdown) is in `state`. */
export const pvpRooms = pgTable('pvp_rooms', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  roomId: text('room_id').notNull(),
  gameRowId: integer('game_row_id').notNull().references(() => games.id),
  name: text('name').notNull(),
  ante: bigint('ante', { mode: 'number' }).notNull(),
  minPlayers: integer('min_players').notNull().default(2),
  maxPlayers: integer('max_players').notNull().default(6),
  status: text('status', { enum: ['waiting', 'playing', 'closed'] }).notNull().default('waiting'),
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  /** Bumped on every change: a writer that read an older version retries (optimistic lock). */
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('pvp_rooms_merchant_room').on(t.merchantId, t.roomId)]);

// ---------------------------------------------------------------- lottery (issue 6)

/** A bet type a lottery game offers, with its odds and stake limits (configuration, see lottery.md). */
export interface TLotteryBetTypeSetting {
  /** Payout per hit per 1 of stake, in thousandths. */
  oddsX1000: number;
  minStake: number;
  maxStake: number;
}

/**
 * A lottery game of the house engine: its draw structure, schedule (in the merchant's time zone), prize
 * mode (which odds table it started from), where its results come from, and the bet types it offers.
 */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    gameCode: text('game_code').notNull(),
    /** The catalogue vendor it belongs to (TCG_LOTTO_VN, PH_ELOTT, TCG_SEA). */
    vassalage: text('vassalage').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['regional', 'fast', 'sea'] }).notNull(),
    region: text('region', { enum: ['north', 'south', 'central'] }),
    province: text('province'),
    structure: text('structure', { enum: ['north', 'southCentral', 'sea'] }).notNull(),
    prizeMode: text('prize_mode', { enum: ['Lott', 'ZY', 'Elott', 'SEA'] }).notNull(),
    /** `{ kind: 'daily', time: 'HH:MM', weekdays, closeSeconds }` or `{ kind: 'interval', seconds, closeSeconds }`. */
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    resultSource: text('result_source', { enum: ['house', 'operator'] }).notNull().default('house'),
    betTypes: jsonb('bet_types').$type<Record<string, TLotteryBetTypeSetting>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lottery_games_merchant_code').on(t.merchantId, t.gameCode)],
);

/**
 * One draw of a game. A house draw holds its seed from creation (only the hash is shown until the draw);
 * `result` is the prize table once drawn or entered. Betting is open while now < closeAt (server clock).
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    gameRowId: integer('game_row_id').notNull().references(() => lotteryGames.id),
    gameCode: text('game_code').notNull(),
    drawNo: text('draw_no').notNull(),
    province: text('province'),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    seed: text('seed'),
    seedHash: text('seed_hash'),
    status: text('status', { enum: ['open', 'drawn', 'settled', 'void'] }).notNull().default('open'),
    result: jsonb('result').$type<{ prize: string; numbers: string[] }[]>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lottery_draws_merchant_game_no').on(t.merchantId, t.gameCode, t.drawNo),
    index('lottery_draws_status_time').on(t.status, t.drawAt),
    index('lottery_draws_game_time').on(t.gameRowId, t.drawAt),
    /** Contract settlements count a draw's tickets in the period it settled (issue 7). */
    index('lottery_draws_settled').on(t.merchantId, t.settledAt),
  ],
);

/**
 * A ticket: one bet of a slip (a bet type, its numbers, the stake per number). The stake was debited when
 * it was placed (journal key `lottery-stake:<user>:<requestId>:<idx>`); settlement credits a win under
 * `lottery:<draw>:<ticket>` and a void refunds under `lottery-void:<draw>:<ticket>`. Migration 0011 gives the table
 * fillfactor 45, so settlement's one rewrite of every ticket of a page is a heap-only update.
 */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    drawId: bigint('draw_id', { mode: 'number' }).notNull().references(() => lotteryDraws.id),
    gameCode: text('game_code').notNull(),
    drawNo: text('draw_no').notNull(),
    betType: text('bet_type').notNull(),
    numbers: text('numbers').array().notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    oddsX1000: integer('odds_x1000').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost', 'void'] }).notNull().default('open'),
    hits: integer('hits'),
    payout: bigint('payout', { mode: 'number' }),
    requestId: text('request_id').notNull(),
    idx: integer('idx').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lottery_tickets_user_request').on(t.userId, t.requestId, t.idx),
    index('lottery_tickets_draw').on(t.drawId, t.id),
    index('lottery_tickets_user_time').on(t.userId, t.createdAt),
  ],
);

/**
 * Every bet of a member, whatever the game: the rounds of catalogue and house games, and lottery tickets
 * (round id `L<ticket>`, category LOTT). The betting record, personal profit and the agents' team figures
 * read this one view (migration 0006 creates it).
 */
export const betRecords = pgView('bet_records', {
  merchantId: integer('merchant_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  roundId: text('round_id').notNull(),
  category: text('category').notNull(),
  vassalage: text('vassalage').notNull(),
  gameId: text('game_id').notNull(),
  gameName: text('game_name').notNull(),
  betAmount: bigint('bet_amount', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  payout: bigint('payout', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['open', 'settled', 'void'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}).existing();

// ---------------------------------------------------------------- agents and contracts (issue 7)

/**
 * The upline tree as a closure table: one row per (ancestor, descendant) pair, the member itself at depth 0.
 * A trigger on `users` keeps it (migration 0007), so whole-team queries are one index range, however deep.
 */
export const userPaths = pgTable(
  'user_paths',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull().references(() => users.id),
    descendantId: bigint('descendant_id', { mode: 'number' }).notNull().references(() => users.id),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] }), index('user_paths_descendant').on(t.descendantId, t.depth)],
);

/**
 * A contract of one kind between an upline (null: the platform, for a top agent) and a direct downline.
 * It pays for the periods in [effectiveFrom, endedAt); status tells its lifecycle (agent-contracts.md).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    kind: text('kind', { enum: ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] }).notNull(),
    uplineId: bigint('upline_id', { mode: 'number' }).references(() => users.id),
    downlineId: bigint('downline_id', { mode: 'number' }).notNull().references(() => users.id),
    status: text('status', { enum: ['awaitingConsent', 'valid', 'rejected', 'invalid', 'expired'] }).notNull(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    /** The highest rate of the terms, to compare with an upline's (basis points). */
    maxRate: integer('max_rate').notNull(),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by', { enum: ['upline', 'downline', 'system'] }),
  },
  (t) => [
    index('contracts_downline').on(t.downlineId, t.kind, t.status),
    index('contracts_upline').on(t.uplineId, t.kind, t.status),
    uniqueIndex('contracts_one_awaiting').on(t.downlineId, t.kind).where(sql`${t.status} = 'awaitingConsent'`),
  ],
);

/**
 * What one contract owes for one period: computed once (unique per contract and period), paid through the
 * ledger under `<kind>:<contract>:<period>`. payer null: the platform pays.
 */
export const contractBills = pgTable(
  'contract_bills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id),
    kind: text('kind', { enum: ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] }).notNull(),
    period: text('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    activeMembers: integer('active_members').notNull().default(0),
    rate: integer('rate').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['pendingReview', 'issued', 'paid', 'partlyPaid', 'notReached', 'insufficientBalance', 'refused'] }).notNull(),
    payerId: bigint('payer_id', { mode: 'number' }).references(() => users.id),
    payeeId: bigint('payee_id', { mode: 'number' }).notNull().references(() => users.id),
    /** Dividends: unpaid after it, the bill is refused and the payer frozen until paid. */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** Dividend carry-over into the next period (negative base carried), per the merchant's mode. */
    carryOut: bigint('carry_out', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contract_bills_contract_period').on(t.contractId, t.period),
    index('contract_bills_payee').on(t.payeeId, t.kind, t.periodStart),
    index('contract_bills_payer').on(t.payerId, t.kind, t.status),
  ],
);

// ---------------------------------------------------------------- agent team rollups (issue 14)

/** The figures a team page adds up, per member or per team and local day (docs/decisions.md, agent rollups). */
const teamFigureColumns = () => ({
  /** Stakes of non-void bets, by bet time. */
  betAmount: bigint('bet_amount', { mode: 'number' }).notNull().default(0),
  /** Valid bets and payouts of settled bets, by bet time. */
  validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  /** payout − stake of settled bets (the members' side). */
  winLoss: bigint('win_loss', { mode: 'number' }).notNull().default(0),
  /** Signed sums of the wallets' postings of deposit, withdrawal and bonus entries. */
  deposit: bigint('deposit', { mode: 'number' }).notNull().default(0),
  withdrawal: bigint('withdrawal', { mode: 'number' }).notNull().default(0),
  bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
  /** Every posting of the member's accounts: summed over all days it is the balance. */
  net: bigint('net', { mode: 'number' }).notNull().default(0),
  /** Members registered that day (1 or 0 for one member). */
  registered: integer('registered').notNull().default(0),
});

/**
 * Changes to the team figures not yet rolled up: written by triggers on game rounds, lottery tickets, postings
 * and users in the same transaction as the change (the delta of that change, at the instant that dates it), and
 * taken by the rollup in the transaction that applies them, so each delta is counted exactly once.
 */
export const teamRollupQueue = pgTable('team_rollup_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ...teamFigureColumns(),
});

/** One member's figures per local day (the active-member count needs them per member). */
export const memberDays = pgTable(
  'member_days',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    ...teamFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('member_days_day').on(t.day, t.userId, t.validBet)],
);

/** A team's figures per local day: the sum of member_days over everyone below the agent (depth ≥ 1). */
export const teamDays = pgTable(
  'team_days',
  {
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    ...teamFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/**
 * The team overview's active members per agent and range of local days, counted once from member_days and kept
 * until the rollup changes a valid bet of the team on a day of the range (it deletes the rows it affects).
 */
export const teamActiveCounts = pgTable(
  'team_active_counts',
  {
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    /** The valid bet a member reaches to count (ACTIVE_MEMBER_VALID_BET when counted). */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    active: integer('active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.fromDay, t.toDay, t.threshold] })],
);

// ---------------------------------------------------------------- promotions (issue 17)

/**
 * An activity the operator runs (`ops activity add|edit|schedule|close`). `terms` holds what its kind needs
 * (deposit minimum, check-in days, cashback rate and period, turnover tiers, raffle ticket size and prizes);
 * `eligibility` who may take part. Money in minor units, rates in basis points. docs/decisions.md, "Promotions".
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    kind: text('kind', { enum: ['firstDeposit', 'reload', 'checkIn', 'cashback', 'turnoverTiers', 'proof', 'raffle'] }).notNull(),
    category: text('category', { enum: ['welcome', 'deposit', 'daily', 'rebate', 'event'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised when written (and again when rendered). */
    termsHtml: text('terms_html').notNull().default(''),
    /** The title, summary and terms in other languages ({ VI: { title, summary, termsHtml } }). */
    texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** draft: not shown; published: shown per its period; closed: ended early by the operator. */
    state: text('state', { enum: ['draft', 'published', 'closed'] }).notNull().default('draft'),
    eligibility: jsonb('eligibility').$type<Record<string, unknown>>().notNull().default({}),
    /** The reward rule: { type: fixed, amount } | { type: percent, rate, cap } | { type: points, points }. */
    reward: jsonb('reward').$type<Record<string, unknown>>().notNull(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    /** 0: the reward is cash; otherwise a bonus with turnover = base × multiple. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(0),
    turnoverBase: text('turnover_base', { enum: ['bonus', 'depositPlusBonus'] }).notNull().default('bonus'),
    /** Weight of each game category's valid bet in basis points; null: the defaults (promotions.md). */
    turnoverWeights: jsonb('turnover_weights').$type<Record<string, number>>(),
    /** What a withdrawal with open turnover does: refused, or forfeits the bonus. */
    withdrawalPolicy: text('withdrawal_policy', { enum: ['refuse', 'forfeit'] }).notNull().default('refuse'),
    /** Days a bonus of this activity has to meet its turnover before it is forfeited. */
    bonusDays: integer('bonus_days').notNull().default(30),
    /** Days a reward waiting for the member's claim stays claimable. */
    claimDays: integer('claim_days').notNull().default(7),
    /** Rewards one member may have from it; null: no limit. */
    perMemberLimit: integer('per_member_limit'),
    /** Total it may pay; null: no budget. `spent` grows with every reward granted, under the row's lock. */
    budget: bigint('budget', { mode: 'number' }),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_merchant_state').on(t.merchantId, t.state, t.endsAt)],
);

/** A member's place in an activity: its spec §4 status and what the kind keeps (streak, tiers paid). */
export const activityParticipations = pgTable(
  'activity_participations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => activities.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    status: text('status', {
      enum: ['comingSoon', 'join', 'applying', 'inProcess', 'signed', 'rejected', 'claim', 'issued', 'claimed', 'closed'],
    }).notNull(),
    /** Rewards granted under it (the per-member limit counts these). */
    granted: integer('granted').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    /** Local day of the last check-in. */
    lastCheckIn: date('last_check_in'),
    /** Kind-specific state, e.g. the turnover tiers already paid. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    joinedAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activity_participations_member').on(t.activityId, t.userId), index('activity_participations_user').on(t.userId)],
);

/** An application to a proof activity: remark and images (uploads, purpose activityProof), reviewed by the operator. */
export const activityApplications = pgTable(
  'activity_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => activities.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    requestId: text('request_id').notNull(),
    remark: text('remark').notNull(),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['applying', 'approved', 'rejected'] }).notNull().default('applying'),
    /** The operator's reason, shown to the member on a rejection. */
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_applications_request').on(t.userId, t.requestId),
    index('activity_applications_activity').on(t.activityId, t.status),
  ],
);

/**
 * Every reward a member is given (reward centre): from an activity, a raffle or an envelope now, rebates, VIP,
 * missions and referrals later. `key` makes it once-only. A bonus reward carries its turnover: required, done
 * (recomputed from settled bets since it was issued) and whether it is open, converted or forfeited.
 */
export const memberRewards = pgTable(
  'member_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    source: text('source', { enum: ['activity', 'rebate', 'vip', 'mission', 'referral', 'raffle', 'envelope', 'mall'] }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).references(() => activities.id),
    key: text('key').notNull(),
    title: text('title').notNull(),
    form: text('form', { enum: ['bonus', 'cash', 'points'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** claim: waits for the member until claimBy; issued: credited by the system; claimed: credited on claim. */
    status: text('status', { enum: ['claim', 'issued', 'claimed', 'expired'] }).notNull(),
    claimBy: timestamp('claim_by', { withTimezone: true }),
    /** The member's request that claimed it: the same request again answers the first result, another is refused. */
    claimRequestId: text('claim_request_id'),
    /** The ledger entry that credited it (null while it waits for a claim). */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    turnoverRequired: bigint('turnover_required', { mode: 'number' }).notNull().default(0),
    turnoverDone: bigint('turnover_done', { mode: 'number' }).notNull().default(0),
    turnoverWeights: jsonb('turnover_weights').$type<Record<string, number>>(),
    /** Set for a bonus with turnover: open until met (converted), expired or given up (forfeited). */
    bonusStatus: text('bonus_status', { enum: ['open', 'converted', 'forfeited'] }),
    bonusExpiresAt: timestamp('bonus_expires_at', { withTimezone: true }),
    withdrawalPolicy: text('withdrawal_policy', { enum: ['refuse', 'forfeit'] }).notNull().default('refuse'),
    /** When the bonus started counting turnover (issued or claimed). */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_rewards_key').on(t.merchantId, t.key),
    index('member_rewards_user').on(t.userId, t.createdAt),
    index('member_rewards_open_bonus').on(t.userId).where(sql`${t.bonusStatus} = 'open'`),
    index('member_rewards_waiting').on(t.claimBy).where(sql`${t.status} = 'claim'`),
  ],
);

/** A raffle's seed: its SHA-256 published when the raffle is added, the seed itself revealed at the draw. */
export const raffleDraws = pgTable('raffle_draws', {
  activityId: bigint('activity_id', { mode: 'number' })
    .primaryKey()
    .references(() => activities.id),
  seedHash: text('seed_hash').notNull(),
  /** Kept secret (never served) until drawnAt. */
  seed: text('seed').notNull(),
  tickets: integer('tickets'),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
});

/** Raffle tickets, numbered from 0 in the order they were earned by turnover during the period. */
export const raffleTickets = pgTable(
  'raffle_tickets',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => activities.id),
    number: integer('number').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.number] }), index('raffle_tickets_member').on(t.activityId, t.userId)],
);

/** A raffle's winners, one row per prize; the prize is claimed once (MCS2_claimRafflePromotion). */
export const raffleWinners = pgTable(
  'raffle_winners',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => activities.id),
    prize: integer('prize').notNull(),
    ticket: integer('ticket').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    prizeName: text('prize_name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rewardId: bigint('reward_id', { mode: 'number' }).references(() => memberRewards.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The request id of the claim that took the prize: the same request asks again and gets the first answer. */
    claimRequestId: text('claim_request_id'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.prize] }), index('raffle_winners_member').on(t.userId)],
);

/** A red envelope rain: a time window and a pool split into envelopes when it is scheduled. */
export const envelopeRains = pgTable(
  'envelope_rains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    pool: bigint('pool', { mode: 'number' }).notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    eligibility: jsonb('eligibility').$type<Record<string, unknown>>().notNull().default({}),
    /** 0: envelopes are cash; otherwise a bonus with this turnover multiple. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('envelope_rains_window').on(t.merchantId, t.endsAt)],
);

/** The envelopes of a rain, amounts drawn when it is scheduled; opening one takes the next unopened envelope. */
export const envelopes = pgTable(
  'envelopes',
  {
    rainId: bigint('rain_id', { mode: 'number' }).notNull().references(() => envelopeRains.id),
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    rewardId: bigint('reward_id', { mode: 'number' }).references(() => memberRewards.id),
    /** The request that opened it: the same request asks again and gets the first answer, another is refused. */
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.rainId, t.seq] }),
    uniqueIndex('envelopes_one_per_member').on(t.rainId, t.userId).where(sql`${t.userId} is not null`),
    index('envelopes_unopened').on(t.rainId, t.seq).where(sql`${t.userId} is null`),
  ],
);

// ---------------------------------------------------------------- missions and invite friends (issue 18)

/** A mission event: the window whose claimed mission scores make the leaderboard. */
export const missionEvents = pgTable(
  'mission_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mission_events_window').on(t.merchantId, t.endsAt)],
);

/**
 * A daily or weekly mission. Progress is read from settled data of the member's current period (a local day, or a
 * week from Monday, in the merchant's time zone); `target` is minor units for validBet and deposit, a count otherwise.
 * A mission of an event is offered only while its event runs.
 */
export const missions = pgTable(
  'missions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    eventId: bigint('event_id', { mode: 'number' }).references(() => missionEvents.id),
    period: text('period', { enum: ['daily', 'weekly'] }).notNull(),
    kind: text('kind', { enum: ['validBet', 'betCount', 'distinctGames', 'deposit', 'loginStreak', 'lotteryWin'] }).notNull(),
    /** validBet, betCount, distinctGames: the game category counted; null for any. */
    category: text('category'),
    target: bigint('target', { mode: 'number' }).notNull(),
    rewardForm: text('reward_form', { enum: ['points', 'bonus', 'cash'] }).notNull(),
    /** Minor units (points for form points). */
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
    /** Form bonus: turnover = amount × this multiple. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(0),
    /** Added to the member's leaderboard score when claimed. */
    score: integer('score').notNull().default(0),
    title: text('title').notNull(),
    /** Titles by language code (EN, VI, …); `title` when the member's language has none. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['on', 'off'] }).notNull().default('on'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('missions_merchant').on(t.merchantId, t.status),
    check('missions_target_positive', sql`${t.target} > 0`),
    check('missions_reward_positive', sql`${t.rewardAmount} > 0`),
  ],
);

/** A claimed mission: once per mission, member and period (its local start date); the reward and the score it earned. */
export const missionClaims = pgTable(
  'mission_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    missionId: bigint('mission_id', { mode: 'number' }).notNull().references(() => missions.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    rewardId: bigint('reward_id', { mode: 'number' }).notNull().references(() => memberRewards.id),
    score: integer('score').notNull(),
    /** The request that claimed it: the same request asks again and gets the first answer. */
    requestId: text('request_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mission_claims_once').on(t.missionId, t.userId, t.periodStart),
    index('mission_claims_member').on(t.userId, t.periodStart),
    /** The leaderboard sums scores claimed inside an event's window. */
    index('mission_claims_board').on(t.merchantId, t.claimedAt),
  ],
);

/** Every account's referral code (not guests): made by a trigger when the account is inserted (migration 0029). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('referral_codes_merchant_code').on(t.merchantId, t.code)],
);

/**
 * An invitation: the inviter, the invitee (at most one inviter each), how it was linked, and where the invitee
 * registered from (IP and device, for the same-device / same-IP rule). The qualification job moves it from
 * registered / deposited to qualified (the inviter's reward) or notQualified with a reason.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    inviterId: bigint('inviter_id', { mode: 'number' }).notNull().references(() => users.id),
    inviteeId: bigint('invitee_id', { mode: 'number' }).notNull().references(() => users.id),
    via: text('via', { enum: ['register', 'bind'] }).notNull(),
    inviteeIp: text('invitee_ip').notNull(),
    inviteeDevice: text('invitee_device').notNull(),
    /** The invitee's registration (the 30 days count from it). */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['registered', 'deposited', 'qualified', 'notQualified'] }).notNull().default('registered'),
    reason: text('reason', { enum: ['sameDevice', 'sameIp', 'expired'] }),
    rewardId: bigint('reward_id', { mode: 'number' }).references(() => memberRewards.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_invitee').on(t.inviteeId),
    index('referrals_inviter').on(t.inviterId, t.id),
    index('referrals_open').on(t.merchantId, t.id).where(sql`${t.state} in ('registered', 'deposited')`),
  ],
);

/** The merchant's invite-friends terms; without a row the defaults of modules/referral apply. */
export const referralTerms = pgTable('referral_terms', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  firstDeposit: bigint('first_deposit', { mode: 'number' }).notNull(),
  validBet: bigint('valid_bet', { mode: 'number' }).notNull(),
  days: integer('days').notNull(),
  rewardForm: text('reward_form', { enum: ['points', 'bonus', 'cash'] }).notNull(),
  rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
  turnoverMultiple: integer('turnover_multiple').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- points and the points mall (issue 18)

/**
 * The merchant's points settings: the earn rate per category (valid bet in minor units per point; a category left out
 * earns nothing), converting points to cash (`convert_points` points give `convert_amount` minor units, at least
 * `min_convert_points` at once) and the rules text (sanitised HTML). No row: loyalty.md's defaults, converting off.
 */
export const pointConfigs = pgTable('point_configs', {
  merchantId: integer('merchant_id').primaryKey().references(() => merchants.id),
  earnRates: jsonb('earn_rates').$type<Record<string, number>>().notNull(),
  convertEnabled: boolean('convert_enabled').notNull().default(false),
  convertPoints: integer('convert_points').notNull().default(1000),
  convertAmount: bigint('convert_amount', { mode: 'number' }).notNull().default(1_000_000),
  minConvertPoints: integer('min_convert_points').notNull().default(0),
  rulesHtml: text('rules_html').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far the points accrual has paid: every 15-minute window of settled bets before `paid_until` (keys prove each payment once). */
export const pointAccruals = pgTable('point_accruals', {
  merchantId: integer('merchant_id').primaryKey().references(() => merchants.id),
  paidUntil: timestamp('paid_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An item of the points mall. `stock` null is unlimited; it never goes below zero (CHECK, behind the row lock). */
export const pointItems = pgTable(
  'point_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    name: text('name').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    /** The name and description in other languages ({ VI: { name, descriptionHtml } }). */
    texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
    imageUrl: text('image_url').notNull().default(''),
    kind: text('kind', { enum: ['cash', 'bonus', 'goods'] }).notNull(),
    /** Minor units per unit for cash and bonus items; 0 for goods. */
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** Turnover multiple of a bonus item's value. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(0),
    pointsRequired: bigint('points_required', { mode: 'number' }).notNull(),
    /** Deposit or valid bet (minor units) over the last 30 days needed to redeem; 0 for none. */
    amountRequired: bigint('amount_required', { mode: 'number' }).notNull().default(0),
    amountKind: text('amount_kind', { enum: ['deposit', 'validBet'] }).notNull().default('deposit'),
    stock: integer('stock'),
    units: text('units').notNull().default('piece'),
    pointsRatio: integer('points_ratio').notNull().default(1),
    status: text('status', { enum: ['on', 'off'] }).notNull().default('on'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_items_merchant_sort').on(t.merchantId, t.sort, t.id),
    check('point_items_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('point_items_points_positive', sql`${t.pointsRequired} > 0`),
  ],
);

/** A member's redeem of a mall item: applying → approved | rejected (spec §4); points debited under `points:redeem:<id>`. */
export const pointExchanges = pgTable(
  'point_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' }).notNull().references(() => pointItems.id),
    /** The item's name when redeemed (the item may be renamed later). */
    itemName: text('item_name').notNull(),
    kind: text('kind', { enum: ['cash', 'bonus', 'goods'] }).notNull(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['applying', 'approved', 'rejected'] }).notNull().default('applying'),
    requestId: text('request_id').notNull(),
    address: text('address'),
    remark: text('remark'),
    rewardId: bigint('reward_id', { mode: 'number' }).references(() => memberRewards.id),
    /** The member's cancel request: the same request replays its answer. */
    cancelRequestId: text('cancel_request_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('point_exchanges_user_request').on(t.userId, t.requestId),
    index('point_exchanges_user_time').on(t.userId, t.createdAt),
    index('point_exchanges_status').on(t.merchantId, t.status, t.id),
  ],
);

// ---------------------------------------------------------------- VIP levels (issue 18, modules/vip)

/**
 * The merchant's VIP ladder (`ops vip level set|remove`): thresholds on cumulative valid bet and deposit since
 * registration, the valid bet a calendar month needs to keep the level, and the level's benefits. Money in minor
 * units, rebate rates in basis points per category; withdrawals 0 = the global limits apply.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    /** The name in other languages ({ VI: { name } }); `name` is the base (English). */
    texts: jsonb('texts').$type<TContentTexts>().notNull().default({}),
    validBetRequired: bigint('valid_bet_required', { mode: 'number' }).notNull().default(0),
    depositRequired: bigint('deposit_required', { mode: 'number' }).notNull().default(0),
    keepValidBet: bigint('keep_valid_bet', { mode: 'number' }).notNull().default(0),
    upgradeBonus: bigint('upgrade_bonus', { mode: 'number' }).notNull().default(0),
    monthlyBonus: bigint('monthly_bonus', { mode: 'number' }).notNull().default(0),
    birthdayBonus: bigint('birthday_bonus', { mode: 'number' }).notNull().default(0),
    /** Turnover multiple of the level's bonuses and rebate; 0 pays them as cash. */
    bonusTurnoverMultiple: integer('bonus_turnover_multiple').notNull().default(0),
    rebateRates: jsonb('rebate_rates').$type<Record<string, number>>().notNull().default({}),
    withdrawalsPerDay: integer('withdrawals_per_day').notNull().default(0),
    withdrawalLimitPerDay: bigint('withdrawal_limit_per_day', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.level] }), check('vip_levels_level', sql`${t.level} >= 0`)],
);

/**
 * A member's VIP state: the level held (raised by the recomputation, lowered one step by the monthly job or set by
 * the operator), the highest ever, the cumulative figures of the last recomputation, the confirmed birthday and the
 * operator's labels. No row = level 0.
 */
export const memberVip = pgTable(
  'member_vip',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    level: integer('level').notNull().default(0),
    topLevel: integer('top_level').notNull().default(0),
    levelSince: timestamp('level_since', { withTimezone: true }),
    validBetTotal: bigint('valid_bet_total', { mode: 'number' }).notNull().default(0),
    depositTotal: bigint('deposit_total', { mode: 'number' }).notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    /** The first day of the last month the monthly job assessed (keep requirement), so a rerun lowers nothing twice. */
    monthAssessed: date('month_assessed', { mode: 'string' }),
    birthday: date('birthday', { mode: 'string' }),
    birthdayConfirmedAt: timestamp('birthday_confirmed_at', { withTimezone: true }),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('member_vip_level').on(t.merchantId, t.level, t.userId)],
);

// ---------------------------------------------------------------------------------------------------------------------
// Points accrual top-ups (issue 18)
// ---------------------------------------------------------------------------------------------------------------------

/**
 * The points the accrual paid a member for one 15-minute window of bet settlement times (modules/points/points.accrual.ts).
 * A run pays target − `points` when positive (one ledger entry keyed by the points paid before) and raises `points`;
 * `target` is the window's points at the last run that looked at it, so `points` > `target` records points kept after
 * a bet was voided (never clawed back).
 */
export const pointAccrualPaid = pgTable(
  'point_accrual_paid',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    target: bigint('target', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.windowStart] }),
    index('point_accrual_paid_window').on(t.merchantId, t.windowStart),
    check('point_accrual_paid_points', sql`${t.points} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Chat room (issue 19)
// ---------------------------------------------------------------------------------------------------------------------

/** Public chat rooms (spec §2 chat room modal); visitors read, members write. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    /** Stable key (`lobby`, `lottery`…) the web translates; `name` is shown when it has no translation. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_rooms_merchant_code').on(t.merchantId, t.code)],
);

/** What members wrote: plain text, length-limited; deleted by the operator stays for the audit, hidden from all. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id').notNull().references(() => chatRooms.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    text: text('text').notNull(),
    /** The browser's id of the send: a retried send stores one message. */
    clientId: text('client_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_room').on(t.roomId, t.id),
    uniqueIndex('chat_messages_client').on(t.userId, t.clientId),
    /** The rate limit counts a member's sends of the last seconds on every send (issue 19). */
    index('chat_messages_user_recent').on(t.userId, t.createdAt),
  ],
);

/** A member's standing in the chat: muted until a time, or banned (until lifted). One row per member sanctioned. */
export const chatSanctions = pgTable('chat_sanctions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  mutedUntil: timestamp('muted_until', { withTimezone: true }),
  banned: boolean('banned').notNull().default(false),
  reason: text('reason'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------------------
// Sportsbook and esports book (issue 20)
// ---------------------------------------------------------------------------------------------------------------------

/**
 * A fixture of the house books: an operator's real one (`ops sports import`, source 'manual') or a virtual league's
 * (source 'virtual', made ahead by the virtual-rounds job with its seed committed). The state follows
 * sportsbook-engine/fixture-state.ts; a result entered again is a correction (`result_version` counts entries).
 */
export const sportsFixtures = pgTable(
  'sports_fixtures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    source: text('source', { enum: ['manual', 'virtual'] }).notNull(),
    sport: text('sport', { enum: ['football', 'esports'] }).notNull(),
    /** The import file's own id for a real fixture; `V:<league>:<roundId>:<n>` for a virtual one. */
    externalId: text('external_id').notNull(),
    leagueCode: text('league_code').notNull(),
    leagueName: text('league_name').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    /** Virtual rounds: the round id `YYYYMMDD-NNNN` (sportsbook-engine/schedule.ts). */
    roundId: text('round_id'),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['scheduled', 'open', 'suspended', 'closed', 'resulted', 'void'] }).notNull().default('scheduled'),
    resultHome: integer('result_home'),
    resultAway: integer('result_away'),
    /** 0 before any result; each result entered (a correction too) and a void adds one: settlement keys carry it. */
    resultVersion: integer('result_version').notNull().default(0),
    /** Virtual: the seed (secret until resulted) and its SHA-256 commitment, published before betting closes. */
    seed: text('seed'),
    seedCommit: text('seed_commit'),
    /** Virtual: what the draw needs besides the seed (λ per side for football; p and best-of for esports). */
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    marginBp: integer('margin_bp').notNull().default(500),
    resultedAt: timestamp('resulted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_fixtures_external').on(t.merchantId, t.externalId),
    index('sports_fixtures_kickoff').on(t.merchantId, t.sport, t.kickoffAt),
    index('sports_fixtures_round').on(t.merchantId, t.roundId),
    check('sports_fixtures_result', sql`(${t.resultHome} is null) = (${t.resultAway} is null) and coalesce(${t.resultHome}, 0) >= 0 and coalesce(${t.resultAway}, 0) >= 0`),
  ],
);

/**
 * A market of a fixture (sportsbook-engine/markets.ts): its kind, its line in quarters (0 when it has none) and the
 * decimal odds of each selection in thousandths. A price moved by the operator bumps `odds_version`; a slip built on
 * an older version is refused with the new prices unless they are no worse and the member allowed better odds.
 */
export const sportsMarkets = pgTable(
  'sports_markets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fixtureId: bigint('fixture_id', { mode: 'number' })
      .notNull()
      .references(() => sportsFixtures.id),
    kind: text('kind').notNull(),
    line: integer('line').notNull().default(0),
    odds: jsonb('odds').$type<Record<string, number>>().notNull(),
    oddsVersion: integer('odds_version').notNull().default(1),
    suspended: boolean('suspended').notNull().default(false),
    /** The most one bet may stake on this market, minor units; null: the book's default. */
    maxStake: bigint('max_stake', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sports_markets_fixture_kind_line').on(t.fixtureId, t.kind, t.line)],
);

/**
 * A bet of the house books, a single (one leg) or a parlay (2–10 legs of different fixtures). Its stake was debited
 * through the seamless wallet under `<betId>:debit`; settlement n credits under `<betId>:settle:<n>` and a correction
 * reverses under `<betId>:reverse:<n>` (never an edit). Each bet is also a `game_rounds` row (round_id = bet_id) for
 * the betting record and the agents' figures.
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    betId: text('bet_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    vassalage: text('vassalage').notNull(),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    sport: text('sport', { enum: ['football', 'esports'] }).notNull(),
    /** The slip's own id: placing the same slip twice (a double click, a retry) places one bet. */
    clientRef: text('client_ref').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Combined decimal odds at placement, thousandths (sportsbook-engine/payout.ts parlayOdds). */
    odds: bigint('odds', { mode: 'number' }).notNull(),
    maxPayout: bigint('max_payout', { mode: 'number' }).notNull(),
    legCount: smallint('leg_count').notNull(),
    status: text('status', { enum: ['open', 'settled'] }).notNull().default('open'),
    /** The settled bet's outcome: win, halfWin, push, halfLoss, loss or void (a parlay's from its legs). */
    outcome: text('outcome'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Settlements so far: the next credit's key is `<betId>:settle:<n + 1>`. */
    settleCount: integer('settle_count').notNull().default(0),
    /** A correction that took back more than the wallet held: what is still owed (the operator follows it up). */
    unrecovered: bigint('unrecovered', { mode: 'number' }).notNull().default(0),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sports_bets_bet_id').on(t.merchantId, t.betId),
    uniqueIndex('sports_bets_client_ref').on(t.userId, t.clientRef),
    index('sports_bets_user_time').on(t.userId, t.placedAt),
    index('sports_bets_open').on(t.merchantId, t.status, t.id),
    check('sports_bets_amounts', sql`${t.stake} > 0 and ${t.payout} >= 0 and ${t.maxPayout} > 0 and ${t.unrecovered} >= 0`),
  ],
);

/** A leg of a bet: the selection and the odds accepted, and its outcome once its fixture is resulted (or void). */
export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportsBets.id),
    legNo: smallint('leg_no').notNull(),
    fixtureId: bigint('fixture_id', { mode: 'number' })
      .notNull()
      .references(() => sportsFixtures.id),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => sportsMarkets.id),
    kind: text('kind').notNull(),
    line: integer('line').notNull().default(0),
    selection: text('selection').notNull(),
    odds: integer('odds').notNull(),
    outcome: text('outcome'),
    /** The fixture's result_version this outcome was settled with. */
    resultVersion: integer('result_version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.betId, t.legNo] }), index('sports_bet_legs_fixture').on(t.fixtureId, t.betId)],
);

// ---------------------------------------------------------------- crash (issue 21)

/**
 * A published hash chain of the crash game: h_i = sha256(h_{i+1}) from the secret seed h_length down to the
 * terminal hash h_0 (published with the salt before the first round). Round r plays h_r. Only every 1,000th hash
 * is stored (`checkpoints[j]` = h_{1000·j}); a round's hash is at most 999 hashes from its checkpoint.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    terminalHash: text('terminal_hash').notNull(),
    salt: text('salt').notNull(),
    length: integer('length').notNull(),
    checkpoints: jsonb('checkpoints').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crash_chains_merchant').on(t.merchantId, t.id)],
);

/** One shared crash round: betting until `betting_ends_at` (take-off), crash at `crash_at`; hash and point secret until then. */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    chainId: integer('chain_id').notNull().references(() => crashChains.id),
    roundNo: integer('round_no').notNull(),
    roundHash: text('round_hash').notNull(),
    crashPoint: integer('crash_point').notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }).notNull(),
    crashAt: timestamp('crash_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crash_rounds_chain_round').on(t.chainId, t.roundNo), index('crash_rounds_merchant').on(t.merchantId, t.id)],
);

/** A member's bet on a crash round: open until cashed out (won) or crashed (lost); `credited_at` once paid. */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    crashRoundId: bigint('crash_round_id', { mode: 'number' }).notNull().references(() => crashRounds.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    /** The page's idempotency key of the bet. */
    betId: text('bet_id').notNull(),
    /** The round id of the betting record and of the seamless calls. */
    roundId: text('round_id').notNull(),
    username: text('username').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    autoCashOut: integer('auto_cash_out'),
    cashOut: integer('cash_out'),
    status: text('status', { enum: ['open', 'won', 'lost'] }).notNull().default('open'),
    createdAt: createdAt(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crash_bets_round_user').on(t.crashRoundId, t.userId),
    uniqueIndex('crash_bets_user_bet').on(t.userId, t.betId),
    index('crash_bets_uncredited').on(t.status, t.creditedAt),
  ],
);

/**
 * A house round with decisions (catalog kind `hand`: blackjack, mines; issue 21) while it is played: its seeds
 * (fair seed + nonce taken at the start), start input and actions, so (seeds, input, actions) replays it. The
 * opening stake, doubles and splits are debited as they come; the payout is credited once at the end, when the
 * round's `game_rounds` row is written. `version` changes with every claim and save, so two actions at once cannot
 * both apply; `pending_txn` names a debit in flight (rolled back if its request died). One open hand per member
 * and game.
 */
export const houseHands = pgTable(
  'house_hands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    roundId: text('round_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    gameRowId: integer('game_row_id').notNull().references(() => games.id),
    engine: text('engine').notNull(),
    fairSeedId: bigint('fair_seed_id', { mode: 'number' }).notNull().references(() => fairSeeds.id),
    nonce: integer('nonce').notNull(),
    startInput: jsonb('start_input').$type<Record<string, unknown>>().notNull(),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    /** The member's view after the last action (for the page after a reload). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    /** Debited so far (opening stake, doubles, splits). */
    staked: bigint('staked', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['open', 'settled', 'void'] }).notNull().default('open'),
    version: integer('version').notNull().default(0),
    pendingTxn: text('pending_txn'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('house_hands_open_per_game').on(t.userId, t.engine).where(sql`${t.status} = 'open'`),
    index('house_hands_open_age').on(t.updatedAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * How far a set-based scan of an append-only table has read, by its id (issue 21: `house.recoverOrphanDebits` reads
 * `vendor_transactions` from here on, so each run reads only what was written since the last one).
 */
export const scanCursors = pgTable('scan_cursors', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- responsible gaming (issue 22)

/**
 * A member's responsible-gaming settings (modules/responsible). A row exists once the member (or an operator) set
 * anything; from then on the money paths count the member's usage (rg_usage) and check it (the rg_* functions of
 * migration 0044). No row: nothing is checked and nothing is counted.
 */
export const rgMembers = pgTable('rg_members', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  /** Minutes between reality checks; 0 off. A less frequent setting waits as pending until pending_reality_at. */
  realityMinutes: integer('reality_minutes').notNull().default(0),
  pendingReality: integer('pending_reality'),
  pendingRealityAt: timestamp('pending_reality_at', { withTimezone: true }),
  /** A break: deposits, bets and transfers into game wallets are refused before this; an early end moves it sooner. */
  breakUntil: timestamp('break_until', { withTimezone: true }),
  breakEndsEarlyAt: timestamp('break_ends_early_at', { withTimezone: true }),
  /** Self-exclusion: log-in refused before this. Never shortened. */
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's limit of one kind (deposit, loss) and period (day, week, month); a raise or removal waits as pending. */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    kind: text('kind', { enum: ['deposit', 'loss'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** The limit in force; null: none. */
    amount: bigint('amount', { mode: 'number' }),
    /** A raise (or, with pending_amount null, a removal) that applies at pending_at. */
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * What a member used in one calendar period (the merchant's zone; `starts` is the period's local start): deposits
 * credited, or net loss (stakes − payouts − refunds; may go below 0, read as 0). Upserted by a trigger on postings in
 * the money move's own transaction, so a check is one indexed read.
 */
export const rgUsage = pgTable(
  'rg_usage',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    kind: text('kind', { enum: ['deposit', 'loss'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    starts: timestamp('starts', { withTimezone: false }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period, t.starts] })],
);

/**
 * The test clock (PLAYHALL_TEST_CLOCK=1 only): an offset added to "now" by responsible gaming, moved by
 * `ops clock advance`. One row at most; a server started without the env removes it.
 */
export const testClock = pgTable('test_clock', {
  id: smallint('id').primaryKey().default(1),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
