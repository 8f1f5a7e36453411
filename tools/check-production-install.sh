#!/usr/bin/env bash
# The production install of the README: `npm ci --omit=dev` in a copy of the repo, then each entry
# file must load every module it imports (ESM resolves the whole graph before running anything)
# and reach its configuration check: with no variables set it refuses with its own message, exit 1.
# A missing runtime dependency would fail earlier with ERR_MODULE_NOT_FOUND instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node="${NODE_BIN:-$root/node_modules/.bin/node}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && git ls-files -z | xargs -0 tar -cf - ) | tar -xf - -C "$work"
(cd "$work" && npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)
[ ! -e "$work/node_modules/vitest" ] || { echo "production install: dev dependencies were installed" >&2; exit 1; }
for entry in web scheduler standalone; do
  set +e
  out="$(cd "$work" && env -i PATH=/usr/bin:/bin PORT=not-a-port "$node" "src/interfaces/$entry/main.ts" 2>&1)"
  code=$?
  set -e
  if [ "$code" -ne 1 ] || ! grep -q "cannot start: fix these settings" <<<"$out"; then
    echo "production install: $entry entry did not reach its configuration check (exit $code):" >&2
    echo "$out" >&2
    exit 1
  fi
done
echo "production install: npm ci --omit=dev, every entry file loads on $("$node" -v)"
