@testable import CardServer
import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Lobby attacks over real sockets: the attack, its documented answer, and an
/// innocent pair in an rps room (from 127.0.0.1) playing a round undisturbed.
@Suite(.ownThread)
struct LobbyAttackTests {
    /// Ann and Bob, already seated, play one round to its end.
    static func playARound(_ ann: TestClient, _ bob: TestClient) throws {
        ann.send(#"{"type":"throw","sign":"rock","id":"a"}"#)
        #expect(try ann.receive(until: "thrown").message["id"] == .string("a"))
        bob.send(#"{"type":"throw","sign":"paper","id":"b"}"#)
        #expect(try bob.receive(until: "thrown").message["id"] == .string("b"))
        #expect(try bob.receive(until: "round").message["winner"] == .string("bob"))
        #expect(try ann.receive(until: "round").message["winner"] == .string("bob"))
    }

    @Test func twoHundredRoomsOfLongNamesArePagedUnderTheBoundAndTheAskerStays() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, table) = try RPSTable.seat(server)
        // 200 creators from ten addresses (20 rooms each: within the default caps), each
        // named with 63 bytes: "17" and 15 four-byte letters.
        var creators: [TestClient] = []
        for number in 0..<200 {
            let name = "\(number)" + String(repeating: "𝕏", count: 15)
            let creator = try server.player(name, from: "127.0.0.\(10 + number / 20)")
            creator.send(#"{"type":"create","game":"set","seats":8}"#)
            creators.append(creator)
        }
        for creator in creators { try creator.expect("joined") }

        let zed = try server.player("zed")
        // Pipelined: 60 asks, each answered from the kept page.
        for number in 1...60 { zed.send(#"{"type":"rooms","id":\#(number)}"#) }
        var firstPage = ""
        for number in 1...60 {
            let line = try zed.receiveLine()
            let idField = #","id":\#(number)"#
            #expect(line.utf8.count + 1 <= RoomListing.maxPageBytes + idField.utf8.count)
            #expect(line.hasSuffix(idField + "}"))
            if number == 1 { firstPage = line }
        }
        let first = try JSONParser.parse(firstPage).objectValue ?? JSONObject()
        #expect(first["total"] == .int(201))
        #expect(first["rooms"]?.arrayValue?.count == 50)

        // Walking the pages by their next lists every room once, the table first.
        var seen: [String] = []
        var next = first["next"]
        seen += Self.codes(first)
        while let query = next, query != .null {
            zed.send(query.jsonText)
            let page = try zed.expect("rooms")
            seen += Self.codes(page)
            next = page["next"]
        }
        #expect(seen.count == 201)
        #expect(Set(seen).count == 201)
        #expect(seen.first == table)

        // The asker is still connected, and the pair plays on.
        zed.send(#"{"type":"ping","id":"still"}"#)
        #expect(try zed.receive(until: "pong").message["id"] == .string("still"))
        try Self.playARound(ann, bob)
        #expect(server.isRunning)
    }

    @Test func aClientCreatingRoomsInALoopIsRefusedAfterTheCapWhileAnInnocentCreates() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let mallory = try server.player("mallory", from: "127.0.0.2")
        for number in 1...25 {
            mallory.send(#"{"type":"create","game":"set","id":\#(number)}"#)
            mallory.send(#"{"type":"leave"}"#)
        }
        // Each create's reply carries its id; the leaves after refused creates get not_in_room, without one.
        var created = 0
        var refused = 0
        var answered: [Int] = []
        while answered.count < 25 {
            let reply = try mallory.receive()
            guard let id = reply["id"]?.intValue else { continue }
            answered.append(id)
            if reply["type"] == .string("joined") { created += 1 }
            if reply["code"] == .string("rate_limited") {
                refused += 1
                let wait = try #require(reply["retry_after_ms"]?.intValue)
                #expect(wait > 50_000 && wait <= 60_000)
            }
        }
        #expect(answered == Array(1...25))
        #expect(created == 20)
        #expect(refused == 5)
        // Another address creates a room and plays in it.
        let (ann, bob, _) = try RPSTable.seat(server)
        try Self.playARound(ann, bob)
    }

    @Test func createsBeyondTheServersRoomsAreServerBusyAndTheTablePlaysOn() throws {
        let server = try ServerProcess(["--max-rooms", "3"])
        defer { server.stop() }
        let (ann, bob, _) = try RPSTable.seat(server)
        let fillers = try (1...2).map { number in
            let filler = try server.player("f\(number)", from: "127.0.0.3")
            filler.send(#"{"type":"create","game":"set","private":true}"#)
            try filler.expect("joined")
            return filler
        }
        let late = try server.player("late", from: "127.0.0.4")
        late.send(#"{"type":"create","game":"set","id":1}"#)
        let busy = try late.expect("error")
        #expect(busy["code"] == .string("server_busy"))
        #expect(busy["id"] == .int(1))
        try Self.playARound(ann, bob)
        fillers[0].send(#"{"type":"leave"}"#)
        _ = try fillers[0].receive(until: "left")
        late.send(#"{"type":"create","game":"set","id":2}"#)
        #expect(try late.expect("joined")["id"] == .int(2))
    }

    @Test func twentyConnectionsGuessingCodesAreRateLimitedWhileAFriendJoinsByCode() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","private":true}"#)
        let code = try #require(try ann.expect("joined")["room"]?.stringValue)
        #expect(code.count == 7)
        try ann.expect("state")

        let guessers = try (1...20).map { try server.player("g\($0)", from: "127.0.0.5") }
        for (index, guesser) in guessers.enumerated() {
            for attempt in 0..<5 { guesser.send(#"{"type":"join","room":"Q\#(index)X\#(attempt)","id":\#(attempt)}"#) }
        }
        var missed = 0
        var limited = 0
        for guesser in guessers {
            for attempt in 0..<5 {
                let reply = try guesser.expect("error")
                #expect(reply["id"] == .int(attempt))
                if reply["code"] == .string("no_such_room") { missed += 1 }
                if reply["code"] == .string("rate_limited") { limited += 1 }
            }
        }
        #expect(missed == 30)
        #expect(limited == 70)
        // The right code is refused too, to that address, for the rest of the minute.
        guessers[0].send(#"{"type":"join","room":"\#(code)"}"#)
        #expect(try guessers[0].expect("error")["code"] == .string("rate_limited"))

        // Bob, told the code, joins (in lower case) and they play.
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(code.lowercased())"}"#)
        try bob.expect("joined")
        #expect(try bob.expect("state")["phase"] == .string("playing"))
        try Self.playARound(ann, bob)
    }

    static func codes(_ page: JSONObject) -> [String] {
        page["rooms"]?.arrayValue?.compactMap { $0.objectValue?["room"]?.stringValue } ?? []
    }
}
