#!/usr/bin/env bash
# The supported Node.js versions are 20.19+ and 22: besides the full suite on
# the machine's Node, run the unit tests and a start of the control plane
# (embedded PGlite) under Node 22, taken from the npm registry's `node` package.
set -euo pipefail
cd "$(dirname "$0")/.."

# The binary itself, not npx: the control plane started below must be the process the trap stops.
NODE22=("$(npx -y -p node@22 node -p process.execPath)")
echo "[node 22] $("${NODE22[@]}" --version)"
npx tsc -b

# Unit tests only (*.test.ts that are not *.int.test.ts): no database, no browser.
mapfile -t unit < <(git ls-files '*.test.ts' | grep -v '\.int\.test\.ts$')
# No database here: CI=true would make the global setup demand one.
env -u CI "${NODE22[@]}" node_modules/vitest/vitest.mjs run --reporter=dot "${unit[@]}"

data=$(mktemp -d)
# A port nothing listens on (the OS picks it).
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
PORT=$port PLUME_DATA_DIR="$data" LOG_LEVEL=warn "${NODE22[@]}" control-plane/dist/main.js &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
# Until it is ready or exits: creating the embedded cluster takes ~30 s on a loaded two-core machine
# and only gets slower, never different, so the bound is a guard against a start that hangs (10 min),
# not a deadline for a slow one.
started=$(date +%s)
until node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$port/readyz"; do
  kill -0 $pid 2>/dev/null || { echo "[node 22] control plane exited before it was ready" >&2; exit 1; }
  if (( $(date +%s) - started > 600 )); then
    echo "[node 22] control plane hung: not ready after 10 min" >&2
    exit 1
  fi
  sleep 1
done
echo "[node 22] control plane ready on PGlite after $(( $(date +%s) - started )) s"
exit 0
