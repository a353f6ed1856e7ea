/// What one write attempt did, as reported by the write closure given to `OutputBuffer.flush`.
enum WriteResult: Equatable, Sendable {
    /// This many bytes (at most the length offered, and more than 0 for progress) were written.
    case wrote(Int)
    /// The kernel buffer is full: try again when the socket is writable.
    case wouldBlock
    /// The write failed for good; the message names the call and the errno text.
    case failed(String)
}

/// How a flush ended.
enum FlushOutcome: Equatable, Sendable {
    /// Everything queued was written.
    case drained
    /// The writer would block; bytes remain.
    case blocked
    /// The per-call byte budget ran out; bytes remain and the writer may take more.
    case budgetExhausted
    /// The writer failed; bytes remain, and the connection should be closed.
    case failed(String)
}

/// The unsent output of one connection: a FIFO of byte chunks with a read
/// position in the front chunk.
///
/// An append into an empty buffer, and any large append, is kept as it is,
/// without copying; later small appends are coalesced into a chunk of our own
/// (up to `coalesceLimit` bytes; `backlogChunk` behind a backlog), so many small messages go out in one write. Writing never copies: the writer is handed a
/// view of the front chunk from the read position.
struct OutputBuffer {
    /// Appends smaller than this are copied into a coalescing chunk.
    static let smallAppend = 16 * 1024
    /// A coalescing chunk does not grow past this many bytes.
    static let coalesceLimit = 64 * 1024
    /// Behind more than `coalesceLimit` unsent bytes (a slow reader), a coalescing chunk is
    /// made this big at once and never grown: the heap then holds a backlog in blocks of
    /// one size, which it reuses as they are, instead of the copies a growing chunk leaves
    /// behind; and the last chunk leaves at most this much unused.
    static let backlogChunk = 16 * 1024

    private var chunks: [[UInt8]] = []
    /// Index of the first live chunk in `chunks`.
    private var head = 0
    /// Bytes of `chunks[head]` already written.
    private var offset = 0
    /// Whether the last chunk is ours (made for coalescing) and may be appended to.
    private var tailIsCoalescing = false
    /// How big a coalescing last chunk may become.
    private var tailLimit = OutputBuffer.coalesceLimit

    /// Bytes queued and not yet written.
    private(set) var count = 0

    /// Memory the queued chunks take: their capacities, which are at least `count` and
    /// include what a chunk has room for beyond its bytes (a chunk shared with other
    /// buffers, such as a broadcast line, counts in each). Kept as chunks come and go.
    private(set) var heldBytes = 0

    /// Whether nothing is queued.
    var isEmpty: Bool { count == 0 }

    /// Number of chunks holding unsent bytes (for tests and diagnostics).
    var chunkCount: Int { chunks.count - head }

    init() {}

    /// Queues bytes after everything already queued.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        count += bytes.count
        // Into an empty buffer any append is kept as it is: the common reply-then-write
        // case copies nothing, and a broadcast line shares one storage among its recipients.
        if bytes.count >= OutputBuffer.smallAppend || head == chunks.count {
            chunks.append(bytes)
            heldBytes += bytes.capacity
            tailIsCoalescing = false
            return
        }
        let last = chunks.count - 1
        if tailIsCoalescing, chunks[last].count + bytes.count <= tailLimit {
            let capacity = chunks[last].capacity
            chunks[last].append(contentsOf: bytes)
            heldBytes += chunks[last].capacity - capacity
            return
        }
        // A second small message: copy the small tail we kept as it was into a chunk of
        // our own with this one, so both still go out in one write.
        let tailStart = last == head ? offset : 0
        // The tail is copied along when it was kept as it was and is small.
        let copiesTail = !tailIsCoalescing && chunks[last].count < OutputBuffer.smallAppend
        var chunk: [UInt8] = []
        let needed = bytes.count + (copiesTail ? chunks[last].count - tailStart : 0)
        if count > OutputBuffer.coalesceLimit {
            chunk.reserveCapacity(Swift.max(OutputBuffer.backlogChunk, needed))
            tailLimit = chunk.capacity
        } else {
            chunk.reserveCapacity(Swift.max(4096, needed))
            tailLimit = OutputBuffer.coalesceLimit
        }
        if copiesTail {
            chunk.append(contentsOf: chunks[last][tailStart...])
            chunk.append(contentsOf: bytes)
            heldBytes += chunk.capacity - chunks[last].capacity
            chunks[last] = chunk
            if last == head { offset = 0 }
        } else {
            chunk.append(contentsOf: bytes)
            heldBytes += chunk.capacity
            chunks.append(chunk)
        }
        tailIsCoalescing = true
    }

    /// Drops everything queued.
    mutating func removeAll() {
        chunks = []
        head = 0
        offset = 0
        count = 0
        heldBytes = 0
        tailIsCoalescing = false
    }

    /// Writes queued bytes in order through `write`, one call per front chunk
    /// (from the read position), until everything is written, the writer blocks
    /// or fails, or `maxBytes` have been written.
    mutating func flush(maxBytes: Int, write: (UnsafeRawBufferPointer) -> WriteResult) -> FlushOutcome {
        var budget = maxBytes
        while count > 0 {
            if budget <= 0 { return .budgetExhausted }
            let start = offset
            var offered = 0
            let result = chunks[head].withUnsafeBytes { all -> WriteResult in
                offered = Swift.min(all.count - start, budget)
                return write(UnsafeRawBufferPointer(rebasing: all[start ..< start + offered]))
            }
            switch result {
            case .wrote(let written):
                precondition(written >= 0 && written <= offered, "writer reported \(written) of \(offered) bytes")
                if written == 0 { return .blocked }
                consume(written)
                budget -= written
            case .wouldBlock:
                return .blocked
            case .failed(let message):
                return .failed(message)
            }
        }
        return .drained
    }

    /// Marks `n` bytes of the front chunk as written.
    private mutating func consume(_ n: Int) {
        offset += n
        count -= n
        guard offset == chunks[head].count else { return }
        heldBytes -= chunks[head].capacity
        chunks[head] = []
        head += 1
        offset = 0
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
            tailIsCoalescing = false
        } else if head >= 32, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
