import SystemCall
import Glibc

/// Reads a file of sealed records, one a line (the room log, the results journal): each line
/// checked against its seal (``RecordSeal``) and parsed by the file's reader. The start and
/// the repair tool (``DataFileRepair``) go by the same verdicts.
///
/// At start the rules are PostgreSQL's and redis's: a bad record at the end of the file (the
/// last line, or an incomplete line after it) is what a crash mid-write leaves, and is cut
/// off with a warning; a bad record with records after it is damage no crash explains, and
/// the server does not start (``DamagedRecord``) until `cardserver --repair` has moved it aside.
public enum DataFileScan {
    /// Why a line is not a good record.
    public enum Fault: Equatable, Sendable, CustomStringConvertible {
        /// Its seal does not match its bytes.
        case checksum
        /// It has a good seal or none, but its reader does not take it.
        case notARecord
        /// No seal after lines that have one: records are sealed since they first were, so a
        /// line without one is a seal damaged past recognition.
        case missingChecksum
        /// The last bytes of the file, with no newline after them.
        case incomplete(bytes: Int)

        /// The fault in words, for the log and the repair's report.
        public var description: String {
            switch self {
            case .checksum: "its checksum does not match its bytes"
            case .notARecord: "it is not a record"
            case .missingChecksum: "it has no checksum, after lines that have one"
            case .incomplete(let bytes): "it is incomplete (\(bytes) bytes and no newline, a crash mid-write)"
            }
        }
    }

    /// One line of a file: its number, counted from 1, and its bytes, newline excluded.
    public struct Line: Equatable, Sendable {
        public let number: Int
        public let bytes: Range<Int>

        @inlinable
        public init(number: Int, bytes: Range<Int>) {
            self.number = number
            self.bytes = bytes
        }
    }

    /// What one line is.
    public enum Verdict<Record> {
        /// A good record; `sealed` is false for one written before checksums.
        case record(Record, sealed: Bool)
        case bad(Fault)
    }

    /// What a start cut from the end of a file.
    public struct Tail: Equatable {
        /// The length of the file's good part: the file is to be cut there.
        public let goodLength: Int
        /// A warning for each line cut off.
        public let warnings: [String]

        @usableFromInline
        init(goodLength: Int, warnings: [String]) {
            self.goodLength = goodLength
            self.warnings = warnings
        }
    }

    /// A bad record with records after it: cutting it off would lose them, so the start stops.
    public struct DamagedRecord: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        public let line: Int
        public let fault: Fault
        /// The `--data` folder, for the command the operator is told to run.
        let dataDirectory: String

        @usableFromInline
        init(path: String, line: Int, fault: Fault, dataDirectory: String) {
            self.path = path
            self.line = line
            self.fault = fault
            self.dataDirectory = dataDirectory
        }

        public var description: String {
            "\(path): line \(line) is damaged (\(fault)) and records follow it, so the server does not start. "
                + "Run `cardserver --repair --data \(dataDirectory)`: it keeps every good record and moves the damaged ones to \(path).damaged"
        }
    }

    /// Visits every line of `contents` in order with its verdict: complete lines first, then
    /// an incomplete last line, if any, as ``Fault/incomplete(bytes:)``. Blank lines are
    /// not records and are passed over.
    /// - Parameters:
    ///   - parse: the file's reader, given a record's JSON object (its seal taken off).
    ///   - visit: called for each line; what it throws ends the scan.
    public static func scan<Record, Failure: Error>(
        _ contents: [UInt8], parse: ([UInt8]) -> Record?, visit: (Line, Verdict<Record>) throws(Failure) -> Void
    ) throws(Failure) {
        var lineStart = 0
        var number = 0
        var sawSeal = false
        for index in contents.indices where contents[index] == UInt8(ascii: "\n") {
            number += 1
            let line = Line(number: number, bytes: lineStart..<index)
            lineStart = index + 1
            guard !line.bytes.isEmpty else { continue }
            try visit(line, verdict(of: contents[line.bytes], sawSeal: &sawSeal, parse: parse))
        }
        if lineStart < contents.count {
            try visit(Line(number: number + 1, bytes: lineStart..<contents.count), .bad(.incomplete(bytes: contents.count - lineStart)))
        }
    }

    /// One complete line's verdict. `sawSeal` says whether a sealed line came before it, and
    /// becomes true when this one is sealed.
    @inlinable
    static func verdict<Record>(
        of bytes: ArraySlice<UInt8>, sawSeal: inout Bool, parse: ([UInt8]) -> Record?
    ) -> Verdict<Record> {
        switch RecordSeal.check(bytes) {
        case .sealed(let body):
            sawSeal = true
            return parse(body).map { .record($0, sealed: true) } ?? .bad(.notARecord)
        case .unsealed(let body):
            return sawSeal ? .bad(.missingChecksum) : parse(body).map { .record($0, sealed: false) } ?? .bad(.notARecord)
        case .damaged:
            return .bad(.checksum)
        }
    }

    /// The start's rule over a file's lines in order: good records handed on, a bad line
    /// followed by a record stops the start, and what is bad at the end is cut.
    @usableFromInline
    struct TailTracker {
        @usableFromInline let path: String
        @usableFromInline let dataDirectory: String
        @usableFromInline var lastBad: (line: Line, fault: Fault)?
        @usableFromInline var incomplete: (line: Line, bytes: Int)?

        @usableFromInline
        init(path: String, dataDirectory: String) {
            self.path = path
            self.dataDirectory = dataDirectory
        }

        @inlinable
        mutating func take<Record>(
            _ line: Line, _ verdict: Verdict<Record>, record: (Record, Line, Bool) -> Void
        ) throws(DamagedRecord) {
            // A bad line is the tail only if nothing but an incomplete line follows it.
            if let bad = lastBad, verdict.isComplete {
                throw DamagedRecord(path: path, line: bad.line.number, fault: bad.fault, dataDirectory: dataDirectory)
            }
            switch verdict {
            case .record(let value, let sealed): record(value, line, sealed)
            case .bad(.incomplete(let bytes)): incomplete = (line, bytes)
            case .bad(let fault): lastBad = (line, fault)
            }
        }

        @usableFromInline
        func tail(length: Int) -> Tail {
            var warnings: [String] = []
            if let bad = lastBad {
                warnings.append("\(path): line \(bad.line.number), the last, is damaged (\(bad.fault)); cut off")
            }
            if let incomplete {
                warnings.append("\(path): the last line is incomplete (\(incomplete.bytes) bytes, a crash mid-write); cut off")
            }
            let goodLength = lastBad?.line.bytes.lowerBound ?? incomplete?.line.bytes.lowerBound ?? length
            return Tail(goodLength: goodLength, warnings: warnings)
        }
    }

    /// Reads a file at start: hands each good record to `record`, in order, and says what was
    /// cut from the end (a bad last line, an incomplete line after it).
    /// - Parameters:
    ///   - path: the file's path, for the warnings and the error.
    ///   - dataDirectory: the `--data` folder, for the repair command the error names.
    ///   - parse: the file's reader, given a record's JSON object (its seal taken off).
    ///   - record: called with each good record, its line, and whether it was sealed.
    /// - Returns: what was cut from the end (no warnings and the whole length when every line was good).
    /// - Throws: ``DamagedRecord`` naming the first bad line that has a record after it.
    public static func readAtStart<Record>(
        _ contents: [UInt8], path: String, dataDirectory: String, parse: ([UInt8]) -> Record?,
        record: (Record, Line, _ sealed: Bool) -> Void
    ) throws(DamagedRecord) -> Tail {
        var tracker = TailTracker(path: path, dataDirectory: dataDirectory)
        try scan(contents, parse: parse) { (line, verdict) throws(DamagedRecord) in
            try tracker.take(line, verdict, record: record)
        }
        return tracker.tail(length: contents.count)
    }
}

extension DataFileScan.Verdict {
    /// Whether the line ended with a newline (everything but an incomplete last line).
    @inlinable
    public var isComplete: Bool {
        if case .bad(.incomplete) = self { return false }
        return true
    }
}

/// A verdict crosses from the start's reading thread to the thread that takes the records.
extension DataFileScan.Verdict: Sendable where Record: Sendable {}
