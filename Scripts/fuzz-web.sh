#!/usr/bin/env bash
# Fuzzes the HTTP request reader and the WebSocket frame reader (Sources/WebTransport) with
# libFuzzer and AddressSanitizer, as Scripts/fuzz.sh does the wire.
#
#   Scripts/fuzz-web.sh [SECONDS]     run for SECONDS (default 60); exits non-zero on a crash
#
# Builds WebTransport as a static module and links Scripts/FuzzWeb/*.swift against it, in
# .build-fuzz-web/. The input's first byte picks the reader (even: HTTP, odd: WebSocket); the
# rest is read whole, a byte at a time and in a chunk size from the input, and every way must
# agree (Scripts/FuzzWeb/WebFuzzer.swift). A crashing input is saved in .build-fuzz-web/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "Error: SECONDS must be a whole number, not '$seconds'" >&2
    echo "USAGE: Scripts/fuzz-web.sh [SECONDS]" >&2
    exit 64
fi

out=.build-fuzz-web
mkdir -p "$out/corpus" "$out/artifacts"
flags=(-O -g -parse-as-library -sanitize=fuzzer,address)

echo "building into $out/"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name WebTransport \
    -emit-module-path "$out/WebTransport.swiftmodule" -o "$out/libWebTransport.a" \
    $(find Sources/WebTransport -name '*.swift' | sort)
swiftc "${flags[@]}" -use-ld=lld -I "$out" -L "$out" -lWebTransport -o "$out/web-fuzzer" Scripts/FuzzWeb/*.swift

# Seeds: a request, pipelined requests, smuggling shapes (even first byte), and client frames (odd).
printf '\x00GET / HTTP/1.1\r\nHost: h\r\n\r\nHEAD /healthz HTTP/1.0\r\n\r\n' > "$out/corpus/seed-http"
printf '\x00GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n' > "$out/corpus/seed-smuggle"
printf '\x01\x81\x85\x37\xfa\x21\x3d\x7f\x9f\x4d\x51\x58\x01\x83\x00\x00\x00\x00abc\x89\x80\x00\x00\x00\x00\x80\x82\x00\x00\x00\x00de\x88\x82\x00\x00\x00\x00\x03\xe8' > "$out/corpus/seed-frames"

cat > "$out/web.dict" <<'DICT'
"GET "
"HEAD "
" HTTP/1.1"
"\x0d\x0a"
"\x0d\x0a\x0d\x0a"
"Host: "
"Content-Length: "
"Transfer-Encoding: "
"Upgrade: websocket"
"\x81\x80\x00\x00\x00\x00"
"\x01\x80\x00\x00\x00\x00"
"\x80\x80\x00\x00\x00\x00"
"\x89\x80\x00\x00\x00\x00"
"\x88\x82\x00\x00\x00\x00\x03\xe8"
"\x81\xfe\x20\x01"
"\x81\xff\x00\x00\x00\x00\x00\x00\x20\x01"
"\xed\xa0\x80"
"\xf4\x90\x80\x80"
DICT

echo "fuzzing for $seconds s"
status=0
"$out/web-fuzzer" "$out/corpus" \
    -dict="$out/web.dict" -max_len=20000 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 || status=$?
exit "$status"
