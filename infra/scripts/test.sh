#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs what is missing, builds (type-checks), lints, then
# runs unit, contract and end-to-end tests against the real NATS, sqlite and Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
infra/scripts/ensure-deps.sh
npm run build --silent
npx biome ci .
node --experimental-vm-modules node_modules/jest/bin/jest.js --runInBand "$@"
