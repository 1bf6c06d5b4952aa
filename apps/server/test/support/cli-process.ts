import { fork, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The operator CLI compiled once for the run (global-setup.ts, scripts/ops-bundle.mjs). */
    opsCli: string | undefined;
  }
}

const SOURCE = path.join(import.meta.dirname, '../../src/cli/main.ts');

/**
 * The real operator CLI in its own process: the run's bundle of it when global-setup.ts made one (one compile for the
 * run instead of tsx compiling ~130 files per call, about 2.5 CPU-seconds each), else its source through tsx.
 */
export function forkCli(argv: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions): ChildProcess {
  let bundle: string | undefined;
  try {
    bundle = inject('opsCli');
  } catch {
    bundle = undefined;
  }
  return bundle ? fork(bundle, argv, { env, stdio }) : fork(SOURCE, argv, { execArgv: ['--import', 'tsx'], env, stdio });
}
