import Foundation

/// `python3` from `PATH`, through `/usr/bin/env`, run to its end: the one way the tests run a
/// Python judge (the Glicko-2 reference, `gzip.decompress`).
public enum PythonProcess {
    /// Runs `python3` with `arguments` to its end, `input` on its stdin.
    ///
    /// stdout is read to its end before stderr: a judge writes to stderr only when it fails,
    /// a traceback far smaller than a pipe's buffer, and reads all its input before it writes,
    /// so neither pipe can fill while the other waits.
    public static func run(_ arguments: [String], input: Data = Data()) throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Nothing is written when there is nothing to write, so that a missing python3 (env gone
        // already) cannot raise SIGPIPE here.
        if !input.isEmpty { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: errors, as: UTF8.self))
    }
}
