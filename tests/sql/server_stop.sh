#!/usr/bin/env bash
# Issue 19: the PostgreSQL server stopped while a release is written into it. A private throwaway server
# (the shared one serves the parallel tests) holds a 20,000-row table; the release pauses after 3,000 records
# of its COPY (RR_TEST_PAUSE_AFTER_ROWS), the server is stopped (pg_ctl -m fast: every session ends, open
# transactions roll back) and started again. Expected: exit 1 with the reason on one line, and no table.
# Usage: server_stop.sh CLI ROOT. Exit 77 (skipped) when PostgreSQL is not installed and not required.
set -uo pipefail
CLI=$1
ROOT=$2
PG_BIN=${RR_PG_BIN:-/usr/lib/postgresql/15/bin}
[ -x "$PG_BIN/initdb" ] || PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
if [ ! -x "${PG_BIN:-}/initdb" ]; then
  echo "no PostgreSQL server binaries (initdb)"
  [ "${RR_TEST_PG_REQUIRED:-0}" = 1 ] && exit 1
  exit 77
fi

fail() {
  echo "FAIL: $*"
  exit 1
}

# shellcheck source=/dev/null
. "$ROOT/scripts/pg-for-tests.sh" # rr_start_test_pg: a free port, stopped and removed on exit
rr_start_test_pg >/dev/null
sql() { psql -X -q -tA -v ON_ERROR_STOP=1 -h "$RR_PG_DIR" -p "$RR_TEST_PG_PORT" -U "$RR_TEST_PG_USER" -d "$RR_TEST_PG_DATABASE" -c "$1"; }
sql "CREATE TABLE src AS SELECT 'a' || (i % 5) AS a, 'b' || (i % 7) AS b FROM generate_series(1, 20000) AS i" ||
  fail "could not create the source table"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; rr_stop_test_pg' EXIT
RR_SQL_PASSWORD=$RR_TEST_PG_PASSWORD RR_TEST_PAUSE_AFTER_ROWS=3000 "$CLI" randomize \
  --sql-url "postgresql://$RR_TEST_PG_USER@127.0.0.1:$RR_TEST_PG_PORT/$RR_TEST_PG_DATABASE" --sql-table src \
  --attributes a,b --p a=0.8,b=0.7 --seed 7 --out-sql-table released >"$WORK/out.json" 2>"$WORK/err.txt" &
release=$!

copying=0
for _ in $(seq 1 400); do # the COPY into the new table is under way (the release holds it for 5 s)
  copying=$(sql "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'rr-explorer-release' AND query LIKE 'COPY%'" 2>/dev/null || echo 0)
  [ "$copying" -ge 1 ] && break
  sleep 0.05
done
[ "$copying" -ge 1 ] || { kill "$release" 2>/dev/null; fail "the release's COPY never started: $(cat "$WORK/err.txt")"; }

bash "$ROOT/scripts/pg-test-server.sh" halt "$RR_PG_DIR" || fail "pg_ctl stop failed"
wait "$release"
rc=$?
bash "$ROOT/scripts/pg-test-server.sh" resume "$RR_PG_DIR" || fail "pg_ctl start failed"

echo "exit $rc; stderr: $(cat "$WORK/err.txt")"
[ "$rc" -eq 1 ] || fail "the release exited $rc, not 1 (an I/O failure)"
[ "$(wc -l <"$WORK/err.txt")" -eq 1 ] || fail "stderr is not one line"
grep -q "lost the connection" "$WORK/err.txt" || fail "stderr does not give the reason"
[ ! -s "$WORK/out.json" ] || fail "a result was printed for a failed release"
[ "$(sql "SELECT to_regclass('released') IS NULL")" = t ] || fail "the table 'released' exists after the failure"
[ "$(sql "SELECT count(*) FROM src")" = 20000 ] || fail "the source table changed"
echo "PASS: no table after the server stopped mid-release"
