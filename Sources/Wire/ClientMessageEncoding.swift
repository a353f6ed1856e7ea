import GameRules

extension ClientRequest {
    /// The command as one wire line, as a client sends it: `type` first, then the
    /// command's fields, the `id` last; compact JSON followed by "\n".
    /// ``ClientMessageDecoder`` reads it back to an equal request.
    public func encodedLine() -> [UInt8] {
        JSONWriter.line(type: command.wireType, capacity: 96) { writer in
            command.writeFields(into: &writer)
            if let id {
                writer.field(id: id)
            }
        }
    }

    /// The line's JSON text, without the newline.
    public var jsonText: String {
        String(decoding: encodedLine().dropLast(), as: UTF8.self)
    }
}

extension ClientCommand {
    /// ``type`` as the static text the writer takes.
    var wireType: StaticString {
        switch self {
        case .help: "help"
        case .ping: "ping"
        case .games: "games"
        case .login: "login"
        case .rooms: "rooms"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .leave: "leave"
        case .start: "start"
        case .chat: "chat"
        case .throwSign: "throw"
        case .stats: "stats"
        case .leaderboard, .dailyLeaderboard: "leaderboard"
        case .answer: "answer"
        case .flip: "flip"
        case .draw: "draw"
        case .move: "move"
        case .auto: "auto"
        case .undo: "undo"
        case .finish: "finish"
        case .claim: "claim"
        case .deal: "deal"
        case .hint: "hint"
        case .replay: "replay"
        }
    }

    /// Writes every field after `type`; optional ones only when they say something.
    func writeFields(into writer: inout JSONWriter) {
        switch self {
        case .login(.name(let name)): writer.field("name", name)
        case .login(.token(let token)): writer.field("token", token)
        case .rooms(let query):
            if let game = query.game { writer.field("game", game) }
            if let after = query.after { writer.field("after", after) }
        case .create(let request):
            writer.field("game", request.game)
            if let seats = request.seats { writer.field("seats", seats) }
            if request.isPrivate { writer.field("private", true) }
            if !request.options.isEmpty {
                writer.key("options")
                writer.raw(Array(JSONValue.object(request.options).jsonText.utf8))
            }
        case .join(let room), .watch(let room): writer.field("room", room)
        case .chat(let text): writer.field("text", text)
        case .throwSign(let sign), .answer(let sign): writer.field("sign", sign.rawValue)
        case .stats(let name): writer.field("name", name)
        case .leaderboard(let game): writer.field("game", game)
        case .dailyLeaderboard(let query):
            writer.field("game", query.game)
            if let day = query.day { writer.field("daily", day) } else { writer.field("daily", true) }
            if !query.options.isEmpty {
                writer.key("options")
                writer.raw(Array(JSONValue.object(query.options).jsonText.utf8))
            }
        case .flip(let card): writer.field("card", card)
        case .move(let from, let to, let count):
            writer.field("from", from.name)
            writer.field("to", to.name)
            writer.field("count", count)
        case .auto(let from): writer.field("from", from.name)
        case .claim(let cards): writer.field("cards", array: cards) { writer, card in writer.int(card) }
        case .replay(let game, let step, let seat):
            writer.field("game", game)
            if let step { writer.field("step", step) }
            if let seat { writer.field("seat", seat) }
        case .help, .ping, .games, .leave, .start, .draw, .undo, .finish, .deal, .hint: break
        }
    }
}
