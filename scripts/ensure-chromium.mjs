#!/usr/bin/env node
// The browser tests drive Debian's Chromium. Find it, install it with apt-get where we can, or stop
// with one clear line: the browser tests are never skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const found = () => candidates.find((p) => existsSync(p));

if (!found()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian’s chromium with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
}

// Chinese UI text in screenshots needs a CJK font; Debian's chromium does not bring one.
const hasCjkFont = () =>
  spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status === 0;
if (found() && !hasCjkFont()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('No Chinese font: installing Debian’s fonts-wqy-microhei for readable screenshots…');
    spawnSync('sh', ['-c', 'apt-get update -qq; apt-get install -y -qq fonts-wqy-microhei'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}

const path = found();
if (!path) {
  console.error(
    'No Chromium for the browser tests: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run `npm test` again.',
  );
  process.exit(1);
}
console.log(`Browser tests will use ${path}`);
