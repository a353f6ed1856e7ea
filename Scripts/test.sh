#!/usr/bin/env bash
# Every test this project has, on a fresh machine with Swift and nothing else; CI runs it
# (.ci/run) on a clean clone.
#
#   Scripts/test.sh                the whole run: the outside peers, then every phase
#   Scripts/test.sh --no-install   the same, installing nothing (a missing peer fails its tests)
#
# What it does, in phases whose wall times it prints at the end. The run is bound by CPU
# (about 1,490 core seconds on CI's 2 cores, measured 2026-11-29: the builds 966, whole-module
# as Scripts/one-shot-build.sh says; the tests 524), so the builds overlap the tests and the
# sanitizers' builds take only what the rest leaves idle:
#   peers           installs what the tests use as peers and judges when it is missing
#                   (Debian's tmux, nginx, Caddy, promtool, Chromium and its driver, Python's
#                   websockets, jsonschema, regex and Selenium; pip's jsonschema and regex for
#                   the example bots)
#   build           swift build --build-tests (debug): the test bundle every phase runs
#   release         swift build -c release of the two programs that ship, beside it (its own
#                   scratch path, .build-release, so that it need not wait for the debug build)
#   asan-build      Scripts/sanitize.sh's AddressSanitizer build, after build, at the idle priority
#                   (SCHED_IDLE: SwiftPM starts its compilers at nice 0 whatever nice it has)
#   tsan-build      the same for ThreadSanitizer, once AddressSanitizer's is done
#   fast            the fast test targets (values, ScriptedHost, in-process sockets), once
#   e2e             the end-to-end targets (real processes, tmux, nginx, Caddy, promtool, the
#                   example bots, Chromium) against the release cardserver and cardclient
#   asan            AddressSanitizer (with LeakSanitizer): the targets with threads or parsers
#                   in-process, and the server end to end with a sanitized cardserver
#   tsan            ThreadSanitizer's runs
# Every phase runs with CARDSERVER_REQUIRE_PEERS=1: a test whose peer is missing fails, so
# nothing is skipped. Exits non-zero if any phase failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source Scripts/one-shot-build.sh

install=1
for argument in "$@"; do
    case "$argument" in
    --no-install) install=0 ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown option '$argument'" >&2; echo "USAGE: Scripts/test.sh [--no-install]" >&2; exit 64 ;;
    esac
done

export CARDSERVER_REQUIRE_PEERS=1
logs="$(mktemp -d "${TMPDIR:-/tmp}/cardserver-test.XXXXXX")"
failed=()
times=()
started=$SECONDS

# Runs a phase in the foreground: its output as it comes, its time and status kept.
phase() {
    local name="$1" start=$SECONDS
    shift
    echo "== test.sh: $name: $*"
    if "$@"; then
        times+=("$name $((SECONDS - start)) s")
    else
        times+=("$name $((SECONDS - start)) s FAILED")
        failed+=("$name")
    fi
}

# Starts a phase in the background, its output into a log shown when it is waited for.
declare -A pids=() begun=()
background() {
    local name="$1"
    shift
    echo "== test.sh: $name (in the background): $*"
    begun[$name]=$SECONDS
    "$@" >"$logs/$name.log" 2>&1 &
    pids[$name]=$!
}

# Waits for a background phase; shows its log and keeps its time and status.
finish() {
    local name="$1"
    if wait "${pids[$name]}"; then
        times+=("$name $((SECONDS - ${begun[$name]})) s")
        tail -5 "$logs/$name.log" | sed "s/^/   $name | /"
    else
        times+=("$name $((SECONDS - ${begun[$name]})) s FAILED")
        failed+=("$name")
        echo "== test.sh: $name FAILED; its output:"
        sed "s/^/   $name | /" "$logs/$name.log"
    fi
}

# --- peers -----------------------------------------------------------------------------------
# Debian's packages serve /usr/bin/python3 (the TLS, WebSocket and browser tests); pip serves
# the python3 first on PATH (the example bots), which may be another Python.
missing_packages() {
    local missing=()
    command -v tmux >/dev/null || missing+=(tmux)
    [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
    [ -x /usr/bin/caddy ] || missing+=(caddy)
    [ -x /usr/bin/openssl ] || missing+=(openssl)
    [ -x /usr/bin/promtool ] || missing+=(prometheus)
    command -v chromium >/dev/null || missing+=(chromium)
    command -v chromedriver >/dev/null || missing+=(chromium-driver)
    # The browser tests look at the page with an emoji font and without one (issue 43).
    [ -n "$(fc-list :color=true family 2>/dev/null)" ] || missing+=(fonts-noto-color-emoji)
    local module
    for module in websockets jsonschema regex selenium; do
        /usr/bin/python3 -c "import $module" 2>/dev/null || missing+=("python3-$module")
    done
    echo "${missing[@]}"
}

install_peers() {
    local packages
    packages="$(missing_packages)"
    if [ -n "$packages" ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "installing with apt-get: $packages"
        $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $packages || return 1
    fi
    if ! python3 -c 'import jsonschema, regex' 2>/dev/null; then
        echo "installing with pip for $(command -v python3): jsonschema regex"
        python3 -m pip --version >/dev/null 2>&1 || {
            [ "$(id -u)" -eq 0 ] && apt-get install -y -qq python3-pip
        }
        python3 -m pip install --quiet jsonschema regex 2>/dev/null ||
            python3 -m pip install --quiet --break-system-packages jsonschema regex || return 1
    fi
    packages="$(missing_packages)"
    [ -z "$packages" ] || { echo "still missing: $packages"; return 1; }
    echo "every peer is here"
}

if [ "$install" -eq 1 ]; then
    background peers install_peers
fi

# --- the phases ---------------------------------------------------------------------------------
fast_targets='GameRulesTests|RatingsTests|MatchmakingTests|KlondikeSolverTests|WireTests|WebTransportTests|TransportTests|NetworkTests|StorageTests|CardServerTests|CardClientTests|WebClientTests|DeflateTests|CardBenchTests'
e2e_targets='ServerEndToEndTests|ClientEndToEndTests'

# The debug and release builds, at once. The debug build's line tables are all a failure's report needs
# (full debug information made it 15% slower). Release builds only the two programs that
# ship: cardbench, which the tests run from the debug build, would be 35 s more.
release_path=.build-release
background release bash -c \
    "swift build -c release --scratch-path $release_path --product cardserver && swift build -c release --scratch-path $release_path --product cardclient"
phase build swift build --build-tests -Xswiftc -gline-tables-only "${one_shot_build[@]}"
# The sanitizers' builds once the debug build is done, which every test waits for. (On CI the
# debug build took 434-490 s with them beside it and 440-446 s without: the run took 1,021 s
# with them started at once, 966 s this way.)
idle=()
command -v chrt >/dev/null && idle=(chrt --idle 0)
background asan-build "${idle[@]}" Scripts/sanitize.sh --sanitizer address --build-only
asan_build=${pids[asan-build]}
background tsan-build "${idle[@]}" bash -c \
    "while kill -0 $asan_build 2>/dev/null; do sleep 1; done; exec Scripts/sanitize.sh --sanitizer thread --build-only"
phase fast swift test --skip-build --filter "$fast_targets"
[ "$install" -eq 0 ] || finish peers
finish release

# The release binaries end to end (the debug test bundle drives them), then each sanitizer's runs.
bin="$(swift build -c release --scratch-path "$release_path" --show-bin-path)"
phase e2e env CARDSERVER_BIN="$bin/cardserver" CARDCLIENT_BIN="$bin/cardclient" \
    swift test --skip-build --filter "$e2e_targets"
finish asan-build
phase asan Scripts/sanitize.sh --sanitizer address --skip-build
finish tsan-build
phase tsan Scripts/sanitize.sh --sanitizer thread --skip-build

echo
echo "== test.sh: phase times (wall):"
for line in "${times[@]}"; do echo "   $line"; done
echo "   all $((SECONDS - started)) s"
rm -rf "$logs"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "== test.sh: FAILED: ${failed[*]}"
    exit 1
fi
echo "== test.sh: every phase passed"
