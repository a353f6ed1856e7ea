import Foundation
import TestServers
import ServerTestSupport
import Testing

/// docs/SERVER-OPTIONS.md shows what `cardserver --help` prints: its first fenced code block
/// is the binary's output, character for character.
@Suite(.ownThread)
struct ServerOptionsDocTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/SERVER-OPTIONS.md")

    /// The lines between the page's first opening fence and the fence that closes it.
    static func firstCodeBlock(of text: String) -> [String]? {
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if block != nil { return block }
                block = []
            } else if block != nil {
                block?.append(String(line))
            }
        }
        return nil
    }

    @Test func helpFitsAnEightyColumnTerminal() throws {
        let run = try BuiltProgram.run("cardserver", ["--help"])
        #expect(run.output.split(separator: "\n").filter { $0.count > 80 } == [])
    }

    @Test func theOptionsPageShowsExactlyWhatHelpPrints() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let block = try #require(Self.firstCodeBlock(of: text), "docs/SERVER-OPTIONS.md has no closed code block")
        // The built binary, the one the end-to-end tests use.
        let run = try BuiltProgram.run("cardserver", ["--help"])
        let output = run.output
        #expect(run.exit == .exited(0))
        #expect(output.hasSuffix("\n"))
        let help = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // The first line that differs, for a failure one can act on.
        if let index = (0..<min(block.count, help.count)).first(where: { block[$0] != help[$0] }) {
            Issue.record("""
                docs/SERVER-OPTIONS.md line \(index + 1) of its code block differs from `cardserver --help`:
                  page: \(block[index])
                  help: \(help[index])
                """)
        }
        // With the same count, every line equal and the one final newline, the block is the output exactly.
        #expect(block.count == help.count, "the code block has \(block.count) lines, `cardserver --help` prints \(help.count)")
    }

    @Test func aBlockIsReadBetweenItsFencesOnly() {
        let page = "# Title\n\nprose\n\n```\nA\n\n  B\n```\n\nmore\n\n```\nC\n```\n"
        #expect(Self.firstCodeBlock(of: page) == ["A", "", "  B"])
        #expect(Self.firstCodeBlock(of: "```\nunclosed\n") == nil)
    }
}
