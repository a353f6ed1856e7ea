import Foundation
import TestServers
import Testing

/// Protocol.md's lines that make python-jsonschema read the schema's `\p{…}` patterns with the
/// `regex` module, run as a bot author would paste them: with pip's jsonschema and with Debian's
/// (two versions apart), on a login with a name and a chat line, each way; a name the server
/// refuses is refused by them too.
@Suite(.ownThread)
struct SchemaInPythonTests {
    /// The ```python block of Protocol.md's "Validating with Python".
    static func documentedSnippet() throws -> String {
        let text = try String(contentsOf: OutsidePeersTests.root.appendingPathComponent("Protocol.md"), encoding: .utf8)
        guard let section = text.range(of: "### Validating with Python\n"),
              let start = text.range(of: "```python\n", range: section.upperBound ..< text.endIndex),
              let end = text.range(of: "```\n", range: start.upperBound ..< text.endIndex)
        else { throw TestFailure("Protocol.md has no python block under Validating with Python") }
        return String(text[start.upperBound ..< end.lowerBound])
    }

    /// The snippet, then lines a bot would check with it: what it prints is the verdicts.
    static let checks = #"""

        for direction, line in [("client", '{"type":"login","name":"Zoë Ωμέγα"}'),
                                ("client", '{"type":"chat","text":"gg ✋ ¡bien! 你好"}'),
                                ("server", '{"type":"welcome","player":"p1","name":"Zoë","token":"9f3c0a1b2c3d4e5f60718293a4b5c6d7","resumed":false,"room":null}'),
                                ("server", '{"type":"tournament_round","round":4}'),
                                ("client", '{"type":"login","name":"\u200b"}')]:
            errors = list(validate[direction].iter_errors(json.loads(line)))
            print("valid" if not errors else "invalid", line)
        """#

    @Test(.needs(.pipPython("jsonschema", "regex")))
    func theDocumentedLinesWorkWithPipsJsonschema() throws {
        try expectVerdicts(python: "python3")
    }

    @Test(.needs(.debianPython("jsonschema", "regex")))
    func theDocumentedLinesWorkWithDebiansJsonschema() throws {
        try expectVerdicts(python: "/usr/bin/python3")
    }

    func expectVerdicts(python: String) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("schema-snippet-\(UUID().uuidString).py")
        try (Self.documentedSnippet() + Self.checks).write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path]
        process.currentDirectoryURL = OutsidePeersTests.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        #expect(printed == """
            valid {"type":"login","name":"Zoë Ωμέγα"}
            valid {"type":"chat","text":"gg ✋ ¡bien! 你好"}
            valid {"type":"welcome","player":"p1","name":"Zoë","token":"9f3c0a1b2c3d4e5f60718293a4b5c6d7","resumed":false,"room":null}
            valid {"type":"tournament_round","round":4}
            invalid {"type":"login","name":"\u{200B}"}

            """, "\(printed)")
    }
}
