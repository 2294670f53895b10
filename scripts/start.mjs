#!/usr/bin/env node
// `npm start`: build the web app and the lawyer workbench if they are not built, then run the
// server in sandbox mode (SQLite under ./data, seed data, sandbox providers). Migrations and
// seeding happen in the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = [
  { name: 'the web app', workspace: 'apps/web', index: join(root, 'apps/web/dist/index.html') },
  {
    name: 'the lawyer workbench',
    workspace: 'apps/workbench',
    index: join(root, 'apps/workbench/dist/index.html'),
  },
];

for (const app of apps) {
  if (existsSync(app.index)) continue;
  console.log(`Building ${app.name} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`${app.name} did not build; see the messages above.`);
    process.exit(build.status ?? 1);
  }
}

const env = { LAWLINE_MODE: 'sandbox', SANDBOX_AUTOPILOT: '1', ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
