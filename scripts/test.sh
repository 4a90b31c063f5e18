#!/usr/bin/env bash
# Set up (packages, build) and run every test with ctest. UI tests use the offscreen platform.
# The SQL tests (tests/sql) get a throwaway PostgreSQL server on loopback in a temporary folder
# (scripts/pg-test-server.sh), stopped and removed on exit whatever the tests do.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

bash "$ROOT/scripts/setup.sh"

PG_DIR=""
stop_pg() {
  if [ -n "$PG_DIR" ]; then
    bash "$ROOT/scripts/pg-test-server.sh" stop "$PG_DIR" || true
  fi
}
trap stop_pg EXIT
trap 'exit 130' INT TERM

# A free port (nothing accepts a connection on it), tried again if another process takes it first.
port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
echo "== starting the PostgreSQL test server"
for attempt in 1 2 3 4 5; do
  port=$((20000 + (RANDOM % 20000)))
  port_is_free "$port" || continue
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/rr-pg.XXXXXX")
  if bash "$ROOT/scripts/pg-test-server.sh" start "$PG_DIR" "$port"; then
    break
  fi
  stop_pg
  PG_DIR=""
done
if [ -z "$PG_DIR" ]; then
  echo "== the PostgreSQL test server did not start" >&2
  exit 1
fi
# shellcheck source=/dev/null
. "$PG_DIR/env.sh"
export RR_TEST_PG_REQUIRED=1 # the server tests must run here, not skip

echo "== running tests"
cd "$BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
