#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and runs every app in one process on the embedded
# defaults (sqlite event store in .data/, local NATS, system Chromium). Prints a local API key.
set -euo pipefail
cd "$(dirname "$0")/../.."
infra/scripts/ensure-deps.sh
npm run build --silent
exec node dist/apps/standalone/src/main.js
