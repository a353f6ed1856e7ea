import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A deal rebuilt from its seed by Examples/check_deal.py, which follows Protocol.md's
/// "Checking a deal" and not the server's code, equals the deal the server makes; and the
/// commitment it computes is the one states show.
struct DealCheckTests {
    static let seeds: [UInt64] = [0, 1, 3, 42, 1_837_261, 9_007_199_254_740_991]

    /// Runs the checker; its one line of output.
    static func check(_ arguments: [String]) throws -> String {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/check_deal.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: seeds)
    func aSetBoardIsRebuiltFromItsSeed(seed: UInt64) throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","seats":1,"options":{"seed":\#(seed)}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        let board = (state["board"]?.arrayValue ?? []).prefix(12).compactMap { $0.objectValue?["id"]?.intValue }
        #expect(try Self.check(["set", String(seed)]) == board.map(String.init).joined(separator: " "))
    }

    @Test(arguments: seeds)
    func aKlondikeDealIsRebuiltFromItsSeed(seed: UInt64) throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"seed":\#(seed)}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        host.send(#"{"type":"draw"}"#, from: ann)
        let drawn = try #require(host.take(ann).last { $0["type"] == .string("state") })
        func name(_ card: JSONValue?) -> String {
            "\(card?.objectValue?["rank"]?.intValue ?? 0):\(card?.objectValue?["suit"]?.stringValue ?? "")"
        }
        let faceUp = (state["tableau"]?.arrayValue ?? []).map { name($0.objectValue?["up"]?.arrayValue?.last) }
        let turned = name(drawn["waste"]?.arrayValue?.last)
        #expect(try Self.check(["klondike", String(seed)]) == (faceUp + [turned]).joined(separator: " "))
    }

    /// A Concentration game played to its end by a player who remembers every face: each
    /// card's emoji, as the flips showed them, is the layout rebuilt from the revealed seed.
    @Test(arguments: [(4, nil), (8, "food"), (20, nil)] as [(Int, String?)])
    func aConcentrationLayoutIsRebuiltFromTheRevealedSeed(pairs: Int, theme: String?) throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let themeOption = theme.map { #","theme":"\#($0)""# } ?? ""
        host.send(#"{"type":"create","game":"concentration","seats":1,"options":{"pairs":\#(pairs)\#(themeOption)}}"#, from: ann)
        let first = try #require(host.take(ann).last { $0["type"] == .string("state") })
        let commitment = try #require(first["seed_sha256"]?.stringValue)
        var memory = ConcentrationMemory(cards: 2 * pairs)
        var faces = Array(repeating: "", count: 2 * pairs)
        var over: JSONObject?
        while over == nil, let card = memory.nextCard() {
            host.send(#"{"type":"flip","card":\#(card)}"#, from: ann)
            let seen = host.take(ann)
            let flipped = try #require(seen.first { $0["type"] == .string("flipped") })
            let face = try #require(flipped["face"]?.stringValue)
            faces[card] = face
            memory.saw(card, face: face, result: flipped["result"]?.stringValue)
            over = seen.first { $0["type"] == .string("game_over") }
        }
        let seed = try #require(over?["seed"]?.intValue)
        #expect(SHA256.hex(String(seed)) == commitment)
        #expect(try Self.check(["concentration", String(seed), String(pairs)] + (theme.map { [$0] } ?? [])) == faces.joined(separator: " "))
    }

    /// An rps-brain game: every prompt the states showed is the one rebuilt from the revealed seed.
    @Test func rpsBrainPromptsAreRebuiltFromTheRevealedSeed() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps-brain","options":{"rounds":6}}"#, from: ann)
        var state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        var prompts: [String] = []
        var over: JSONObject?
        while over == nil, prompts.count < 10 {
            let prompt = try #require(state["prompt"]?.objectValue)
            prompts.append("\(prompt["sign"]?.stringValue ?? ""):\(prompt["goal"]?.stringValue ?? "")")
            host.send(#"{"type":"answer","sign":"rock"}"#, from: ann)
            let seen = host.take(ann)
            over = seen.first { $0["type"] == .string("game_over") }
            state = try #require(seen.last { $0["type"] == .string("state") })
        }
        #expect(prompts.count == 6)
        let seed = try #require(over?["seed"]?.intValue)
        #expect(try Self.check(["brain", String(seed), "6"]) == prompts.joined(separator: " "))
    }

    @Test(arguments: seeds)
    func theCommitmentIsTheSHA256OfTheSeedsDigits(seed: UInt64) throws {
        #expect(try Self.check(["commit", String(seed)]) == SHA256.hex(String(seed)))
    }
}
