#!/usr/bin/env node
// The npm registry this project installs from answers 404 for other platforms' native
// packages (e.g. @biomejs/cli-win32-x64), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lockfile as out of sync. This adds each
// missing optional dependency as an optional entry; `npm ci` skips it like any optional
// package it cannot install. Run after every `npm install` (npm run lock:complete).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
