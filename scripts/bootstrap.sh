#!/usr/bin/env bash
# Installs what the app needs on a fresh Debian machine: pnpm and the workspace's packages.
# With --test it also installs Debian's Chromium for the end-to-end tests (Playwright never downloads a browser here).
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.9
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pnpm >/dev/null 2>&1; then
  echo "==> installing pnpm $PNPM_VERSION"
  # Corepack's pnpm download fails its signature check on these machines; npm's works.
  as_root npm install -g "pnpm@$PNPM_VERSION" --silent
fi

if [ "${1:-}" = "--test" ] && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's chromium for the end-to-end tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

echo "==> installing workspace packages"
pnpm install --frozen-lockfile --reporter=append-only
