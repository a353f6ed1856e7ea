#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer.
#
#   Scripts/sanitize.sh [swift test options...]     e.g. Scripts/sanitize.sh --filter ProtocolFuzzTests
#
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan; git-ignored), so
# neither disturbs .build. The end-to-end tests start the `cardserver` built beside the test
# bundle, so the server runs sanitized too; a report from it makes its test fail (a server that
# does not exit 0 after SIGTERM, or dies). Both runs always happen; the exit status is non-zero
# when either failed. ASAN_OPTIONS, LSAN_OPTIONS and TSAN_OPTIONS from the environment are kept.
set -uo pipefail
cd "$(dirname "$0")/.."

# Leaks in the Swift 6.3.1 toolchain's own libraries, not in this project's code: without these
# the test process itself fails under LeakSanitizer whatever the tests do.
mkdir -p .build-asan
cat > .build-asan/lsan.supp <<'EOF'
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
export LSAN_OPTIONS="suppressions=$PWD/.build-asan/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# The sanitizers make the programs several times slower: every bounded wait of the tests
# (a server listening, a game in tmux) grows by this factor (Tests/TestServers/TestBudget.swift).
export TEST_TIME_SCALE="${TEST_TIME_SCALE:-4}"

failed=0
summary=()

run() {
    local name="$1" scratch="$2"
    shift 2
    echo "sanitize.sh: swift test --sanitize=$name --scratch-path $scratch $*"
    local start=$SECONDS
    if swift test --sanitize="$name" --scratch-path "$scratch" "$@"; then
        summary+=("$name: passed in $((SECONDS - start)) s")
    else
        summary+=("$name: FAILED (status $?) after $((SECONDS - start)) s")
        failed=1
    fi
    # A sanitized cardclient whose tmux window closed under it can hang in LeakSanitizer's
    # exit-time check (its tracer stopped, the client spinning on a core); it outlives the
    # tests and would slow the next run. Nothing of this build may run on after it.
    pkill -KILL -f "$PWD/$scratch/" 2>/dev/null || true
}

run address .build-asan "$@"
run thread .build-tsan "$@"

echo
for line in "${summary[@]}"; do
    echo "sanitize.sh: $line"
done
exit "$failed"
