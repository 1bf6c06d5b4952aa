/**
 * The demo catalogue seeded on first start. Vendor and provider names are the industry's; only the
 * built-in house vendors (integration 'house') are on and can be launched; the others are shown under
 * maintenance until an operator configures their integration and turns them on (`ops vendor enable`).
 */
import type { TGameCategory, TFooterGroup } from '@playhall/contract/categories';
import type { TContractTerms } from '@playhall/contract/calls/agent';

export interface TSeedVendor {
  code: string;
  name: string;
  category: TGameCategory;
  accountTypeName: string;
  gameType: string;
  hot?: boolean;
  colour: string;
  house?: boolean;
}

const v = (
  category: TGameCategory,
  gameType: string,
  rows: [code: string, name: string, colour: string, flags?: 'hot' | 'house' | 'hot,house'][],
): TSeedVendor[] =>
  rows.map(([code, name, colour, flags]) => ({
    code,
    name,
    category,
    accountTypeName: category === 'LOTT' ? gameType : category,
    gameType,
    colour,
    hot: flags?.includes('hot') ?? false,
    house: flags?.includes('house') ?? false,
  }));

export const SEED_VENDORS: TSeedVendor[] = [
  ...v('LOTT', 'LOTT', [
    ['TCG_LOTTO_VN', 'VN Lottery', '#d94a38', 'hot,house'],
    ['PH_ELOTT', 'Playhall E-Lottery', '#6142bf', 'house'],
    ['TCG_SEA', 'SEA Lottery', '#1f8a70', 'house'],
    ['GPI', 'GPI Keno', '#2d6cdf'],
  ]),
  ...v('LIVE', 'LIVE', [
    ['PH_LIVE', 'Playhall Baccarat', '#6142bf', 'hot,house'],
    ['EVO', 'Evolution', '#0b1f3a', 'hot'],
    ['PPL', 'Pragmatic Live', '#f28c28'],
    ['SA', 'SA Gaming', '#b3202c'],
    ['AG', 'Asia Gaming', '#b88a1b'],
    ['DG', 'Dream Gaming', '#8c1c5c'],
    ['EBET', 'eBET', '#1d7f6e'],
    ['WM', 'WM Casino', '#2f4aa0'],
    ['SEXY', 'AE Sexy', '#c2185b'],
    ['BG', 'Big Gaming', '#3a3f9b'],
    ['ALLBET', 'Allbet', '#a4262c'],
  ]),
  ...v('SPORTS', 'SPORTS', [
    // The house books first (issue 20); PH_ESPORTS is listed under SPORTS like the esports vendors below, and moved
    // to ESPORTS with them.
    ['PH_SPORTS', 'Playhall Sports', '#6142bf', 'hot,house'],
    ['PH_ESPORTS', 'Playhall Esports', '#6142bf', 'hot,house'],
    ['SABA', 'SABA Sports', '#0d4d8c', 'hot'],
    ['CMD', 'CMD368', '#1a73e8'],
    ['BTI', 'BTi Sports', '#e4572e'],
    ['IMSB', 'IM Sports', '#0f9d58'],
    ['UG', 'United Gaming', '#5e35b1'],
    // Listed under SPORTS by the vendor feed; the vendor relay moves these five to ESPORTS (spec §3).
    ['AV', 'AV Esports', '#7b1fa2'],
    ['AI', 'AI Esports', '#00838f', 'hot'],
    ['IMES', 'IM Esports', '#2e7d32'],
    ['TF', 'TF Gaming', '#ef6c00'],
    ['IA', 'IA Esports', '#c62828'],
  ]),
  ...v('RNG', 'RNG', [
    ['PH_SLOT', 'Playhall Slots', '#6142bf', 'hot,house'],
    ['PH_INSTANT', 'Playhall Originals', '#6142bf', 'hot,house'],
    ['PG', 'PG Soft', '#e53935', 'hot'],
    ['JILI', 'JILI', '#f9a825', 'hot'],
    ['PP', 'Pragmatic Play', '#f28c28'],
    ['JDB', 'JDB', '#1565c0'],
    ['CQ9', 'CQ9', '#ff7043'],
    ['FC', 'Fa Chai', '#d81b60'],
    ['KA', 'KA Gaming', '#00897b'],
    ['MG', 'Microgaming', '#283593'],
    ['PT', 'Playtech', '#0277bd'],
    ['HB', 'Habanero', '#ef6c00'],
    ['SG', 'Spadegaming', '#455a64'],
    ['NLC', 'Nolimit City', '#212121'],
    ['RELAX', 'Relax Gaming', '#2e7d32'],
    ['RT', 'Red Tiger', '#c62828'],
    ['YGG', 'Yggdrasil', '#6d4c41'],
    ['BNG', 'Booongo', '#8e24aa'],
    ['NETENT', 'NetEnt', '#43a047'],
  ]),
  ...v('FISH', 'FISH', [
    ['PH_FISH', 'Playhall Fishing', '#6142bf', 'hot,house'],
    ['JILI_FISH', 'JILI Fishing', '#f9a825'],
    ['FC_FISH', 'Fa Chai Fishing', '#d81b60'],
    ['CQ9_FISH', 'CQ9 Fishing', '#ff7043'],
    ['JDB_FISH', 'JDB Fishing', '#1565c0'],
    ['KA_FISH', 'KA Fishing', '#00897b'],
  ]),
  ...v('PVP', 'PVP', [
    ['PH_DICE', 'Playhall Dice Rooms', '#6142bf', 'hot,house'],
    ['KM', 'Kingmaker', '#b71c1c'],
    ['V8', 'V8 Poker', '#1b5e20'],
    ['JILI_TABLE', 'JILI Table', '#f9a825'],
    ['KY', 'Kaiyuan', '#4a148c'],
  ]),
];

/** The footer's fixed grid: 47 providers in four groups (12 + 9 + 20 + 6). */
export const FOOTER_PROVIDERS: { group: TFooterGroup; rows: [code: string, name: string, colour: string][] }[] = [
  {
    group: 'LIVE',
    rows: [
      ['EVO', 'Evolution', '#0b1f3a'], ['PPL', 'Pragmatic Live', '#f28c28'], ['SA', 'SA Gaming', '#b3202c'],
      ['AG', 'Asia Gaming', '#b88a1b'], ['DG', 'Dream Gaming', '#8c1c5c'], ['EBET', 'eBET', '#1d7f6e'],
      ['WM', 'WM Casino', '#2f4aa0'], ['SEXY', 'AE Sexy', '#c2185b'], ['BG', 'Big Gaming', '#3a3f9b'],
      ['ALLBET', 'Allbet', '#a4262c'], ['EZUGI', 'Ezugi', '#00695c'], ['MGL', 'MG Live', '#283593'],
    ],
  },
  {
    group: 'SPORTS',
    rows: [
      ['SABA', 'SABA Sports', '#0d4d8c'], ['CMD', 'CMD368', '#1a73e8'], ['BTI', 'BTi Sports', '#e4572e'],
      ['IMSB', 'IM Sports', '#0f9d58'], ['UG', 'United Gaming', '#5e35b1'], ['SBO', 'SBOBET', '#0a3d62'],
      ['IMES', 'IM Esports', '#2e7d32'], ['TF', 'TF Gaming', '#ef6c00'], ['AI', 'AI Esports', '#00838f'],
    ],
  },
  {
    group: 'RNG',
    rows: [
      ['PG', 'PG Soft', '#e53935'], ['JILI', 'JILI', '#f9a825'], ['PP', 'Pragmatic Play', '#f28c28'],
      ['JDB', 'JDB', '#1565c0'], ['CQ9', 'CQ9', '#ff7043'], ['FC', 'Fa Chai', '#d81b60'],
      ['KA', 'KA Gaming', '#00897b'], ['MG', 'Microgaming', '#283593'], ['PT', 'Playtech', '#0277bd'],
      ['HB', 'Habanero', '#ef6c00'], ['SG', 'Spadegaming', '#455a64'], ['NLC', 'Nolimit City', '#212121'],
      ['RELAX', 'Relax Gaming', '#2e7d32'], ['RT', 'Red Tiger', '#c62828'], ['YGG', 'Yggdrasil', '#6d4c41'],
      ['BNG', 'Booongo', '#8e24aa'], ['NETENT', 'NetEnt', '#43a047'], ['PLAYSTAR', 'Playstar', '#1e88e5'],
      ['FUNKY', 'Funky Games', '#fb8c00'], ['PH_SLOT', 'Playhall Slots', '#6142bf'],
    ],
  },
  {
    group: 'PVP',
    rows: [
      ['KM', 'Kingmaker', '#b71c1c'], ['V8', 'V8 Poker', '#1b5e20'], ['KY', 'Kaiyuan', '#4a148c'],
      ['JILI_TABLE', 'JILI Table', '#f9a825'], ['LEG', 'Legend Chess', '#37474f'], ['PH_DICE', 'Playhall Dice', '#6142bf'],
    ],
  },
];

export interface TSeedFieldRule {
  field: string;
  enabled: boolean;
  required: boolean;
  patternId: number;
  min: number;
  max: number;
  acceptedPattern?: string;
}

/** Register field rules (spec §3, §5): what the register form shows and requires. */
export const REGISTER_FIELD_RULES: TSeedFieldRule[] = [
  { field: 'username', enabled: true, required: true, patternId: 1, min: 6, max: 12 },
  { field: 'password', enabled: true, required: true, patternId: 5, min: 6, max: 20 },
  { field: 'confirmPassword', enabled: true, required: true, patternId: 5, min: 6, max: 20 },
  { field: 'payeeName', enabled: true, required: false, patternId: 8, min: 2, max: 50 },
  { field: 'email', enabled: true, required: false, patternId: 3, min: 5, max: 100 },
  { field: 'mobileNum', enabled: true, required: true, patternId: 6, min: 9, max: 11 },
  { field: 'captcha', enabled: true, required: true, patternId: 14, min: 4, max: 4 },
  { field: 'verificationCode', enabled: true, required: false, patternId: 6, min: 0, max: 255 },
  { field: 'affiliateCode', enabled: true, required: false, patternId: 14, min: 4, max: 16 },
  { field: 'paymentPassword', enabled: false, required: false, patternId: 6, min: 6, max: 6 },
  { field: 'qqNum', enabled: false, required: false, patternId: 6, min: 5, max: 12 },
  { field: 'line', enabled: false, required: false, patternId: 9, min: 3, max: 30 },
  { field: 'whatsapp', enabled: false, required: false, patternId: 6, min: 8, max: 15 },
  { field: 'facebook', enabled: false, required: false, patternId: 9, min: 3, max: 50 },
  { field: 'wechat', enabled: false, required: false, patternId: 9, min: 3, max: 30 },
  { field: 'idNumber', enabled: false, required: false, patternId: 14, min: 6, max: 20 },
  { field: 'recommenderId', enabled: false, required: false, patternId: 14, min: 4, max: 16 },
];

/** White-label flags on by default; every other flag of spec §6 is seeded off. */
export const FLAGS_ON = new Set([
  'DIRECTREG3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSMAIL3',
  'CHNGPASSVERIF3',
  'MOBILENUMREG3',
  'USERNAMEREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'AGENTANNOUNCE3',
  'AGENTTEAMOVERVIEW3',
  'AGENTREGISTER3',
  'AGENTTEAMMANAGE3',
  'AGENTTEAMBET3',
  'AGENTPROFITLOSS3',
  'AGENTINCOME3',
  'AGENTDOWNLINETRANS3',
  'AGENTDIVIDEND3',
  'AGENTDAILYWAGE3',
  'AGENTHOURSALARY3',
]);

export const RESOURCES = [
  { labelNameEn: 'Live chat', url: '/helpmc?topic=contact', resourceType: 'CS_LIVECHAT', qrCodeUrl: null },
  { labelNameEn: 'Telegram', url: 'https://t.me/playhall_support', resourceType: 'CS_MESSENGER', qrCodeUrl: null },
  { labelNameEn: 'Facebook', url: 'https://www.facebook.com/playhall', resourceType: 'SOCIAL', qrCodeUrl: null },
  { labelNameEn: 'Affiliates', url: '/join', resourceType: 'AFFILIATE', qrCodeUrl: null },
  { labelNameEn: 'Playhall app', url: '/app', resourceType: 'APP', qrCodeUrl: 'img/qr/app.svg' },
];

export const HELP = [
  {
    category: 'Getting started',
    articles: [
      ['How to register', '<p>Click <b>Register</b> at the top right, choose a username and a password, fill in the fields marked <b>*</b> and confirm. You are logged in at once.</p>'],
      ['Logging in by SMS code', '<p>Choose <b>SMS login</b>, enter your mobile number with its country code and the code we send. A new code can be requested after the countdown.</p>'],
    ],
  },
  {
    category: 'Deposits and withdrawals',
    articles: [
      ['Making a deposit', '<p>Open <b>Deposit</b> from the member menu, choose a method and an amount. Your balance updates as soon as the payment is confirmed.</p>'],
      ['Confirming a withdrawal', '<p>When money arrives, confirm it under <b>Withdraw</b>: received, partly received (with the amount and a proof image) or not received.</p>'],
    ],
  },
  {
    category: 'Responsible gaming',
    articles: [
      ['Play responsibly', '<p>Gaming is entertainment. Set yourself a budget, take breaks, and never chase losses. Players must be 18 or older.</p>'],
    ],
  },
  {
    category: 'About us',
    articles: [
      ['About Playhall', '<p>Playhall brings lottery, live casino, sports, slots, fishing, PVP rooms and esports together in one wallet.</p>'],
    ],
  },
] as const;

/**
 * Banks a member may bind a card of (Vietnam, then Malaysia): `[code, name, ISO 3166 country]`; a site offers
 * those of its own country (merchants.country_code, default VN). Added to an existing site on every start
 * (missing codes only), so an operator's later changes to a bank are kept.
 */
export const BANKS: [code: string, name: string, countryCode: string][] = [
  ['VCB', 'Vietcombank', 'VN'],
  ['BIDV', 'BIDV', 'VN'],
  ['VTB', 'VietinBank', 'VN'],
  ['AGR', 'Agribank', 'VN'],
  ['TCB', 'Techcombank', 'VN'],
  ['MB', 'MB Bank', 'VN'],
  ['ACB', 'ACB', 'VN'],
  ['VPB', 'VPBank', 'VN'],
  ['STB', 'Sacombank', 'VN'],
  ['TPB', 'TPBank', 'VN'],
  ['SHB', 'SHB', 'VN'],
  ['HDB', 'HDBank', 'VN'],
  ['VIB', 'VIB', 'VN'],
  ['MSB', 'MSB', 'VN'],
  ['OCB', 'OCB', 'VN'],
  ['EIB', 'Eximbank', 'VN'],
  ['MBB', 'Maybank', 'MY'],
  ['CIMB', 'CIMB Bank', 'MY'],
  ['PBB', 'Public Bank', 'MY'],
  ['RHB', 'RHB Bank', 'MY'],
  ['HLB', 'Hong Leong Bank', 'MY'],
  ['AMB', 'AmBank', 'MY'],
  ['BIMB', 'Bank Islam', 'MY'],
  ['BSN', 'Bank Simpanan Nasional', 'MY'],
];

/**
 * Deposit channels (issue 4), amounts in minor units: a bank transfer to the house account, and the
 * online sandbox gateway. Added on every start when the site has no channel of that name, so an
 * operator's later changes (limits, disabling) are kept. A sandbox channel is seeded on only with the
 * demo accounts (issue 15: anyone can credit themselves through it); otherwise it waits, off, for
 * `ops payment-channel enable`.
 */
export const DEPOSIT_CHANNELS = [
  {
    type: 'bank',
    name: 'Bank transfer',
    minAmount: 5_000_000,
    maxAmount: 50_000_000_000,
    bankName: 'Vietcombank',
    accountName: 'CONG TY PLAYHALL DEMO',
    accountNumber: '0071000123456',
    branch: 'Ho Chi Minh City',
    gateway: null,
    gatewayMerchantId: null,
  },
  {
    type: 'online',
    name: 'Sandbox Pay',
    minAmount: 1_000_000,
    maxAmount: 10_000_000_000,
    bankName: null,
    accountName: null,
    accountNumber: null,
    branch: null,
    gateway: 'sandbox',
    gatewayMerchantId: 'PLAYHALL',
  },
] as const;

/**
 * The demo top agent's contracts with the platform, one of every kind (issue 16: without them the demo agent had
 * nothing to offer its downlines). Each ladder starts at no minimum, so a plain one-tier offer below its first
 * rate is within the agent's own terms; rates in basis points, amounts in minor units (VND).
 */
export const DEMO_PLATFORM_CONTRACTS: TContractTerms[] = [
  {
    kind: 'dailySalary',
    tiers: [
      { rate: 80, minActiveMembers: 0, minValidBet: 0 },
      { rate: 100, minActiveMembers: 3, minValidBet: 1_000_000_000 },
      { rate: 120, minActiveMembers: 5, minValidBet: 5_000_000_000 },
    ],
  },
  {
    kind: 'hourlySalary',
    tiers: [
      { rate: 20, minActiveMembers: 0, minValidBet: 0 },
      { rate: 30, minActiveMembers: 3, minValidBet: 100_000_000 },
    ],
  },
  { kind: 'realtimeSalary', profitRate: 10, lossRate: 30, minBetAmount: 1_000_000 },
  {
    kind: 'dividend',
    period: 'semimonthly',
    tiers: [
      { rate: 1_500, minActiveMembers: 0, minNetLoss: 0 },
      { rate: 2_500, minActiveMembers: 3, minNetLoss: 5_000_000_000 },
      { rate: 3_500, minActiveMembers: 5, minNetLoss: 20_000_000_000 },
    ],
  },
];
