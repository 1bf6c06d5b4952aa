import path from 'node:path';

/** Everything the server and the operator CLI read from the environment, in one place (README lists them). */
export interface TConfig {
  port: number;
  host: string;
  /** Loopback port of the operator API (embedded database only). */
  opsPort: number;
  dataDir: string;
  databaseUrl: string | null;
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  merchantCode: string;
  /** Shown on the site and in the demo credentials; never a secret. */
  seedDemo: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    opsPort: intFrom(env.OPS_PORT, 0, 'OPS_PORT'),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    merchantCode: env.MERCHANT_CODE ?? 'PLAYHALL',
    seedDemo: env.SEED_DEMO !== '0',
  };
}
