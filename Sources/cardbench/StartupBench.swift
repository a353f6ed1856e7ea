import CLinux
import Glibc
import SystemCall

/// `cardbench startup`: starts a server again and again and times each start,
/// from spawn to its first reply on a TCP connection. With `--results N` cardserver
/// starts on a journal of N games (``JournalFile``), and its memory and CPU time count too.
///
/// cardserver binds port 0 and names its port on stderr ("listening on
/// 127.0.0.1:PORT"); a run sends a `ping` at once and ends when `hello` arrives. redis-server
/// cannot bind port 0, so it gets a free port picked beforehand and is
/// connected to until it accepts; a run ends when `PING` is answered.
enum StartupBench {
    /// How long one start may take before the benchmark gives up.
    static let timeoutMilliseconds = 5_000
    /// How long one start on a journal (`--results`) may take: a debug build reads slowly.
    static let journalTimeoutMilliseconds = 120_000

    static func run(_ options: StartupOptions) throws(BenchError) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try requireExecutable(options.binary, "--binary")
        var timeout = timeoutMilliseconds
        if options.accounts > 0 {
            let bytes = try AccountsFile.write(accounts: options.accounts, into: directory.path)
            print("startup cardserver: on an accounts file of \(options.accounts) accounts with a session each (\(ServerMemory.mebibytes(bytes / 1_024)))")
            timeout = journalTimeoutMilliseconds
        }
        if options.results > 0 {
            let written = try JournalFile.write(results: options.results, into: directory.path, seed: UInt64(SetOptions.defaultSeed))
            print("startup cardserver (\(options.binary)): \(options.runs) runs, spawn to hello, on a journal of \(options.results) results (\(ServerMemory.mebibytes(written.bytes / 1_024)))")
            timeout = journalTimeoutMilliseconds
        } else {
            print("startup cardserver (\(options.binary)): \(options.runs) runs, spawn to hello")
        }
        var times: [Double] = []
        var memories: [ServerMemory] = []
        var cpuTimes: [Double] = []
        for _ in 0..<options.runs {
            let run = try timeCardserver(options.binary, data: directory.path, timeoutMilliseconds: timeout)
            times.append(run.milliseconds)
            if let memory = run.memory { memories.append(memory) }
            if let cpu = run.cpuMilliseconds { cpuTimes.append(cpu) }
        }
        summary("cardserver", times).forEach { print($0) }
        if options.results > 0 || options.accounts > 0, let resident = memories.map(\.residentKiB).max(), let peak = memories.map(\.peakKiB).max() {
            // After hello the journal is read: what it keeps is what the server holds from then on.
            print("cardserver RSS after start: \(ServerMemory.mebibytes(resident)) (peak \(ServerMemory.mebibytes(peak))), the most of \(memories.count) runs")
            // On a busy machine the wall time waits for the CPU; the CPU time does not.
            if !cpuTimes.isEmpty {
                print("cardserver CPU to start p50: \(fixed(Timings(cpuTimes).percentile(50), digits: 0)) ms (user and system)")
            }
        }
        guard let redis = options.redis else { return }
        try requireExecutable(redis, "--redis")
        print("startup redis-server (\(redis)): \(options.runs) runs, spawn to +PONG")
        times = []
        for _ in 0..<options.runs {
            times.append(try timeRedis(redis, directory: directory.path))
        }
        summary("redis", times).forEach { print($0) }
    }

    /// `cardserver startup min: 3.12 ms`, then p50 and max.
    static func summary(_ server: String, _ milliseconds: [Double]) -> [String] {
        let timings = Timings(milliseconds)
        return [("min", 0.0), ("p50", 50.0), ("max", 100.0)].map { name, percent in
            "\(server) startup \(name): \(fixed(timings.percentile(percent), digits: 2)) ms"
        }
    }

    /// The port in cardserver's "listening on 127.0.0.1:PORT" log line, once the line is whole.
    static func listeningPort(in log: String) -> UInt16? {
        let marker = "listening on 127.0.0.1:"
        guard let range = log.firstRange(of: marker) else { return nil }
        let rest = log[range.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.endIndex < rest.endIndex else { return nil }
        return UInt16(digits)
    }

    private static func requireExecutable(_ path: String, _ option: String) throws(BenchError) {
        guard access(path, X_OK) == 0 else { throw BenchError("\(option) \(path): \(errorText(errno))") }
    }

    /// One start of cardserver: milliseconds from spawn to hello, and its memory and CPU time then.
    private static func timeCardserver(
        _ binary: String, data: String, timeoutMilliseconds: Int
    ) throws(BenchError) -> (milliseconds: Double, memory: ServerMemory?, cpuMilliseconds: Double?) {
        let start = monotonicNanoseconds()
        let child = try Child(
            binary, ["--host", "127.0.0.1", "--port", "0", "--data", data], captureStandardError: true)
        defer { child.stop() }
        let giveUp = start + UInt64(timeoutMilliseconds) * 1_000_000
        var log = ""
        var port: UInt16?
        while port == nil {
            guard let chunk = try readSome(child.standardError, until: giveUp) else {
                throw BenchError("cardserver exited or said nothing within \(timeoutMilliseconds) ms: \(log)")
            }
            log += chunk
            port = listeningPort(in: log)
        }
        let socket = try connectBlocking(port!)
        defer { close(socket) }
        // It speaks first, as a bot does: a silent connection is greeted only after 50 ms
        // (the server's wait for a browser's request), which would be timed instead of the start.
        let ping = Array("{\"type\":\"ping\"}\n".utf8)
        _ = ping.withUnsafeBytes { try? Loopback.send(socket, $0.baseAddress!, $0.count) }
        guard let hello = try readLine(socket, until: giveUp), hello.hasPrefix("{\"type\":\"hello\"") else {
            throw BenchError("cardserver did not say hello")
        }
        let milliseconds = Double(monotonicNanoseconds() - start) / 1e6
        return (milliseconds, ServerMemory.of(child.pid), cpuMilliseconds(of: child.pid))
    }

    /// The CPU time process `pid` has used, user and system, from `/proc/PID/stat`; nil when unreadable.
    static func cpuMilliseconds(of pid: pid_t) -> Double? {
        guard let text = readSmallFile("/proc/\(pid)/stat") else { return nil }
        return cpuMilliseconds(stat: text, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// utime plus stime (fields 14 and 15) of a `/proc/PID/stat` line, in milliseconds. The
    /// fields are counted after the command name's closing parenthesis: the name may hold spaces.
    static func cpuMilliseconds(stat: String, ticksPerSecond: Double) -> Double? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (the state).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]), ticksPerSecond > 0 else { return nil }
        return (user + system) * 1_000 / ticksPerSecond
    }

    /// One start of redis-server on a free port, in milliseconds.
    private static func timeRedis(_ binary: String, directory: String) throws(BenchError) -> Double {
        let port = try freePort()
        let start = monotonicNanoseconds()
        let child = try Child(
            binary,
            ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory],
            captureStandardError: false)
        defer { child.stop() }
        let giveUp = start + UInt64(timeoutMilliseconds) * 1_000_000
        var socket: Int32 = -1
        while socket < 0 {
            do throws(BenchError) {
                socket = try connectBlocking(port)
            } catch {
                guard monotonicNanoseconds() < giveUp else { throw BenchError("redis-server did not accept: \(error.message)") }
                usleep(100)
            }
        }
        defer { close(socket) }
        let ping = Array("PING\r\n".utf8)
        _ = ping.withUnsafeBytes { try? Loopback.send(socket, $0.baseAddress!, $0.count) }
        guard let pong = try readLine(socket, until: giveUp), pong.hasPrefix("+PONG") else {
            throw BenchError("redis-server did not answer PING")
        }
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    /// Where ``freePort()`` looks: below Linux's ephemeral ports (32768 up), so
    /// that no connection's own source port is ever the one being connected to
    /// (a connect to a port nobody listens on yet can otherwise meet itself).
    static let portsToPick: Range<UInt16> = 20_000..<32_768

    /// A port in ``portsToPick`` on 127.0.0.1 nobody listens on now.
    static func freePort() throws(BenchError) -> UInt16 {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let port = UInt16.random(in: portsToPick, using: &generator)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw .system("socket") }
            var address = loopbackAddress(port: port)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            if bound { return port }
        }
        throw BenchError("found no free port on 127.0.0.1 in \(portsToPick)")
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = Loopback.address("127.0.0.1")!
        return address
    }

    /// A blocking TCP connection to 127.0.0.1:`port`.
    private static func connectBlocking(_ port: UInt16) throws(BenchError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket") }
        var address = loopbackAddress(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw .system("connect(127.0.0.1:\(port))", code)
        }
        return fd
    }

    /// Whatever `fd` has to read, waiting until `deadline`; nil at end of file or past the deadline.
    private static func readSome(_ fd: Int32, until deadline: UInt64) throws(BenchError) -> String? {
        var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let now = monotonicNanoseconds()
            guard now < deadline else { return nil }
            let ready = Glibc.poll(&poll, 1, Int32((deadline - now) / 1_000_000 + 1))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw .system("poll") }
            if ready == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// The first line `fd` sends, without its `\n`; nil if it closes or `deadline` passes first.
    private static func readLine(_ fd: Int32, until deadline: UInt64) throws(BenchError) -> String? {
        var text = ""
        while true {
            // Bytes, not Characters: "\r\n" is one Character, which no "\n" matches.
            if let newline = text.utf8.firstIndex(of: 10) { return String(text[..<newline]) }
            guard let chunk = try readSome(fd, until: deadline) else { return nil }
            text += chunk
        }
    }
}

/// A server process started with posix_spawn; stdin and stdout on /dev/null.
struct Child {
    let pid: pid_t
    /// The read end of a pipe on the child's stderr, or -1.
    let standardError: Int32

    /// Starts `path` with `arguments`.
    /// - Parameters:
    ///   - captureStandardError: pipe the child's stderr to ``standardError`` (else /dev/null).
    ///   - standardErrorFile: write the child's stderr to this file instead (made anew), so a
    ///     child that logs much never waits on a pipe.
    init(_ path: String, _ arguments: [String], captureStandardError: Bool, standardErrorFile: String? = nil) throws(BenchError) {
        let captureStandardError = captureStandardError && standardErrorFile == nil
        var ends: [Int32] = [-1, -1]
        if captureStandardError {
            guard pipe(&ends) == 0 else { throw .system("pipe") }
            // Neither end may outlive the spawn in another child; dup2 onto 2 clears the flag there.
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let standardErrorFile {
            posix_spawn_file_actions_addopen(&actions, 2, standardErrorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else if captureStandardError {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        if captureStandardError { close(ends[1]) }
        guard status == 0 else {
            if captureStandardError { close(ends[0]) }
            throw .system("posix_spawn(\(path))", status)
        }
        self.pid = pid
        standardError = ends[0]
    }

    /// SIGTERM, then SIGKILL if it has not exited within 5 s; always reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if waited == 5_000 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
            waited += 1
        }
        if standardError >= 0 { close(standardError) }
    }
}

/// A new directory under /tmp for the servers' data, removed with the files in it.
struct TemporaryDirectory {
    let path: String

    init() throws(BenchError) {
        var template = Array("/tmp/cardbench-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .system("mkdtemp")
        }
        path = String(cString: made)
    }

    /// Removes the files and folders in the directory, then the directory.
    func remove() {
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                if entry.pointee.d_type == UInt8(DT_DIR) {
                    remove("\(path)/\(name)")
                } else {
                    unlink("\(path)/\(name)")
                }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}
