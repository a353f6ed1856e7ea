import CardClient

/// Server lines and models the unit tests share: literal protocol text, as the server sends it.
enum Fixtures {
    static let hello = #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["set","rps"]}"#
    static let welcomeAnn = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":false,"id":1}"#

    /// A model fed `lines` in order at time `now`, as the player `name`.
    static func model(_ lines: [String], name: String? = "ann", now: Int = 0) -> ClientModel {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: name)
        for line in lines {
            model.apply(serverLine: Array(line.utf8), now: now)
        }
        return model
    }

    /// One card's JSON text.
    static func card(_ id: Int, _ count: Int, _ shape: String, _ color: String, _ fill: String) -> String {
        #"{"id":\#(id),"count":\#(count),"shape":"\#(shape)","color":"\#(color)","fill":"\#(fill)"}"#
    }

    /// Fifteen cards: the first twelve make the usual opening board.
    static let cards = [
        card(0, 1, "triangle", "red", "solid"), card(40, 2, "circle", "green", "striped"),
        card(80, 3, "square", "purple", "open"), card(3, 1, "circle", "red", "solid"),
        card(13, 2, "square", "red", "striped"), card(26, 3, "triangle", "green", "open"),
        card(31, 3, "circle", "green", "solid"), card(52, 1, "triangle", "purple", "striped"),
        card(66, 2, "triangle", "purple", "open"), card(7, 2, "square", "red", "solid"),
        card(45, 1, "square", "green", "striped"), card(74, 3, "circle", "purple", "open"),
        card(20, 3, "square", "red", "open"), card(57, 1, "circle", "purple", "striped"),
        card(35, 2, "triangle", "green", "solid"),
    ]

    /// A solo Set state with the first `count` cards on the board.
    static func setState(
        cards count: Int, seq: Int = 1, score: Int = 0, deck: Int? = nil, hint: String = "[]", hintsUsed: Int = 0,
        phase: String = "playing"
    ) -> String {
        let board = cards.prefix(count).joined(separator: ",")
        return #"{"type":"state","room":"K7QX","game":"set","seq":\#(seq),"phase":"\#(phase)","players":[{"name":"ann","seat":0,"score":\#(score),"connected":true}],"spectators":1,"board":[\#(board)],"deck":\#(deck ?? 81 - count),"deal_votes":[],"hints_used":\#(hintsUsed),"hint":\#(hint)}"#
    }

    /// Ann alone in Set room K7QX with `cards` on the board.
    static func soloSet(cards count: Int) -> ClientModel {
        model([hello, welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, setState(cards: count)])
    }

    /// An rps state in room R2D2 between ann and bob.
    static func rpsState(
        seq: Int = 2, phase: String = "playing", scores: (Int, Int) = (0, 0), round: Int = 1,
        waitingOn: String = #"["ann","bob"]"#, timeLeft: String = "30000", yourThrow: String = "null",
        lastRound: String = "null", bobConnected: Bool = true
    ) -> String {
        #"{"type":"state","room":"R2D2","game":"rps","seq":\#(seq),"phase":"\#(phase)","players":[{"name":"ann","seat":0,"score":\#(scores.0),"connected":true},{"name":"bob","seat":1,"score":\#(scores.1),"connected":\#(bobConnected)}],"spectators":0,"round":\#(round),"rounds":3,"round_seconds":30,"waiting_on":\#(waitingOn),"time_left_ms":\#(timeLeft),"your_throw":\#(yourThrow),"last_round":\#(lastRound)}"#
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
