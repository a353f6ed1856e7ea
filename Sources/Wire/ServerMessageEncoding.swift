import GameRules

extension ServerMessage {
    /// The message as one wire line: compact JSON followed by "\n".
    public func encodedLine() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(128)
        json.write(into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        return buffer
    }

    /// The message's JSON text, without the newline.
    public var jsonText: String { json.jsonText }

    /// The message as a JSON value, with its fields in protocol order.
    public var json: JSONValue {
        var object = JSONObject([("type", .string(type))])
        var replyID: RequestID?
        switch self {
        case .hello(let version, let server, let games):
            object["protocol"] = .int(version)
            object["server"] = .string(server)
            object["games"] = .array(games.map(JSONValue.string))
        case .help(let commands, let id):
            object["commands"] = .array(commands.map(JSONValue.string))
            replyID = id
        case .pong(let id), .ok(let id), .thrown(let id):
            replyID = id
        case .welcome(let player, let name, let token, let resumed, let id):
            object["player"] = .string(player)
            object["name"] = .string(name)
            object["token"] = .string(token)
            object["resumed"] = .bool(resumed)
            replyID = id
        case .error(let code, let message, let id):
            object["code"] = .string(code.rawValue)
            object["message"] = .string(message)
            replyID = id
        case .rateLimited(let message, let retryAfterMs, let id):
            object["code"] = .string(ErrorCode.rateLimited.rawValue)
            object["message"] = .string(message)
            object["retry_after_ms"] = .int(retryAfterMs)
            replyID = id
        case .stats(let stats, let id):
            object["name"] = .string(stats.name)
            object["games"] = .int(stats.games)
            object["wins"] = .int(stats.wins)
            object["by_game"] = .object(JSONObject(stats.byGame.map { line in
                (line.key, .object(JSONObject([("games", .int(line.games)), ("wins", .int(line.wins)), ("points", .int(line.points))])))
            }))
            replyID = id
        case .leaderboard(let game, let entries, let id):
            object["game"] = .string(game)
            object["entries"] = .array(entries.map { line in
                .object(JSONObject([
                    ("name", .string(line.key)), ("games", .int(line.games)), ("wins", .int(line.wins)), ("points", .int(line.points)),
                ]))
            })
            replyID = id
        case .rooms(let rooms, let id):
            object["rooms"] = .array(rooms.map(\.json))
            replyID = id
        case .joined(let room, let game, let seat, let id):
            object["room"] = .string(room)
            object["game"] = .string(game)
            object["seat"] = .int(seat)
            replyID = id
        case .watching(let room, let id), .left(let room, let id):
            object["room"] = .string(room)
            replyID = id
        case .chat(let room, let from, let text, let id):
            object["room"] = .string(room)
            object["from"] = .string(from)
            object["text"] = .string(text)
            replyID = id
        case .member(_, let room, let name, let role):
            object["room"] = .string(room)
            object["name"] = .string(name)
            object["role"] = .string(role.rawValue)
        case .state(let state):
            state.write(into: &object)
        case .gameOver(let over):
            object["room"] = .string(over.room)
            object["winners"] = .array(over.winners.map(JSONValue.string))
            object["scores"] = .object(JSONObject(over.scores.map { ($0.name, JSONValue.int($0.score)) }))
            if let hintsUsed = over.hintsUsed {
                object["hints_used"] = .int(hintsUsed)
            }
        case .answered(let correct, let points, let id):
            object["correct"] = .bool(correct)
            object["points"] = .int(points)
            replyID = id
        case .brainRound(let reveal):
            object["room"] = .string(reveal.room)
            reveal.write(into: &object)
        case .flipped(let room, let player, let card, let face, let result, let points):
            object["room"] = .string(room)
            object["player"] = .string(player)
            object["card"] = .int(card)
            object["face"] = .string(face)
            object["result"] = .string(result)
            object["points"] = .int(points)
        case .solved(let room, let player, let moves, let message):
            object["room"] = .string(room)
            object["player"] = .string(player)
            object["moves"] = .int(moves)
            object["message"] = .string(message)
        case .claimed(let room, let player, let cards, let valid, let points, let id):
            object["room"] = .string(room)
            object["player"] = .string(player)
            object["cards"] = .array(cards.map(\.json))
            object["valid"] = .bool(valid)
            object["points"] = .int(points)
            replyID = id
        case .hint(let cards, let hintsUsed, let id):
            object["cards"] = .array(cards.map(\.json))
            object["hints_used"] = .int(hintsUsed)
            replyID = id
        case .round(let reveal):
            object["room"] = .string(reveal.room)
            reveal.write(into: &object)
        case .shutdown, .replaced:
            break
        }
        if let replyID {
            object["id"] = replyID.json
        }
        return .object(object)
    }
}

extension RoomSummary {
    var json: JSONValue {
        .object(JSONObject([
            ("room", .string(room)),
            ("game", .string(game)),
            ("players", .array(players.map(JSONValue.string))),
            ("seats", .int(seats)),
            ("phase", .string(phase.rawValue)),
            ("spectators", .int(spectators)),
        ]))
    }
}

extension RoomState {
    func write(into object: inout JSONObject) {
        object["room"] = .string(room)
        object["game"] = .string(game)
        object["seq"] = .int(seq)
        object["phase"] = .string(phase.rawValue)
        object["players"] = .array(players.map { player in
            .object(JSONObject([
                ("name", .string(player.name)),
                ("seat", .int(player.seat)),
                ("score", .int(player.score)),
                ("connected", .bool(player.connected)),
            ]))
        })
        object["spectators"] = .int(spectators)
        switch gameFields {
        case .rps(let fields):
            fields.write(into: &object)
        case .set(let fields):
            object["board"] = .array(fields.board.map(\.json))
            object["deck"] = .int(fields.deck)
            object["deal_votes"] = .array(fields.dealVotes.map(JSONValue.string))
            object["hints_used"] = .int(fields.hintsUsed)
            object["hint"] = .array(fields.hint.map(JSONValue.int))
        case .brain(let fields):
            object["round"] = .int(fields.round)
            object["rounds"] = .int(fields.rounds)
            object["prompt"] = fields.prompt.map { .object(JSONObject([("sign", .string($0.sign)), ("goal", .string($0.goal))])) } ?? .null
            object["round_seconds"] = .int(fields.roundSeconds)
            object["time_left_ms"] = fields.timeLeftMs.map(JSONValue.int) ?? .null
            object["answered"] = .array(fields.answered.map(JSONValue.string))
            object["your_answer"] = fields.yourAnswer.map(JSONValue.string) ?? .null
            if let lastRound = fields.lastRound {
                var reveal = JSONObject()
                lastRound.write(into: &reveal)
                object["last_round"] = .object(reveal)
            } else {
                object["last_round"] = .null
            }
        case .klondike(let fields):
            object["player"] = fields.player.map(JSONValue.string) ?? .null
            object["draw"] = .int(fields.draw)
            object["stock"] = .int(fields.stock)
            object["waste_count"] = .int(fields.wasteCount)
            object["waste"] = .array(fields.waste.map(\.json))
            object["foundations"] = .array(fields.foundations.map { .array($0.map(\.json)) })
            object["tableau"] = .array(fields.tableau.map { pile in
                .object(JSONObject([("down", .int(pile.down)), ("up", .array(pile.up.map(\.json)))]))
            })
            object["moves"] = .int(fields.moves)
            object["rivals"] = .object(JSONObject(fields.rivals.map { ($0.name, JSONValue.int($0.score)) }))
        case .concentration(let fields):
            object["theme"] = .string(fields.theme)
            object["pairs"] = .int(fields.pairs)
            object["turn"] = fields.turn.map(JSONValue.string) ?? .null
            object["flips"] = .int(fields.flips)
            object["turn_seconds"] = .int(fields.turnSeconds)
            object["time_left_ms"] = fields.timeLeftMs.map(JSONValue.int) ?? .null
            object["cards"] = .array(fields.cards.enumerated().map { index, card in
                .object(JSONObject([
                    ("index", .int(index)), ("face", card.face.map(JSONValue.string) ?? .null), ("matched", .bool(card.matched)),
                ]))
            })
        }
    }
}

extension RPSFields {
    func write(into object: inout JSONObject) {
        object["round"] = .int(round)
        object["rounds"] = .int(rounds)
        object["round_seconds"] = .int(roundSeconds)
        object["waiting_on"] = .array(waitingOn.map(JSONValue.string))
        object["time_left_ms"] = timeLeftMs.map(JSONValue.int) ?? .null
        object["your_throw"] = yourThrow.map(JSONValue.string) ?? .null
        if let lastRound {
            var reveal = JSONObject()
            lastRound.write(into: &reveal)
            object["last_round"] = .object(reveal)
        } else {
            object["last_round"] = .null
        }
    }
}

extension RoundReveal {
    /// Writes `round`, `throws`, `winner` and `timed_out`.
    func write(into object: inout JSONObject) {
        object["round"] = .int(round)
        object["throws"] = .object(JSONObject(throwsByName.map { ($0.name, JSONValue.string($0.sign)) }))
        object["winner"] = winner.map(JSONValue.string) ?? .null
        object["timed_out"] = .array(timedOut.map(JSONValue.string))
    }
}

extension BrainRoundReveal {
    /// Writes `round`, `prompt`, `answer` and `answers`.
    func write(into object: inout JSONObject) {
        object["round"] = .int(round)
        object["prompt"] = .object(JSONObject([("sign", .string(sign)), ("goal", .string(goal))]))
        object["answer"] = .string(answer)
        object["answers"] = .object(JSONObject(answers.map { line in
            (line.name, .object(JSONObject([("sign", line.sign.map(JSONValue.string) ?? .null), ("points", .int(line.points))])))
        }))
    }
}

extension PlayingCard {
    /// `{"rank":1-13,"suit":"spades|hearts|diamonds|clubs"}`
    var json: JSONValue {
        .object(JSONObject([("rank", .int(rank)), ("suit", .string(suit.rawValue))]))
    }
}

extension SetCard {
    /// `{"id":…,"count":…,"shape":…,"color":…,"fill":…}`
    var json: JSONValue {
        .object(JSONObject([
            ("id", .int(id)),
            ("count", .int(count)),
            ("shape", .string(shape.rawValue)),
            ("color", .string(color.rawValue)),
            ("fill", .string(fill.rawValue)),
        ]))
    }
}
