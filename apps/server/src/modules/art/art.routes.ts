import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderSVG } from 'uqr';
import type { TContentTexts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { languageCode, localized, type TReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { banner, gameTile, logo, promo, providerLogo, vendorMark } from './art.svg.ts';
import { mallItemArt } from '../points/mall-art.ts';

const CODE = /^([A-Za-z0-9_-]{1,40})\.svg$/;
const NUMBER = /^([1-9]\d{0,2})\.svg$/;

function sendSvg(reply: FastifyReply, svg: string | null) {
  if (svg === null) throw new AppError('not_found');
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(svg);
}

/**
 * Who reads a drawing's words: the language of its `?lang=` (a code of the language list; anything else is ignored),
 * falling back to the merchant's default language, then English (content-language.ts). The language is in the URL, not
 * read from a header, so each language's drawing is its own URL and caches by it.
 */
function queryReader(lang: unknown, merchantDefault: string): TReader {
  return { language: languageCode(lang), fallback: merchantDefault };
}

type TLangQuery = { Querystring: { lang?: unknown } };

function match(re: RegExp, file: string): string {
  const m = re.exec(file);
  if (!m?.[1]) throw new AppError('not_found');
  return m[1];
}

/** Serves the drawn artwork under /img — the default image CDN host is this server. */
export function registerArtRoutes(
  app: FastifyInstance,
  deps: { site: TSiteConfigLoader; games: (vassalage: string, gameId: string) => Promise<{ name: string; colour: string; texts: TContentTexts | null }> },
): void {
  // A game tile draws the game's name as the catalogue lists it to the reader (catalogue.service.ts gameNameFor).
  app.get<{ Params: { vendor: string; file: string } } & TLangQuery>('/img/games/:vendor/:file', async (req, reply) => {
    const gameId = match(CODE, req.params.file);
    const game = await deps.games(req.params.vendor, gameId);
    const site = await deps.site.get();
    const reader = queryReader(req.query.lang, site.merchant.defaultLanguage);
    const { name } = localized(game, game.texts, ['name'], reader.language, reader.fallback);
    const vendor = site.lanes.flatMap((l) => l.vendors).find((v) => v.vassalage === req.params.vendor);
    return sendSvg(reply, gameTile(gameId, name, vendor?.displayName ?? req.params.vendor, game.colour));
  });
  app.get<{ Params: { file: string } }>('/img/vendors/:file', async (req, reply) => {
    const code = match(CODE, req.params.file);
    const site = await deps.site.get();
    const vendor = site.lanes.flatMap((l) => l.vendors).find((v) => v.vassalage === code);
    if (!vendor) throw new AppError('not_found');
    return sendSvg(reply, vendorMark(code, vendor.displayName, site.colours.get(code) ?? '#6142bf'));
  });
  // ?theme=light draws the words for the light footer (an <img> cannot read the page's colours).
  app.get<{ Params: { file: string }; Querystring: { theme?: string } }>('/img/providers/:file', async (req, reply) => {
    const code = match(CODE, req.params.file);
    const site = await deps.site.get();
    const provider = site.footer.flatMap((g) => g.providers).find((p) => p.code === code);
    if (!provider) throw new AppError('not_found');
    return sendSvg(reply, providerLogo(code, provider.name, site.colours.get(code) ?? '#6142bf', req.query.theme === 'light' ? 'light' : 'dark'));
  });
  app.get<{ Params: { file: string } } & TLangQuery>('/img/banners/:file', async (req, reply) => {
    const n = Number(match(NUMBER, req.params.file));
    return sendSvg(reply, banner(n, queryReader(req.query.lang, (await deps.site.get()).merchant.defaultLanguage)));
  });
  app.get<{ Params: { file: string } } & TLangQuery>('/img/promos/:file', async (req, reply) => {
    const n = Number(match(NUMBER, req.params.file));
    return sendSvg(reply, promo(n, queryReader(req.query.lang, (await deps.site.get()).merchant.defaultLanguage)));
  });
  app.get<{ Params: { file: string } }>('/img/mall/:file', async (req, reply) =>
    sendSvg(reply, mallItemArt(Number(match(NUMBER, req.params.file)))),
  );
  app.get('/img/logo.svg', async (_req, reply) => sendSvg(reply, logo()));
  // The app-download QR encodes this site's own /app page, as reached by the visitor.
  app.get('/img/qr/app.svg', async (req, reply) => {
    const host = req.headers.host ?? 'localhost';
    return sendSvg(reply, renderSVG(`${req.protocol}://${host}/app`, { border: 2 }));
  });
}
