import Glibc
import SystemCall

/// `cardserver --repair --data DIR`, the redis-check-aof of this server: for the room log and
/// the results journal, keeps every good record in order and moves every bad line (a damaged
/// record, an incomplete last line) to `FILE.damaged`, so a start that stopped on a damaged
/// record (``DataFileScan/DamagedRecord``) succeeds afterwards. Run it with the server stopped.
///
/// Nothing is lost on the way: the bad lines are appended to `FILE.damaged` and synced before
/// the good ones replace the file, and that replacement is atomic (a new file written and
/// fsynced, renamed over the old one, the folder fsynced). Files it writes are 0600, and it
/// opens only regular files, never through a symbolic link, as the server does. It holds
/// the folder's lock (``DataDirectory``) while it works, so it never rewrites a file under a
/// running server.
public enum DataFileRepair {
    /// A repair that could not be made: the call that failed and the path.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What the repair of one file found and did.
    struct Outcome: Equatable {
        /// Good records, kept in order.
        var kept = 0
        /// The bad lines moved to `FILE.damaged`, in order.
        var moved: [Moved] = []
        /// Blank lines, which are not records, dropped.
        var blankLines = 0

        /// A bad line: its number in the file as it was, and what is wrong with it.
        struct Moved: Equatable {
            let line: Int
            let fault: DataFileScan.Fault
        }
    }

    /// A file of records under the data folder, and how to tell a record of it.
    public struct DataFile {
        /// Its name under the data folder, e.g. `rooms.log`.
        public let name: String
        /// Whether a record's JSON object (its seal taken off) is one the file's reader takes.
        public let accepts: ([UInt8]) -> Bool

        /// - Parameters:
        ///   - name: the file's name under the data folder.
        ///   - accepts: the file's reader, as a yes or no.
        public init(name: String, accepts: @escaping ([UInt8]) -> Bool) {
            self.name = name
            self.accepts = accepts
        }
    }

    /// Repairs each of `files` under `dataDirectory`, in order.
    /// - Returns: the report, a line for each bad line and one for each file.
    /// - Throws: ``Failure`` when the folder is missing or in use by a server, or a file cannot
    ///   be read, written or renamed.
    public static func run(dataDirectory: String, files: [DataFile]) throws(Failure) -> [String] {
        var directoryStatus = stat()
        guard stat(dataDirectory, &directoryStatus) == 0 else {
            throw Failure(description: "\(dataDirectory) is not a data folder: \(SystemError.text(forErrno: errno))")
        }
        guard directoryStatus.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(description: "\(dataDirectory) is not a data folder: \(String(cString: strerror(ENOTDIR)))")
        }
        let lock: DataDirectory
        do {
            lock = try DataDirectory(path: dataDirectory)
        } catch {
            throw Failure(description: error.description)
        }
        defer { withExtendedLifetime(lock) {} }
        var report: [String] = []
        for file in files {
            report += try repair(path: DataDirectory.join(dataDirectory, file.name)) { file.accepts($0) ? () : nil }
        }
        return report
    }

    /// Repairs one file; returns its lines of the report.
    static func repair<Record>(path: String, parse: ([UInt8]) -> Record?) throws(Failure) -> [String] {
        guard let contents = try read(path) else { return ["\(path): no such file; nothing to do"] }
        let (good, bad, outcome) = sort(contents, parse: parse)
        guard !outcome.moved.isEmpty || outcome.blankLines > 0 else {
            return ["\(path): \(records(outcome.kept)), all good; left as it was"]
        }
        // The bad lines are safe in FILE.damaged before the file that still holds them is replaced.
        if !bad.isEmpty { try append(bad, to: path + ".damaged") }
        try replace(path, with: good)
        var report = outcome.moved.map { "\(path): line \($0.line): \($0.fault)" }
        var summary = "\(path): kept \(records(outcome.kept))"
        if !outcome.moved.isEmpty {
            let lines = outcome.moved.map { String($0.line) }.joined(separator: ", ")
            summary += "; moved \(outcome.moved.count) line\(outcome.moved.count == 1 ? "" : "s") (\(lines)) to \(path).damaged"
        }
        if outcome.blankLines > 0 {
            summary += "; dropped \(outcome.blankLines) blank line\(outcome.blankLines == 1 ? "" : "s")"
        }
        report.append(summary + "; rewritten")
        return report
    }

    /// Splits a file into its good records and its bad lines, each with its newline, in order.
    static func sort<Record>(_ contents: [UInt8], parse: ([UInt8]) -> Record?) -> (good: [UInt8], bad: [UInt8], outcome: Outcome) {
        let newline = UInt8(ascii: "\n")
        var good: [UInt8] = []
        var bad: [UInt8] = []
        var outcome = Outcome()
        DataFileScan.scan(contents, parse: parse) { line, verdict in
            switch verdict {
            case .record:
                good += contents[line.bytes]
                good.append(newline)
                outcome.kept += 1
            case .bad(let fault):
                // An incomplete last line gets a newline too, so what is appended to
                // FILE.damaged after it starts on a line of its own.
                bad += contents[line.bytes]
                bad.append(newline)
                outcome.moved.append(Outcome.Moved(line: line.number, fault: fault))
            }
        }
        // The lines the scan passed over: a newline at the start or right after another.
        outcome.blankLines = contents.indices.count { contents[$0] == newline && ($0 == 0 || contents[$0 - 1] == newline) }
        return (good, bad, outcome)
    }

    private static func records(_ count: Int) -> String {
        "\(count) record\(count == 1 ? "" : "s")"
    }

    // MARK: Files

    /// The file's bytes; nil when there is no such file.
    private static func read(_ path: String) throws(Failure) -> [UInt8]? {
        var info = stat()
        if lstat(path, &info) != 0, errno == ENOENT { return nil }
        let fd = try open(path, flags: O_RDONLY)
        defer { close(fd) }
        switch WholeFile.read(fd) {
        case .success(let contents): return contents
        case .failure(let error): throw Failure(description: "read(\(path)): \(error.message)")
        }
    }

    /// Appends `bytes` to `path` and fsyncs it.
    private static func append(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = try open(path, flags: O_WRONLY | O_CREAT | O_APPEND)
        defer { close(fd) }
        if let error = WholeFile.write(bytes, to: fd) { throw Failure(description: "write(\(path)): \(error.message)") }
        guard fsync(fd) == 0 else { throw failure("fsync(\(path))") }
        DataDirectory.syncDirectory(of: path)
    }

    /// Replaces `path` with `bytes`, atomically: a new file written, fsynced and renamed over
    /// it, then the folder fsynced, so a crash at any point leaves the old file or the new one.
    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".repair"
        let fd = try open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        var failed: Failure?
        if let error = WholeFile.write(bytes, to: fd) {
            failed = Failure(description: "write(\(temporary)): \(error.message)")
        } else if fsync(fd) != 0 {
            failed = failure("fsync(\(temporary))")
        }
        close(fd)
        if failed == nil, rename(temporary, path) != 0 { failed = failure("rename(\(temporary), \(path))") }
        if let failed {
            unlink(temporary)
            throw failed
        }
        DataDirectory.syncDirectory(of: path)
    }

    /// Opens a file as the server does (``DataDirectory/openRegular(_:flags:maxBytes:)``): a
    /// regular file only, never through a symbolic link, mode 0600.
    private static func open(_ path: String, flags: Int32) throws(Failure) -> Int32 {
        do {
            return try DataDirectory.openRegular(path, flags: flags)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// A failure naming `call` and the errno it left.
    private static func failure(_ call: String) -> Failure {
        Failure(description: "\(call): \(SystemError.text(forErrno: errno))")
    }
}
