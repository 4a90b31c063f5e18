#!/usr/bin/env bash
# Set up (packages, build) and run every test with ctest. UI tests use the offscreen platform.
# The SQL tests (tests/sql) get a throwaway PostgreSQL server on loopback in a temporary folder
# (scripts/pg-test-server.sh), stopped and removed on exit whatever the tests do.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

bash "$ROOT/scripts/setup.sh"

# shellcheck source=scripts/pg-for-tests.sh
source "$ROOT/scripts/pg-for-tests.sh"
rr_start_test_pg

echo "== running tests"
cd "$BUILD"
# The statistical-file tests fail instead of skipping when pandas or ReadStat's tool is missing.
export RR_REQUIRE_STATFILES=1
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
