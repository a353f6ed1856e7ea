import Glibc

extension DataFileScan {
    /// Bytes read at a time by ``readAtStart(log:dataDirectory:parse:record:)``.
    public static let chunkBytes = 1 << 20

    /// A file that could not be read at start.
    public struct ReadFailure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String

        @usableFromInline
        init(description: String) {
            self.description = description
        }
    }

    /// Lines handed on at a time: what waits between the threads stays small (a chunk's
    /// 2,600 parsed results held four deep added 10 MiB to a start's peak).
    @usableFromInline
    static let emittedLines = 256

    /// Some lines, each with its verdict, in order.
    @usableFromInline
    typealias ScannedLines<Record> = [(line: Line, verdict: Verdict<Record>)]

    /// Reads a log at start, a chunk at a time, so a journal of a million results is never
    /// held whole (it would double the start's peak memory); otherwise as
    /// ``readAtStart(_:path:dataDirectory:parse:record:)``.
    ///
    /// Two threads share the work, as the start has both cores to itself: a helper reads the
    /// chunks, checks each line's seal and parses it, while this thread hands the records on
    /// in order (a million results' aggregates take about as long as their parsing). Without
    /// a thread to be had, this one does both.
    /// - Returns: what was cut from the end, and the file's length as read.
    @inlinable
    public static func readAtStart<Record: Sendable>(
        log: any AppendOnlyLog, dataDirectory: String, parse: @escaping @Sendable ([UInt8]) -> Record?,
        record: (Record, Line, _ sealed: Bool) -> Void
    ) throws -> (tail: Tail, length: Int) {
        var tracker = TailTracker(path: log.path, dataDirectory: dataDirectory)
        let pipe = ScanPipe<Record>(capacity: 8)
        guard let thread = try? HelperThread.start("start reader", {
            do {
                pipe.finish(.success(try scanChunks(of: log, parse: parse) { lines in pipe.put(lines) }))
            } catch {
                // A read failure is the only thing the reader's side throws.
                pipe.finish(.failure(error as? ReadFailure ?? ReadFailure(description: "\(error)")))
            }
        }) else {
            let length = try scanChunks(of: log, parse: parse) { lines in
                for (line, verdict) in lines { try tracker.take(line, verdict, record: record) }
                return true
            }
            return (tracker.tail(length: length), length)
        }
        // However this ends (a damaged record throws), the reader stops and is joined.
        defer {
            pipe.cancel()
            pthread_join(thread, nil)
        }
        while true {
            switch pipe.take() {
            case .lines(let lines):
                for (line, verdict) in lines { try tracker.take(line, verdict, record: record) }
            case .finished(.success(let length)):
                return (tracker.tail(length: length), length)
            case .finished(.failure(let failure)):
                throw failure
            }
        }
    }

    /// Reads `log` a chunk at a time and hands `emit` each chunk's lines with their verdicts,
    /// then an incomplete last line, if any, as ``Fault/incomplete(bytes:)``. Blank lines
    /// are passed over.
    /// - Parameter emit: false stops the reading (its taker is gone).
    /// - Returns: the file's length as read.
    @inlinable
    static func scanChunks<Record>(
        of log: any AppendOnlyLog, parse: ([UInt8]) -> Record?, emit: (ScannedLines<Record>) throws -> Bool
    ) throws -> Int {
        var buffer: [UInt8] = []
        var base = 0
        var number = 0
        var sawSeal = false
        while true {
            let chunk: [UInt8]
            switch log.read(at: base + buffer.count, count: chunkBytes) {
            case .success(let read): chunk = read
            case .failure(let failure): throw ReadFailure(description: failure.description)
            }
            if chunk.isEmpty { break }
            buffer += chunk
            var lines: ScannedLines<Record> = []
            var lineStart = 0
            while let end = newline(in: buffer, from: lineStart) {
                number += 1
                let line = Line(number: number, bytes: base + lineStart..<base + end)
                let bytes = buffer[lineStart..<end]
                lineStart = end + 1
                guard !bytes.isEmpty else { continue }
                lines.append((line, verdict(of: bytes, sawSeal: &sawSeal, parse: parse)))
                if lines.count == emittedLines {
                    guard try emit(lines) else { return base + lineStart }
                    lines.removeAll(keepingCapacity: true)
                }
            }
            guard try emit(lines) else { return base + lineStart }
            buffer.removeFirst(lineStart)
            base += lineStart
        }
        if !buffer.isEmpty {
            let line = Line(number: number + 1, bytes: base..<base + buffer.count)
            _ = try emit([(line, .bad(.incomplete(bytes: buffer.count)))])
        }
        return base + buffer.count
    }

    /// The index of the first newline in `buffer` at or after `start`; memchr, as a start
    /// looks at every byte of the file.
    @inlinable
    static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw in
            guard let found = memchr(raw.baseAddress! + start, Int32(UInt8(ascii: "\n")), raw.count - start) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }
}

/// The lines a start's reading thread has scanned, on their way to the thread that takes
/// them: at most `capacity` batches wait, so the reader never runs far ahead.
@usableFromInline
final class ScanPipe<Record: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Item {
        case lines(DataFileScan.ScannedLines<Record>)
        /// The file's length as read, or why it could not be read.
        case finished(Result<Int, DataFileScan.ReadFailure>)
    }

    private let monitor = Monitor()
    private let capacity: Int
    private var waiting: [DataFileScan.ScannedLines<Record>] = []
    private var outcome: Result<Int, DataFileScan.ReadFailure>?
    private var isCancelled = false

    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The reader's side: waits for room, then queues the lines. False once the taker is gone.
    @usableFromInline
    func put(_ lines: DataFileScan.ScannedLines<Record>) -> Bool {
        monitor.locked {
            while waiting.count >= capacity && !isCancelled { monitor.wait() }
            guard !isCancelled else { return false }
            waiting.append(lines)
            monitor.broadcast()
            return true
        }
    }

    /// The reader's side, last: the file's length, or the failure that stopped it.
    @usableFromInline
    func finish(_ outcome: Result<Int, DataFileScan.ReadFailure>) {
        monitor.locked {
            self.outcome = outcome
            monitor.broadcast()
        }
    }

    /// The taker's side: the next chunk's lines, in order, and then how the reading ended.
    @usableFromInline
    func take() -> Item {
        monitor.locked {
            while true {
                if !waiting.isEmpty {
                    monitor.broadcast()
                    return .lines(waiting.removeFirst())
                }
                if let outcome { return .finished(outcome) }
                monitor.wait()
            }
        }
    }

    /// The taker is gone (it stopped at a damaged record): the reader stops at its next chunk.
    @usableFromInline
    func cancel() {
        monitor.locked {
            isCancelled = true
            waiting = []
            monitor.broadcast()
        }
    }
}
