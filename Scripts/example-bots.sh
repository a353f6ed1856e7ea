#!/usr/bin/env bash
# Runs the example bots (Examples/bots/) against a real server, as CI does:
#
#   Scripts/example-bots.sh "$(swift build -c release --show-bin-path)/cardserver"
#
# Starts SERVER_BINARY on a free loopback port with a fresh temporary --data folder,
# and no rate or per-minute caps (the races begin many games a minute from one
# address). Then: a solo Set game, rps against the robot, rps between two bots, a solo
# Klondike deal that following the hints wins, two bots paired by a pool, a bot that
# challenges another by name, two bot accounts paired by a pool's line of bots, a
# spectator watching a two-bot Set game, and two races of 20 games each (Set, Klondike) that test the cause/seq rule.
# Every line each bot sends and reads is validated against Protocol.schema.json, and
# every bot checks each deal against its seed. Stops the server whatever happens;
# exits non-zero if any bot failed. Needs python3 with jsonschema and regex
# (python3 -m pip install jsonschema regex); PYTHON picks another interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
server_bin="${1:?usage: Scripts/example-bots.sh SERVER_BINARY}"
python="${PYTHON:-python3}"
schema="$PWD/Protocol.schema.json"
bots="$PWD/Examples/bots"
klondike_seed="${KLONDIKE_SEED:-1}"  # a deal that following the hints wins (seed 3, say, is given up)

"$python" -c 'import jsonschema, regex' 2>/dev/null || {
    echo "example-bots: $python has no jsonschema or regex; python3 -m pip install jsonschema regex" >&2
    exit 1
}

work="$(mktemp -d "${TMPDIR:-/tmp}/example-bots.XXXXXX")"
server=""
helpers=()
cleanup() {
    local pid
    for pid in "${helpers[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [[ -n "$server" ]]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

: >"$work/server.log"  # there before the server's own redirection opens it
"$server_bin" --host 127.0.0.1 --port 0 --data "$work/data" --rate 0 --games-per-minute 0 \
    --rooms-per-minute 0 --failed-joins-per-minute 0 --guest-logins-per-minute 0 2>"$work/server.log" &
server=$!
port=""
for _ in $(seq 100); do
    port="$(sed -n 's/.* listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/server.log" || true)"
    [[ -n "$port" ]] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
if [[ -z "$port" ]]; then
    echo "example-bots: the server did not start" >&2
    cat "$work/server.log" >&2
    exit 1
fi
echo "example-bots: cardserver on 127.0.0.1:$port, data in $work/data"

failures=0
started=$SECONDS

# bot LOG SCRIPT ARGS...: runs a bot in the foreground, its output to LOG and the terminal.
bot() {
    local log="$1" script="$2"
    shift 2
    timeout 100 "$python" "$bots/$script" --port "$port" --validate "$schema" --timeout 30 "$@" >"$work/$log" 2>&1
}

# background LOG SCRIPT ARGS...: the same in the background; its pid in $last.
background() {
    bot "$@" &
    last=$!
    helpers+=("$last")
}

# room_of LOG: waits for the "room CODE" line a creating bot prints, and prints CODE.
room_of() {
    local code=""
    for _ in $(seq 100); do
        code="$(sed -n 's/^room \([A-Z0-9]*\)$/\1/p' "$work/$1" 2>/dev/null | head -1)"
        [[ -n "$code" ]] && { echo "$code"; return 0; }
        sleep 0.1
    done
    echo "example-bots: no room code in $1" >&2
    return 1
}

# step TITLE LOG... -- COMMAND: runs COMMAND, then shows the logs (their figures, and
# the game lines of those named +LOG; all of each, if it failed); counts a failure.
step() {
    local title="$1"
    shift
    local logs=()
    while [[ "$1" != "--" ]]; do logs+=("$1"); shift; done
    shift
    local begin=$SECONDS status=0
    "$@" || status=$?
    echo
    echo "== $title ($((SECONDS - begin)) s): $([[ $status -eq 0 ]] && echo ok || echo "FAILED ($status)")"
    local log pattern
    for log in "${logs[@]}"; do
        # A log named +LOG shows its game lines too (the bots of one room print the same ones).
        pattern='^(summary|deal checked|watching|FAILED)'
        [[ "$log" == +* ]] && log="${log#+}" && pattern='^(game|summary|deal checked|watching|FAILED)'
        if [[ $status -eq 0 ]]; then
            grep -E "$pattern" "$work/$log" | sed "s/^/   $log: /" || true
        else
            tail -40 "$work/$log" 2>/dev/null | sed "s/^/   $log: /"
        fi
    done
    if [[ $status -ne 0 ]]; then
        failures=$((failures + 1))
    fi
}

# (A function run as `f || status=$?` runs without set -e: each one collects its status.)
solo() {
    local status=0
    bot set-solo.log set_racer.py --name solo-set || status=$?
    bot rps-robot.log rps_player.py --name rps-solo --bot adaptive --rounds 3 || status=$?
    bot klondike-solo.log klondike_hints.py --name klondike-solo --seed "$klondike_seed" --expect-win || status=$?
    return $status
}

# pair LOG1 LOG2 SCRIPT ARGS...: two bots in one room: the first creates it, the second joins.
pair() {
    local first="$1" second="$2" script="$3"
    shift 3
    background "$first" "$script" --name "${first%.log}" --create-seats 2 "$@"
    local host=$last code
    code="$(room_of "$first")" || return 1
    local status=0
    bot "$second" "$script" --name "${second%.log}" --join "$code" "$@" || status=$?
    wait "$host" || status=$?
    return $status
}

watched_set_game() {
    background set-ann.log set_racer.py --name set-ann --create-seats 2
    local host=$last code status=0
    code="$(room_of set-ann.log)" || return 1
    background spectator.log spectator.py --name watcher --room "$code"
    local watcher=$last
    for _ in $(seq 100); do grep -q '^watching' "$work/spectator.log" 2>/dev/null && break; sleep 0.1; done
    bot set-bob.log set_racer.py --name set-bob --join "$code" || status=$?
    wait "$host" || status=$?
    wait "$watcher" || status=$?
    return $status
}

step "solo games: Set, rps against the robot, Klondike seed $klondike_seed by the hints" \
    +set-solo.log +rps-robot.log +klondike-solo.log -- solo
# A bot account and its API token (api_token.py), then rps signed in with the token.
token_bot() {
    local token
    token="$(CARDSERVER_PASSWORD="correct horse battery staple" timeout 60 "$python" "$bots/api_token.py" --port "$port" \
        --validate "$schema" --name robo --register --label example-bots 2>"$work/api-token.log")" || return 1
    [[ "$token" =~ ^cst_[0-9a-f]{32}$ ]] || { echo "not an API token: $token" >"$work/api-token.log"; return 1; }
    CARDSERVER_API_TOKEN="$token" bot rps-token.log rps_player.py --bot adaptive --rounds 3
}

step "rps between two bots" +rps-ann.log rps-bob.log -- \
    pair rps-ann.log rps-bob.log rps_player.py --rounds 5
step "an rps bot signed in with an API token" +rps-token.log api-token.log -- token_bot
# Two bots that wait in the rps-3 quick-pairing pool: the wave (3 s after the first) seats them together.
pooled_pair() {
    background rps-pool-1.log rps_player.py --name pool-ann --pool rps-3
    local first=$last status=0
    bot rps-pool-2.log rps_player.py --name pool-bob --pool rps-3 || status=$?
    wait "$first" || status=$?
    grep -q "^paired in room" "$work/rps-pool-1.log" && grep -q "^paired in room" "$work/rps-pool-2.log" || status=1
    return $status
}
step "two rps bots paired by the rps-3 pool" +rps-pool-1.log rps-pool-2.log -- pooled_pair
# A bot that waits for challenges, and one that challenges it by name: they play rps-3.
challenged_pair() {
    background rps-challenged.log rps_player.py --name chal-bob --accept-challenges --rounds 3
    local asked=$last status=0
    for _ in $(seq 100); do grep -q '^waiting for a challenge' "$work/rps-challenged.log" 2>/dev/null && break; sleep 0.1; done
    bot rps-challenger.log rps_player.py --name chal-ann --challenge chal-bob --rounds 3 || status=$?
    wait "$asked" || status=$?
    grep -q "^accepted the challenge" "$work/rps-challenged.log" && grep -q "^paired in room .* by the challenge" "$work/rps-challenger.log" || status=1
    return $status
}
step "a bot challenges another by name, which accepts" +rps-challenger.log rps-challenged.log -- challenged_pair
# Two bot accounts (each signed in with its API token) wait in the rps-3 pool: the pool's
# line of bots pairs them, rated.
bot_pool() {
    local one two status=0
    one="$(CARDSERVER_PASSWORD="correct horse battery staple" timeout 60 "$python" "$bots/api_token.py" --port "$port" \
        --validate "$schema" --name robo-one --register --label pool 2>>"$work/bot-pool-tokens.log")" || return 1
    two="$(CARDSERVER_PASSWORD="correct horse battery staple" timeout 60 "$python" "$bots/api_token.py" --port "$port" \
        --validate "$schema" --name robo-two --register --label pool 2>>"$work/bot-pool-tokens.log")" || return 1
    CARDSERVER_API_TOKEN="$one" background rps-bot-pool-1.log rps_player.py --pool rps-3
    local first=$last
    CARDSERVER_API_TOKEN="$two" bot rps-bot-pool-2.log rps_player.py --pool rps-3 || status=$?
    wait "$first" || status=$?
    grep -q "^paired in room" "$work/rps-bot-pool-1.log" && grep -q "ratings: " "$work/rps-bot-pool-2.log" || status=1
    return $status
}
step "two bot accounts paired by the rps-3 pool's line of bots, rated" +rps-bot-pool-1.log rps-bot-pool-2.log bot-pool-tokens.log -- bot_pool
step "a spectator watching a two-bot Set game" +set-ann.log set-bob.log spectator.log -- watched_set_game
echo "   spectator.log, the last lines:"
tail -8 "$work/spectator.log" | sed 's/^/   | /'
step "Set race, 20 games" +set-racer-1.log set-racer-2.log -- \
    pair set-racer-1.log set-racer-2.log set_racer.py --games 20
step "Klondike race, 20 games" +klondike-racer-1.log klondike-racer-2.log -- \
    pair klondike-racer-1.log klondike-racer-2.log klondike_hints.py --games 20

echo
echo "== figures"
for log in set-solo rps-robot klondike-solo rps-ann rps-bob set-racer-1 set-racer-2 klondike-racer-1 klondike-racer-2; do
    grep -h '^summary' "$work/$log.log" 2>/dev/null | sed 's/^/   /' || true
done
if ! kill -0 "$server" 2>/dev/null; then
    echo "example-bots: the server died; its log ends:" >&2
    tail -20 "$work/server.log" >&2
    failures=$((failures + 1))
fi
echo "example-bots: $((SECONDS - started)) s; $([[ $failures -eq 0 ]] && echo "every bot passed" || echo "$failures step(s) FAILED")"
[[ $failures -eq 0 ]]
