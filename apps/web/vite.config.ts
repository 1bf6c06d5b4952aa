import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routeGroupOfModule } from './src/config/route-groups.ts';

const API = 'http://127.0.0.1:8080';
const proxied = ['/wps', '/lgw', '/lotto', '/img', '/healthz', '/console/api'];

/**
 * The house vendor's game pages: separate HTML entries opened in the portal's /game iframe, built to
 * dist/house/<game>.html, one per file of house/. They never load the portal shell (src/house/README.md).
 */
const HOUSE_PAGES = readdirSync(fileURLToPath(new URL('./house', import.meta.url)))
  .filter((file) => file.endsWith('.html'))
  .map((file) => file.slice(0, -'.html'.length));
// The contract's modules the pages share with the server — the stakes table (stakes.ts), the sportsbook's odds
// formats and virtual-match draw (the book page re-runs a match), the house games' rules (house-rules/: the
// pages and the betting record re-run rounds) and the language list (language-list.ts) — stay on the house side too, so a game page never pulls in the
// portal's chunk.
const isHouseModule = (id: string | null | undefined): boolean =>
  !!id && /[\\/]src[\\/]house[\\/]|[\\/]house[\\/][\w-]+\.html$|[\\/]contract[\\/]src[\\/](?:stakes|sportsbook-odds|sportsbook-draw|language-list)\.ts$|[\\/]contract[\\/]src[\\/]house-rules[\\/]/.test(id);

/** Budget of spec issue 2: the home page's initial JavaScript, gzip, in kB as Vite prints sizes. */
const HOME_INITIAL_JS_BUDGET = 170_000;

/**
 * Prints what the home page loads before it can render — the entry chunk and its static imports, the
 * index page group and the default language file (MY) — as one gzip total, and fails the build over budget.
 */
function homePageBudget(): Plugin {
  return {
    name: 'playhall-home-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const seen = new Set<string>();
      const visit = (file: string) => {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) return;
        seen.add(file);
        chunk.imports.forEach(visit);
      };
      // The house game pages (src/house, their own HTML entries) are not part of the home page.
      const starts = [...chunks.values()].filter((c) => (c.isEntry && !isHouseModule(c.facadeModuleId)) || routeGroupOfModule(c.facadeModuleId) === 'index');
      starts.forEach((c) => visit(c.fileName));
      const js = [...seen].reduce((n, f) => n + gzipSync(chunks.get(f)?.code ?? '').length, 0);
      const css = Object.values(bundle)
        .filter((a) => a.type === 'asset' && a.fileName.endsWith('.css') && [...seen].some((f) => chunks.get(f)?.viteMetadata?.importedCss.has(a.fileName)))
        .reduce((n, a) => n + gzipSync(a.type === 'asset' ? a.source : '').length, 0);
      const locale = Object.values(bundle).find((a) => a.type === 'asset' && /^assets\/my-[\w-]+\.json$/.test(a.fileName));
      const json = locale?.type === 'asset' ? gzipSync(locale.source).length : 0;
      const kb = (n: number) => `${(n / 1000).toFixed(2)} kB`;
      this.info(
        `home page initial JS: ${kb(js)} gzip in ${seen.size} chunks [${[...seen].map((f) => f.replace('assets/', '')).join(', ')}] (budget ${kb(HOME_INITIAL_JS_BUDGET)}); ` +
          `CSS ${kb(css)} gzip; default language file (my.json) ${kb(json)} gzip`,
      );
      if (js > HOME_INITIAL_JS_BUDGET) this.error(`home page initial JS ${kb(js)} gzip is over the ${kb(HOME_INITIAL_JS_BUDGET)} budget`);
    },
  };
}

/**
 * The operator console (issue 24) is built by a second, separate build (`vite build --mode console`, console.html):
 * with its own chunks, it shares no file with the member SPA, so the member site never loads or links console code
 * and the home page's chunks (and the budget above, which never sees the console) stay byte for byte what they were.
 * A shared build would put the modules both use (React, the ui primitives) into the portal's one initial chunk and
 * make the console load the member shell. docs/decisions.md, "Operator console (issue 24)".
 */
const CONSOLE_MODE = 'console';
const isConsolePage = (pathname: string): boolean => (pathname === '/console' || pathname.startsWith('/console/')) && !pathname.startsWith('/console/api/');

/** The dev server's history fallback for the console: /console and /console/* (not its API) answer console.html. */
function consoleDevFallback(): Plugin {
  return {
    name: 'playhall-console-dev-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        if (isConsolePage(pathname) && (req.headers.accept ?? '').includes('text/html')) req.url = '/console.html';
        next();
      });
    },
  };
}

/**
 * zod attaches JSON Schema generation to every schema, which the browser never uses (the contract's
 * schemas validate only). Its two modules are replaced in the web bundle by stubs that throw if ever
 * called — about 8 KB gzip off the home page; its English issue texts, never shown, go too. The
 * server keeps the real zod.
 */
function zodWithoutJsonSchema(): Plugin {
  const stubbed = /\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;
  // zod's English issue texts: the web shows its own translated messages, never zod's.
  const locale = /\/zod\/v4\/locales\/en\.js$/;
  return {
    name: 'playhall-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (locale.test(id)) return 'export default () => ({ localeError: () => undefined });';
      if (!stubbed.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set([...source.matchAll(/export (?:const|function) (\w+)/g)].map((m) => m[1]));
      for (const m of source.matchAll(/export \{([^}]*)\}/g)) {
        for (const part of (m[1] ?? '').split(',')) names.add(part.split(/\sas\s/).pop()?.trim());
      }
      const body = [...names].filter(Boolean).map((n) => `export const ${n} = unavailable;`);
      return ["const unavailable = () => () => { throw new Error('JSON Schema is not built into the web bundle'); };", ...body].join('\n');
    },
  };
}

/** The console's build (see CONSOLE_MODE): written beside the member build's files, after it, as assets/console-*. */
const consoleBuild = {
  outDir: 'dist',
  emptyOutDir: false,
  copyPublicDir: false,
  target: 'es2022',
  reportCompressedSize: true,
  modulePreload: { polyfill: false },
  rolldownOptions: {
    input: { console: fileURLToPath(new URL('./console.html', import.meta.url)) },
    output: {
      entryFileNames: 'assets/console-[hash].js',
      chunkFileNames: 'assets/console-[name]-[hash].js',
      assetFileNames: 'assets/console-[name]-[hash][extname]',
    },
  },
};

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102): dev-only
 * warnings ship to production. The build points at the package's own production build instead.
 */
const require = createRequire(import.meta.url);
const reactRouterProduction = require.resolve('react-router').replace(/dist\/development\/index\.m?js$/, 'dist/production/index.mjs');

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), zodWithoutJsonSchema(), ...(mode === CONSOLE_MODE ? [] : [homePageBudget()]), consoleDevFallback()],
  resolve: {
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)) },
      // The console (English only) never loads the member app's i18n: the ui primitives' few labels come from here.
      ...(mode === CONSOLE_MODE ? [{ find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/console/lib/english-i18n.ts', import.meta.url)) }] : []),
    ],
  },
  css: {
    // Short class names in production: CSS module names are shipped in the script as well as the CSS.
    modules: { generateScopedName: command === 'build' ? '_[hash:base64:6]' : '[name]_[local]_[hash:base64:4]' },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: API, changeOrigin: false }])),
      // The realtime socket (features/realtime): the same origin in development as behind the site's proxy.
      '/ws': { target: API, changeOrigin: false, ws: true },
    },
  },
  build: mode === CONSOLE_MODE ? consoleBuild : {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    // Locale files stay separate files fetched on demand, never inlined into the script as data URLs.
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
    // Evergreen browsers load modules natively; the preload polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        ...Object.fromEntries(HOUSE_PAGES.map((game) => [`house-${game}`, fileURLToPath(new URL(`./house/${game}.html`, import.meta.url))])),
      },
      output: {
        // Everything the portal entry imports statically goes into one chunk: fewer requests, better gzip.
        // The house pages' modules stay out of it, so neither side loads the other's code.
        // Vite's preload helper (behind every dynamic `import()`) is a chunk of its own: the slot page lazy-loads its
        // title, and taking the helper from the portal's chunk would load and run the portal in the game page.
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 10 },
            // The language list, read by the portal's first screen and by every house page (their words and direction).
            { name: 'language-list', test: /[\\/]contract[\\/]src[\\/]language-list\.ts$/, priority: 10 },
            { name: 'app', tags: ['$initial'], test: (id: string) => !isHouseModule(id) },
          ],
        },
        // Each lazy page group of spec §2 is recognisable by name: page-<group>-<hash>.js.
        chunkFileNames(chunk) {
          const group = routeGroupOfModule(chunk.facadeModuleId);
          if (group) return `assets/page-${group}-[hash].js`;
          return 'assets/[name]-[hash].js';
        },
      },
    },
  },
}));
