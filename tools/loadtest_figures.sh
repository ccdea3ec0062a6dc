#!/usr/bin/env bash
# The figures of docs/loadtest.md ("The final measurement"): three runs of each case, one after
# the other, each run's JSON kept in OUT and one line per run printed with the load average
# before it. Run it on a quiet machine, from the project's folder, with the web extra installed:
#
#     tools/loadtest_figures.sh [think|stress|pg|all] [OUT]
#
# `pg` starts a throwaway PostgreSQL cluster (initdb/pg_ctl of the Debian packages, fsync on,
# loopback only; as the postgres user when run as root), one empty database per run, and
# removes it at the end.
set -euo pipefail
case_=${1:-all}
out=${2:-loadtest-figures}
python=${PYTHON:-python}
mkdir -p "$out"

summary() {  # one run's JSON -> one line
    "$python" - "$1" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"  moves/s {r['moves_per_s']}  p50 {r['p50_ms']} ms  p99 {r['p99_ms']} ms  "
      f"(settled {r['p99_settled_ms']} ms; server's own <= {r['server_p99_ms']} ms; "
      f"server late p99 <= {r['server_loop_lag_p99_ms']} ms; full gcs {r['server_gc']['count']}; "
      f"client late p99 {r['client_lag_p99_ms']} ms)  errors {r['errors']}  lost {r['lost']}  "
      f"stored {r['stored_moves']}  rss peak {r['rss_peak_mb']} MB  "
      f"cpu: servers {r['server_cpu_s']} s, client {r['client_cpu_s']} s")
EOF
}

run() {  # name, then lama loadtest's arguments
    local name=$1; shift
    for n in 1 2 3; do
        echo "$name run $n: load average $(cut -d' ' -f1-3 /proc/loadavg)"
        "$python" -m lama loadtest "$@" --json > "$out/$name-$n.json" || true
        summary "$out/$name-$n.json"
    done
}

if [[ $case_ == think || $case_ == all ]]; then
    run think-sqlite --tables 1000 --think 3 --seconds 60
fi
if [[ $case_ == stress || $case_ == all ]]; then
    run stress-sqlite --tables 200 --seconds 30
fi
if [[ $case_ == pg || $case_ == all ]]; then
    bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
    base=$(mktemp -d -t lama-pg-XXXXXX)
    as=()
    if [[ $(id -u) == 0 ]]; then as=(runuser -u postgres --); chown postgres "$base"; fi
    port=$("$python" -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
    "${as[@]}" "$bin/initdb" -D "$base/data" -A trust -U postgres > /dev/null
    "${as[@]}" "$bin/pg_ctl" -D "$base/data" -w -l "$base/log" \
        -o "-p $port -k $base -c listen_addresses=127.0.0.1 -c max_connections=200" start > /dev/null
    trap '"${as[@]}" "$bin/pg_ctl" -D "$base/data" -w -m fast stop > /dev/null; rm -rf "$base"' EXIT
    for n in 1 2 3; do
        "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "load$n"
        echo "think-pg-2-servers run $n: load average $(cut -d' ' -f1-3 /proc/loadavg)"
        "$python" -m lama loadtest --tables 1000 --think 3 --seconds 60 --servers 2 \
            --db "postgresql://postgres@127.0.0.1:$port/load$n" --json > "$out/think-pg-$n.json" || true
        summary "$out/think-pg-$n.json"
    done
fi
