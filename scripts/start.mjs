// `npm start`: build the web app, then run the server (API + SPA) on PORT (default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { EMBEDDED_NODE_FLAGS } from './node-flags.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const flags = process.env.DATABASE_URL ? [] : EMBEDDED_NODE_FLAGS;
const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
