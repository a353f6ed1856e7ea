import Foundation
import Testing
import Wire

/// Concentration over real sockets: turns, scoring, and no face-down face ever sent.
struct ConcentrationRoomTests {
    /// Checks a state never shows the face of a card that is face down.
    static func faceDownFacesHidden(_ state: JSONObject, faceUp: Set<Int>) -> Bool {
        (state["cards"]?.arrayValue ?? []).allSatisfy { card in
            guard let card = card.objectValue, let index = card["index"]?.intValue else { return false }
            let visible = card["face"] != .null
            return visible == (faceUp.contains(index) || card["matched"] == .bool(true))
        }
    }

    @Test func twoPlayersWithPerfectMemoryPlayAWholeGame() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"concentration","seats":2,"options":{"pairs":6,"theme":"animals"}}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        var state = try bob.expect("state")
        try ann.expect("player_joined")
        #expect(try ann.expect("state") == state)
        #expect(state["theme"] == .string("animals"))
        #expect(state["cards"]?.arrayValue?.count == 12)
        #expect(state["cards"]?.arrayValue?.allSatisfy { $0.objectValue?["face"] == .null } == true)
        let clients = ["ann": ann, "bob": bob]

        var known: [Int: String] = [:]
        var matched: Set<Int> = []
        var points = ["ann": 0, "bob": 0]
        var faceUp: Set<Int> = []
        var flips = 0
        while state["phase"] == .string("playing"), flips < 200 {
            let turn = try #require(state["turn"]?.stringValue)
            let player = try #require(clients[turn])
            let other = try #require(clients[turn == "ann" ? "bob" : "ann"])
            // The player whose turn it is not is refused.
            if flips == 0 {
                other.send(#"{"type":"flip","card":0}"#)
                #expect(try other.expect("error")["code"] == .string("not_your_turn"))
            }
            // A lone face-up card is this turn's first; a mismatched pair turns down on this flip.
            let first = faceUp.count == 1 ? faceUp.first : nil
            let unmatchedKnown = known.filter { !matched.contains($0.key) }
            let card: Int
            if let first, let partner = unmatchedKnown.first(where: { $0.key != first && $0.value == known[first] })?.key {
                card = partner
            } else if first == nil, let pair = Dictionary(grouping: unmatchedKnown.keys, by: { known[$0] ?? "" }).values.first(where: { $0.count == 2 }) {
                card = pair.sorted()[0]
            } else {
                card = try #require((0..<12).first { known[$0] == nil && !matched.contains($0) })
            }
            player.send(#"{"type":"flip","card":\#(card),"id":\#(flips)}"#)
            #expect(try player.receiveLine() == #"{"type":"ok","id":\#(flips)}"#)
            let flipped = try player.expect("flipped")
            #expect(flipped["player"] == .string(turn))
            #expect(flipped["card"] == .int(card))
            known[card] = try #require(flipped["face"]?.stringValue)
            points[turn, default: 0] += flipped["points"]?.intValue ?? 0
            switch flipped["result"]?.stringValue {
            case "match":
                matched.formUnion([card] + (first.map { [$0] } ?? []))
                faceUp = []
            case "mismatch":
                faceUp = Set([card] + (first.map { [$0] } ?? []))
            default:
                faceUp = [card]
            }
            state = try player.expect("state")
            #expect(try other.expect("flipped") == flipped)
            #expect(try other.expect("state") == state)
            #expect(Self.faceDownFacesHidden(state, faceUp: faceUp), "a face-down face was sent: \(state.jsonText)")
            flips += 1
        }
        #expect(state["phase"] == .string("over"))
        #expect(state["flips"] == .int(flips))
        let over = try ann.expect("game_over")
        #expect(over["scores"] == .object(["ann": .int(points["ann"] ?? 0), "bob": .int(points["bob"] ?? 0)]))
        #expect(matched.count == 12)
    }
}
