#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL on loopback for the database tests.
# `start` makes its own temp dir, so parallel runs don't collide, and prints `export PG_URL=… PG_DIR=…`
# for eval; `stop` stops the server in that $PG_DIR and removes it. The server runs as the postgres
# user: it refuses root.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    dir=$(mktemp -d -t wattle-test-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
    echo "export PG_URL=postgres://postgres@127.0.0.1:$port/postgres PG_DIR=$dir"
    ;;
  stop)
    dir=${PG_DIR:?PG_DIR is not set: eval the output of start first}
    [ -d "$dir" ] && as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
