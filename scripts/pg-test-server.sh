#!/usr/bin/env bash
# A throwaway PostgreSQL server for the SQL tests (tests/sql), in a temporary folder:
#   pg-test-server.sh start DIR PORT   initdb in DIR, listen on 127.0.0.1:PORT only (socket in DIR),
#                                      create the test user and database, write DIR/env.sh (the
#                                      RR_TEST_PG_* variables and an ODBC DSN for the tests)
#   pg-test-server.sh stop DIR [PORT]  stop the server and remove DIR (PORT is not needed)
#   pg-test-server.sh halt DIR         stop the server (fast: sessions end, open transactions roll back),
#                                      keep the cluster; `resume DIR` starts it again (tests/sql/server_stop.sh)
# `source DIR/env.sh` before ctest to run the server tests by hand. As root the server runs as the
# `postgres` user (initdb refuses root). Auth: the local socket trusts (the setup uses it); TCP on
# loopback asks the test user for its password (scram-sha-256), so a wrong password fails as it would
# on a real server. Nothing here is kept: fsync is off and stop deletes the cluster.
set -euo pipefail

# Debian 12 ships PostgreSQL 15; another release's version is found the same way.
PG_BIN=${RR_PG_BIN:-/usr/lib/postgresql/15/bin}
if [ -z "${RR_PG_BIN:-}" ] && [ ! -x "$PG_BIN/initdb" ]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
fi
MARKER=.rr-pg-test-server
TEST_USER=rr_test
TEST_PASSWORD=rr-test-secret-7f3a
TEST_DB=rr_test
ADMIN=rr_admin

usage() {
  echo "usage: $0 start DIR PORT | stop DIR [PORT] | halt DIR | resume DIR" >&2
  exit 2
}

as_server_user() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

odbc_driver_path() {
  # The PostgreSQL Unicode driver of the odbc-postgresql package (its path depends on the architecture).
  local so
  so=$(dpkg -L odbc-postgresql 2>/dev/null | grep '/psqlodbcw\.so$' | head -n1 || true)
  [ -n "$so" ] || so=$(ls /usr/lib/*/odbc/psqlodbcw.so 2>/dev/null | head -n1 || true)
  echo "$so"
}

start() {
  local dir=$1 port=$2
  [[ "$port" =~ ^[0-9]+$ ]] && ((port >= 1024 && port <= 65535)) || {
    echo "pg-test-server: port '$port' is not in 1024..65535" >&2
    exit 2
  }
  [ -x "$PG_BIN/initdb" ] || {
    echo "pg-test-server: $PG_BIN/initdb not found (Debian package postgresql; set RR_PG_BIN for another version)" >&2
    exit 2
  }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -n "$(ls -A "$dir")" ] && [ ! -e "$dir/$MARKER" ]; then
    echo "pg-test-server: $dir is not empty and not a test server folder; refusing to use it" >&2
    exit 2
  fi
  touch "$dir/$MARKER"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    chmod 755 "$dir"
  fi

  as_server_user "$PG_BIN/initdb" -D "$dir/data" -U "$ADMIN" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  as_server_user tee -a "$dir/data/postgresql.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 32MB
max_connections = 50
EOF
  as_server_user tee "$dir/data/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 scram-sha-256
EOF
  as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null || {
    echo "pg-test-server: the server did not start on port $port:" >&2
    tail -n 20 "$dir/server.log" >&2 || true
    exit 1
  }
  as_server_user "$PG_BIN/psql" -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U "$ADMIN" -d postgres \
    -c "CREATE ROLE $TEST_USER LOGIN PASSWORD '$TEST_PASSWORD'" \
    -c "CREATE DATABASE $TEST_DB OWNER $TEST_USER" >/dev/null

  local driver
  driver=$(odbc_driver_path)
  cat >"$dir/odbcinst.ini" <<EOF
[PostgreSQL Unicode]
Description=PostgreSQL ODBC driver (Unicode), for the tests
Driver=$driver
EOF
  cat >"$dir/odbc.ini" <<EOF
[rr_test_pg]
Driver=PostgreSQL Unicode
Servername=127.0.0.1
Port=$port
Database=$TEST_DB
EOF
  cat >"$dir/env.sh" <<EOF
export RR_TEST_PG_HOST=127.0.0.1
export RR_TEST_PG_PORT=$port
export RR_TEST_PG_USER=$TEST_USER
export RR_TEST_PG_PASSWORD=$TEST_PASSWORD
export RR_TEST_PG_DATABASE=$TEST_DB
export RR_TEST_ODBC_DSN=rr_test_pg
export RR_TEST_ODBC_DRIVER='$driver'
export ODBCSYSINI='$dir'
export ODBCINI='$dir/odbc.ini'
EOF
  echo "pg-test-server: PostgreSQL listening on 127.0.0.1:$port (folder $dir; source $dir/env.sh)"
}

stop() {
  local dir=$1
  [ -d "$dir" ] || return 0
  if [ ! -e "$dir/$MARKER" ]; then
    echo "pg-test-server: $dir is not a test server folder; leaving it alone" >&2
    exit 2
  fi
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

halt() {
  local dir=$1
  [ -e "$dir/$MARKER" ] || { echo "pg-test-server: $dir is not a test server folder" >&2; exit 2; }
  as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
}

resume() {
  local dir=$1
  [ -e "$dir/$MARKER" ] || { echo "pg-test-server: $dir is not a test server folder" >&2; exit 2; }
  as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
}

case "${1:-}" in
start) (($# == 3)) || usage; start "$2" "$3" ;;
stop) (($# == 2 || $# == 3)) || usage; stop "$2" ;;
halt) (($# == 2)) || usage; halt "$2" ;;
resume) (($# == 2)) || usage; resume "$2" ;;
*) usage ;;
esac
