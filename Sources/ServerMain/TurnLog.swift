/// The log lines of one loop turn, written to standard error with one write(2) when the turn
/// ends rather than one each: a turn that logs a line a player (a wave of thousands paired,
/// each join said) cost the loop a system call a line, 200 ms in `cardbench attack --only
/// pool-wave --pool-players 10000`, and every other player waited on it. Each line keeps the
/// time it was logged. Used on the loop's thread only.
final class TurnLog {
    private var pending: [UInt8] = []

    /// Past this many bytes a turn's lines are written at once: the buffer stays small.
    static let flushBytes = 64 * 1024

    /// Keeps `message` for the turn's end, stamped with the time now.
    func append(_ message: String) {
        pending.append(contentsOf: Log.line(message).utf8)
        if pending.count >= Self.flushBytes { flush() }
    }

    /// Writes what the turn logged (nothing when it logged nothing).
    func flush() {
        guard !pending.isEmpty else { return }
        writeStandardError(pending[...])
        pending.removeAll(keepingCapacity: pending.count <= Self.flushBytes * 2)
    }
}
