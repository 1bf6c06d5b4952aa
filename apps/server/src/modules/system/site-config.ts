import type { TContentTexts } from '../../db/schema.ts';
import type { TVendorLane, TRegisterFieldRule, TResource } from '@playhall/contract/calls/system';
import { ESPORTS_VENDOR_CODES, GAME_CATEGORIES, type TFooterGroup, type TGameCategory } from '@playhall/contract/categories';
import type { TModuleNode } from '@playhall/contract/whitelabel';
import { DEFAULT_LANGUAGE, ZLanguageCode, type TLanguageCode } from '@playhall/contract/languages';
import type { TDb } from '../../db/client.ts';
import type { TSiteRepository } from './site.repository.ts';

export interface TSiteConfig {
  version: number;
  merchant: {
    id: number;
    code: string;
    name: string;
    timeZone: string;
    /** The interface language of a first visit (status call). */
    defaultLanguage: TLanguageCode;
    copyright: string;
    imageCdns: string[];
    launchGameCdns: string[];
    analyticsId: string | null;
    passwordMaxAgeDays: number | null;
    /** Own SMS codes, or the provider-based flow through the sandbox phone provider (issue 22). */
    smsFlow: 'own' | 'sandbox';
  };
  /** Vendors play from the main wallet (true) or each from a transfer wallet of its own. */
  singleWallet: boolean;
  /**
   * One transfer wallet per vendor code, in catalogue order; only an integrated vendor's is open, also while the
   * vendor is off (money can always come back from a wallet the portal holds).
   */
  vendorWallets: { wallet: string; displayName: string; open: boolean }[];
  mode: 'normal' | 'maintenance' | 'region-block';
  maintenanceEnd: Date | null;
  regionRules: Map<string, 'allow' | 'block'>;
  whitelabel: TModuleNode[];
  flags: Map<string, boolean>;
  registerRules: TRegisterFieldRule[];
  resources: TResource[];
  domains: string[];
  lanes: TVendorLane[];
  /** Vendor and footer colours by code, for the drawn logos. */
  colours: Map<string, string>;
  footer: { group: TFooterGroup; providers: { code: string; name: string; logo: string }[] }[];
  /** Help categories and articles, each with its texts in other languages (served localized: system.routes.ts). */
  help: { id: number; title: string; texts: TContentTexts; articles: { id: number; title: string; content: string; texts: TContentTexts }[] }[];
}

const CATEGORY_TITLES: Record<TGameCategory, string> = {
  LOTT: 'Lottery',
  LIVE: 'Live Casino',
  SPORTS: 'Sports',
  RNG: 'Slots',
  FISH: 'Fishing',
  PVP: 'PVP',
  ESPORTS: 'Esports',
};


/**
 * The merchant's site configuration, assembled from several tables and cached in the process. Every
 * operator change bumps `merchants.config_version` and NOTIFYs all servers, which drop their copy, so
 * the next page load shows it. Between notifications the copy is trusted for `recheckMs`, after which
 * one read of the version confirms it: requests do not read the database for it (issue 14), and a
 * notification lost while the listening connection was down is caught within `recheckMs` (the listener
 * also drops the copy when it reconnects). 0 asks on every read (tests that change settings from
 * another connection and read them at once). The database stays the only source of truth.
 */
export function createSiteConfigLoader(deps: {
  db: TDb;
  repo: TSiteRepository;
  merchantCode: string;
  /** How long a cached copy is trusted without asking for the version; 0 = ask on every read. */
  recheckMs: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let cached: TSiteConfig | null = null;
  let checkedAt = 0;
  let generation = 0;
  let merchantId: number | null = null;
  let loading: Promise<TSiteConfig> | null = null;

  async function load(): Promise<TSiteConfig> {
    const { db, repo } = deps;
    const merchant = await repo.merchantByCode(db, deps.merchantCode);
    if (!merchant) throw new Error(`merchant ${deps.merchantCode} is not in the database (seed did not run?)`);
    merchantId = merchant.id;
    const [state, rules, flags, registerRules, resources, domains, vendors, footer, help] = await Promise.all([
      repo.systemState(db, merchant.id),
      repo.regionRules(db, merchant.id),
      repo.moduleFlags(db, merchant.id),
      repo.registerRules(db, merchant.id),
      repo.resources(db, merchant.id),
      repo.domains(db, merchant.id),
      repo.vendors(db, merchant.id),
      repo.footerProviders(db),
      repo.helpArticles(db, merchant.id),
    ]);
    const colours = new Map<string, string>();
    for (const f of footer) colours.set(f.code, f.colour);
    for (const v of vendors) colours.set(v.vassalage, v.colour);
    return {
      version: merchant.configVersion,
      merchant: {
        id: merchant.id,
        code: merchant.code,
        name: merchant.name,
        timeZone: merchant.timeZone,
        // A code no longer in the language list falls back to the spec's default.
        defaultLanguage: ZLanguageCode.safeParse(merchant.defaultLanguage).data ?? DEFAULT_LANGUAGE,
        copyright: merchant.copyright,
        imageCdns: merchant.imageCdns,
        launchGameCdns: merchant.launchGameCdns,
        analyticsId: merchant.analyticsId,
        passwordMaxAgeDays: merchant.passwordMaxAgeDays,
        smsFlow: merchant.smsFlow,
      },
      singleWallet: merchant.singleWallet,
      vendorWallets: vendorWalletsOf(vendors),
      mode: state?.mode ?? 'normal',
      maintenanceEnd: state?.maintenanceEnd ?? null,
      regionRules: new Map(rules.map((r) => [r.countryCode, r.rule])),
      whitelabel: buildModuleTree(flags),
      flags: new Map(flags.map((f) => [f.modId, f.enabled])),
      registerRules: registerRules.map((r) => ({
        field: r.field,
        enabled: r.enabled,
        required: r.required,
        acceptedPattern: r.acceptedPattern,
        patternId: r.patternId,
        minLength: r.minLength,
        maxLength: r.maxLength,
      })),
      resources: resources.map((r) => ({
        labelNameEn: r.labelNameEn,
        url: r.url,
        resourceType: r.resourceType,
        qrCodeUrl: r.qrCodeUrl,
      })),
      domains: domains.map((d) => d.domain),
      lanes: buildLanes(vendors),
      colours,
      footer: groupFooter(footer),
      help: groupHelp(help),
    };
  }

  return {
    async get(): Promise<TSiteConfig> {
      // A notification may drop the cached copy while we wait on the database: read it once.
      const current = cached;
      if (current && merchantId !== null) {
        if (now() - checkedAt < deps.recheckMs) return current;
        const version = await deps.repo.configVersion(deps.db, merchantId);
        if (version === current.version) {
          checkedAt = now();
          return current;
        }
      }
      loading ??= load().finally(() => {
        loading = null;
      });
      const started = now();
      const generationAtStart = generation;
      const loaded = await loading;
      cached = loaded;
      // A change announced while loading may not be in what we read: have the next read ask again.
      checkedAt = generationAtStart === generation ? started : 0;
      return loaded;
    },
    /** Called on a change notification: the next read reloads. */
    invalidate(): void {
      generation++;
      cached = null;
    },
  };
}

export type TSiteConfigLoader = ReturnType<typeof createSiteConfigLoader>;

export function buildModuleTree(
  rows: { modId: string; parentModId: string | null; enabled: boolean }[],
): TModuleNode[] {
  const nodes = new Map<string, TModuleNode>();
  for (const r of rows) nodes.set(r.modId, { modId: r.modId, enabled: r.enabled ? '1' : '0', childrenNodes: [] });
  const roots: TModuleNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.modId);
    if (!node) continue;
    const parent = r.parentModId ? nodes.get(r.parentModId) : undefined;
    if (parent) parent.childrenNodes.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Transfer wallets: one per vendor code (a code may list several products), ordered by its first product. */
export function vendorWalletsOf(vendors: { vassalage: string; displayName: string; integration: string; sort: number }[]): TSiteConfig['vendorWallets'] {
  const byCode = new Map<string, { wallet: string; displayName: string; open: boolean; sort: number }>();
  for (const v of vendors) {
    const w = byCode.get(v.vassalage);
    if (!w) byCode.set(v.vassalage, { wallet: v.vassalage, displayName: v.displayName, open: v.integration !== 'none', sort: v.sort });
    else {
      if (v.displayName < w.displayName) w.displayName = v.displayName;
      w.open ||= v.integration !== 'none';
      w.sort = Math.min(w.sort, v.sort);
    }
  }
  return [...byCode.values()]
    .sort((a, b) => a.sort - b.sort || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0))
    .map(({ wallet, displayName, open }) => ({ wallet, displayName, open }));
}

/**
 * Whether a vendor's games start: the operator has it on (`ops vendor enable`) and an integration is configured
 * (only 'house' today). The SQL twin is games/catalogue.repository.ts `vendorOpen`.
 */
export function isVendorOpen(v: { enabled: boolean; integration: string }): boolean {
  return v.enabled && v.integration !== 'none';
}

/**
 * Vendors grouped into navigation lanes; SPORTS vendors with an esports code form the ESPORTS lane. A vendor under
 * maintenance (issue 16) stays in its lane, marked, never hot, after the open ones.
 */
export function buildLanes(
  vendors: {
    vassalage: string;
    category: string;
    displayName: string;
    accountTypeId: number;
    accountTypeName: string;
    gameType: string;
    isHot: boolean;
    enabled: boolean;
    integration: string;
  }[],
): TVendorLane[] {
  const esports = new Set<string>(ESPORTS_VENDOR_CODES);
  const byCategory = new Map<TGameCategory, TVendorLane['vendors']>();
  for (const v of vendors) {
    const declared = v.category as TGameCategory;
    if (!GAME_CATEGORIES.includes(declared)) continue;
    const category: TGameCategory = declared === 'SPORTS' && esports.has(v.vassalage) ? 'ESPORTS' : declared;
    const open = isVendorOpen(v);
    const list = byCategory.get(category) ?? [];
    list.push({
      vassalage: v.vassalage,
      accountTypeId: v.accountTypeId,
      accountTypeName: category === 'ESPORTS' ? 'ESPORTS' : v.accountTypeName,
      displayName: v.displayName,
      smallIcon: `img/vendors/${encodeURIComponent(v.vassalage)}.svg`,
      isHot: v.isHot && open ? 1 : 0,
      gameType: category === 'ESPORTS' ? 'ESPORTS' : v.gameType,
      maintenance: open ? 0 : 1,
    });
    byCategory.set(category, list);
  }
  // Open vendors first, each group in the configured order (Array.prototype.sort is stable).
  for (const list of byCategory.values()) list.sort((a, b) => a.maintenance - b.maintenance);
  return GAME_CATEGORIES.filter((c) => byCategory.has(c)).map((c) => ({
    gameCategory: c,
    title: CATEGORY_TITLES[c],
    vendors: byCategory.get(c) ?? [],
  }));
}

function groupFooter(rows: { code: string; name: string; groupCode: string }[]): TSiteConfig['footer'] {
  const groups: TSiteConfig['footer'] = [];
  for (const r of rows) {
    let g = groups.find((x) => x.group === r.groupCode);
    if (!g) {
      g = { group: r.groupCode as TFooterGroup, providers: [] };
      groups.push(g);
    }
    g.providers.push({ code: r.code, name: r.name, logo: `img/providers/${encodeURIComponent(r.code)}.svg` });
  }
  return groups;
}

function groupHelp(
  rows: { id: number; categoryId: number; categoryTitle: string; title: string; content: string; texts: TContentTexts }[],
): TSiteConfig['help'] {
  const out: TSiteConfig['help'] = [];
  for (const r of rows) {
    let c = out.find((x) => x.id === r.categoryId);
    if (!c) {
      // The category's title in other languages comes with its first article (categoryTitle of each language).
      const texts = Object.fromEntries(Object.entries(r.texts).flatMap(([lang, f]) => (f?.categoryTitle ? [[lang, { title: f.categoryTitle }]] : [])));
      c = { id: r.categoryId, title: r.categoryTitle, texts, articles: [] };
      out.push(c);
    }
    c.articles.push({ id: r.id, title: r.title, content: r.content, texts: r.texts });
  }
  return out;
}
