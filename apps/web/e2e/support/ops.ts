import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Runs the real operator CLI against the e2e server's data directory (through its operator API): the bundle that
 * scripts/e2e.mjs compiles once from the CLI's source when it is set (PLAYHALL_OPS_CLI), else the source through tsx.
 */
export function ops(...args: string[]): string {
  const cli = process.env.PLAYHALL_OPS_CLI ? [process.env.PLAYHALL_OPS_CLI] : ['--import', 'tsx', 'apps/server/src/cli/main.ts'];
  return execFileSync(process.execPath, [...cli, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', OPS_ACTOR: 'e2e' },
    encoding: 'utf8',
  });
}
