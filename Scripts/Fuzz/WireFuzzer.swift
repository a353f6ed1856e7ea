import Wire

/// libFuzzer's entry point: the input is a byte stream as a client might send it.
///
/// The stream goes through a ``LineFramer`` in several chunk sizes, which must all give the same
/// frames as a one-line-at-a-time model of the framing rules. Every line then goes through
/// ``ClientMessageDecoder/decode(_:)``, and every line that parses as JSON must survive
/// write-then-parse unchanged. Any disagreement traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    let expected = FramingModel.frames(of: input)
    for size in chunkSizes(for: input) {
        let frames = framedInChunks(input, size: size)
        require(frames == expected, "chunks of \(size) framed differently from the model")
    }
    for case .line(let line) in expected {
        checkDecoding(line)
    }
    // The parser also sees what no framed line holds: newlines, and more than 8192 bytes.
    checkRoundTrip(input)
    return 0
}

/// The whole input at once, a byte at a time, and two sizes taken from the input itself.
private func chunkSizes(for input: [UInt8]) -> [Int] {
    [max(input.count, 1), 1, 1 + Int(input.first ?? 0) % 64, 1 + Int(input.last ?? 0) * 37]
}

private func framedInChunks(_ input: [UInt8], size: Int) -> [LineFramer.Frame] {
    var framer = LineFramer()
    var frames: [LineFramer.Frame] = []
    var offset = 0
    repeat {
        let end = min(input.count, offset + size)
        input[offset..<end].withUnsafeBytes { framer.append($0) }
        while let frame = framer.next() {
            frames.append(frame)
        }
        require(framer.bufferedByteCount <= framer.maxLineBytes + 1, "the framer holds \(framer.bufferedByteCount) bytes")
        offset = end
    } while offset < input.count
    return frames
}

/// The framing rules of Protocol.md applied to the whole input at once.
private enum FramingModel {
    static func frames(of input: [UInt8]) -> [LineFramer.Frame] {
        let limit = LineFramer.defaultMaxLineBytes
        var frames: [LineFramer.Frame] = []
        var pieces = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The bytes after the last newline are not a line yet; past limit + 1 they cannot become one.
        let unfinished = pieces.removeLast()
        for piece in pieces {
            var line = Array(piece)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.count > limit {
                frames.append(.tooLong)
            } else if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                frames.append(.line(line))
            }
        }
        if unfinished.count > limit + 1 {
            frames.append(.tooLong)
        }
        return frames
    }
}

/// Decoding never crashes, fails only with a code of its own, and agrees with the parser.
private func checkDecoding(_ line: [UInt8]) {
    let parsed = try? JSONParser.parse(line)
    do {
        let request = try ClientMessageDecoder.decode(line)
        require(parsed?.objectValue?["type"]?.stringValue == request.command.type, "decoded a \(request.command.type) from a line of another type")
    } catch {
        require(!error.message.isEmpty, "a decode failure without a message")
        switch error.code {
        case .badJSON: require(parsed == nil, "bad_json for a line that parses")
        case .badRequest, .unknownType: require(parsed != nil, "\(error.code) for a line that does not parse")
        default: require(false, "decode failed with \(error.code)")
        }
    }
    checkRoundTrip(line)
}

/// Whatever parses must write out as JSON that parses back to the same value and the same text.
private func checkRoundTrip(_ bytes: [UInt8]) {
    guard let value = try? JSONParser.parse(bytes) else { return }
    var written: [UInt8] = []
    value.write(into: &written)
    guard let reparsed = try? JSONParser.parse(written) else {
        fatalError("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    require(reparsed == value, "round trip changed the value: \(String(decoding: written, as: UTF8.self))")
    var rewritten: [UInt8] = []
    reparsed.write(into: &rewritten)
    require(rewritten == written, "writing is not stable: \(String(decoding: rewritten, as: UTF8.self))")
}

/// Traps with a message (a `precondition` would be removed by `-Ounchecked`).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError(message())
    }
}
