import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase(config.database);
  await migrateToLatest(handle.db, handle.kind);
  if (config.seed) await seedDatabase(handle.db, Date.now());
  const app = await buildApp(config, { db: handle.db, dbKind: handle.kind });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`LawLine (${config.mode}) is running: http://localhost:${port}/  (database: ${where})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
