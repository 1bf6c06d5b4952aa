import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One row per merchant (brand). The demo seeds one; every other table hangs off it. */
export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('Asia/Ho_Chi_Minh'),
  copyright: text('copyright').notNull(),
  imageCdns: jsonb('image_cdns').$type<string[]>().notNull(),
  launchGameCdns: jsonb('launch_game_cdns').$type<string[]>().notNull(),
  analyticsId: text('analytics_id'),
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
    /** 'house' = the built-in vendor; 'none' = listed without a configured integration (launch answers maintenance). */
    integration: text('integration').notNull().default('none'),
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
    /** B banner, PL player notice, PU popup, PR promotion, H headline. */
    type: text('type', { enum: ['B', 'PL', 'PU', 'PR', 'H'] }).notNull(),
    title: text('title').notNull(),
    /** Sanitised on write (and again in the browser on render). */
    content: text('content').notNull().default(''),
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
  sort: integer('sort').notNull().default(0),
});

/** RSA key pairs for encrypted calls; the newest is current, older ones still decrypt in-flight requests. */
export const serverKeys = pgTable('server_keys', {
  keyId: text('key_id').primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: createdAt(),
});

/** Accounts. Issue 3 builds sessions on this; the operator CLI creates users now. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** member | agent */
    type: text('type', { enum: ['member', 'agent'] }).notNull(),
    /** Spec §6: 1, 2, 41, 42 agents; 0 member; 4 free-play trial. */
    accountType: smallint('account_type').notNull(),
    uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    nickname: text('nickname').notNull().default(''),
    mobile: text('mobile'),
    email: text('email'),
    status: text('status', { enum: ['active', 'locked', 'closed'] }).notNull().default('active'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_merchant_username').on(t.merchantId, sql`lower(${t.username})`)],
);

/** Append-only record of every operator action (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  createdAt: createdAt(),
});
