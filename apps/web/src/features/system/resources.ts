import type { TPermission, TResource } from '@playhall/contract/calls/system';
import { isSafeLink } from '@playhall/contract/links';

/** resourceType values of spec §3 resources. */
export type TResourceType = 'CS_LIVECHAT' | 'CS_MESSENGER' | 'SOCIAL' | 'AFFILIATE' | 'APP';

export interface TContactEntry {
  type: string;
  label: string;
  url: string;
  qrCodeUrl: string | null;
}

/**
 * Every stored link the layout renders passes through here: only http(s) addresses and this site's pages
 * are shown (issue 15; the server refuses anything else when it is written, this is the second line).
 */
const linkable = <T extends { url: string }>(entries: readonly T[]): T[] => entries.filter((e) => isSafeLink(e.url));

export function resourcesOfType(resources: readonly TResource[], type: TResourceType): TResource[] {
  return linkable(resources).filter((r) => r.resourceType === type);
}

export function firstResource(resources: readonly TResource[], type: TResourceType): TResource | undefined {
  return resourcesOfType(resources, type)[0];
}

const SIDEBAR_ORDER: readonly string[] = ['CS_LIVECHAT', 'CS_MESSENGER', 'SOCIAL', 'AFFILIATE', 'APP'];

/**
 * Side bar entries: resources in the order live chat, messaging app, social, affiliates, app, then any
 * customer-service entry not already listed (same URL).
 */
export function sidebarEntries(info: Pick<TPermission['info'], 'resources' | 'customerService'>): TContactEntry[] {
  const fromResources = linkable(info.resources)
    .filter((r) => SIDEBAR_ORDER.includes(r.resourceType))
    .sort((a, b) => SIDEBAR_ORDER.indexOf(a.resourceType) - SIDEBAR_ORDER.indexOf(b.resourceType))
    .map((r) => ({ type: r.resourceType, label: r.labelNameEn, url: r.url, qrCodeUrl: r.qrCodeUrl }));
  const seen = new Set(fromResources.map((e) => e.url));
  const extra = linkable(info.customerService)
    .filter((c) => !seen.has(c.url))
    .map((c) => ({ type: c.type, label: c.label, url: c.url, qrCodeUrl: null }));
  return [...fromResources, ...extra];
}

/**
 * The customer-service contact for the status pages: live chat, then the messaging app, then any other
 * service entry. A link to another site wins over a page of this one, because while the site is under
 * maintenance or blocked its own pages show the same status page again.
 */
export function primaryContact(info: Pick<TPermission['info'], 'resources' | 'customerService'>): TContactEntry | undefined {
  const candidates: TContactEntry[] = [
    ...resourcesOfType(info.resources, 'CS_LIVECHAT'),
    ...resourcesOfType(info.resources, 'CS_MESSENGER'),
  ].map((r) => ({ type: r.resourceType, label: r.labelNameEn, url: r.url, qrCodeUrl: r.qrCodeUrl }));
  candidates.push(...linkable(info.customerService).map((c) => ({ type: c.type, label: c.label, url: c.url, qrCodeUrl: null })));
  return candidates.find((c) => isExternalUrl(c.url)) ?? candidates[0];
}

/** Same-site links stay in the page; anything else opens in a new tab. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^[a-z][a-z0-9+.-]*:/i.test(url);
}
