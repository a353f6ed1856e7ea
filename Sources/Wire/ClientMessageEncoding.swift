import GameRules

extension ClientRequest {
    /// The command as one wire line, as a client sends it: `type` first, then the
    /// command's fields, the `id` last; compact JSON followed by "\n".
    /// ``ClientMessageDecoder`` reads it back to an equal request.
    public func encodedLine() -> [UInt8] {
        JSONWriter.line(capacity: 96) { writer in
            command.write(into: &writer)
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
    /// Writes `type` and the command's fields into an open object: a line's, a `suggestion`'s
    /// `move` or a `rooms` reply's `next`.
    func write(into writer: inout JSONWriter) {
        writer.field("type", type)
        writeFields(into: &writer)
    }

    /// Writes every field after `type`; optional ones only when they say something.
    private func writeFields(into writer: inout JSONWriter) {
        switch self {
        case .help, .ping, .games, .logout, .tokens, .sessions, .leave, .start, .draw, .undo, .finish, .deal, .hint, .poolLeave, .resign, .abort, .seeks, .players: break
        case .subscribeLobby, .unsubscribeLobby: writer.field("lobby", true)
        case .seek(let request): request.write(into: &writer)
        case .seekAccept(let seek), .seekCancel(let seek): writer.field("seek", seek)
        case .challenge, .challengeAccept, .challengeDecline, .challengeCancel, .block, .unblock: writeChallengeFields(into: &writer)
        case .login(let credential): credential.write(into: &writer)
        case .register(let request): request.write(into: &writer)
        case .tokenCreate(let label, let scopes):
            writer.field("label", label)
            writer.field("scopes", strings: scopes)
        case .tokenRevoke(let label): writer.field("label", label)
        case .sessionRevoke(let session): writer.field("session", session)
        case .passwordChange(let old, let new):
            writer.field("old", old)
            writer.field("new", new)
        case .accountDelete(let password): writer.field("password", password)
        case .rooms(let query): query.write(into: &writer)
        case .create(let request): request.write(into: &writer)
        case .join(let room), .watch(let room): writer.field("room", room)
        case .chat(let text): writer.field("text", text)
        case .poolJoin(let pool): writer.field("pool", pool)
        case .stats(let name): writer.field("name", name)
        case .leaderboard(let game): writer.field("game", game)
        case .dailyLeaderboard(let query): query.write(into: &writer)
        case .ratingLeaderboard(let game):
            writer.field("game", game)
            writer.field("rated", true)
        case .throwSign(let sign), .answer(let sign): writer.field("sign", sign.rawValue)
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
        }
    }
}
