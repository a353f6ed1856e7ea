import Glibc

/// Writes all of `text` to file descriptor 2 (Glibc's `stderr` is a mutable global Swift 6 refuses).
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

/// Runs one benchmark; its figures go to stdout as they are known.
/// - Throws: ``BenchError`` when the benchmark could not run or saw the server misbehave.
func run(_ benchmark: Options.Benchmark) throws(BenchError) {
    switch benchmark {
    case .solver(let rounds):
        do {
            try SolverBench.run(rounds: rounds)
        } catch {
            throw BenchError(error.message)
        }
    case .ping(let options): try PingBench(options).run()
    case .set(let options): try SetBench(options).run()
    case .idle(let options): try IdleBench(options).run()
    case .startup(let options): try StartupBench.run(options)
    case .journal(let options):
        let started = monotonicNanoseconds()
        let written = try JournalFile.write(results: options.results, into: options.directory, seed: UInt64(options.seed))
        print("journal: \(options.results) results, \(ServerMemory.mebibytes(written.bytes / 1_024)), in \(written.path) (\((monotonicNanoseconds() - started) / 1_000_000) ms)")
    case .attack(let options): try AttackBench(options).run()
    case .klondikeSolver(let options): try KlondikeSolverBench.run(options)
    case .klondikeHints(let options): KlondikeHintBench.run(options)
    case .pools(let options): PoolWaveBench.run(options)
    case .crash(let options):
        let logs = try TemporaryDirectory()
        defer { if getenv("CRASHBENCH_KEEP") == nil { logs.remove() } }
        try CrashBench(options, logDirectory: logs.path).run()
    }
}

// The attack bench's innocent pinger runs as a process of its own (PingerProcess).
if PingerProcess.runIfAsked() { exit(0) }

switch Options.outcome(of: Array(CommandLine.arguments.dropFirst())) {
case .exit(let status, let output, let error):
    print(output, terminator: "")
    writeStandardError(error)
    exit(status)
case .run(let benchmark):
    // A server that vanishes mid-send must cost an error, not the process (sends use MSG_NOSIGNAL too).
    signal(SIGPIPE, SIG_IGN)
    do {
        try run(benchmark)
    } catch {
        fflush(nil)
        writeStandardError("Error: \(error.message)\n")
        exit(1)
    }
}
