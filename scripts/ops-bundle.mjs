// The operator CLI compiled once into one ES module, for test runs that call it many times. Run through tsx, each call
// transpiles and resolves ~130 source files again (about 2.5 CPU-seconds); the bundle starts in a tenth of that. Same
// source, same behaviour: packages stay imports, and each file's `import.meta.dirname` / `import.meta.url` keep
// pointing at the file's own place in the tree (the migrations folder, the repository root).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ENTRY = 'apps/server/src/cli/main.ts';

/** Packages stay imports, resolved from the bundle's place (apps/server/dist); the workspace's own are compiled in. */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@playhall/') ? undefined : { path: args.path, external: true }));
  },
};

const keepFilePlaces = {
  name: 'keep-file-places',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

export const OPS_BUNDLE = 'apps/server/dist/ops-cli.mjs';

/** Writes the CLI bundle and returns its path. */
export async function bundleOpsCli(outFile = OPS_BUNDLE) {
  await esbuild.build({
    entryPoints: [ENTRY],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesExternal, keepFilePlaces],
    logLevel: 'error',
  });
  return outFile;
}
