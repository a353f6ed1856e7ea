import WebTransport

/// libFuzzer's entry point: the input is a byte stream as an HTTP or WebSocket peer might send it.
///
/// The first byte picks the reader (even: HTTP, odd: WebSocket); the rest goes through it whole,
/// a byte at a time, and in a chunk size taken from the input. Every way must read the same
/// requests, events and failures; the HTTP reader must refuse a head past 8 KiB before holding
/// more than one read beyond it. Any disagreement traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let all = Array(UnsafeRawBufferPointer(start: start, count: count))
    let input = Array(all.dropFirst())
    let sizes = [max(input.count, 1), 1, 1 + Int(all.last ?? 0) % 97]
    if all[0] % 2 == 0 {
        let expected = readHTTP(input, size: sizes[0])
        for size in sizes.dropFirst() {
            require(readHTTP(input, size: size) == expected, "HTTP read in chunks of \(size) differently")
        }
    } else {
        let expected = readWebSocket(input, size: sizes[0])
        for size in sizes.dropFirst() {
            require(readWebSocket(input, size: size) == expected, "WebSocket frames read in chunks of \(size) differently")
        }
    }
    return 0
}

private func chunks(_ input: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
    stride(from: 0, to: input.count, by: size).map { input[$0 ..< min(input.count, $0 + size)] }
}

/// Each request as its method, target and header count, or the failure, in order; it stops at the first failure.
private func readHTTP(_ input: [UInt8], size: Int) -> [String] {
    var reader = HTTPRequestReader()
    var out: [String] = []
    for piece in chunks(input, size: size) {
        reader.append(Array(piece))
        while let result = reader.next() {
            switch result {
            case .success(let request):
                require(request.method == "GET" || request.method == "HEAD", "a \(request.method) got through")
                require(request.headers.count <= HTTPRequestReader.maxHeaderCount, "\(request.headers.count) headers got through")
                out.append("\(request.method) \(request.target) \(request.headers.count)")
            case .failure(let error):
                out.append("\(error.status) \(error.message)")
                return out
            }
        }
    }
    return out
}

/// Each event or failure, in order; nothing may follow a close or a failure.
private func readWebSocket(_ input: [UInt8], size: Int) -> [String] {
    var reader = WebSocketReader(maxMessageBytes: 8192)
    var out: [String] = []
    var stopped = false
    for piece in chunks(input, size: size) {
        reader.append(Array(piece))
        while let result = reader.next() {
            require(!stopped, "an event after a close or a failure")
            switch result {
            case .success(.text(let bytes)):
                require(bytes.count <= 8192, "a message of \(bytes.count) bytes got through")
                require(String(validating: bytes, as: UTF8.self) != nil, "a text message that is not UTF-8 got through")
                out.append("text \(bytes)")
            case .success(.close(let code, let reason)):
                stopped = true
                out.append("close \(code.map(String.init) ?? "-") \(reason)")
            case .success(let event):
                out.append("\(event)")
            case .failure(let failure):
                stopped = true
                out.append("fail \(failure.code.rawValue) \(failure.reason)")
            }
        }
    }
    return out
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError(message())
    }
}
