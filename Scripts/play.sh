#!/usr/bin/env bash
# One command to play: builds cardserver and cardclient (release), starts a server on
# 127.0.0.1:PORT (default 7878) in the background, opens the client's lobby, and stops the
# server when the client quits. Extra arguments go to cardclient, e.g.
#   Scripts/play.sh --create set --seats 1
set -euo pipefail
cd "$(dirname "$0")/.."
port="${CARDSERVER_PORT:-7878}"
swift build -c release --product cardserver
swift build -c release --product cardclient
bin="$(swift build -c release --show-bin-path)"
mkdir -p cardserver-data
"$bin/cardserver" --host 127.0.0.1 --port "$port" --data cardserver-data 2>cardserver-data/server.log &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    grep -q "listening on" cardserver-data/server.log 2>/dev/null && break
    sleep 0.1
done
"$bin/cardclient" --port "$port" "$@"
