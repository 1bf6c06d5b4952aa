import crypto from 'node:crypto';
import * as system from '@playhall/contract/calls/system';
import { customerService } from '@playhall/contract/calls/auth';
import { CS_PATH_TYPES, sealCsPath } from '@playhall/contract/cs-path';
import type { ANNOUNCEMENT_TYPES } from '@playhall/contract/constants';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { localized, requestLanguage } from '../../lib/content-language.ts';
import { locate } from '../../lib/geoip.ts';
import { formatLocalTimestamp } from '../../lib/time.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TAnnouncementRepository } from '../announcements/announcement.repository.ts';
import type { TKeyService } from '../crypto/key.service.ts';
import type { TSiteConfigLoader } from './site-config.ts';
import { createStatusAnswers } from './status-answer.ts';

type TAnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export function registerSystemRoutes(
  calls: TCallRegistrar,
  deps: { db: TDb; site: TSiteConfigLoader; keys: TKeyService; announcements: TAnnouncementRepository },
): void {
  calls.serve(system.publicKey, async () => {
    const key = await deps.keys.publicKey();
    return { publicKey: key.publicPem, keyId: key.keyId };
  });

  const statusAnswer = createStatusAnswers();
  calls.serve(system.status, async (input, { request }) => statusAnswer(await deps.site.get(), locate(request.ip), input.url));

  calls.serve(system.whitelabel, async () => {
    const site = await deps.site.get();
    return { menu: site.whitelabel, footer: site.footer, copyright: site.merchant.copyright, siteName: site.merchant.name };
  });

  calls.serve(system.registerSetting, async () => ({ rules: (await deps.site.get()).registerRules }));

  calls.serve(system.domainRoute, async () => {
    const site = await deps.site.get();
    return { domainList: site.domains.map((domain) => ({ domain, speed: 0 as const })), resources: site.resources };
  });

  // Help in the reader's language (its Language header), else the merchant's default language, else the base text.
  calls.serve(system.helpCenter, async (_input, { request }) => {
    const site = await deps.site.get();
    const lang = requestLanguage(request);
    const base = site.merchant.defaultLanguage;
    return {
      categories: site.help.map((c) => ({
        id: c.id,
        ...localized(c, c.texts, ['title'], lang, base),
        articles: c.articles.map((a) => ({ id: a.id, ...localized(a, a.texts, ['title', 'content'], lang, base) })),
      })),
    };
  });

  calls.serve(customerService, async () => {
    const site = await deps.site.get();
    const pathList = await Promise.all(
      site.resources
        .filter((r): r is typeof r & { resourceType: keyof typeof CS_PATH_TYPES } => Object.hasOwn(CS_PATH_TYPES, r.resourceType))
        .map(async (r) => ({
          type: CS_PATH_TYPES[r.resourceType],
          path: await sealCsPath(r.url, crypto.randomBytes(6).toString('base64url')),
        })),
    );
    return { version: { pathList } };
  });

  calls.serve(system.gameVendor, async (input) => {
    const site = await deps.site.get();
    if (input.merchantCode !== site.merchant.code) throw new AppError('not_found', null, 'Unknown merchant code');
    return { data: { lanes: site.lanes } };
  });

  calls.serve(system.listAnnouncements, async (input, { request }) => {
    const site = await deps.site.get();
    const types = [...new Set(input.types.split(','))] as TAnnouncementType[];
    const lang = requestLanguage(request);
    // Each in the reader's language, else the merchant's default language, else its base text.
    const rows = (await deps.announcements.live(deps.db, site.merchant.id, types, input.platform, new Date())).map((r) => ({
      ...r,
      ...localized(r, r.texts, ['title', 'content'], lang, site.merchant.defaultLanguage),
    }));
    const notices = (type: TAnnouncementType) =>
      rows
        .filter((r) => r.type === type)
        .map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          timestamp: formatLocalTimestamp(r.startsAt, site.merchant.timeZone),
          type,
          imageUrl: r.imageUrl,
        }));
    return {
      player: notices('PL'),
      banners: rows
        .filter((r) => r.type === 'B')
        .map((r) => ({ id: r.id, title: r.title, imageUrl: r.imageUrl ?? '', linkUrl: r.linkUrl })),
      popup: notices('PU'),
      promotion: notices('PR'),
      headline: notices('H'),
    };
  });
}
