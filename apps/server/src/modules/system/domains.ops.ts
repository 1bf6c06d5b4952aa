import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb, TTx } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { domainOf } from './domains.ts';
import { createSiteRepository } from './site.repository.ts';

/**
 * `npm run ops -- domain add|remove|list` as data (ops.command.ts puts these in its union and hands `domain` argv
 * here), and what each does. The list is the status call's domain check and `GET /wps/system/domainRoute`.
 */

const ZDomain = z.string().max(300).superRefine((text, ctx) => {
  const r = domainOf(text);
  if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
});

export const DOMAIN_COMMANDS = [
  z.strictObject({ kind: z.literal('domain.list') }),
  z.strictObject({ kind: z.literal('domain.add'), domain: ZDomain }),
  z.strictObject({ kind: z.literal('domain.remove'), domain: ZDomain }),
] as const;
export type TDomainCommand = z.infer<(typeof DOMAIN_COMMANDS)[number]>;

export const DOMAIN_USAGE = `  domain list                                the merchant's domains (the portal shows "Invalid URL" on any other host)
  domain add <host>                          e.g. play.example.com, bücher.example or *.example.com (every name under
                                             it, not example.com itself); no scheme, port or path
  domain remove <host>                       the last domain cannot be removed`;

export class DomainArgsError extends Error {}
export class DomainRefusal extends Error {}

/** `domain …` (after the word domain) to a command (validated by ops.command.ts's union). */
export function domainArgs(positional: readonly string[], options: ReadonlyMap<string, string>): unknown {
  const [sub, host, extra] = positional;
  for (const name of options.keys()) throw new DomainArgsError(`--${name} does not apply to "domain ${sub ?? ''}"`);
  if (sub === 'list') {
    if (host !== undefined) throw new DomainArgsError(`unexpected argument "${host}"`);
    return { kind: 'domain.list' };
  }
  if (sub === 'add' || sub === 'remove') {
    if (host === undefined || extra !== undefined) throw new DomainArgsError(`domain ${sub} needs one host name, e.g. domain ${sub} play.example.com`);
    return { kind: `domain.${sub}`, domain: host };
  }
  throw new DomainArgsError('domain supports: list, add <host>, remove <host>');
}

const siteRepo = createSiteRepository();
type TAudit = (tx: TTx, entry: { target: string; before: unknown; after: unknown }) => Promise<unknown>;

function stored(text: string): string {
  const r = domainOf(text);
  if ('error' in r) throw new DomainRefusal(r.error);
  return r.domain;
}

/**
 * Runs a domain command. A change, its audit row and the settings-version bump are one transaction, so every
 * server drops its cached settings (and with them the status answer) once it commits. The merchant row is locked
 * first, so two removals at once cannot both see a second domain and leave none.
 */
export async function runDomainCommand(db: TDb, merchantId: number, cmd: TDomainCommand, audit: TAudit): Promise<{ message: string; data?: unknown }> {
  const list = async (tx: TTx) =>
    (await tx.select({ domain: t.domains.domain }).from(t.domains).where(eq(t.domains.merchantId, merchantId)).orderBy(asc(t.domains.id))).map((r) => r.domain);
  if (cmd.kind === 'domain.list') {
    const domains = await list(db);
    return { message: domains.join('\n') || 'no domains', data: domains };
  }
  const domain = stored(cmd.domain);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from merchants where id = ${merchantId} for update`);
    const before = await list(tx);
    if (cmd.kind === 'domain.add') {
      if (before.includes(domain)) return { message: `${domain} is already a domain of the site`, data: before };
      await tx.insert(t.domains).values({ merchantId, domain });
    } else {
      if (!before.includes(domain)) throw new DomainRefusal(`${domain} is not a domain of the site (domain list shows them)`);
      if (before.length === 1) throw new DomainRefusal(`${domain} is the site's last domain: add the new one first, then remove this one`);
      await tx.delete(t.domains).where(and(eq(t.domains.merchantId, merchantId), eq(t.domains.domain, domain)));
    }
    const after = await list(tx);
    await audit(tx, { target: `domain:${domain}`, before, after });
    await siteRepo.bumpConfigVersion(tx, merchantId);
    return {
      message: cmd.kind === 'domain.add' ? `added ${domain}; the site's domains: ${after.join(', ')}` : `removed ${domain}; the site's domains: ${after.join(', ')}`,
      data: after,
    };
  });
}
