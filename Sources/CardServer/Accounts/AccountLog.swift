import Storage

/// The accounts file, `accounts.log` under `--data`: every account and live session as sealed
/// lines (``AccountRecord``), appended as they happen and rewritten with only what is live at
/// each start (as the room log is), so its size follows the accounts, not their history.
///
/// Appends run on the background worker, inside the job that hashed the password they follow,
/// and are synced there before the job ends (unless `--appendfsync no`): a `welcome` is sent
/// only for records on the disk, so a confirmed `register` survives SIGKILL and a power cut,
/// and one the disk refused is absent, never half there (``AppendOnlyLog`` cuts a failed
/// append back off). The loop never touches the file after the start.
public final class AccountLog: Sendable {
    /// The file (memory in tests).
    public let log: any AppendOnlyLog
    let policy: LogSyncPolicy

    /// A failed read or rewrite at start, or a damaged line before the file's end.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The largest accounts file a start reads: 100,000 accounts with their sessions take
    /// about 60 MB; a file past this is not one this server wrote.
    static let maxFileBytes = 1 << 30

    /// Opens (or creates) `directory/accounts.log`, reads it into `book` and rewrites it with
    /// only the live records (see ``init(log:dataDirectory:policy:book:warn:)``).
    public convenience init(directory: String, policy: LogSyncPolicy, book: AccountBook, warn: (String) -> Void) throws(Failure) {
        let log: FileLog
        do {
            log = try FileLog(directory: directory, name: "accounts.log", maxBytes: Self.maxFileBytes)
        } catch {
            throw Failure(description: error.description)
        }
        try self.init(log: log, dataDirectory: directory, policy: policy, book: book, warn: warn)
    }

    /// Reads `log` into `book`, a chunk at a time, and rewrites it with the book's records.
    /// A torn or damaged last line (a crash mid-write) is cut off with a warning; a damaged
    /// line with lines after it stops the start, naming the line and `cardserver --repair`.
    public init(log: any AppendOnlyLog, dataDirectory: String, policy: LogSyncPolicy, book: AccountBook, warn: (String) -> Void) throws(Failure) {
        self.log = log
        self.policy = policy
        // Whether the file holds anything a rewrite would drop: an ended session or token, a
        // record that does not fit, an old unsealed line, a torn tail. A file of live records
        // only (the usual start) is left as it is: rewriting 100,000 accounts costs as much
        // as reading them.
        var needsRewrite = false
        book.reserve(forFileBytes: Int(log.size))
        do {
            let (tail, _) = try DataFileScan.readAtStart(log: log, dataDirectory: dataDirectory, parse: AccountRecord.init(body:)) { record, line, sealed in
                if !book.apply(record) {
                    warn("\(log.path) line \(line.number): \(record.kind) record that does not fit the ones before it; left out")
                    needsRewrite = true
                }
                switch record {
                case .end, .apiTokenEnd, .password, .accountEnd, .unblock: needsRewrite = true
                default: if !sealed { needsRewrite = true }
                }
            }
            tail.warnings.forEach(warn)
            if tail.goodLength != log.size { needsRewrite = true }
        } catch {
            throw Failure(description: "\(error)")
        }
        if needsRewrite, let failure = log.replace(with: book.records.flatMap(\.line)) {
            throw Failure(description: failure.description)
        }
    }

    /// Appends `records` whole or not at all, then syncs them (unless `--appendfsync no`).
    /// For the background worker's thread.
    /// - Returns: nil once they are written (and synced); else what failed.
    func append(_ records: [AccountRecord]) -> LogFailure? {
        if let failure = log.append(records.flatMap(\.line)) { return failure }
        guard policy != .no else { return nil }
        return log.sync()
    }
}

extension AccountRecord {
    /// The record's `k`, for messages.
    var kind: String {
        switch self {
        case .account: "account"
        case .session: "session"
        case .end: "end"
        case .apiToken: "api_token"
        case .apiTokenEnd: "api_token_end"
        case .password: "password"
        case .accountEnd: "account_end"
        case .block: "block"
        case .unblock: "unblock"
        }
    }
}
