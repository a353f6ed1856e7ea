import Glibc
import SystemCall

/// Whole-file reads and writes by descriptor, for the journal, the room log and the replays.
public enum WholeFile {
    /// The file behind `fd` from offset 0, in 64 KiB chunks (retrying EINTR): every byte, or
    /// once past `limit` bytes the first chunks beyond it (a caller refusing a file that
    /// large need not read all of it); the failed `read` otherwise.
    public static func read(_ fd: Int32, limit: Int = .max) -> Result<[UInt8], SystemError> {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while contents.count <= limit {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(call: "read", errno: errno))
            }
            if count == 0 { break }
            contents.append(contentsOf: chunk[..<count])
            offset += off_t(count)
        }
        return .success(contents)
    }

    /// Writes every byte at the file's position, retrying EINTR and short writes; the failed
    /// `write` (EIO for a write that took nothing), or nil.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> SystemError? {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return SystemError(call: "write", errno: result < 0 ? errno : EIO) }
            written += result
        }
        return nil
    }
}
