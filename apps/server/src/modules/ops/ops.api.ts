import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { OpsRefusal, runOpsCommand } from './ops.service.ts';
import { ZOpsCommand } from './ops.command.ts';

export const OPS_FILE = 'ops.json';

export interface TOpsEndpoint {
  port: number;
  token: string;
  pid: number;
}

const ZRequest = z.strictObject({ actor: z.string().min(1).max(100), command: ZOpsCommand });

/**
 * The operator API: PGlite admits one process per data directory, so while the server runs the CLI
 * reaches the database through here. Bound to loopback only, never the public port, and guarded by a
 * random token written to DATA_DIR/ops.json (mode 0600) — whoever can read the data can already act.
 */
export async function startOpsApi(deps: {
  db: TDb;
  merchantId: () => Promise<number>;
  dataDir: string;
  port: number;
}): Promise<{ close(): Promise<void>; endpoint: TOpsEndpoint }> {
  const token = crypto.randomBytes(32).toString('hex');
  // 4 MB: `sports import` carries its fixtures file inside the command (sportsbook.args.ts caps the file at 3 MB).
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  const expected = Buffer.from(`Bearer ${token}`);
  app.post('/ops/command', async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply.status(401).send({ ok: false, message: 'bad operator token' });
    }
    const parsed = ZRequest.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ ok: false, message: parsed.error.message });
    try {
      return await runOpsCommand(deps.db, await deps.merchantId(), parsed.data.actor, parsed.data.command);
    } catch (err) {
      if (err instanceof OpsRefusal) return reply.status(400).send({ ok: false, message: err.message });
      throw err;
    }
  });
  await app.listen({ host: '127.0.0.1', port: deps.port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('operator API has no port');
  const endpoint: TOpsEndpoint = { port: address.port, token, pid: process.pid };
  const file = path.join(deps.dataDir, OPS_FILE);
  fs.mkdirSync(deps.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  return {
    endpoint,
    async close() {
      await app.close();
      try {
        const current = JSON.parse(fs.readFileSync(file, 'utf8')) as TOpsEndpoint;
        if (current.pid === process.pid) fs.rmSync(file);
      } catch {
        // Already gone: nothing to clean.
      }
    },
  };
}
