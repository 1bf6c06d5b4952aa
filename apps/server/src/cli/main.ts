import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../config.ts';
import { runningServer, saveDemoCredentials } from '../lib/data-dir.ts';
import { parseOpsCommand, UsageError, type TOpsCommand } from '../modules/ops/ops.command.ts';
import type { TOpsResult } from '../modules/ops/ops.service.ts';
import type { TOpsEndpoint } from '../modules/ops/ops.api.ts';

/**
 * The operator CLI (`npm run ops -- …`). On PostgreSQL it opens the database itself. On the embedded
 * database it goes through the running server's loopback operator API, or opens the data directory
 * itself when no server is running (PGlite admits one process at a time).
 */
async function main(argv: string[]): Promise<number> {
  let command: TOpsCommand;
  try {
    command = parseOpsCommand(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const config = loadConfig();
  const actor = process.env.OPS_ACTOR ?? `cli:${os.userInfo().username}`;
  const server = config.databaseUrl === null ? runningServer(config.dataDir) : null;
  const result = server ? await viaServer(server, actor, command) : await direct(config, actor, command);
  // The receipt image is written here, on the operator's machine, whichever way the command ran.
  if (result.ok && (command.kind === 'deposit.receipt' || command.kind === 'withdrawal.proof' || command.kind === 'activity.image')) fs.writeFileSync(command.out, Buffer.from((result.data as { base64: string }).base64, 'base64'));
  (result.ok ? console.log : console.error)(result.message);
  return result.ok ? 0 : 1;
}

async function viaServer(server: TOpsEndpoint, actor: string, command: TOpsCommand): Promise<TOpsResult> {
  const res = await fetch(`http://127.0.0.1:${server.port}/ops/command`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ actor, command }),
  });
  return (await res.json()) as TOpsResult;
}

async function direct(config: ReturnType<typeof loadConfig>, actor: string, command: TOpsCommand): Promise<TOpsResult> {
  // Loaded only here: through a running server the CLI is a thin client and starts in a fraction of the time.
  const { prepareDatabase } = await import('../bootstrap.ts');
  const { OpsRefusal, runOpsCommand } = await import('../modules/ops/ops.service.ts');
  const { database, seed } = await prepareDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    merchantCode: config.merchantCode,
    seedDemo: config.seedDemo,
    demoPassword: process.env.DEMO_PASSWORD,
  });
  try {
    if (seed.demo) saveDemoCredentials(config.dataDir, seed.demo);
    return await runOpsCommand(database.db, seed.merchantId, actor, command);
  } catch (err) {
    if (err instanceof OpsRefusal) return { ok: false, message: err.message };
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
