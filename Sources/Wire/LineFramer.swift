/// Splits a byte stream into lines ended by "\n" (a "\r" before the "\n" is dropped).
///
/// Blank lines (empty, or only spaces, tabs and "\r") are skipped. A line longer than
/// ``maxLineBytes`` yields one ``Frame/tooLong`` as soon as that is certain, and the rest of it
/// is dropped without being buffered, so memory stays bounded however long the line is.
///
/// Bytes are scanned once, as they are appended: complete lines go straight to a closure
/// (``append(_:onFrame:)``) or wait in a queue for ``next()``,
/// and only the unfinished last line is buffered.
public struct LineFramer: Sendable {
    /// The longest line accepted unless another limit is given: 8192 bytes.
    public static let defaultMaxLineBytes = 8192

    /// One result of framing.
    public enum Frame: Equatable, Sendable {
        /// A complete non-blank line, without its "\n" and without one trailing "\r".
        case line([UInt8])
        /// A line was longer than the limit; it has been (or is being) discarded.
        case tooLong
    }

    /// The longest line accepted, counted without "\n" and without one trailing "\r".
    public var maxLineBytes: Int { Int(maxLine) }

    /// The bytes of the current line, which has no newline yet; never more than `maxLineBytes + 1`.
    private var partial: [UInt8] = []
    /// Bytes held back by a reader and frames queued for ``next()``: out of line, and absent
    /// while there are none, so that the framer a server keeps per connection is three words.
    private var backlog: Backlog?
    private let maxLine: Int32
    /// True after an over-long line was reported while its newline had not arrived yet.
    /// (Last: a server keeps a framer per connection, and the flags of the object that holds
    /// it can then share this one's word instead of padding.)
    private var discarding = false

    /// What only some framers hold: bytes not yet scanned because the reader asked to
    /// ``Verdict/hold`` them (from `heldStart` on), and frames ready for ``next()`` (from `head`
    /// on; the prefix before `head` was already taken). Copied before a shared one is changed,
    /// so the framer keeps value semantics: hence unchecked, as no instance is ever mutated
    /// while another framer can see it.
    private final class Backlog: @unchecked Sendable {
        var held: [UInt8] = []
        var heldStart = 0
        var frames: [Frame] = []
        var head = 0
        var queuedLineBytes = 0

        var isEmpty: Bool { heldStart >= held.count && head >= frames.count }

        func copy() -> Backlog {
            let copy = Backlog()
            copy.held = held
            copy.heldStart = heldStart
            copy.frames = frames
            copy.head = head
            copy.queuedLineBytes = queuedLineBytes
            return copy
        }
    }

    /// The backlog, made or copied so that this framer alone holds it.
    private mutating func ownBacklog() -> Backlog {
        if backlog == nil {
            backlog = Backlog()
        } else if !isKnownUniquelyReferenced(&backlog) {
            backlog = backlog?.copy()
        }
        return backlog.unsafelyUnwrapped
    }

    /// Makes a framer accepting lines of up to `maxLineBytes` bytes (at least 1).
    public init(maxLineBytes: Int = LineFramer.defaultMaxLineBytes) {
        precondition(maxLineBytes > 0 && maxLineBytes < Int(Int32.max), "maxLineBytes must be positive and under 2^31")
        self.maxLine = Int32(maxLineBytes)
    }

    /// Bytes held for lines not yet returned by ``next()``: the unfinished line plus queued complete lines.
    public var bufferedByteCount: Int {
        guard let backlog else { return partial.count }
        return partial.count + backlog.queuedLineBytes + (backlog.held.count - backlog.heldStart)
    }

    private var hasQueuedFrames: Bool {
        guard let backlog else { return false }
        return backlog.head < backlog.frames.count
    }

    /// True while bytes held by a ``Verdict/hold`` wait for ``resume(onFrame:)``.
    public var isHolding: Bool {
        // A nil test first, which takes no reference: every read of a server's asks this.
        guard backlog != nil else { return false }
        return backlog.unsafelyUnwrapped.heldStart < backlog.unsafelyUnwrapped.held.count
    }

    /// What a reader answers for each frame handed to ``append(_:verdict:)``.
    public enum Verdict: Sendable {
        /// Go on to the next frame.
        case next
        /// Stop here and keep the bytes not yet scanned for ``resume(onFrame:)``:
        /// the reader is not ready for more (backpressure).
        case hold
        /// Stop here and drop the bytes not yet scanned (the connection is going away).
        case stop
    }

    /// A frame handed to ``append(_:onFrame:)``: the line's bytes are a view,
    /// valid only during the call.
    public enum FrameView {
        /// A complete non-blank line, without its "\n" and without one trailing "\r".
        case line(UnsafeRawBufferPointer)
        /// A line was longer than the limit; it has been (or is being) discarded.
        case tooLong
    }

    /// Feeds bytes received from the stream; complete frames queue for ``next()``.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Feeds bytes received from the stream; complete frames queue for ``next()``.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var found: [Frame] = []
        append(bytes, onFrame: { frame in
            switch frame {
            case .line(let view): found.append(.line(Array(view)))
            case .tooLong: found.append(.tooLong)
            }
            return true
        })
        guard !found.isEmpty else { return }
        let backlog = ownBacklog()
        for frame in found {
            if case .line(let line) = frame { backlog.queuedLineBytes += line.count }
            backlog.frames.append(frame)
        }
    }

    /// Feeds bytes received from the stream and hands each complete frame to
    /// `onFrame` at once, in order. A line that arrived whole in `bytes` is a view
    /// of `bytes`, not a copy: the server's way, one allocation less per command.
    /// When `onFrame` returns false the rest of `bytes` is dropped, with any
    /// unfinished line (the connection is going away).
    public mutating func append(_ bytes: UnsafeRawBufferPointer, onFrame: (FrameView) -> Bool) {
        append(bytes, verdict: { frame in onFrame(frame) ? .next : .stop })
    }

    /// Feeds bytes received from the stream and hands each complete frame to
    /// `verdict` at once, in order, as ``append(_:onFrame:)`` does; the reader's
    /// ``Verdict`` says whether to go on, to hold the rest for ``resume(onFrame:)``,
    /// or to drop it. While earlier bytes are held, new ones are added behind them
    /// unscanned, so lines keep their order.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, verdict: (FrameView) -> Verdict) {
        if isHolding {
            ownBacklog().held.append(contentsOf: bytes)
            return
        }
        if let stop = scan(bytes, verdict) {
            // Copied only when a reader holds back, which is rare and bounded by one read.
            let backlog = ownBacklog()
            backlog.held = Array(UnsafeRawBufferPointer(rebasing: bytes[stop...]))
            backlog.heldStart = 0
        }
    }

    /// Scans the bytes kept by a ``Verdict/hold``, handing each frame to `verdict`
    /// as ``append(_:verdict:)`` does (which may hold the rest again). Does nothing
    /// when nothing is held.
    public mutating func resume(onFrame verdict: (FrameView) -> Verdict) {
        guard isHolding else { return }
        var backlog = ownBacklog()
        let buffer = backlog.held
        let start = backlog.heldStart
        backlog.held = []
        backlog.heldStart = 0
        if backlog.isEmpty { self.backlog = nil }
        let stop = buffer.withUnsafeBytes { scan(UnsafeRawBufferPointer(rebasing: $0[start...]), verdict) }
        if let stop, start + stop < buffer.count {
            backlog = ownBacklog()
            backlog.held = buffer
            backlog.heldStart = start + stop
        }
    }

    /// Frames `bytes` until the end, or until `verdict` says hold (returns the index
    /// of the first byte not scanned) or stop (drops the rest and returns nil).
    private mutating func scan(_ bytes: UnsafeRawBufferPointer, _ verdict: (FrameView) -> Verdict) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let newline = Self.firstNewline(in: bytes, from: index)
            if discarding {
                guard let newline else { return nil }
                discarding = false
                index = newline + 1
                continue
            }
            guard let newline else {
                if partial.count + (count - index) > Int(maxLine) + 1 {
                    // Even after dropping one "\r" the line cannot fit: report it now, keep nothing.
                    partial = []
                    discarding = true
                    _ = verdict(.tooLong)
                } else {
                    partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<count]))
                }
                return nil
            }
            let answer = finishLine(with: UnsafeRawBufferPointer(rebasing: bytes[index..<newline]), verdict)
            index = newline + 1
            switch answer {
            case .next:
                continue
            case .hold:
                return index < count ? index : nil
            case .stop:
                partial = []
                discarding = false
                return nil
            }
        }
        return nil
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        guard hasQueuedFrames else { return nil }
        let backlog = ownBacklog()
        let frame = backlog.frames[backlog.head]
        // Drop the queue's reference right away so a taken line's storage is not kept alive.
        backlog.frames[backlog.head] = .tooLong
        backlog.head += 1
        if case .line(let line) = frame {
            backlog.queuedLineBytes -= line.count
        }
        if backlog.head == backlog.frames.count {
            backlog.frames.removeAll(keepingCapacity: true)
            backlog.head = 0
        } else if backlog.head >= 64 && backlog.head * 2 >= backlog.frames.count {
            backlog.frames.removeFirst(backlog.head)
            backlog.head = 0
        }
        return frame
    }

    /// Ends the current line: `partial` followed by `tail`, the bytes before the newline.
    /// Returns what `onFrame` returned (`.next` for a blank line, which is skipped).
    private mutating func finishLine(with tail: UnsafeRawBufferPointer, _ onFrame: (FrameView) -> Verdict) -> Verdict {
        var length = partial.count + tail.count
        let lastByte = tail.last ?? partial.last
        if lastByte == UInt8(ascii: "\r") { length -= 1 }
        if length > Int(maxLine) {
            partial = []
            return onFrame(.tooLong)
        }
        if partial.allSatisfy(Self.isBlank) && tail.allSatisfy(Self.isBlank) {
            partial.removeAll(keepingCapacity: true)
            return .next
        }
        guard !partial.isEmpty else {
            return onFrame(.line(UnsafeRawBufferPointer(rebasing: tail[..<length])))
        }
        // The line began in an earlier read: finish it in `partial`, then let that storage go.
        partial.append(contentsOf: tail)
        defer { partial = [] }
        return partial.withUnsafeBytes { onFrame(.line(UnsafeRawBufferPointer(rebasing: $0[..<length]))) }
    }

    /// A space, a tab or a "\r": what a blank line holds.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func firstNewline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        // Eight bytes at a time: XOR with "\n" in every byte turns a newline into a zero byte,
        // and (w - 0x01…) & ~w & 0x80… has its lowest set bit in the first zero byte of w.
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
            let zeroes = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zeroes != 0 { return index + zeroes.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }
}
