import { SYSTEM_STATUS } from '@playhall/contract/constants';
import type { TPermission } from '@playhall/contract/calls/system';
import type { TLocation } from '../../lib/geoip.ts';
import type { TSiteConfig } from './site-config.ts';

/**
 * Status of the site for one visitor (spec §4): maintenance wins; otherwise the region rules decide.
 * In region-block mode only countries on the allow list pass; in normal mode block-listed countries are refused.
 */
export function visitorStatus(site: Pick<TSiteConfig, 'mode' | 'regionRules'>, country: string) {
  const maintenance = site.mode === 'maintenance';
  const rule = country ? site.regionRules.get(country) : undefined;
  const regionRestriction = site.mode === 'region-block' ? rule !== 'allow' : rule === 'block';
  const status = maintenance
    ? SYSTEM_STATUS.maintenance
    : regionRestriction
      ? SYSTEM_STATUS.regionBlocked
      : SYSTEM_STATUS.normal;
  return { status, maintenance, regionRestriction };
}

/** The status answer; `knownHost` false (the page's host is not a merchant domain, issue 22) outranks every other state. */
export function permissionOf(site: TSiteConfig, location: TLocation, knownHost = true): TPermission {
  const { status, maintenance, regionRestriction } = visitorStatus(site, location.country);
  return {
    status: knownHost ? status : SYSTEM_STATUS.invalidUrl,
    info: {
      merchantCode: site.merchant.code,
      merchantName: site.merchant.name,
      timeZone: site.merchant.timeZone,
      defaultLanguage: site.merchant.defaultLanguage,
      whitelabel: site.whitelabel,
      registerFields: site.registerRules,
      resources: site.resources,
      customerService: site.resources
        .filter((r) => r.resourceType.startsWith('CS_'))
        .map((r) => ({ type: r.resourceType, label: r.labelNameEn, url: r.url })),
      imageCDNs: site.merchant.imageCdns,
      launchGameCDNs: site.merchant.launchGameCdns,
      analytics: { enabled: site.merchant.analyticsId !== null, id: site.merchant.analyticsId },
    },
    location,
    maintenance,
    regionRestriction,
    maintenanceEnd: maintenance && site.maintenanceEnd ? site.maintenanceEnd.toISOString() : null,
  };
}
