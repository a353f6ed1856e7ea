import Glibc
import SystemCall

/// Which layout of files a data directory holds, as PostgreSQL's `PG_VERSION` says: the file
/// `DIR/format`, written when the directory is first used and checked at every start, so a
/// server never reads files it does not understand, and an upgrade knows what it starts on.
///
/// Its first line is the format's number; the second says, for a person, what wrote it. A
/// directory from before the file existed (cardserver 0.5.0 and earlier) is format 0: its
/// files are read as later formats' are, so it is upgraded by writing the file. A newer format stops
/// the start (exit 1), naming both numbers.
public enum DataFormat {
    /// The format this server writes: `rooms.log`, `results.jsonl` and `replays/`, every
    /// record sealed, every game's `begin` naming the version of the rules that dealt it.
    /// Format 2 (0.12.0) lets `rooms.log` hold `members` records, a room's members summed up
    /// in place of its comings and goings, which format 1's servers would take for damage;
    /// format 1's files are read as they are, so its upgrade is writing the file.
    public static let current = 2
    /// The file's name under the directory.
    public static let fileName = "format"
    /// Files whose presence means the directory was used before the format file existed.
    static let earlierFiles = ["rooms.log", "results.jsonl", "replays"]

    /// What the check found and did.
    public enum Outcome: Equatable, Sendable {
        /// A new directory: the file was written.
        case created
        /// The directory was already in this format.
        case current
        /// An older format, upgraded in place (the file rewritten, atomically).
        case upgraded(from: Int)
    }

    /// Checks the format of the data directory at `directory` (whose lock the caller holds),
    /// writing the file for a new directory or an older format.
    /// - Parameters:
    ///   - writtenBy: what the file's second line names ("cardserver 0.6.0").
    ///   - upgrade: false to only check (`--repair`): nothing is written.
    /// - Throws: ``DataDirectory/Failure`` naming both formats when the directory's is newer
    ///   than ``current``, naming the file when it cannot be read as a format, or when the
    ///   file cannot be written.
    public static func check(directory: String, writtenBy: String, upgrade: Bool = true) throws(DataDirectory.Failure) -> Outcome {
        let path = DataDirectory.join(directory, fileName)
        let found = try read(path)
        switch found {
        case .some(let format) where format > current:
            throw DataDirectory.Failure(description:
                "\(directory) holds data format \(format), written by a newer cardserver; this one (\(writtenBy)) reads format \(current) "
                    + "and older. Run the newer cardserver on it, or give another --data")
        case .some(let format) where format == current:
            return .current
        case .some(let format):
            if upgrade { try write(path, writtenBy: writtenBy) }
            return .upgraded(from: format)
        case .none:
            let used = earlierFiles.contains { access(DataDirectory.join(directory, $0), F_OK) == 0 }
            if upgrade { try write(path, writtenBy: writtenBy) }
            return used ? .upgraded(from: 0) : .created
        }
    }

    /// The format the file names; nil when there is no file.
    static func read(_ path: String) throws(DataDirectory.Failure) -> Int? {
        guard access(path, F_OK) == 0 else { return nil }
        let fd = try DataDirectory.openRegular(path, flags: O_RDONLY, maxBytes: 4096)
        defer { close(fd) }
        guard case .success(let bytes) = WholeFile.read(fd, limit: 4096) else {
            throw DataDirectory.Failure(description: "read(\(path)): \(SystemError.text(forErrno: errno))")
        }
        let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
        guard let format = Int(String(decoding: firstLine, as: UTF8.self)), format >= 0 else {
            throw DataDirectory.Failure(description:
                "\(path) does not name a data format (its first line should be a number, such as \(current)); "
                    + "it is not a cardserver data directory, or the file was damaged")
        }
        return format
    }

    /// Writes the file as a whole or not at all: a temporary file, synced, renamed over it,
    /// and the directory synced.
    static func write(_ path: String, writtenBy: String) throws(DataDirectory.Failure) {
        let temporary = path + ".new"
        let contents = Array("\(current)\n\(writtenBy): rooms.log, results.jsonl and replays/ in data format \(current)\n".utf8)
        let fd = try DataDirectory.openRegular(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        let failure = WholeFile.write(contents, to: fd) ?? (fsync(fd) == 0 ? nil : SystemError(call: "fsync", errno: errno))
        close(fd)
        if let failure {
            _ = unlink(temporary)
            throw DataDirectory.Failure(description: "writing \(temporary): \(failure)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = SystemError.text(forErrno: errno)
            _ = unlink(temporary)
            throw DataDirectory.Failure(description: "rename(\(temporary), \(path)): \(reason)")
        }
        DataDirectory.syncDirectory(of: path)
    }
}
