import CardClient
import Testing
import GameRules
import Wire

/// Server lines and models the unit tests share: literal protocol text, as the server sends it.
enum Fixtures {
    static let hello = #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["set","rps"]}"#
    static let welcomeAnn = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":false,"room":null,"id":1}"#

    /// A model fed `lines` in order at time `now`, as the player `name`.
    static func model(_ lines: [String], name: String? = "ann", now: Int = 0) -> ClientModel {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: name)
        for line in lines {
            model.receive(line, now: now)
        }
        return model
    }

    /// `model(lines)` with the lobby's public rooms showing: the lobby opens on quick play,
    /// and Esc shows the rooms.
    static func roomList(_ lines: [String], name: String? = "ann") -> ClientModel {
        var model = model(lines, name: name)
        _ = model.press([.escape])
        return model
    }

    /// Fifteen Set cards by their faces; the first twelve make the usual opening board.
    /// Their ids and their JSON come from GameRules and Wire, as the server makes them
    /// (hand-written ids once disagreed with the encoding and no test noticed).
    static let setCards: [GameRules.SetCard] = [
        GameRules.SetCard(count: 1, shape: .triangle, color: .red, fill: .solid), GameRules.SetCard(count: 2, shape: .circle, color: .green, fill: .striped),
        GameRules.SetCard(count: 3, shape: .square, color: .purple, fill: .open), GameRules.SetCard(count: 1, shape: .circle, color: .red, fill: .solid),
        GameRules.SetCard(count: 2, shape: .square, color: .red, fill: .striped), GameRules.SetCard(count: 3, shape: .triangle, color: .green, fill: .open),
        GameRules.SetCard(count: 3, shape: .circle, color: .green, fill: .solid), GameRules.SetCard(count: 1, shape: .triangle, color: .purple, fill: .striped),
        GameRules.SetCard(count: 2, shape: .triangle, color: .purple, fill: .open), GameRules.SetCard(count: 2, shape: .square, color: .red, fill: .solid),
        GameRules.SetCard(count: 1, shape: .square, color: .green, fill: .striped), GameRules.SetCard(count: 3, shape: .circle, color: .purple, fill: .open),
        GameRules.SetCard(count: 3, shape: .square, color: .red, fill: .open), GameRules.SetCard(count: 1, shape: .circle, color: .purple, fill: .striped),
        GameRules.SetCard(count: 2, shape: .triangle, color: .green, fill: .solid),
    ]

    /// Each of ``setCards`` as the server encodes it.
    static let cards: [String] = setCards.map { card in
        let line = Wire.ServerMessage.hint(cards: [card], hintsUsed: 0, id: nil).jsonText
        let start = line.range(of: #""cards":["#)!.upperBound
        let end = line.range(of: #"],"hints_used""#)!.lowerBound
        return String(line[start..<end])
    }

    /// A solo Set state with the first `count` cards on the board, encoded by Wire.
    static func setState(
        cards count: Int, seq: Int = 1, score: Int = 0, deck: Int? = nil, hint: [Int] = [], hintsUsed: Int = 0,
        phase: String = "playing", seats: Int = 1, variant: SetVariant = .classic, chain: [SetCard] = [],
        clockMs: Int? = nil, others: [String] = []
    ) -> String {
        Wire.ServerMessage.state(Wire.RoomState(
            room: "K7QX", game: "set", seq: seq, phase: Wire.Phase(rawValue: phase)!,
            players: [Wire.PlayerEntry(name: "ann", seat: 0, score: score, connected: true)]
                + others.enumerated().map { Wire.PlayerEntry(name: $0.element, seat: $0.offset + 1, score: 0, connected: true) },
            spectators: 1, seats: seats,
            gameFields: .set(Wire.SetFields(
                board: Array(setCards.prefix(count)), deck: deck ?? 81 - count, dealVotes: [], hintsUsed: hintsUsed, hint: hint,
                variant: variant, chain: chain, clockMs: clockMs))
        )).jsonText
    }

    /// Ann alone in Set room K7QX with `cards` on the board.
    static func soloSet(cards count: Int) -> ClientModel {
        model([hello, welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, setState(cards: count)])
    }

    /// An rps state in room R2D2 between ann and bob, encoded by Wire.
    static func rpsState(
        seq: Int = 2, phase: Wire.Phase = .playing, scores: (Int, Int) = (0, 0), round: Int = 1,
        waitingOn: [String] = ["ann", "bob"], timeLeft: Int? = 30000, yourThrow: Sign? = nil,
        lastRound: RoundReveal? = nil, bobConnected: Bool = true
    ) -> String {
        Wire.ServerMessage.state(Wire.RoomState(
            room: "R2D2", game: "rps", seq: seq, phase: phase,
            players: [
                Wire.PlayerEntry(name: "ann", seat: 0, score: scores.0, connected: true),
                Wire.PlayerEntry(name: "bob", seat: 1, score: scores.1, connected: bobConnected),
            ],
            spectators: 0, seats: 2,
            gameFields: .rps(RPSFields(
                round: round, rounds: 3, roundSeconds: 30, waitingOn: waitingOn, timeLeftMs: timeLeft, yourThrow: yourThrow,
                lastRound: lastRound))
        )).jsonText
    }

    /// Ann in rps room R2D2 with bob, after `lines`.
    static func rps(_ lines: [String]) -> ClientModel {
        model([hello, welcomeAnn, #"{"type":"joined","room":"R2D2","game":"rps","seat":0}"#] + lines)
    }

    /// The lines' text without styles.
    static func text(_ lines: [StyledLine]) -> [String] {
        lines.map(\.plainText)
    }

    /// The lines' text with trailing spaces removed (what `tmux capture-pane` shows).
    static func trimmed(_ lines: [StyledLine]) -> [String] {
        lines.map { line in
            var text = Substring(line.plainText)
            while text.last == " " { text.removeLast() }
            return String(text)
        }
    }
}

extension ClientModel {
    /// Applies a line as the server sends it. A test line must be exactly what Wire's
    /// encoder writes for the message it decodes to, so no fixture can drift from the server.
    @discardableResult
    mutating func receive(_ line: String, now: Int = 0) -> [Effect] {
        do {
            let message = try ServerMessageDecoder.decode(Array(line.utf8))
            if message.jsonText != line {
                Issue.record("a fixture is not the server's encoding:\n  \(line)\n  \(message.jsonText)")
            }
        } catch {
            Issue.record("a fixture is not a server message: \(error.message) in \(line)")
        }
        return apply(serverLine: Array(line.utf8), now: now)
    }
}
