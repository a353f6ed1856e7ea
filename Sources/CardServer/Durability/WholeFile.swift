import Glibc

/// Reading a whole file from its descriptor, the way the journal and the room log do at start.
enum WholeFile {
    /// Every byte of the file behind `fd`, read from offset 0 in 64 KiB chunks (retrying
    /// EINTR); the errno of a failed read.
    static func read(_ fd: Int32) -> Result<[UInt8], SystemErrno> {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemErrno(code: errno))
            }
            if count == 0 { return .success(contents) }
            contents.append(contentsOf: chunk[..<count])
            offset += off_t(count)
        }
    }
}

/// An errno, with its text.
struct SystemErrno: Error {
    let code: Int32
    var text: String { String(cString: strerror(code)) }
}
