#!/usr/bin/env bash
# Counts the instructions a pipelined ping costs cardserver and redis-server, with callgrind:
# the same as the clock measures, without the clock (the count is nearly the same on every
# run, however busy the machine is).
#
#   Scripts/ping-instructions.sh [--pipeline N] [--connections N] [--keep DIR] [BATCHES]
#       BATCHES          batches each connection sends in the measured difference (default 200)
#       --pipeline N     pings a connection writes at once before it waits for their replies (default 16)
#       --connections N  connections (default 50)
#       --keep DIR       keep the callgrind output files there, for callgrind_annotate
#
# Each server runs twice under callgrind, each time from its start to its exit: once while
# every connection sends 20 batches, once while each sends 20 + BATCHES. Starting, accepting
# the connections, greeting them and stopping cost the same in both runs, so the difference
# of the two totals, divided by the pings of the difference, is what a ping costs: reading,
# framing, decoding, answering and writing, with its share of epoll_wait. Only the server
# process is counted (all its threads). The load comes from a Python loop (standard library
# only) that sends cardserver `{"type":"ping"}` and redis-server the inline `PING`.
# Builds cardserver in release mode first; needs valgrind, python3 and redis-server.
set -euo pipefail

usage="USAGE: Scripts/ping-instructions.sh [--pipeline N] [--connections N] [--keep DIR] [BATCHES]"
pipeline=16
connections=50
keep=
while [[ ${1:-} == --* ]]; do
    case $1 in
    --pipeline) pipeline=${2:-} ;;
    --connections) connections=${2:-} ;;
    --keep) keep=${2:-} ;;
    *) echo "Error: unknown option '$1'" >&2; echo "$usage" >&2; exit 64 ;;
    esac
    shift 2 || { echo "Error: $1 needs a value" >&2; echo "$usage" >&2; exit 64; }
done
batches=${1:-200}
for value in "$pipeline" "$connections" "$batches"; do
    if [[ ! $value =~ ^[1-9][0-9]{0,4}$ ]]; then
        echo "Error: every number must be a whole number from 1 to 99999, not '$value'" >&2
        echo "$usage" >&2
        exit 64
    fi
done
for tool in valgrind python3 redis-server; do
    command -v "$tool" >/dev/null || { echo "Error: $tool is not on PATH" >&2; exit 1; }
done
cd "$(dirname "$0")/.."

swift build -c release --product cardserver >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d /tmp/ping-instructions.XXXXXX)
server_pid=
cleanup() {
    [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# Connects CONNECTIONS clients to 127.0.0.1:PORT and runs BATCHES closed-loop batches on
# each: PIPELINE requests in one write, then every reply read, then the next batch.
cat >"$work/load.py" <<'EOF'
import selectors, socket, sys

protocol, port, connections, pipeline, batches = sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:6])
request = (b'{"type":"ping"}\n' if protocol == "cardserver" else b"PING\r\n") * pipeline
reply = b'{"type":"pong"}' if protocol == "cardserver" else b"+PONG\r"
selector = selectors.DefaultSelector()
state = {}
for _ in range(connections):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    state[sock] = {"buffer": b"", "awaited": 1 if protocol == "cardserver" else 0, "left": batches, "hello": protocol == "cardserver"}
    selector.register(sock, selectors.EVENT_READ)
for sock, s in state.items():
    if not s["hello"]:
        s["awaited"] = pipeline
        s["left"] -= 1
        sock.sendall(request)
running = len(state)
while running:
    for key, _ in selector.select():
        sock, s = key.fileobj, state[key.fileobj]
        data = sock.recv(65536)
        if not data:
            sys.exit("the server closed a connection")
        *lines, s["buffer"] = (s["buffer"] + data).split(b"\n")
        for line in lines:
            if s["hello"]:
                s["hello"] = False
            elif line != reply:
                sys.exit(f"unexpected reply: {line[:200]!r}")
            s["awaited"] -= 1
        if s["awaited"] == 0:
            if s["left"] == 0:
                selector.unregister(sock)
                sock.close()
                running -= 1
            else:
                s["awaited"] = pipeline
                s["left"] -= 1
                sock.sendall(request)
EOF

# The total instructions (Ir) of a callgrind output file.
total() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }

# Runs server $1 under callgrind while every connection sends $2 batches; prints its total.
measure() {
    local server=$1 count=$2 out=$work/callgrind.$1.$2 log=$work/$1.$2.log port
    case $server in
    cardserver)
        rm -rf "$work/data"
        # --turn-budget: the server's fair-turn bound is a time, and callgrind runs it about 50
        # times slower, so the default 4 ms would put off lines that a real run takes at once
        # (and count the put-off path: 1,354-1,411 instructions a ping instead of ~1,070).
        valgrind --tool=callgrind --callgrind-out-file="$out" "$bin/cardserver" --host 127.0.0.1 --port 0 \
            --data "$work/data" --rate 0 --max-connections-per-address 0 --turn-budget 200 >/dev/null 2>"$log" &
        server_pid=$!
        for _ in $(seq 600); do
            port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$log" | head -1)
            [[ -n $port ]] && break
            sleep 0.1
        done
        ;;
    redis)
        port=$((20000 + RANDOM % 12000))
        valgrind --tool=callgrind --callgrind-out-file="$out" redis-server --port "$port" --bind 127.0.0.1 \
            --save '' --appendonly no --dir "$work" >"$log" 2>&1 &
        server_pid=$!
        for _ in $(seq 600); do
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
            sleep 0.1
        done
        ;;
    esac
    [[ -n $port ]] || { echo "Error: $server did not start: $(tail -3 "$log")" >&2; exit 1; }
    python3 "$work/load.py" "$server" "$port" "$connections" "$pipeline" "$count"
    kill -TERM "$server_pid"
    wait "$server_pid" || true
    server_pid=
    [[ -n $keep ]] && mkdir -p "$keep" && cp "$out" "$keep/"
    total "$out"
}

pings=$((connections * pipeline * batches))
echo "$connections connections × $pipeline pipelined pings, $batches batches each: $pings pings in the difference"
for server in cardserver redis; do
    small=$(measure "$server" 20)
    large=$(measure "$server" $((20 + batches)))
    awk -v s="$server" -v a="$small" -v b="$large" -v n="$pings" \
        'BEGIN { printf "%s: %d instructions a ping (%d - %d instructions, over %d pings)\n", s, (b - a) / n, b, a, n }'
done
[[ -n $keep ]] && echo "callgrind output kept in $keep (callgrind_annotate FILE)"
exit 0
