#!/usr/bin/env bash
# Runs tests under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer.
#
#   Scripts/sanitize.sh [--all] [--sanitizer address|thread] [--build-only|--skip-build] [swift test options...]
#
# By default, the targets where the sanitizers find things: those with threads (the event
# loop's, storage's writing thread, the solver's two searches), the parsers (wire, HTTP,
# WebSocket) and the server end to end, whose cardserver is built sanitized beside the tests
# (CARDSERVER_TEST_SET=sanitize in Package.swift declares only these). `--all` runs the whole
# package, client and tmux suites included: do it for a change to threads, storage or the loop
# (CONTRIBUTING's checklist). `--sanitizer` picks one of the two (default: both, one after the
# other). `--build-only` builds and stops; `--skip-build` runs what an earlier call built.
#
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan, or -all for the
# whole package; git-ignored), so neither disturbs .build. A report from the sanitized server
# makes its test fail (a server that does not exit 0 after SIGTERM, or dies); a report in the
# test process fails the run. Exits non-zero when any run failed. ASAN_OPTIONS, LSAN_OPTIONS
# and TSAN_OPTIONS from the environment are kept.
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizers=(address thread)
suffix=""
mode=all-steps
passed_on=()
while [ $# -gt 0 ]; do
    case "$1" in
    --all) suffix="-all" ;;
    --sanitizer)
        [ $# -ge 2 ] && [[ "$2" == address || "$2" == thread ]] || {
            echo "Error: --sanitizer takes address or thread" >&2
            echo "USAGE: Scripts/sanitize.sh [--all] [--sanitizer address|thread] [--build-only|--skip-build] [swift test options...]" >&2
            exit 64
        }
        sanitizers=("$2")
        shift
        ;;
    --build-only) mode=build ;;
    --skip-build) mode=test ;;
    *) passed_on+=("$1") ;;
    esac
    shift
done
[ -n "$suffix" ] || export CARDSERVER_TEST_SET=sanitize

# Leaks in the Swift 6.3.1 toolchain's own libraries, not in this project's code: without these
# the test process itself fails under LeakSanitizer whatever the tests do.
mkdir -p ".build-asan$suffix"
supp="$PWD/.build-asan$suffix/lsan.supp"
cat > "$supp" <<'EOF'
# FoundationEssentials: String(contentsOf:encoding:) leaks a 4 KiB buffer for every read of an
# empty file (ServerProcess polls the server's log while it is still empty).
leak:readBytesFromFile
# XCTest's runner keeps its suite objects at exit (the XCTest pass, even with no XCTest tests).
leak:libXCTest.so
# Foundation.Process.run(): the weak-reference side table of a Process object still alive at
# exit, reached only through a tagged pointer LeakSanitizer cannot follow. (Not suppressed in
# general: a side table points back to its object, so hiding one hides a leaked object too.)
leak:Foundation7ProcessC3run
# Foundation caches every NSRegularExpression it compiles for String.range(of:options:.regularExpression)
# for the life of the process (the schema validator's patterns).
leak:_createRegexForPattern
EOF
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# The sanitizers make the programs several times slower: every bounded wait of the tests
# (a server listening, a game in tmux) grows by this factor (Tests/TestServers/TestBudget.swift).
export TEST_TIME_SCALE="${TEST_TIME_SCALE:-4}"

failed=0
summary=()

run() {
    local name="$1" scratch="$2" start=$SECONDS
    local -a command
    # Line tables are all a report needs (file and line of each frame); full debug information
    # made the build 15% slower (230 s against 195 s for the debug build on 2 cores).
    local -a build=(--sanitize="$name" --scratch-path "$scratch" -Xswiftc -gline-tables-only)
    case "$mode" in
    build) command=(swift build --build-tests "${build[@]}") ;;
    test) command=(swift test --skip-build "${build[@]}" ${passed_on[@]+"${passed_on[@]}"}) ;;
    *) command=(swift test "${build[@]}" ${passed_on[@]+"${passed_on[@]}"}) ;;
    esac
    echo "sanitize.sh: ${CARDSERVER_TEST_SET:+CARDSERVER_TEST_SET=$CARDSERVER_TEST_SET }${command[*]}"
    if "${command[@]}"; then
        summary+=("$name ($mode): passed in $((SECONDS - start)) s")
    else
        summary+=("$name ($mode): FAILED (status $?) after $((SECONDS - start)) s")
        failed=1
    fi
    # A sanitized cardclient whose tmux window closed under it can hang in LeakSanitizer's
    # exit-time check (its tracer stopped, the client spinning on a core); it outlives the
    # tests and would slow the next run. Nothing of this build may run on after it.
    [ "$mode" = build ] || pkill -KILL -f "$PWD/$scratch/" 2>/dev/null || true
}

for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
    address) run address ".build-asan$suffix" ;;
    thread) run thread ".build-tsan$suffix" ;;
    esac
done

echo
for line in "${summary[@]}"; do
    echo "sanitize.sh: $line"
done
exit "$failed"
