#!/usr/bin/env bash
# Measures cardserver, and redis-server under the same load, in one run, on
# this machine's loopback only. Builds in release mode first; installs
# redis-server with apt-get if it is missing.
#
#   Scripts/bench.sh [SECONDS]    SECONDS: measured seconds of each ping run,
#                                 and how long idle connections are held (default 10)
#
# Each benchmark is `cardbench` (Sources/cardbench), which prints its figures;
# this script prints them as they come, then a summary table with the ratios
# and the issue's targets. Every server it starts is stopped on exit.
set -euo pipefail

usage="USAGE: Scripts/bench.sh [SECONDS]"
seconds=${1:-10}
if [[ $# -gt 1 || ! $seconds =~ ^[1-9][0-9]{0,3}$ ]]; then
    echo "Error: SECONDS must be a whole number from 1 to 9999, not '${*}'" >&2
    echo "$usage" >&2
    exit 64
fi
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
fail() {
    echo "Error: $*" >&2
    exit 1
}

say "building cardserver and cardbench (release)"
swift build -c release --product cardserver
swift build -c release --product cardbench
bin=$(swift build -c release --show-bin-path)

if ! command -v redis-server >/dev/null; then
    say "installing redis-server"
    apt-get install -y redis-server || { apt-get update && apt-get install -y redis-server; }
fi
redis=$(command -v redis-server) || fail "redis-server is not installed and apt-get could not install it"

work=$(mktemp -d /tmp/cardbench-run.XXXXXX)
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

failures=()

# Starts a cardserver on a free loopback port; sets cs_pid and cs_port.
start_cardserver() {
    local name=$1 log=$work/cardserver-$1.log
    # --rate 0: redis has no per-client rate limit either; the benchmarks send as fast as replies come.
    "$bin/cardserver" --host 127.0.0.1 --port 0 --rate 0 --max-clients 20000 --data "$work/data-$name" \
        >/dev/null 2>"$log" &
    cs_pid=$!
    pids+=("$cs_pid")
    cs_port=
    for _ in $(seq 200); do
        cs_port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$log" | head -1)
        [[ -n $cs_port ]] && return 0
        kill -0 "$cs_pid" 2>/dev/null || fail "cardserver exited at start: $(cat "$log")"
        sleep 0.05
    done
    fail "cardserver did not say where it listens within 10 s: $(cat "$log")"
}

stop_server() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# Whether something accepts connections on 127.0.0.1:$1.
accepting() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Starts redis-server on a free port below the ephemeral range; sets redis_pid and redis_port.
start_redis() {
    local try port
    for try in $(seq 20); do
        port=$((20000 + RANDOM % 12000))
        accepting "$port" && continue
        "$redis" --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" \
            >"$work/redis.log" 2>&1 &
        redis_pid=$!
        pids+=("$redis_pid")
        for _ in $(seq 200); do
            if accepting "$port"; then
                redis_port=$port
                return 0
            fi
            kill -0 "$redis_pid" 2>/dev/null || break
            sleep 0.05
        done
        stop_server "$redis_pid"
        echo "redis-server did not start on port $port (try $try): $(tail -3 "$work/redis.log")" >&2
    done
    fail "redis-server did not start on any of 20 ports"
}

# Runs cardbench with the given arguments, showing its output and keeping it in $work/$1.out.
bench() {
    local name=$1
    shift
    echo "\$ cardbench $*"
    if ! "$bin/cardbench" "$@" 2>&1 | tee "$work/$name.out"; then
        failures+=("$name")
    fi
}

# The value of "label: value" in the output of run $1.
figure() {
    awk -v key="$2: " 'index($0, key) == 1 { print substr($0, length(key) + 1); exit }' "$work/$1.out"
}

# The number at the start of a figure ("812 µs" -> 812), or empty.
number() { figure "$1" "$2" | awk '{ print $1 }'; }

# Other work on the machine skews every figure: say how busy it was.
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
say "ping, 50 connections, ${seconds} s each: redis-server, then cardserver (load average: $load_before)"
start_redis
bench ping-redis ping --protocol redis --port "$redis_port" --connections 50 --seconds "$seconds" \
    --server-pid "$redis_pid"
start_cardserver ping
bench ping-cardserver ping --port "$cs_port" --connections 50 --seconds "$seconds" --server-pid "$cs_pid"
stop_server "$cs_pid"

say "idle: 10,000 logged-in connections held ${seconds} s (a fresh cardserver)"
start_cardserver idle
bench idle idle --port "$cs_port" --connections 10000 --seconds "$seconds" --server-pid "$cs_pid"
stop_server "$cs_pid"

say "set: 1,000 rooms of 4 players racing, think 0-20 ms (a fresh cardserver)"
start_cardserver set
bench set set --port "$cs_port" --rooms 1000 --players 4 --seconds 60 --server-pid "$cs_pid"
stop_server "$cs_pid"

say "set: 1,000 rooms of 4 players, think 0-1000 ms: a lighter load (a fresh cardserver)"
start_cardserver set-slow
bench set-slow set --port "$cs_port" --rooms 1000 --players 4 --seconds 60 --think-ms 1000 --server-pid "$cs_pid"
stop_server "$cs_pid"

say "startup: spawn to first reply, 20 runs each"
bench startup startup --binary "$bin/cardserver" --runs 20 --redis "$redis"

stop_server "$redis_pid"

# --- summary -----------------------------------------------------------------

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "?"; else printf "%.2f", a / b }'; }
verdict() { awk -v ok="$1" 'BEGIN { print (ok == 1 ? "met" : "MISSED") }'; }
at_least() { awk -v a="$1" -v b="$2" 'BEGIN { print (a != "" && a + 0 >= b + 0) ? 1 : 0 }'; }
below() { awk -v a="$1" -v b="$2" 'BEGIN { print (a != "" && a + 0 < b + 0) ? 1 : 0 }'; }
ms() { awk -v us="$1" 'BEGIN { if (us == "") print "?"; else printf "%.2f ms", us / 1000 }'; }

cs_rps=$(number ping-cardserver "requests/s")
redis_rps=$(number ping-redis "requests/s")
ping_ratio=$(ratio "$cs_rps" "$redis_rps")
idle_rss=$(number idle "server RSS")
idle_count=$(number idle "connections established")
set_sent=$(number set "claims sent")
set_answered=$(number set "claims answered")
set_p99=$(number set "claim latency p99")
slow_sent=$(number set-slow "claims sent")
slow_answered=$(number set-slow "claims answered")
slow_p99=$(number set-slow "claim latency p99")
start_p50=$(number startup "cardserver startup p50")
start_max=$(number startup "cardserver startup max")
redis_start_p50=$(number startup "redis startup p50")

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
say "summary"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(uname -sr) $(uname -m); $(nproc) cores, ${cpu:-unknown CPU}; $("$redis" --version | awk '{ print $3 }' | sed 's/v=/redis-server /')"
echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| benchmark | cardserver | redis-server | ratio | target | |"
echo "|---|---|---|---|---|---|"
echo "| ping, 50 connections, requests/s | ${cs_rps:-?} | ${redis_rps:-?} | $ping_ratio | ratio >= 0.8 | $(verdict "$(at_least "$ping_ratio" 0.8)") |"
echo "| ping, 50 connections, p50 / p99 / p999 µs | $(number ping-cardserver "latency p50") / $(number ping-cardserver "latency p99") / $(number ping-cardserver "latency p999") | $(number ping-redis "latency p50") / $(number ping-redis "latency p99") / $(number ping-redis "latency p999") | | | |"
echo "| ping, server RSS MiB | $(number ping-cardserver "server RSS") | $(number ping-redis "server RSS") | | | |"
echo "| idle, 10,000 logged in: connections held | ${idle_count:-?} | | | 10000 | $(verdict "$(at_least "$idle_count" 10000)") |"
echo "| idle, 10,000 logged in: server RSS MiB | ${idle_rss:-?} (from $(number idle "server RSS before"), $(number idle "per connection") B each) | | | < 64 | $(verdict "$(below "$idle_rss" 64)") |"
echo "| idle, 10,000 logged in: time to establish ms | $(number idle "time to establish") | | | | |"
echo "| set 1,000 x 4, think 0-20 ms: claims answered / sent | ${set_answered:-?} / ${set_sent:-?} | | | all | $(verdict "$([[ -n $set_sent && $set_sent == "$set_answered" ]] && echo 1 || echo 0)") |"
echo "| set 1,000 x 4, think 0-20 ms: claim p50 / p99 / p999 | $(ms "$(number set "claim latency p50")") / $(ms "$set_p99") / $(ms "$(number set "claim latency p999")") | | | p99 < 5 ms | $(verdict "$(below "$set_p99" 5000)") |"
echo "| set 1,000 x 4, think 0-20 ms: claims/s, stale | $(number set "claims/s"), $(number set "stale") stale | | | | |"
echo "| set 1,000 x 4, think 0-1000 ms: claims answered / sent | ${slow_answered:-?} / ${slow_sent:-?} | | | all | $(verdict "$([[ -n $slow_sent && $slow_sent == "$slow_answered" ]] && echo 1 || echo 0)") |"
echo "| set 1,000 x 4, think 0-1000 ms: claim p50 / p99 / p999 | $(ms "$(number set-slow "claim latency p50")") / $(ms "$slow_p99") / $(ms "$(number set-slow "claim latency p999")") | | | p99 < 5 ms | $(verdict "$(below "$slow_p99" 5000)") |"
echo "| startup to first reply, p50 (max) ms | ${start_p50:-?} (${start_max:-?}) | ${redis_start_p50:-?} | | < 50 | $(verdict "$(below "$start_max" 50)") |"

if [[ ${#failures[@]} -gt 0 ]]; then
    fail "these benchmarks failed (see their output above): ${failures[*]}"
fi
