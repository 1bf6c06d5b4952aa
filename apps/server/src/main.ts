import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { readDemoCredentials, runningServer, saveDemoCredentials } from './lib/data-dir.ts';
import { startBanner, type TDemoCredentials } from './lib/start-banner.ts';
import { startOpsApi } from './modules/ops/ops.api.ts';
import { createSiteRepository } from './modules/system/site.repository.ts';
import { createDepositRepository } from './modules/deposit/deposit.repository.ts';
import { sandboxAtStart } from './modules/deposit/payment-channels.ts';
import { sandboxPhoneAtStart } from './modules/sandbox-phone/sandbox-phone.service.ts';

const config = loadConfig();
const embedded = config.databaseUrl === null;

if (embedded) {
  const other = runningServer(config.dataDir);
  if (other && other.pid !== process.pid) {
    console.error(`Another server (pid ${other.pid}) is running on ${config.dataDir}; PGlite allows one process per data directory.`);
    process.exit(1);
  }
}

const { database, seed } = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  merchantCode: config.merchantCode,
  seedDemo: config.seedDemo,
  demoPassword: process.env.DEMO_PASSWORD,
});
if (seed.demo) saveDemoCredentials(config.dataDir, seed.demo);

// A sandbox payment channel moves no money: production runs one only when told twice (issue 15).
const sandbox = sandboxAtStart(await createDepositRepository().allChannels(database.db, seed.merchantId), config);
if (sandbox.refuse) {
  console.error(`\n  ${sandbox.refuse}\n`);
  await database.close();
  process.exit(1);
}
// Likewise the sandbox phone provider (issue 22): a number it "verified" proves nothing.
const smsFlow = (await createSiteRepository().merchantByCode(database.db, config.merchantCode))?.smsFlow ?? 'own';
const phoneSandbox = sandboxPhoneAtStart(smsFlow, config);
if (phoneSandbox.refuse) {
  console.error(`\n  ${phoneSandbox.refuse}\n`);
  await database.close();
  process.exit(1);
}

const { app } = await buildApp({
  database,
  merchantCode: config.merchantCode,
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  metricsToken: config.metricsToken,
  // process.stdout writes to a terminal, file or pipe at once (pino's own stream writes later), so the
  // banner printed at the end of the start (below) comes after every line logged before it.
  logger: { level: config.logLevel, stream: process.stdout },
  thirdParty: config.thirdParty,
  // A production server without ALLOW_SANDBOX_PAYMENTS runs no sandbox channel, even one turned on after it started.
  gateway: { ...config.gateway, sandbox: !config.production || config.allowSandboxPayments },
  // Likewise the sandbox phone provider (issue 22): in production it answers operation-not-allowed unless allowed.
  phoneSandbox: !config.production || config.allowSandboxPhone,
  realtime: { pollMs: config.realtimePollMs },
});

await app.listen({ host: config.host, port: config.port });

const ops = embedded
  ? await startOpsApi({
      db: database.db,
      dataDir: config.dataDir,
      port: config.opsPort,
      merchantId: async () => {
        const merchant = await createSiteRepository().merchantByCode(database.db, config.merchantCode);
        if (!merchant) throw new Error('merchant missing');
        return merchant.id;
      },
    })
  : null;

const creds = readDemoCredentials(config.dataDir) as TDemoCredentials | null;
app.log.info(
  {
    url: `http://localhost:${config.port}`,
    database: database.kind,
    dataDir: embedded ? config.dataDir : undefined,
    operatorApi: ops ? `127.0.0.1:${ops.endpoint.port}` : undefined,
    demoCredentials: creds ?? 'not recorded (data created elsewhere); create users with `npm run ops -- user create`',
  },
  'Playhall is ready',
);
if (sandbox.banner) app.log.warn(sandbox.banner);
if (phoneSandbox.banner) app.log.warn(phoneSandbox.banner);
// What a person starting the server reads comes last: the sandbox warnings (if any), the address and the demo logins.
console.warn(startBanner(`http://localhost:${config.port}`, creds, [sandbox.banner, phoneSandbox.banner].filter(Boolean).join('\n  ') || null));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await ops?.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
