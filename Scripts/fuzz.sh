#!/usr/bin/env bash
# Fuzzes the line framer and the client message decoder with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh [SECONDS]     run for SECONDS (default 60); exits non-zero on a crash
#
# Builds GameRules and Wire as static modules and links Scripts/Fuzz/*.swift against them, all in
# .build-fuzz/. The corpus (.build-fuzz/corpus) is seeded from the example lines of Protocol.md
# and grows from run to run; a crashing input is saved as .build-fuzz/artifacts/crash-*.
# Replay one with: .build-fuzz/wire-fuzzer .build-fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "Error: SECONDS must be a whole number, not '$seconds'" >&2
    echo "USAGE: Scripts/fuzz.sh [SECONDS]" >&2
    exit 64
fi

out=.build-fuzz
mkdir -p "$out/corpus" "$out/artifacts"
# -package-name: GameRules shows the solver (package access) what it hides from other packages.
flags=(-O -g -parse-as-library -sanitize=fuzzer,address -package-name cardserver)

echo "building into $out/"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name GameRules \
    -emit-module-path "$out/GameRules.swiftmodule" -o "$out/libGameRules.a" \
    $(find Sources/GameRules -name '*.swift' | sort)
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name Wire -I "$out" \
    -emit-module-path "$out/Wire.swiftmodule" -o "$out/libWire.a" \
    $(find Sources/Wire -name '*.swift' | sort)
# lld, because gold warns about every ASan helper symbol it cannot export.
swiftc "${flags[@]}" -use-ld=lld -I "$out" -L "$out" -lWire -lGameRules -o "$out/wire-fuzzer" Scripts/Fuzz/*.swift

# Seeds: every client and server example line of Protocol.md, and a few framing cases.
grep -o '^{"type":.*}$' Protocol.md | while IFS= read -r line; do
    printf '%s\n' "$line" > "$out/corpus/doc-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
done
printf '{"type":"ping","id":1}\r\n\n \t\r\n{"type":"help"}\n{"type":"pi' > "$out/corpus/seed-framing"
{ head -c 8200 /dev/zero | tr '\0' 'x'; printf '\n{"type":"ping"}\r\n'; head -c 11000 /dev/zero | tr '\0' ' '; } > "$out/corpus/seed-overlong"
printf '{"type":"chat","text":"\\u00e9\\ud83d\\ude00 \xc3\xa9"}\n[[[[{"a":-0.5e-3}]]]]\n' > "$out/corpus/seed-unicode"

cat > "$out/wire.dict" <<'EOF'
"{"
"}"
"["
"]"
":"
","
"\""
"\\u"
"\\ud800"
"\x0d\x0a"
"\x0a"
"true"
"false"
"null"
"-0"
"1e400"
"99999999999999999999999"
"9223372036854775808"
".5e-3"
"\"type\":"
"\"id\":"
"\"ping\""
"\"login\""
"\"create\""
"\"claim\""
"\"cards\":"
"\"options\":"
"\xc3\xa9"
"\xed\xa0\x80"
"\xf4\x90\x80\x80"
EOF

echo "fuzzing for $seconds s"
status=0
"$out/wire-fuzzer" "$out/corpus" \
    -dict="$out/wire.dict" -max_len=20000 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 || status=$?
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: the fuzzer stopped with status $status; inputs in $out/artifacts/:" >&2
    ls -1 "$out/artifacts" >&2
fi
exit "$status"
