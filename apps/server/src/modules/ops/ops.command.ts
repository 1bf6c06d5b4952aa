import { z } from 'zod';
import { parsePrizeArgs } from '../lottery/lottery.ops.ts';
import { ALL_MODULE_FLAGS } from '@playhall/contract/whitelabel';
import { ANNOUNCEMENT_TYPES } from '@playhall/contract/constants';
import { ZRequestId } from '@playhall/contract/fields';
import { ZContractTerms } from '@playhall/contract/calls/agent';
import { LANGUAGES, ZLanguageCode } from '@playhall/contract/languages';
import { isSafeLink } from '@playhall/contract/links';
import { parseMajorAmount } from '../ledger/amount.ts';
import { ENVELOPE_COMMANDS, ENVELOPE_OPTIONS, ENVELOPE_USAGE, EnvelopeArgsError, envelopeArgs } from '../envelopes/envelopes.ops.ts';
import { RAFFLE_COMMANDS, RAFFLE_USAGE, RaffleArgsError, raffleArgs } from '../raffle/raffle.ops.ts';
import { VIP_COMMANDS, VIP_OPTIONS, VIP_USAGE, VipArgsError, vipArgs } from '../vip/vip.ops.ts';
import { ACTIVITY_COMMANDS, ACTIVITY_OPTIONS, ACTIVITY_USAGE, ActivityArgsError, activityArgs } from '../promotions/activity.args.ts';
import { POINTS_COMMANDS, POINTS_OPTIONS, POINTS_USAGE, PointsArgsError, pointsArgs } from '../points/points.ops.ts';
import { MISSION_COMMANDS, MISSION_OPTIONS, MISSION_USAGE, MissionArgsError, missionArgs } from '../missions/missions.ops.ts';
import { REFERRAL_COMMANDS, REFERRAL_OPTIONS, REFERRAL_USAGE, ReferralArgsError, referralArgs } from '../referral/referral.ops.ts';
import { CHAT_COMMANDS, CHAT_OPTIONS, CHAT_USAGE, ChatArgsError, chatArgs } from '../chat/chat.ops.ts';
import { INBOX_COMMANDS, INBOX_OPTIONS, INBOX_USAGE, InboxArgsError, inboxArgs, inboxArgv } from '../inbox/inbox.ops.ts';
import { SPORTS_COMMANDS, SPORTS_OPTIONS, SPORTS_USAGE, SportsArgsError, sportsArgs } from '../sportsbook/sportsbook.args.ts';
import { DOMAIN_COMMANDS, DOMAIN_USAGE, DomainArgsError, domainArgs } from '../system/domains.ops.ts';
import { parseClockStep } from '../responsible/test-clock.ts';
import { RG_COMMANDS, RG_USAGE, RgArgsError, rgArgs } from '../responsible/responsible.ops.ts';
import { TRANSLATABLE, translationTargetProblem, type TTranslatable } from './translate.ops.ts';
import { USER_COMMANDS, USER_USAGE, UserArgsError, userArgs } from './user.ops.ts';
import { HELP_COMMANDS, HELP_OPTIONS, HELP_SUBCOMMANDS, HELP_USAGE, HelpArgsError, helpArgs } from './help.ops.ts';
import { OPERATOR_COMMANDS, OPERATOR_OPTIONS, OPERATOR_USAGE, OperatorArgsError, operatorArgs } from './operator.ops.ts';

/** Operator commands as data: the CLI parses argv into one, and runs it locally or through the operator API. */
const ZIso = z.iso.datetime({ offset: true });
/** A stored link: http(s) or a page of this site (issue 15); runOpsCommand checks it again. */
export const LINK_RULE = 'must be an http:// or https:// address or a path on this site such as /promotions (javascript:, data: and //host are refused)';
const ZLink = z.string().max(500).refine(isSafeLink, LINK_RULE);
const ZUsername = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'username: 4–32 letters, digits or _, starting with a letter');

export const ZOpsCommand = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('status.show') }),
  z.strictObject({
    kind: z.literal('status.set'),
    mode: z.enum(['normal', 'maintenance', 'region-block']),
    until: ZIso.nullable(),
  }),
  z.strictObject({
    kind: z.literal('region.set'),
    rule: z.enum(['allow', 'block', 'remove']),
    country: z.string().regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO code such as VN'),
  }),
  z.strictObject({
    kind: z.literal('flag.set'),
    modId: z.enum(ALL_MODULE_FLAGS as [string, ...string[]], { error: () => ({ message: `unknown module id; known: ${ALL_MODULE_FLAGS.join(', ')}` }) }),
    on: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('registerField.set'),
    field: z.string().min(1).max(40),
    state: z.enum(['off', 'optional', 'required']),
  }),
  z.strictObject({
    kind: z.literal('user.create'),
    username: ZUsername,
    password: z.string().min(6, 'password: at least 6 characters').max(64),
    type: z.enum(['member', 'agent']),
    upline: ZUsername.nullable(),
  }),
  z.strictObject({
    kind: z.literal('announce.add'),
    /** A: agency notices, shown only in the agent centre. */
    type: z.enum([...ANNOUNCEMENT_TYPES, 'A']),
    title: z.string().min(1).max(200),
    content: z.string().max(20_000),
    image: ZLink.nullable(),
    link: ZLink.nullable(),
    until: ZIso.nullable(),
  }),
  z.strictObject({ kind: z.literal('announce.list') }),
  z.strictObject({
    kind: z.literal('content.translate'),
    what: z.enum(TRANSLATABLE, { error: () => ({ message: `translate ${TRANSLATABLE.join('|')} <id|level|vendor/gameId> …` }) }),
    /** Which one: an id (announcement, help, activity, mall), a VIP level (vip) or <vendor>/<gameId> (game). */
    target: z.string().min(1).max(100),
    language: ZLanguageCode,
    /** The fields written in that language; the others keep falling back (merchant's default language, then the base). */
    fields: z.partialRecord(z.enum(['title', 'content', 'summary', 'termsHtml', 'categoryTitle', 'name', 'descriptionHtml']), z.string().trim().min(1).max(50_000)),
  }),
  z.strictObject({ kind: z.literal('announce.remove'), id: z.number().int().positive() }),
  z.strictObject({ kind: z.literal('audit.list'), limit: z.number().int().min(1).max(1000) }),
  z.strictObject({
    kind: z.literal('sms.outbox'),
    mobile: z.string().regex(/^\+?[0-9]{4,18}$/, 'digits, optionally with the dialing code').nullable(),
    limit: z.number().int().min(1).max(1000),
  }),
  z.strictObject({ kind: z.literal('sms.provider'), flow: z.enum(['own', 'sandbox']) }),
  z.strictObject({
    kind: z.literal('mail.outbox'),
    address: z.string().min(3).max(254).includes('@', { message: 'an e-mail address' }).nullable(),
    limit: z.number().int().min(1).max(1000),
  }),
  z.strictObject({
    kind: z.literal('passwordMaxAge.set'),
    days: z.number().int().min(1, '1 or more, or off').max(3650).nullable(),
  }),
  z.strictObject({ kind: z.literal('ledger.check') }),
  z.strictObject({ kind: z.literal('siteLanguage.set'), language: ZLanguageCode }),
  z.strictObject({ kind: z.literal('siteCountry.set'), country: z.string().regex(/^[A-Z]{2}$/) }),
  z.strictObject({ kind: z.literal('walletMode.set'), mode: z.enum(['single', 'transfer']) }),
  z.strictObject({ kind: z.literal('paymentChannel.list') }),
  z.strictObject({ kind: z.literal('paymentChannel.set'), id: z.number().int().positive('a channel id'), on: z.boolean() }),
  z.strictObject({
    kind: z.literal('paymentChannel.limits'),
    id: z.number().int().positive('a channel id'),
    /** Minor units (parsed from major units by parseMajorAmount). */
    min: z.number().int().positive('the minimum is at least 0.01'),
    max: z.number().int().positive('the maximum is at least 0.01').max(Number.MAX_SAFE_INTEGER),
  }).refine((c) => c.max >= c.min, { message: 'the maximum cannot be below the minimum', path: ['max'] }),
  z.strictObject({ kind: z.literal('deposit.review') }),
  z.strictObject({ kind: z.literal('deposit.approve'), id: z.number().int().positive('a deposit id') }),
  z.strictObject({
    kind: z.literal('deposit.reject'),
    id: z.number().int().positive('a deposit id'),
    reason: z.string().trim().min(1, '--reason is required').max(500),
  }),
  z.strictObject({
    kind: z.literal('deposit.receipt'),
    id: z.number().int().positive('a deposit id'),
    /** Where the CLI writes the image (on the operator's machine). */
    out: z.string().min(1).max(1000),
  }),
  z.strictObject({
    kind: z.literal('wallet.adjust'),
    username: ZUsername,
    /** Signed minor units (parsed from major units by parseMajorAmount). */
    amount: z.number().int().refine((n) => n !== 0, 'the amount cannot be zero'),
    reason: z.string().trim().min(1, '--reason is required').max(500),
    requestId: ZRequestId.nullable(),
  }),
  z.strictObject({
    kind: z.literal('wallet.bonus'),
    username: ZUsername,
    amount: z.number().int().positive('a bonus is a positive amount'),
    reason: z.string().trim().min(1, '--reason is required').max(500),
    requestId: ZRequestId.nullable(),
  }),
  z.strictObject({ kind: z.literal('withdrawal.review'), status: z.enum(['pending', 'paid', 'disputed']) }),
  z.strictObject({ kind: z.literal('withdrawal.pay'), id: z.number().int().positive('a withdrawal id') }),
  z.strictObject({
    kind: z.literal('withdrawal.proof'),
    id: z.number().int().positive('a withdrawal id'),
    /** Where the CLI writes the image (on the operator's machine). */
    out: z.string().min(1).max(1000),
  }),
  z.strictObject({
    kind: z.literal('withdrawal.reject'),
    id: z.number().int().positive('a withdrawal id'),
    reason: z.string().trim().min(1, '--reason is required').max(500),
  }),
  z.strictObject({
    kind: z.literal('withdrawal.resolve'),
    id: z.number().int().positive('a withdrawal id'),
    /** Minor units back to the member; 0 closes the dispute without a refund. */
    refund: z.number().int().min(0),
    reason: z.string().trim().min(1, '--reason is required').max(500),
  }),
  z.strictObject({ kind: z.literal('settle'), contractKind: z.enum(['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend']), at: z.iso.datetime({ offset: true }) }),
  z.strictObject({ kind: z.literal('contract.platform'), username: z.string().min(1).max(64), terms: ZContractTerms, from: z.iso.datetime({ offset: true }).nullish() }),
  z.strictObject({
    kind: z.literal('contract.start'),
    username: z.string().min(1).max(64),
    contractKind: z.enum(['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend']),
    from: z.iso.datetime({ offset: true }),
  }),
  z.strictObject({ kind: z.literal('lottery.odds'), prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).nullable() }),
  z.strictObject({ kind: z.literal('lottery.draws'), game: z.string().min(1).max(32), limit: z.number().int().min(1).max(1000) }),
  z.strictObject({
    kind: z.literal('lottery.result'),
    game: z.string().min(1).max(32),
    drawNo: z.string().min(1).max(32),
    prizes: z.record(z.string(), z.array(z.string())),
  }),
  z.strictObject({
    kind: z.literal('lottery.void'),
    game: z.string().min(1).max(32),
    drawNo: z.string().min(1).max(32),
    reason: z.string().trim().min(1, '--reason is required').max(500),
  }),
  z.strictObject({ kind: z.literal('lottery.source'), game: z.string().min(1).max(32), source: z.enum(['house', 'operator']) }),
  z.strictObject({ kind: z.literal('lottery.settle'), game: z.string().min(1).max(32), drawNo: z.string().min(1).max(32) }),
  z.strictObject({ kind: z.literal('vendor.list') }),
  // The responsible-gaming test clock (issue 22): moves only on a process run with PLAYHALL_TEST_CLOCK=1.
  z.strictObject({ kind: z.literal('clock'), stepMs: z.number().int().positive().nullable() }),
  z.strictObject({
    kind: z.literal('vendor.set'),
    code: z.string().regex(/^[A-Z0-9_]{1,32}$/, 'a vendor code such as PH_SLOT or PG (see vendor list)'),
    on: z.boolean(),
  }),
  ...ACTIVITY_COMMANDS,
  ...ENVELOPE_COMMANDS,
  ...RAFFLE_COMMANDS,
  ...VIP_COMMANDS,
  ...POINTS_COMMANDS,
  ...MISSION_COMMANDS,
  ...REFERRAL_COMMANDS,
  ...CHAT_COMMANDS,
  ...INBOX_COMMANDS,
  ...SPORTS_COMMANDS,
  ...DOMAIN_COMMANDS,
  ...RG_COMMANDS,
  ...USER_COMMANDS,
  ...HELP_COMMANDS,
  ...OPERATOR_COMMANDS,
]);
export type TOpsCommand = z.infer<typeof ZOpsCommand>;

export const USAGE = `Usage: npm run ops -- <command>

  status                                     show the site status
  status normal|maintenance [--until ISO]|region-block
  region allow|block|remove <CC>             country rule (two-letter code)
${DOMAIN_USAGE}
  flag <MODID> on|off                        white-label module flag (e.g. DIRECTREG3)
  register-field <field> off|optional|required
  user create <username> --password <p> [--type member|agent] [--upline <username>]
${USER_USAGE}
${HELP_USAGE}
  announce add --type B|PL|PU|PR|H|A --title <t> [--content <html>] [--image <path>] [--link <url>] [--until ISO]
  announce list
  announce remove <id>
  translate announcement|help|activity|mall <id> --lang <CODE> [--title <t>] [--content <html>] [--summary <t>]
                                             [--html <terms or description html>] [--category <help category title>]
                                             [--name <mall item name>]
  translate vip <level> --lang <CODE> --name <level name>
  translate game <vendor>/<gameId> --lang <CODE> --name <game name>
                                             the text in one language; members reading another fall back to
                                             the site language, then to the base text
  audit [--limit N]                          latest operator actions
  sms outbox [mobile] [--limit N]            SMS the default provider "sent" (newest first)
  sms provider own|sandbox                   verify phone numbers with our own SMS codes (default), or through the
                                             sandbox phone provider's signed tokens (demos and tests: no real SMS;
                                             production runs it only with ALLOW_SANDBOX_PHONE=yes-no-real-sms)
  mail outbox [address] [--limit N]          e-mail the default provider "sent" (newest first)
  password-max-age <days>|off                passwords older than this are expired (PWDEXPFORCECHANGE3)
  ledger check                               prove the ledger: balances = postings, entries sum to zero
  site language <code>                       the interface language a first visit shows (default MY; a visitor's
                                             own choice wins), e.g. site language VI
  site country <code>                        the country whose banks members bind cards of (ISO 3166, default VN;
                                             a country the site lists banks of), e.g. site country MY
  wallet bonus <username> <amount> --reason <text> [--request-id <id>]
                                             grant a bonus (bonus details, personal profit; subtracted from the
                                             team's dividend base)
  wallet adjust <username> <amount> --reason <text> [--request-id <id>]
                                             credit (or, negative, debit) a main wallet; amount in major units
  wallet mode single|transfer                vendors play from the main wallet, or each has a transfer wallet
  payment-channel list                       deposit channels: id, on/off, type, gateway, name, limits
  payment-channel enable|disable <id>        offer a channel to members, or stop (a sandbox channel moves no
                                             money: off unless turned on; production runs it only with
                                             ALLOW_SANDBOX_PAYMENTS=yes-no-money-moves)
  payment-channel limits <id> <min> <max>    the smallest and largest deposit on a channel, major units
  deposit review                             bank deposits awaiting the operator, oldest first
  deposit approve <id>                       the transfer arrived: credit the member's main wallet
  deposit reject <id> --reason <text>        refuse it; the member sees the reason
  deposit receipt <id> --out <file>          save the member's transfer receipt (PNG or JPEG) to look at
  withdrawal review [pending|paid|disputed]  withdrawals awaiting the operator (default pending), with the full card
  withdrawal pay <id>                        the money was sent: it leaves the hold; the member has to confirm
  withdrawal reject <id> --reason <text>     refuse it: amount and fee go back to the member's wallet
  withdrawal resolve <id> [--refund <amount>] --reason <text>
                                             end a dispute (partly or not received), refunding up to the missing part
  withdrawal proof <id> --out <file>         save the member's proof image of a partly received withdrawal
  settle daily-salary|hourly-salary|realtime-salary|dividend [--at ISO]
                                             settle the period that ended by that moment (default now), as the job would
  contract platform <agent> --terms <json> [--from ISO]
                                             the platform's contract with a top agent, valid now (or from --from),
                                             e.g. --terms '{"kind":"dailySalary","tiers":[{"rate":80,"minActiveMembers":0,"minValidBet":0}]}'
  contract start <account> daily-salary|hourly-salary|realtime-salary|dividend --from ISO
                                             move the start of the contract of that kind the account holds (an
                                             earlier start agreed outside the portal); never into a settled period
  lottery odds [Lott|ZY|Elott|SEA]           the return to player of every bet type under the games' configured
                                             odds (or a prize mode's default table)
  lottery draws <game> [--limit N]           a game's latest draws with their status (e.g. lottery draws EL1)
  lottery source <game> house|operator       results from the house draw, or entered by the operator
  lottery result <game> <drawNo> DB=<n> G1=<n> G2=<n>,<n> …
                                             enter an operator-sourced draw's result; its tickets are settled
  lottery void <game> <drawNo> --reason <t>  void a draw that is not settled: every open ticket is refunded
  lottery settle <game> <drawNo>             run the settlement of a drawn draw now (repairs a missed run)
  vendor list                                game vendors: code, category, on/off, integration, open or under maintenance
  vendor enable|disable <code>               turn a vendor's integration on (its games are listed and start) or off
                                             (shown under maintenance, its games leave every list); a vendor without
                                             a configured integration cannot be turned on
${ACTIVITY_USAGE}
${RAFFLE_USAGE}
${VIP_USAGE}
${ENVELOPE_USAGE}
${POINTS_USAGE}
${MISSION_USAGE}
${REFERRAL_USAGE}
${CHAT_USAGE}
${INBOX_USAGE}
${SPORTS_USAGE}
${RG_USAGE}
${OPERATOR_USAGE}

Reads DATA_DIR, DATABASE_URL and PORT like the server. OPS_ACTOR names who acts (default: the OS user).`;

export class UsageError extends Error {}

interface TArgs {
  positional: string[];
  options: Map<string, string>;
}

/** The contract kinds as the command line spells them. */
const CONTRACT_KINDS: Record<string, string> = { 'daily-salary': 'dailySalary', 'hourly-salary': 'hourlySalary', 'realtime-salary': 'realtimeSalary', dividend: 'dividend' };

const VALUE_OPTIONS = new Set(['at', 'from', 'terms', 'until', 'password', 'type', 'upline', 'title', 'content', 'image', 'link', 'limit', 'reason', 'request-id', 'refund', 'out', 'lang', 'summary', 'html', 'category', 'name']);

export function splitArgs(argv: readonly string[], valueOptions: ReadonlySet<string> = VALUE_OPTIONS): TArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (!valueOptions.has(name)) throw new UsageError(`unknown option --${name}`);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (options.has(name)) throw new UsageError(`--${name} given twice`);
      options.set(name, value);
    } else positional.push(arg);
  }
  return { positional, options };
}

function only(args: TArgs, allowed: string[], positionals: number): void {
  for (const name of args.options.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`--${name} does not apply to "${args.positional.slice(0, 2).join(' ')}"`);
  }
  if (args.positional.length > positionals) throw new UsageError(`unexpected argument "${args.positional[positionals]}"`);
}

/** Commands whose options are their own (each module's *.ops.ts / *.args.ts). */
const OWN_OPTIONS: Record<string, ReadonlySet<string>> = { activity: ACTIVITY_OPTIONS, envelope: ENVELOPE_OPTIONS, points: POINTS_OPTIONS, mission: MISSION_OPTIONS, referral: REFERRAL_OPTIONS, vip: VIP_OPTIONS, message: INBOX_OPTIONS, feedback: INBOX_OPTIONS, chat: CHAT_OPTIONS, sports: SPORTS_OPTIONS, operator: OPERATOR_OPTIONS, help: HELP_OPTIONS };

/** argv (after `npm run ops --`) to a validated command; throws UsageError with a clear message. */
export function parseOpsCommand(given: readonly string[]): TOpsCommand {
  // `message send --to-all` and `feedback list --open` are flags (modules/inbox/inbox.ops.ts).
  const argv = inboxArgv(given);
  // `activity …` has options of its own (modules/promotions/activity.args.ts).
  const args = splitArgs(argv, OWN_OPTIONS[argv[0] ?? ''] ?? VALUE_OPTIONS);
  const [verb, a, b] = args.positional;
  const opt = (name: string) => args.options.get(name) ?? null;
  let raw: unknown;
  switch (verb) {
    case 'status':
      if (a === undefined) {
        only(args, [], 1);
        raw = { kind: 'status.show' };
        break;
      }
      only(args, a === 'maintenance' ? ['until'] : [], 2);
      if (!['normal', 'maintenance', 'region-block'].includes(a)) throw new UsageError(`status must be normal, maintenance or region-block, not "${a}"`);
      raw = { kind: 'status.set', mode: a, until: opt('until') };
      break;
    case 'region':
      only(args, [], 3);
      if (!a || !['allow', 'block', 'remove'].includes(a)) throw new UsageError('region needs allow, block or remove');
      if (!b) throw new UsageError('region needs a country code, e.g. region block US');
      raw = { kind: 'region.set', rule: a, country: b.toUpperCase() };
      break;
    case 'flag':
      only(args, [], 3);
      if (!a) throw new UsageError('flag needs a module id');
      if (b !== 'on' && b !== 'off') throw new UsageError('flag needs on or off');
      raw = { kind: 'flag.set', modId: a.toUpperCase(), on: b === 'on' };
      break;
    case 'register-field':
      only(args, [], 3);
      if (!a) throw new UsageError('register-field needs a field name');
      if (!b || !['off', 'optional', 'required'].includes(b)) throw new UsageError('register-field needs off, optional or required');
      raw = { kind: 'registerField.set', field: a, state: b };
      break;
    case 'user':
      if (a !== 'create') {
        try {
          raw = userArgs(args.positional.slice(1), args.options);
        } catch (err) {
          if (err instanceof UserArgsError) throw new UsageError(err.message);
          throw err;
        }
        break;
      }
      only(args, ['password', 'type', 'upline'], 3);
      if (!b) throw new UsageError('user create needs a username');
      if (!opt('password')) throw new UsageError('user create needs --password');
      raw = { kind: 'user.create', username: b, password: opt('password'), type: opt('type') ?? 'member', upline: opt('upline') };
      break;
    case 'announce':
      if (a === 'add') {
        only(args, ['type', 'title', 'content', 'image', 'link', 'until'], 2);
        if (!opt('type') || !opt('title')) throw new UsageError('announce add needs --type and --title');
        raw = {
          kind: 'announce.add',
          type: opt('type')?.toUpperCase(),
          title: opt('title'),
          content: opt('content') ?? '',
          image: opt('image'),
          link: opt('link'),
          until: opt('until'),
        };
      } else if (a === 'list') {
        only(args, [], 2);
        raw = { kind: 'announce.list' };
      } else if (a === 'remove') {
        only(args, [], 3);
        raw = { kind: 'announce.remove', id: Number(b) };
      } else throw new UsageError('announce supports: add, list, remove');
      break;
    case 'translate': {
      only(args, ['lang', 'title', 'content', 'summary', 'html', 'category', 'name'], 3);
      if (!opt('lang')) throw new UsageError('translate needs --lang, e.g. --lang VI');
      const fields = Object.fromEntries(
        ([['title', 'title'], ['content', 'content'], ['summary', 'summary'], ['html', a === 'mall' ? 'descriptionHtml' : 'termsHtml'], ['category', 'categoryTitle'], ['name', 'name']] as const)
          .flatMap(([option, field]) => (opt(option) === null ? [] : [[field, opt(option)]])),
      );
      if (Object.keys(fields).length === 0) throw new UsageError('translate needs at least one of --title, --content, --summary, --html, --category, --name');
      const problem = (TRANSLATABLE as readonly (string | undefined)[]).includes(a) ? translationTargetProblem(a as TTranslatable, b ?? '') : null;
      if (problem) throw new UsageError(problem);
      raw = { kind: 'content.translate', what: a, target: b, language: opt('lang')?.toUpperCase(), fields };
      break;
    }
    case 'audit':
      if (a === 'verify') {
        only(args, [], 2);
        raw = { kind: 'audit.verify' };
        break;
      }
      only(args, ['limit'], 1);
      raw = { kind: 'audit.list', limit: Number(opt('limit') ?? 20) };
      break;
    case 'sms':
    case 'mail':
      if (verb === 'sms' && a === 'provider') {
        only(args, [], 3);
        if (b !== 'own' && b !== 'sandbox') throw new UsageError('sms provider needs own or sandbox');
        raw = { kind: 'sms.provider', flow: b };
        break;
      }
      if (a !== 'outbox') throw new UsageError(`${verb} supports: outbox${verb === 'sms' ? ', provider own|sandbox' : ''}`);
      only(args, ['limit'], 3);
      raw = verb === 'sms'
        ? { kind: 'sms.outbox', mobile: b ?? null, limit: Number(opt('limit') ?? 20) }
        : { kind: 'mail.outbox', address: b ?? null, limit: Number(opt('limit') ?? 20) };
      break;
    case 'password-max-age':
      only(args, [], 2);
      if (a === undefined) throw new UsageError('password-max-age needs a number of days or off');
      raw = { kind: 'passwordMaxAge.set', days: a === 'off' ? null : Number(a) };
      break;
    case 'site':
      if (a === 'country') {
        only(args, [], 3);
        if (!b || !/^[a-z]{2}$/i.test(b)) throw new UsageError('site country needs a two-letter country code (ISO 3166), e.g. VN');
        raw = { kind: 'siteCountry.set', country: b.toUpperCase() };
        break;
      }
      if (a !== 'language') throw new UsageError('site supports: language, country');
      only(args, [], 3);
      if (!b) throw new UsageError(`site language needs a language code: ${LANGUAGES.map((l) => l.code).join(', ')}`);
      if (!ZLanguageCode.safeParse(b.toUpperCase()).success) throw new UsageError(`unknown language "${b}"; known: ${LANGUAGES.map((l) => l.code).join(', ')}`);
      raw = { kind: 'siteLanguage.set', language: b.toUpperCase() };
      break;
    case 'ledger':
      if (a !== 'check') throw new UsageError('ledger supports: check');
      only(args, [], 2);
      raw = { kind: 'ledger.check' };
      break;
    case 'wallet': {
      if (a === 'mode') {
        only(args, [], 3);
        if (b !== 'single' && b !== 'transfer') throw new UsageError('wallet mode needs single or transfer');
        raw = { kind: 'walletMode.set', mode: b };
        break;
      }
      if (a !== 'adjust' && a !== 'bonus') throw new UsageError('wallet supports: adjust, bonus, mode');
      only(args, ['reason', 'request-id'], 4);
      const amountText = args.positional[3];
      if (!b || amountText === undefined) throw new UsageError(`wallet ${a} needs a username and an amount, e.g. wallet ${a} member01 150.50 --reason "goodwill"`);
      if (!opt('reason')) throw new UsageError(`wallet ${a} needs --reason`);
      const amount = parseMajorAmount(amountText);
      if (!amount.ok) throw new UsageError(`amount: ${amount.reason}`);
      raw = { kind: `wallet.${a}`, username: b, amount: amount.minor, reason: opt('reason'), requestId: opt('request-id') };
      break;
    }
    case 'withdrawal': {
      const id = Number(b);
      if (['pay', 'reject', 'resolve', 'proof'].includes(a ?? '') && !/^[1-9][0-9]{0,15}$/.test(b ?? '')) {
        throw new UsageError(`withdrawal ${a} needs a withdrawal id, e.g. withdrawal ${a} 12`);
      }
      if (a === 'review') {
        only(args, [], 3);
        raw = { kind: 'withdrawal.review', status: b ?? 'pending' };
      } else if (a === 'pay') {
        only(args, [], 3);
        raw = { kind: 'withdrawal.pay', id };
      } else if (a === 'reject') {
        only(args, ['reason'], 3);
        if (!opt('reason')) throw new UsageError('withdrawal reject needs --reason');
        raw = { kind: 'withdrawal.reject', id, reason: opt('reason') };
      } else if (a === 'resolve') {
        only(args, ['refund', 'reason'], 3);
        if (!opt('reason')) throw new UsageError('withdrawal resolve needs --reason');
        const refundText = opt('refund');
        const refund = refundText === null ? { ok: true as const, minor: 0 } : parseMajorAmount(refundText);
        if (!refund.ok) throw new UsageError(`refund: ${refund.reason}`);
        raw = { kind: 'withdrawal.resolve', id, refund: refund.minor, reason: opt('reason') };
      } else if (a === 'proof') {
        only(args, ['out'], 3);
        if (!opt('out')) throw new UsageError('withdrawal proof needs --out <file>');
        raw = { kind: 'withdrawal.proof', id, out: opt('out') };
      } else throw new UsageError('withdrawal supports: review, pay, reject, resolve, proof');
      break;
    }
    case 'payment-channel':
      if (a === 'list') {
        only(args, [], 2);
        raw = { kind: 'paymentChannel.list' };
      } else if (a === 'enable' || a === 'disable') {
        only(args, [], 3);
        if (!/^[1-9][0-9]{0,9}$/.test(b ?? '')) throw new UsageError(`payment-channel ${a} needs a channel id (see payment-channel list), e.g. payment-channel ${a} 2`);
        raw = { kind: 'paymentChannel.set', id: Number(b), on: a === 'enable' };
      } else if (a === 'limits') {
        only(args, [], 5);
        const [minText, maxText] = args.positional.slice(3);
        if (!/^[1-9][0-9]{0,9}$/.test(b ?? '') || minText === undefined || maxText === undefined) {
          throw new UsageError('payment-channel limits needs a channel id, a minimum and a maximum, e.g. payment-channel limits 2 50 50000');
        }
        const min = parseMajorAmount(minText);
        if (!min.ok) throw new UsageError(`minimum: ${min.reason}`);
        const max = parseMajorAmount(maxText);
        if (!max.ok) throw new UsageError(`maximum: ${max.reason}`);
        raw = { kind: 'paymentChannel.limits', id: Number(b), min: min.minor, max: max.minor };
      } else throw new UsageError('payment-channel supports: list, enable, disable, limits');
      break;
    case 'deposit':
      if (a === 'review') {
        only(args, [], 2);
        raw = { kind: 'deposit.review' };
      } else if (a === 'approve') {
        only(args, [], 3);
        raw = { kind: 'deposit.approve', id: Number(b) };
      } else if (a === 'reject') {
        only(args, ['reason'], 3);
        if (!opt('reason')) throw new UsageError('deposit reject needs --reason');
        raw = { kind: 'deposit.reject', id: Number(b), reason: opt('reason') };
      } else if (a === 'receipt') {
        only(args, ['out'], 3);
        if (!opt('out')) throw new UsageError('deposit receipt needs --out <file>');
        raw = { kind: 'deposit.receipt', id: Number(b), out: opt('out') };
      } else throw new UsageError('deposit supports: review, approve, reject, receipt');
      break;
    case 'settle': {
      only(args, ['at'], 2);
      if (!a || !CONTRACT_KINDS[a]) throw new UsageError('settle needs a kind: daily-salary, hourly-salary, realtime-salary or dividend');
      raw = { kind: 'settle', contractKind: CONTRACT_KINDS[a], at: opt('at') ?? new Date().toISOString() };
      break;
    }
    case 'contract': {
      if (a === 'start') {
        only(args, ['from'], 4);
        const kind = args.positional[3];
        if (!b || !kind || !CONTRACT_KINDS[kind] || !opt('from')) {
          throw new UsageError('contract start needs an account, a kind (daily-salary, hourly-salary, realtime-salary, dividend) and --from <ISO time>');
        }
        raw = { kind: 'contract.start', username: b, contractKind: CONTRACT_KINDS[kind], from: opt('from') };
        break;
      }
      if (a !== 'platform') throw new UsageError('contract supports: platform, start');
      only(args, ['terms', 'from'], 3);
      if (!b || !opt('terms')) throw new UsageError('contract platform needs an agent and --terms <json>');
      let terms: unknown;
      try {
        terms = JSON.parse(opt('terms') ?? '');
      } catch {
        throw new UsageError('--terms is not JSON');
      }
      raw = { kind: 'contract.platform', username: b, terms, from: opt('from') };
      break;
    }
    case 'lottery': {
      const c = args.positional[3];
      if (a === 'odds') {
        only(args, [], 3);
        raw = { kind: 'lottery.odds', prizeMode: b ?? null };
      } else if (a === 'draws') {
        only(args, ['limit'], 3);
        if (!b) throw new UsageError('lottery draws needs a game code, e.g. lottery draws EL1');
        raw = { kind: 'lottery.draws', game: b, limit: Number(opt('limit') ?? 20) };
      } else if (a === 'source') {
        only(args, [], 4);
        if (!b || !c) throw new UsageError('lottery source needs a game and house|operator, e.g. lottery source XSMB operator');
        raw = { kind: 'lottery.source', game: b, source: c };
      } else if (a === 'result') {
        if (args.options.size > 0) throw new UsageError('lottery result takes no options');
        if (!b || !c) throw new UsageError('lottery result needs a game, a draw number and the prizes, e.g. lottery result XSMB 20261122 DB=12345 G1=…');
        const prizes = parsePrizeArgs(args.positional.slice(4));
        if (typeof prizes === 'string') throw new UsageError(prizes);
        raw = { kind: 'lottery.result', game: b, drawNo: c, prizes };
      } else if (a === 'void') {
        only(args, ['reason'], 4);
        if (!b || !c) throw new UsageError('lottery void needs a game and a draw number');
        if (!opt('reason')) throw new UsageError('lottery void needs --reason');
        raw = { kind: 'lottery.void', game: b, drawNo: c, reason: opt('reason') };
      } else if (a === 'settle') {
        only(args, [], 4);
        if (!b || !c) throw new UsageError('lottery settle needs a game and a draw number');
        raw = { kind: 'lottery.settle', game: b, drawNo: c };
      } else throw new UsageError('lottery supports: odds, draws, source, result, void, settle');
      break;
    }
    case 'clock': {
      only(args, [], 3);
      if (a === 'reset') raw = { kind: 'clock', stepMs: null };
      else if (a === 'advance') {
        const step = b ? parseClockStep(b) : null;
        if (step === null) throw new UsageError('clock advance needs a step such as 25h, 2d or 90m');
        raw = { kind: 'clock', stepMs: step };
      } else throw new UsageError('clock supports: advance <25h|2d|90m>, reset');
      break;
    }
    case 'vendor':
      if (a === 'list') {
        only(args, [], 2);
        raw = { kind: 'vendor.list' };
      } else if (a === 'enable' || a === 'disable') {
        only(args, [], 3);
        if (!b) throw new UsageError(`vendor ${a} needs a vendor code (see vendor list), e.g. vendor ${a} PH_SLOT`);
        raw = { kind: 'vendor.set', code: b.toUpperCase(), on: a === 'enable' };
      } else throw new UsageError('vendor supports: list, enable, disable');
      break;
    case 'activity':
      try {
        raw = activityArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof ActivityArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'raffle':
    case 'envelope':
      try {
        raw = verb === 'raffle' ? raffleArgs(args.positional.slice(1), args.options) : envelopeArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof RaffleArgsError || err instanceof EnvelopeArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'mission':
    case 'referral':
      try {
        raw = verb === 'mission' ? missionArgs(args.positional.slice(1), args.options) : referralArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof MissionArgsError || err instanceof ReferralArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'points':
      try {
        raw = pointsArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof PointsArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'vip':
      try {
        raw = vipArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof VipArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'message':
    case 'feedback':
      try {
        raw = inboxArgs(verb, args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof InboxArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'operator':
      try {
        raw = operatorArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof OperatorArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'rg':
      try {
        raw = rgArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof RgArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'domain':
      try {
        raw = domainArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof DomainArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'chat':
      try {
        raw = chatArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof ChatArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'sports':
      try {
        raw = sportsArgs(args.positional.slice(1), args.options);
      } catch (err) {
        if (err instanceof SportsArgsError) throw new UsageError(err.message);
        throw err;
      }
      break;
    case 'help':
      // `help` alone (or with another word) prints the usage; help list|add|edit|remove are the help centre's articles.
      if (a !== undefined && HELP_SUBCOMMANDS.has(a)) {
        try {
          raw = helpArgs(args.positional.slice(1), args.options);
        } catch (err) {
          if (err instanceof HelpArgsError) throw new UsageError(err.message);
          throw err;
        }
        break;
      }
      throw new UsageError(USAGE);
    case undefined:
      throw new UsageError(USAGE);
    default:
      throw new UsageError(`unknown command "${verb}"\n\n${USAGE}`);
  }
  const parsed = ZOpsCommand.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
  }
  return parsed.data;
}
