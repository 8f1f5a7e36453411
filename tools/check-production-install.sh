#!/usr/bin/env bash
# The production install of docs/operations.md: `npm ci --omit=dev` in a copy of the repo, then each entry
# file must load every module it imports (ESM resolves the whole graph before running anything)
# and reach its configuration check: with no variables set it refuses with its own message, exit 1.
# A missing runtime dependency would fail earlier with ERR_MODULE_NOT_FOUND instead.
# The browser app and the bundled scheduler are built where the dev dependencies are (docs/operations.md "Production install": build,
# then install for production); standalone in the production copy must then serve it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node="${NODE_BIN:-$root/node_modules/.bin/node}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && git ls-files -z | xargs -0 tar -cf - ) | tar -xf - -C "$work"
"$node" "$root/tools/buildBrowserApp.ts" --if-stale
"$node" "$root/tools/buildScheduler.ts" >/dev/null
mkdir -p "$work/dist" && cp -R "$root/dist/browser" "$work/dist/browser" && cp "$root/dist/scheduler.mjs" "$work/dist/"
(cd "$work" && npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)
[ ! -e "$work/node_modules/vitest" ] || { echo "production install: dev dependencies were installed" >&2; exit 1; }
# the bundled scheduler (npm run build) too: it must need nothing the production install lacks
for entry in src/interfaces/web/main.ts src/interfaces/scheduler/main.ts src/interfaces/standalone/main.ts dist/scheduler.mjs; do
  set +e
  out="$(cd "$work" && env -i PATH=/usr/bin:/bin PORT=not-a-port "$node" "$entry" 2>&1)"
  code=$?
  set -e
  if [ "$code" -ne 1 ] || ! grep -q "cannot start: fix these settings" <<<"$out"; then
    echo "production install: $entry entry did not reach its configuration check (exit $code):" >&2
    echo "$out" >&2
    exit 1
  fi
done
# standalone from the production copy serves the built app and its script
data="$work/data"
port="$("$node" -e 'const s=require("node:net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')"
# exec: $! is then node itself, which the kill below must reach (not a subshell around it)
(cd "$work" && exec env -i PATH=/usr/bin:/bin HERALD_DATA_DIR="$data" PORT="$port" "$node" src/interfaces/standalone/main.ts >"$work/standalone.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do grep -q "Herald is running" "$work/standalone.log" 2>/dev/null && break; sleep 0.2; done
page="$(curl -fsS "http://127.0.0.1:$port/" || true)"
script="$(grep -o '/assets/index-[^"]*\.js' <<<"$page" | head -1 || true)"
status="$( [ -n "$script" ] && curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$script" || echo none)"
kill -TERM "$pid"; wait "$pid" || true
if [ "$status" != "200" ]; then
  echo "production install: standalone did not serve the browser app (script: ${script:-none}, status: $status):" >&2
  cat "$work/standalone.log" >&2
  exit 1
fi
echo "production install: npm ci --omit=dev, every entry file and the bundled scheduler load on $("$node" -v), the browser app is served"
