import SystemCall
import Glibc

/// The `--data` directory as PostgreSQL keeps its own: one server at a time (an exclusive
/// lock taken before anything under it is read), mode 0700 with files 0600 whatever the
/// umask (it holds the secret seeds of races in progress), and only regular files opened.
public final class DataDirectory {
    /// The directory's path, as given.
    public let path: String
    /// The lock file's descriptor, held open (and locked) for the life of the process.
    private let lockFD: Int32
    /// The directory itself, open and locked for as long as this value lives.
    private let directoryLockFD: Int32

    /// A failure to take or prepare the directory, in words for the operator.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The lock file's name under the directory: it holds the pid of the server that has it.
    public static let lockName = "lock"

    /// Makes the directory if need be (0700), narrows an existing one to 0700, and takes
    /// its lock: `flock` on the directory itself, and on `DIR/lock`, which then holds this
    /// process's pid. The directory's lock holds even when someone deletes the file (an
    /// operator tidying up, a script's `rm -rf DIR/*`): a second server is still refused.
    /// The file's lock is what servers before 0.6.0 took, so an older server and a newer one
    /// refuse each other too.
    /// - Throws: ``Failure`` when another process holds the lock ("DIR is in use by
    ///   cardserver pid N"), or the directory cannot be made, narrowed or locked.
    public init(path: String) throws(Failure) {
        self.path = path
        // `--data` may name a symbolic link to a directory (an operator's /var/lib/cardserver
        // pointing at another disk); nothing under it is ever reached through one.
        try Self.makePrivateDirectory(path, followingALink: true)
        let lockPath = Self.join(path, Self.lockName)
        let directoryFD = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { throw Failure(description: "open(\(path)): \(SystemError.text(forErrno: errno))") }
        if flock(directoryFD, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            close(directoryFD)
            guard reason == EWOULDBLOCK else { throw Failure(description: "flock(\(path)): \(SystemError.text(forErrno: reason))") }
            // Read the holder's pid without making a lock file the holder would not know of.
            let holderFD = access(lockPath, F_OK) == 0 ? (try? Self.openRegular(lockPath, flags: O_RDONLY)) : nil
            let holder = holderFD.flatMap(Self.readPID)
            if let holderFD { close(holderFD) }
            guard let holder else {
                throw Failure(description:
                    "\(path) is in use by another cardserver (its lock file \(lockPath) was removed, but that server still holds the directory); stop it first, or give another --data")
            }
            throw Failure(description: "\(path) is in use by cardserver pid \(holder); stop it first, or give another --data")
        }
        directoryLockFD = directoryFD
        let fd: Int32
        do {
            fd = try Self.openRegular(lockPath, flags: O_RDWR | O_CREAT)
        } catch {
            close(directoryFD)
            throw error
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            let holder = Self.readPID(fd)
            close(fd)
            close(directoryFD)
            if reason == EWOULDBLOCK {
                throw Failure(description: "\(path) is in use by cardserver pid \(holder.map(String.init) ?? "unknown"); stop it first, or give another --data")
            }
            throw Failure(description: "flock(\(lockPath)): \(String(cString: strerror(reason)))")
        }
        let pid = Array("\(getpid())\n".utf8)
        guard ftruncate(fd, 0) == 0, WholeFile.write(pid, to: fd) == nil else {
            let reason = SystemError.text(forErrno: errno)
            close(fd)
            close(directoryFD)
            throw Failure(description: "writing \(lockPath): \(reason)")
        }
        lockFD = fd
    }

    deinit {
        close(lockFD)
        close(directoryLockFD)
    }

    /// `directory/name`, with one slash between.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Makes `path` a directory only its owner can enter: made 0700, or narrowed to 0700 when
    /// an older server (or the umask) left it open to others.
    /// - Parameter followingALink: whether `path` may be a symbolic link to a directory (the
    ///   data directory itself, as the operator names it); never for a directory under it.
    public static func makePrivateDirectory(_ path: String, followingALink: Bool = false) throws(Failure) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw Failure(description: "mkdir(\(path)): \(SystemError.text(forErrno: errno))")
        }
        var info = stat()
        guard (followingALink ? stat(path, &info) : lstat(path, &info)) == 0 else { throw Failure(description: "stat(\(path)): \(SystemError.text(forErrno: errno))") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(description: "\(path) is not a directory") }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw Failure(description: "chmod(\(path), 0700): \(SystemError.text(forErrno: errno))")
        }
    }

    /// Opens a file under the data directory the only way the server does: never through a
    /// symbolic link, never blocking on a FIFO or a device, only a regular file, mode 0600
    /// (narrowed if an older server left it readable to others), close-on-exec.
    /// - Parameters:
    ///   - flags: `O_RDWR`, `O_CREAT`, `O_APPEND`, `O_TRUNC` as needed.
    ///   - maxBytes: a file larger than this is refused at once (nil: no bound).
    public static func openRegular(_ path: String, flags: Int32, maxBytes: Int? = nil) throws(Failure) -> Int32 {
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "open(\(path)): \(SystemError.text(forErrno: errno))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = SystemError.text(forErrno: errno)
            close(fd)
            throw Failure(description: "fstat(\(path)): \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(description: "\(path) is not a regular file; the data directory holds only the server's own files")
        }
        if let maxBytes, Int(info.st_size) > maxBytes {
            close(fd)
            throw Failure(description: "\(path) is \(info.st_size) bytes, more than the \(maxBytes) such a file may be")
        }
        if info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        // Blocking from here on: a regular file never blocks for long, and writes must be whole.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Fsyncs the folder that holds `path`, so a rename in it is on disk.
    public static func syncDirectory(of path: String) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The pid written in a lock file, if it reads as one.
    private static func readPID(_ fd: Int32) -> Int32? {
        guard case .success(let bytes) = WholeFile.read(fd, limit: 64) else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \n"))
    }
}

extension String {
    /// The string without the given characters at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
