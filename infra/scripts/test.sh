#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs what is missing, builds (type-checks), lints, then
# runs unit, contract and end-to-end tests against the real NATS, sqlite and Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
infra/scripts/ensure-deps.sh
npm run build --silent
npm run lint --silent
# Two workers: most e2e files spend their time waiting on Chromium, timers and schedules, and every
# Trawl they start has its own NATS prefix, team and data dir, so two files run side by side safely.
node --experimental-vm-modules node_modules/jest/bin/jest.js --maxWorkers=2 "$@"
