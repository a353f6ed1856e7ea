#!/usr/bin/env bash
# Runs tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
#
#   Scripts/sanitize.sh [--sanitizer address|thread] [--build-only|--skip-build]
#   Scripts/sanitize.sh --all [--sanitizer address|thread] [swift test options...]
#
# By default, where the sanitizers find things, for each sanitizer:
#   - in-process, the targets with threads or parsers: AddressSanitizer runs all of them,
#     ThreadSanitizer the suites that start threads (the event loop's, storage's writing
#     thread, the solver's two searches);
#   - the server end to end: the cardserver of the same sanitized debug build is what the
#     ServerEndToEndTests of the ordinary debug test bundle start (CARDSERVER_BIN); a report
#     from it fails its test (a server that does not exit 0 after SIGTERM, LeakSanitizer's
#     report at exit included).
# One build a sanitizer (its own scratch path, .build-asan or .build-tsan) makes both:
# CARDSERVER_TEST_SET=sanitize (ThreadSanitizer's: sanitize-threads) in Package.swift declares
# only these test targets and cardserver.
# `--all` builds the whole package with its tests under each sanitizer (.build-asan-all,
# .build-tsan-all) and runs every test, the tmux suites included: do it for a change to
# threads, storage or the loop (CONTRIBUTING's checklist). `--sanitizer` picks one of the two
# (default: both). `--build-only` builds and stops; `--skip-build` runs what an earlier call
# built. Exits non-zero when any build or run failed. ASAN_OPTIONS, LSAN_OPTIONS and
# TSAN_OPTIONS from the environment are kept.
set -uo pipefail
cd "$(dirname "$0")/.."
source Scripts/one-shot-build.sh

usage="USAGE: Scripts/sanitize.sh [--all] [--sanitizer address|thread] [--build-only|--skip-build] [swift test options...]"
sanitizers=(address thread)
all=0
mode=both
passed_on=()
while [ $# -gt 0 ]; do
    case "$1" in
    --all) all=1 ;;
    --sanitizer)
        [ $# -ge 2 ] && [[ "$2" == address || "$2" == thread ]] || {
            echo "Error: --sanitizer takes address or thread" >&2
            echo "$usage" >&2
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

# Leaks in the Swift 6.3.1 toolchain's own libraries, not in this project's code: without these
# the test process itself fails under LeakSanitizer whatever the tests do.
mkdir -p .build-sanitize
supp="$PWD/.build-sanitize/lsan.supp"
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
# The schema validator compiles its patterns once (NSRegularExpression) and keeps them for the
# life of the process in a static; LeakSanitizer cannot follow CoreFoundation's pointer to the
# ICU pattern. Only the tests make regular expressions: the programs have none.
leak:_CFRegularExpressionCreate
# Foundation caches every NSRegularExpression it compiles for String.range(of:options:.regularExpression)
# for the life of the process (a web asset test's check).
leak:_createRegexForPattern
EOF
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# The sanitizers make the programs several times slower: every bounded wait of the tests
# (a server listening, a line arriving) grows by this factor (Tests/TestServers/TestBudget.swift).
export TEST_TIME_SCALE="${TEST_TIME_SCALE:-4}"

# Line tables are all a report needs (file and line of each frame); full debug information
# made the debug build 15% slower (230 s against 195 s on 2 cores).
lines=(-Xswiftc -gline-tables-only "${one_shot_build[@]}")

failed=0
summary=()

# Runs one step, keeping its time and status.
step() {
    local what="$1" start=$SECONDS
    shift
    echo "sanitize.sh: $what: $*"
    if "$@"; then
        summary+=("$what: passed in $((SECONDS - start)) s")
    else
        summary+=("$what: FAILED (status $?) after $((SECONDS - start)) s")
        failed=1
    fi
}

# Nothing of a sanitized build may run on after its step (a sanitized process hung in
# LeakSanitizer's exit-time check would spin on a core and slow what comes next).
reap() {
    pkill -KILL -f "$PWD/$1/" 2>/dev/null || true
}

for sanitizer in "${sanitizers[@]}"; do
    short="${sanitizer:0:1}san"  # asan, tsan
    if [ "$all" -eq 1 ]; then
        scratch=".build-$short-all"
        build=(--sanitize="$sanitizer" --scratch-path "$scratch" "${lines[@]}")
        [ "$mode" = test ] || step "$short --all build" swift build --build-tests "${build[@]}"
        if [ "$mode" != build ]; then
            step "$short --all" swift test --skip-build "${build[@]}" ${passed_on[@]+"${passed_on[@]}"}
            reap "$scratch"
        fi
        continue
    fi
    scratch=".build-$short"
    build=(--sanitize="$sanitizer" --scratch-path "$scratch" "${lines[@]}")
    # ThreadSanitizer's build leaves out the parsers' tests, which start no thread.
    set_name=sanitize
    [ "$sanitizer" = address ] || set_name=sanitize-threads
    if [ "$mode" != test ]; then
        step "$short build" env CARDSERVER_TEST_SET=$set_name swift build --build-tests "${build[@]}"
    fi
    [ "$mode" != build ] || continue
    # The in-process tests: ThreadSanitizer only where threads are started.
    filter=()
    [ "$sanitizer" = address ] || filter=(--filter 'NetworkTests|StorageTests|KlondikeSideBySideTests|KlondikeSolverClockTests|KlondikeSearchTablesTests')
    step "$short in-process" env CARDSERVER_TEST_SET=$set_name swift test --skip-build "${build[@]}" ${filter[@]+"${filter[@]}"}
    reap "$scratch"
    # The server end to end, its cardserver sanitized; the example bots and the browser are
    # left to the release pass (they test the clients more than the server).
    [ -x .build/debug/cardserverPackageTests.xctest ] || [ -e "$(swift build --show-bin-path)/cardserverPackageTests.xctest" ] ||
        step "debug test bundle" swift build --build-tests "${lines[@]}"
    step "$short server end to end" env CARDSERVER_BIN="$PWD/$scratch/debug/cardserver" \
        swift test --skip-build "${lines[@]}" --filter ServerEndToEndTests --skip ExamplePeersTests
    reap "$scratch"
done

echo
for line in "${summary[@]}"; do
    echo "sanitize.sh: $line"
done
exit "$failed"
