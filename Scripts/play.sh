#!/usr/bin/env bash
# One command to play: builds cardserver and cardclient (release), starts a server on
# 127.0.0.1:PORT (default 7878) in the background, opens the client's lobby, and stops the
# server when the client quits. Extra arguments go to cardclient, e.g.
#   Scripts/play.sh --create set --seats 1
# The client plays under $USER (or asks for a name); its lobby fits 60×12, each game says what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${CARDSERVER_PORT:-7878}"
swift build -c release --product cardserver
swift build -c release --product cardclient
bin="$(swift build -c release --show-bin-path)"
# The server's log lives beside its data, never in it: files under --data are the server's alone.
log="$PWD/cardserver-play.log"
"$bin/cardserver" --host 127.0.0.1 --port "$port" --data cardserver-data 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    grep -q "listening on" "$log" 2>/dev/null && break
    # A server that exits at once (the port is taken, the data is in use) says why in its log.
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
if ! grep -q "listening on" "$log" 2>/dev/null; then
    echo "play.sh: the server did not start on 127.0.0.1:$port; its log ($log) says:" >&2
    tail -n 5 "$log" >&2
    echo "play.sh: another program may hold the port: try CARDSERVER_PORT=7879 Scripts/play.sh" >&2
    exit 1
fi
echo "play.sh: cardserver is listening on 127.0.0.1:$port (binaries in $bin, log in $log)"
"$bin/cardclient" --port "$port" "$@"
