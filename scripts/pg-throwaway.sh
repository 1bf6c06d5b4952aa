#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 (Debian's postgresql package) and prints its
# DATABASE_URL. Usage: eval "$(bash scripts/pg-throwaway.sh)"   — stop with: bash scripts/pg-throwaway.sh stop
# The tests' cluster runs without fsync; PG_DURABLE=1 starts one as a production server runs (fsync and
# synchronous_commit on), which `npm run bench` asks for.
set -euo pipefail
PORT="${PG_PORT:-54329}"
DIR="${PG_DIR:-/tmp/playhall-pg-$PORT}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$BIN" ]; then
  echo "PostgreSQL is not installed: apt-get update && apt-get install -y postgresql" >&2
  exit 1
fi
if [ "${PG_DURABLE:-0}" = 1 ]; then DURABILITY="-c fsync=on -c synchronous_commit=on"; else DURABILITY="-c fsync=off"; fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "${1:-}" = stop ]; then
  as_pg "$BIN/pg_ctl" -D "$DIR" stop -m fast >&2 || true
  exit 0
fi
if [ ! -f "$DIR/PG_VERSION" ]; then
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
  as_pg "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >&2
fi
if ! as_pg "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp $DURABILITY -c max_connections=200 -c shared_buffers=256MB" start >&2
fi
as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='playhall'" | grep -q 1 \
  || as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres playhall
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/playhall"
