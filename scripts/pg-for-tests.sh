# Sourced by scripts/test.sh and scripts/sanitize.sh: a throwaway PostgreSQL server on loopback for the SQL
# tests (scripts/pg-test-server.sh), on a free port, stopped and removed on exit whatever the tests do.
# After rr_start_test_pg the RR_TEST_PG_* variables are exported and RR_TEST_PG_REQUIRED=1 (the server
# tests must run, not skip).
RR_PG_DIR=""

rr_stop_test_pg() {
  if [ -n "$RR_PG_DIR" ]; then
    bash "$ROOT/scripts/pg-test-server.sh" stop "$RR_PG_DIR" || true
    RR_PG_DIR=""
  fi
}

rr_port_is_free() { # nothing accepts a connection on it
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

rr_start_test_pg() {
  trap rr_stop_test_pg EXIT
  trap 'exit 130' INT TERM
  echo "== starting the PostgreSQL test server"
  local attempt port
  for attempt in 1 2 3 4 5; do # tried again if another process takes the port first
    port=$((20000 + (RANDOM % 20000)))
    rr_port_is_free "$port" || continue
    RR_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/rr-pg.XXXXXX")
    if bash "$ROOT/scripts/pg-test-server.sh" start "$RR_PG_DIR" "$port"; then
      break
    fi
    rr_stop_test_pg
  done
  if [ -z "$RR_PG_DIR" ]; then
    echo "== the PostgreSQL test server did not start" >&2
    exit 1
  fi
  # shellcheck source=/dev/null
  . "$RR_PG_DIR/env.sh"
  export RR_TEST_PG_REQUIRED=1
}
