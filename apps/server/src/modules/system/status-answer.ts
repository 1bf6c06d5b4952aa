import { ok } from '@playhall/contract/envelope';
import { status } from '@playhall/contract/calls/system';
import type { TLocation } from '../../lib/geoip.ts';
import { SerializedAnswer } from '../../plugins/contract-routes.ts';
import type { TSiteConfig } from './site-config.ts';
import { domainSet, hostOf, isKnownHost } from './domains.ts';
import { permissionOf } from './system.service.ts';

/** Stands where the visitor's location goes in the kept JSON; no JSON string of a real answer contains it. */
const SLOT = '\u0000location\u0000';
const SLOT_JSON = JSON.stringify(SLOT);
/** Countries seen per settings version; past this the memo starts again (old versions are never asked for). */
const LIMIT = 512;

/**
 * The status call runs on every page load and its 4.7 KB answer is the same for every visitor of one country
 * until the settings change, but for the visitor's own IP: it is built, checked against the response schema
 * and serialized once per settings version, country and domain check, and only the location is written per request.
 * The page's `url` is checked against the merchant's domains (domains.ts); a status without one is not checked
 * (docs/decisions.md, issue 22).
 */
export function createStatusAnswers() {
  let version = -1;
  let known = new Set<string>();
  const byCountry = new Map<string, [string, string]>();
  return (site: TSiteConfig, location: TLocation, url?: string): SerializedAnswer => {
    if (site.version !== version || byCountry.size >= LIMIT) {
      byCountry.clear();
      if (site.version !== version) known = domainSet(site.domains);
      version = site.version;
    }
    const host = url === undefined ? null : hostOf(url);
    const knownHost = url === undefined || (host !== null && isKnownHost(known, host));
    const key = knownHost ? location.country : `!${location.country}`;
    let parts = byCountry.get(key);
    if (!parts) {
      const answer = status.response.parse(permissionOf(site, location, knownHost));
      const json = JSON.stringify(ok({ ...answer, location: SLOT }));
      const at = json.indexOf(SLOT_JSON);
      parts = [json.slice(0, at), json.slice(at + SLOT_JSON.length)];
      byCountry.set(key, parts);
    }
    return new SerializedAnswer(parts[0] + JSON.stringify(location) + parts[1]);
  };
}
