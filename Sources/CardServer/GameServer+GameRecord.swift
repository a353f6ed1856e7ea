import Wire

/// One record of every game. Each input that changes a game under way (a move, a deadline,
/// a seated player going away, coming back or leaving) is encoded once, as its room-log
/// record: the same bytes go to the room log, before the input changes anything, and into
/// the room's record of the game. When the game ends its replay is made from that record,
/// off the loop, as Redis makes a point-in-time file from its AOF. Recovery reads the same
/// records back from the log and keeps them the same way, so a game that spans a restart
/// keeps every input from its `begin`.
extension GameServer {
    /// Keeps a record of a room's game under way, if it is one of the game's inputs; the
    /// line is the record exactly as the room log has it.
    func keepInGameRecord(_ record: RoomLogRecord, line: [UInt8]) {
        switch record {
        case .deadline(let code, _):
            if let room = rooms[code] { keep(line, inRecordOf: room) }
        case .presence(let code, let player, _, _), .leave(let code, let player, _), .resign(let code, let player, _), .abort(let code, let player, _):
            // Spectators come and go without touching the game.
            if let room = rooms[code], room.seat(of: player) != nil { keep(line, inRecordOf: room) }
        case .move(let code, _, _, _):
            if let room = rooms[code] { keep(line, inRecordOf: room) }
        case .create, .room, .join, .watch, .dealing, .begin, .vote, .close, .members, .tick:
            break
        }
    }

    /// Keeps a game's input: only while its game is under way, only when replays are kept,
    /// and no more than a replay may hold (one past it marks the game as too long to keep).
    func keep(_ line: [UInt8], inRecordOf room: Room) {
        guard replays != nil, room.phase == .playing, room.gameRecord.count <= Self.maxReplaySteps else { return }
        room.gameRecord.append(line)
    }

    /// The replay's steps, read from a game's record: run off the loop, since a long game's
    /// record is thousands of lines.
    /// - Parameters:
    ///   - record: the game's inputs, each a room-log line, in order.
    ///   - seats: the player id in each seat when the game began.
    ///   - names: the name in each seat when the game began.
    ///   - beganAt: the game clock at `begin`, from which each step's time is counted.
    static func replaySteps(of record: [[UInt8]], seats: [String?], names: [String], beganAt: UInt64) -> [GameReplay.Step] {
        record.compactMap { line -> GameReplay.Step? in
            guard let input = RoomLogRecord(line: line) else { return nil }
            func step(_ kind: GameReplay.Step.Kind, _ player: String?, _ t: UInt64, _ command: ClientCommand? = nil) -> GameReplay.Step? {
                let seat = player.flatMap { seats.firstIndex(of: $0) }
                if player != nil, seat == nil { return nil }
                let ns = t &- beganAt
                let name = seat.flatMap { names.indices.contains($0) ? names[$0] : nil }
                return GameReplay.Step(kind: kind, ms: Int(ns / 1_000_000), ns: ns, seat: seat, name: name, command: command)
            }
            switch input {
            case .move(_, let player, let object, let t):
                var bytes: [UInt8] = []
                JSONValue.object(object).write(into: &bytes)
                guard let request = try? ClientMessageDecoder.decode(bytes) else { return nil }
                return step(.move, player, t, request.command)
            case .deadline(_, let t):
                return step(.deadline, nil, t)
            case .presence(_, let player, let connected, let t):
                return step(connected ? .back : .away, player, t)
            case .leave(_, let player, let t):
                return step(.left, player, t)
            case .resign(_, let player, let t):
                return step(.resign, player, t)
            case .abort(_, let player, let t):
                return step(.abort, player, t)
            case .create, .room, .join, .watch, .dealing, .begin, .vote, .close, .members, .tick:
                return nil
            }
        }
    }
}
