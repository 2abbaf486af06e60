#!/usr/bin/env bash
# `npm test`: typecheck, lint, format, unit + integration tests (SQLite and PostgreSQL),
# client build, then end-to-end tests in real Chromium against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh

# Not test-results/: Playwright empties that folder when it starts.
results=.tmp/test-reports
mkdir -p "$results"
rm -f "$results"/*.json "$results"/vitest-*.log
status=0
# The steps that failed, named again at the end: a step can fail with every test passed (an
# unhandled error in a test run, the Node 24 run, whose tests the summary does not count).
failed=()
fail() {
  status=1
  failed+=("$step_name")
}
# Each step's wall time, printed again at the end: CI shows only the tail of the log.
timings=()
step_name=
step_started=$SECONDS
step() {
  [[ -n $step_name ]] && timings+=("$(printf '%5ds  %s' $((SECONDS - step_started)) "$step_name")")
  step_name=$*
  step_started=$SECONDS
  echo
  echo "== $*"
}

# Node 24's better-sqlite3 compiles for minutes on one core: started now, beside the
# single-threaded typecheck and lint, and awaited at its own step.
node24_build_log=.tmp/node24-build.log
bash scripts/test-node24.sh --build-only >"$node24_build_log" 2>&1 &
node24_build=$!

step typecheck
npm run -s typecheck
step lint
npx eslint . --max-warnings 0
step format
npx prettier --check . >/dev/null || { npx prettier --check . || true; echo "Run 'npm run format'."; exit 1; }

# A vitest run, its JSON report and its output kept under the report's name: an unhandled error
# fails a run with every test passed, and only the output names it (printed again at the end).
vitest_run() {
  local name=$1
  shift
  npx vitest run "$@" --reporter=default --reporter=json \
    --outputFile.json="$results/$name.json" 2>&1 | tee "$results/$name.log"
}

step "unit and integration tests (SQLite)"
vitest_run vitest-sqlite || fail

step "integration tests (PostgreSQL)"
# Every test folder whose files build the app: they import tests/helpers/test-app.ts, or a module
# that does, at any depth. Found rather than listed, so a new folder is not silently left out.
app_test_folders() {
  local names=test-app previous=
  while [[ $names != "$previous" ]]; do
    previous=$names
    names=$(grep -rlE "/($names)'" tests --include='*.ts' | xargs -n1 basename |
      sed 's/\.ts$//' | sort -u | paste -sd'|')
    names="test-app|$names"
  done
  grep -rlE "/($names)'" tests --include='*.test.ts' | grep -vE '^tests/(client|lint)/' |
    xargs -n1 dirname | sort -u
}
if bash scripts/ensure-postgres.sh; then
  mapfile -t folders < <(app_test_folders)
  TEST_DB=postgres vitest_run vitest-postgres "${folders[@]}" || fail
elif [[ -n ${CI:-} ]]; then
  echo "PostgreSQL is not reachable at ${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}; CI needs it." >&2
  fail
else
  echo "PostgreSQL is not reachable: skipping its run (set TEST_PG_URL to point at one)."
fi

step "several server processes on one port (PROCESSES=2, PostgreSQL)"
# The suites that drive real server processes over HTTP (ranges, zips, transcodes, uploads,
# purchases, sign-in limits, downloads taken over after a SIGKILL), each server now two
# processes under node:cluster (decision 0069), and the cluster's own tests.
if bash scripts/ensure-postgres.sh; then
  TEST_DB=postgres TEST_PROCESSES=2 vitest_run vitest-processes tests/processes tests/two-servers \
    tests/jobs-queue/two-servers-downloads.test.ts || fail
fi

step "media tests with the ffmpeg shipped by npm (what a machine without one on PATH runs)"
FFMPEG_PATH=$(node -p "require('@ffmpeg-installer/ffmpeg').path") vitest_run vitest-bundled-ffmpeg \
  tests/media tests/catalogue/library-import.test.ts \
  tests/catalogue/import-jobs.test.ts tests/catalogue/demo-library.test.ts \
  tests/node/post-actions.test.ts tests/node/detect-bpm.test.ts || fail

step "media, upload, zip, transcode and share suites on object storage (s3rver)"
# Every app of these files keeps its files in a bucket of the run's s3rver (tests/helpers/
# s3-global-setup.ts): Range reads, zips, ffmpeg from presigned URLs, the transcode cache and
# uploads (tus parts too: tests/library-upload) all go through S3. The two-server test (tests/two-servers/) runs in the PostgreSQL step.
TEST_STORAGE=s3 vitest_run vitest-s3 \
  tests/media/stream.test.ts tests/media/zip.test.ts tests/media/download.test.ts \
  tests/media/limits.test.ts tests/media/transcode-args.test.ts tests/media/tags.test.ts \
  tests/subsonic/media.test.ts tests/shares tests/library-upload tests/uploads tests/user-upload \
  tests/support tests/storage tests/catalogue/demo-library.test.ts tests/robustness/file-names.test.ts \
  tests/player-loudness/loudness-backfill-storage.test.ts || fail

step "server tests on Node 24 (the current LTS, from the npm registry)"
if wait "$node24_build"; then
  cat "$node24_build_log"
  bash scripts/test-node24.sh || fail
else
  cat "$node24_build_log"
  fail
fi

step "client build"
npx vite build --logLevel warn

step "end-to-end tests (Chromium)"
# The server's own log, kept for a failure: its warnings and errors are printed below the run.
server_log="$results/e2e-server.log"
E2E_SERVER_LOG="$server_log" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  npx playwright test --reporter=list,json || {
  fail
  echo "The server's warnings and errors during the run (last 40):"
  grep -E '"level":(40|50|60)' "$server_log" | tail -n 40 | cut -c1-600 || true
}

step "saving for offline on object storage (Chromium, s3rver)"
# The server keeps the demo library, covers and caches in a bucket (e2e/support/global-setup.ts):
# the service worker saves, plays and seeks what is streamed from S3.
E2E_STORAGE=s3 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-s3.json" \
  npx playwright test --project=shared e2e/offline.spec.ts --reporter=list,json || fail

step done
echo "Time per step:"
printf '  %s\n' "${timings[@]}"
echo
npx tsx scripts/test-summary.ts "$results"/vitest-sqlite.json "$results"/vitest-postgres.json \
  "$results"/vitest-processes.json "$results"/vitest-bundled-ffmpeg.json "$results"/vitest-s3.json "$results"/e2e.json \
  "$results"/e2e-s3.json
for log in "$results"/vitest-*.log; do
  [[ -f $log ]] && grep -q 'Unhandled Error' "$log" || continue
  echo
  echo "Unhandled errors in $(basename "$log" .log) (first 40 lines):"
  sed -e 's/\x1b\[[0-9;]*m//g' "$log" | sed -n '/Unhandled Error/,$p' | head -n 40
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo
  printf 'Failed step: %s\n' "${failed[@]}"
fi
exit $status
