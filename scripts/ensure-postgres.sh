#!/usr/bin/env bash
# The integration tests also run on PostgreSQL. Start the local cluster if it is installed but
# stopped; exit 1 (without printing) when no server can be reached, so the caller decides.
set -uo pipefail
url=${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
reachable() { node -e "
  const { Client } = require('pg');
  const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$url"; }
reachable && exit 0
if command -v pg_ctlcluster >/dev/null 2>&1 && [[ -d /etc/postgresql ]]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start >/dev/null 2>&1 || true
  sleep 2
  reachable && exit 0
fi
exit 1
