import Glibc

let version = "0.1.0"

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

let request: Options.Request
do {
    request = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("Error: \(error.message)\n\(Options.usage)\n")
    exit(64)
}

switch request {
case .help:
    print(Options.help)
case .version:
    print("cardbench \(version)")
case .solver(let rounds):
    do {
        try SolverBench.run(rounds: rounds)
    } catch {
        writeStandardError("Error: \(error.message)\n")
        exit(1)
    }
}
