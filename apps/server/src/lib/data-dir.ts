import fs from 'node:fs';
import path from 'node:path';
import { OPS_FILE, type TOpsEndpoint } from '../modules/ops/ops.api.ts';

/** The operator endpoint of a server running on this data directory, or null when none is alive. */
export function runningServer(dataDir: string): TOpsEndpoint | null {
  try {
    const endpoint = JSON.parse(fs.readFileSync(path.join(dataDir, OPS_FILE), 'utf8')) as TOpsEndpoint;
    process.kill(endpoint.pid, 0);
    return endpoint;
  } catch {
    return null;
  }
}

const CREDENTIALS_FILE = 'demo-credentials.json';

export function saveDemoCredentials(dataDir: string, creds: unknown): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, CREDENTIALS_FILE), JSON.stringify(creds, null, 2), { mode: 0o600 });
}

export function readDemoCredentials(dataDir: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, CREDENTIALS_FILE), 'utf8')) as unknown;
  } catch {
    return null;
  }
}
