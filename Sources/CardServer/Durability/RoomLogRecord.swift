import Storage
import Wire

/// One line of the room log: an input that changed a room, with what replaying it needs.
///
/// Times (`t`) are on the server's game clock (``GameServer/gameNow``), which a restart
/// carries on from the last one logged, so a deadline resumes with the time it had left.
/// A player is written with their token's SHA-256, never the token.
enum RoomLogRecord: Equatable {
    /// A player as the log knows them.
    struct Member: Equatable {
        var id: String
        var name: String
        var tokenHash: TokenDigest
        /// The seat, nil for a spectator (in `room` snapshots; ignored elsewhere).
        var seat: Int?
        /// Whether their connection was up (in `room` snapshots).
        var connected = true
        /// The account signed in (its name's skeleton); nil for a guest. Kept for a player
        /// signed in with an API token, whose session is in no accounts file: after a restart
        /// its seat is still the account's, and still a bot's.
        var account: String? = nil
    }

    /// What a room was before a game began: enough to rebuild it without the games before.
    struct Snapshot: Equatable {
        var code: String
        var game: String
        var isPrivate: Bool
        var seats: Int
        var serial: Int
        var options: JSONObject
        var seq: Int
        var phase: Phase
        var members: [Member]
        /// The room was created `rated` (written only then).
        var rated = false
    }

    case create(Snapshot, creator: Member, t: UInt64)
    case room(Snapshot)
    case join(room: String, seat: Int, player: Member, t: UInt64)
    case watch(room: String, player: Member, t: UInt64)
    case leave(room: String, player: String, t: UInt64)
    /// A deal is being searched for off the loop; the room showed it.
    case dealing(room: String, t: UInt64)
    /// A game began: its seed, and the version of the game's rules that deals and judges it
    /// (1 in a log from before versions were written).
    case begin(room: String, seed: UInt64, t: UInt64, wall: Int64, rules: Int)
    /// A rematch offer.
    case vote(room: String, player: String, t: UInt64)
    /// A seated player conceded the game under way (`resign`).
    case resign(room: String, player: String, t: UInt64)
    /// A seated player ended the game before anyone moved (`abort`).
    case abort(room: String, player: String, t: UInt64)
    /// A game command the rules saw (refused ones too: a refusal may count, as a wrong Set claim does).
    case move(room: String, player: String, command: JSONObject, t: UInt64)
    case deadline(room: String, t: UInt64)
    case presence(room: String, player: String, connected: Bool, t: UInt64)
    case close(room: String)
    /// The room's members as they stand (seats, spectators, who is away, the rematch offers)
    /// and its `seq`: written by a compaction (``RoomLog``) in place of the comings and goings
    /// since its game began, which a replay of the game does not need.
    case members(room: String, seq: Int, members: [Member], votes: [String], t: UInt64)
    /// The clock, written every second while rooms are live: the last one says when the server stopped.
    case tick(t: UInt64, wall: Int64)

    /// The room the record is about; nil for `tick`.
    var room: String? {
        switch self {
        case .create(let snapshot, _, _), .room(let snapshot): snapshot.code
        case .join(let room, _, _, _), .watch(let room, _, _), .leave(let room, _, _), .dealing(let room, _),
             .begin(let room, _, _, _, _), .vote(let room, _, _), .resign(let room, _, _), .abort(let room, _, _), .move(let room, _, _, _), .deadline(let room, _),
             .presence(let room, _, _, _), .close(let room), .members(let room, _, _, _, _):
            room
        case .tick: nil
        }
    }

    /// The game-clock time it was written at; nil for those that carry none.
    var time: UInt64? {
        switch self {
        case .create(_, _, let t), .join(_, _, _, let t), .watch(_, _, let t), .leave(_, _, let t), .dealing(_, let t),
             .begin(_, _, let t, _, _), .vote(_, _, let t), .resign(_, _, let t), .abort(_, _, let t), .move(_, _, _, let t), .deadline(_, let t), .presence(_, _, _, let t),
             .members(_, _, _, _, let t), .tick(let t, _):
            t
        case .room, .close: nil
        }
    }

    // MARK: Encoding

    /// The record as one sealed JSON line (``RecordSeal``) with its newline.
    var line: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        JSONValue.object(object).write(into: &bytes)
        RecordSeal.seal(&bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private var object: JSONObject {
        switch self {
        case .create(let snapshot, let creator, let t):
            return JSONObject([("k", "create")] + Self.fields(of: snapshot) + [("by", Self.value(of: creator)), ("t", Self.time(t))])
        case .room(let snapshot):
            return JSONObject([("k", "room")] + Self.fields(of: snapshot)
                + [("seq", .int(snapshot.seq)), ("phase", .string(snapshot.phase.rawValue)), ("members", .array(snapshot.members.map(Self.value(of:))))])
        case .join(let room, let seat, let player, let t):
            return ["k": "join", "room": .string(room), "seat": .int(seat), "player": Self.value(of: player), "t": Self.time(t)]
        case .watch(let room, let player, let t):
            return ["k": "watch", "room": .string(room), "player": Self.value(of: player), "t": Self.time(t)]
        case .leave(let room, let player, let t):
            return ["k": "leave", "room": .string(room), "player": .string(player), "t": Self.time(t)]
        case .dealing(let room, let t):
            return ["k": "dealing", "room": .string(room), "t": Self.time(t)]
        case .begin(let room, let seed, let t, let wall, let rules):
            return [
                "k": "begin", "room": .string(room), "seed": .string(String(seed)), "t": Self.time(t), "wall": .int(Int(wall)),
                "rules": .int(rules),
            ]
        case .vote(let room, let player, let t):
            return ["k": "vote", "room": .string(room), "player": .string(player), "t": Self.time(t)]
        case .resign(let room, let player, let t):
            return ["k": "resign", "room": .string(room), "player": .string(player), "t": Self.time(t)]
        case .abort(let room, let player, let t):
            return ["k": "abort", "room": .string(room), "player": .string(player), "t": Self.time(t)]
        case .move(let room, let player, let command, let t):
            return ["k": "move", "room": .string(room), "player": .string(player), "command": .object(command), "t": Self.time(t)]
        case .deadline(let room, let t):
            return ["k": "deadline", "room": .string(room), "t": Self.time(t)]
        case .presence(let room, let player, let connected, let t):
            return ["k": "presence", "room": .string(room), "player": .string(player), "connected": .bool(connected), "t": Self.time(t)]
        case .close(let room):
            return ["k": "close", "room": .string(room)]
        case .members(let room, let seq, let members, let votes, let t):
            return [
                "k": "members", "room": .string(room), "seq": .int(seq), "members": .array(members.map(Self.value(of:))),
                "votes": .array(votes.map { .string($0) }), "t": Self.time(t),
            ]
        case .tick(let t, let wall):
            return ["k": "tick", "t": Self.time(t), "wall": .int(Int(wall))]
        }
    }

    /// A `move` record's line, written straight from the command's own encoding (the text
    /// `line` gives the same record, byte for byte, seal included; a test holds them equal).
    static func moveLine(room: String, player: String, command: [UInt8], t: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(command.count + 80 + RecordSeal.sealLength)
        bytes += #"{"k":"move","room":"#.utf8
        JSONValue.string(room).write(into: &bytes)
        bytes += #","player":"#.utf8
        JSONValue.string(player).write(into: &bytes)
        bytes += #","command":"#.utf8
        bytes += command
        bytes += #","t":""#.utf8
        bytes += String(t).utf8
        bytes += "\"}".utf8
        // The checksum runs over the bytes just written: no second pass through JSON.
        RecordSeal.seal(&bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Times and seeds are 64-bit unsigned: written as decimal strings, exact in any reader.
    private static func time(_ t: UInt64) -> JSONValue { .string(String(t)) }

    private static func fields(of snapshot: Snapshot) -> [(String, JSONValue)] {
        [("room", .string(snapshot.code)), ("game", .string(snapshot.game)), ("private", .bool(snapshot.isPrivate)),
         ("seats", .int(snapshot.seats)), ("serial", .int(snapshot.serial)), ("options", .object(snapshot.options))]
            + (snapshot.rated ? [("rated", .bool(true))] : [])
    }

    private static func value(of member: Member) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .string(member.id)), ("name", .string(member.name)), ("hash", .string(member.tokenHash.hex))]
        if let seat = member.seat { pairs.append(("seat", .int(seat))) }
        if !member.connected { pairs.append(("connected", false)) }
        if let account = member.account { pairs.append(("account", .string(account))) }
        return .object(JSONObject(pairs))
    }

    // MARK: Decoding

    /// Reads one line back (without its newline), sealed or written before checksums; nil when
    /// its seal does not match or it is not a record this server writes.
    init?(line: some Collection<UInt8>) {
        switch RecordSeal.check(ArraySlice(line)) {
        case .sealed(let body), .unsealed(let body): self.init(body: body)
        case .damaged: return nil
        }
    }

    /// Reads a record's JSON object, its seal already checked and taken off (``DataFileScan``).
    init?(body: [UInt8]) {
        guard let object = (try? JSONParser.parse(body))?.objectValue, let kind = object["k"]?.stringValue else { return nil }
        func string(_ key: String) -> String? { object[key]?.stringValue }
        func number(_ key: String) -> UInt64? { object[key]?.stringValue.flatMap { UInt64($0) } }
        let t = number("t")
        switch kind {
        case "create":
            guard let snapshot = Self.snapshot(object, seq: 0, phase: .waiting, members: []),
                  let creator = object["by"].flatMap(Self.member), let t else { return nil }
            self = .create(snapshot, creator: creator, t: t)
        case "room":
            guard let phase = string("phase").flatMap(Phase.init(rawValue:)), let seq = object["seq"]?.intValue,
                  let listed = object["members"]?.arrayValue else { return nil }
            let members = listed.compactMap(Self.member)
            guard members.count == listed.count, let snapshot = Self.snapshot(object, seq: seq, phase: phase, members: members) else { return nil }
            self = .room(snapshot)
        case "join":
            guard let room = string("room"), let seat = object["seat"]?.intValue, let player = object["player"].flatMap(Self.member), let t else { return nil }
            self = .join(room: room, seat: seat, player: player, t: t)
        case "watch":
            guard let room = string("room"), let player = object["player"].flatMap(Self.member), let t else { return nil }
            self = .watch(room: room, player: player, t: t)
        case "leave":
            guard let room = string("room"), let player = string("player"), let t else { return nil }
            self = .leave(room: room, player: player, t: t)
        case "dealing":
            guard let room = string("room"), let t else { return nil }
            self = .dealing(room: room, t: t)
        case "begin":
            guard let room = string("room"), let seed = number("seed"), let wall = object["wall"]?.intValue, let t else { return nil }
            self = .begin(room: room, seed: seed, t: t, wall: Int64(wall), rules: object["rules"]?.intValue ?? 1)
        case "vote":
            guard let room = string("room"), let player = string("player"), let t else { return nil }
            self = .vote(room: room, player: player, t: t)
        case "resign":
            guard let room = string("room"), let player = string("player"), let t else { return nil }
            self = .resign(room: room, player: player, t: t)
        case "abort":
            guard let room = string("room"), let player = string("player"), let t else { return nil }
            self = .abort(room: room, player: player, t: t)
        case "move":
            guard let room = string("room"), let player = string("player"), let command = object["command"]?.objectValue, let t else { return nil }
            self = .move(room: room, player: player, command: command, t: t)
        case "deadline":
            guard let room = string("room"), let t else { return nil }
            self = .deadline(room: room, t: t)
        case "presence":
            guard let room = string("room"), let player = string("player"), let connected = object["connected"]?.boolValue, let t else { return nil }
            self = .presence(room: room, player: player, connected: connected, t: t)
        case "close":
            guard let room = string("room") else { return nil }
            self = .close(room: room)
        case "members":
            guard let room = string("room"), let seq = object["seq"]?.intValue, let listed = object["members"]?.arrayValue,
                  let votes = object["votes"]?.arrayValue?.compactMap(\.stringValue), let t else { return nil }
            let members = listed.compactMap(Self.member)
            guard members.count == listed.count else { return nil }
            self = .members(room: room, seq: seq, members: members, votes: votes, t: t)
        case "tick":
            guard let wall = object["wall"]?.intValue, let t else { return nil }
            self = .tick(t: t, wall: Int64(wall))
        default:
            return nil
        }
    }

    private static func snapshot(_ object: JSONObject, seq: Int, phase: Phase, members: [Member]) -> Snapshot? {
        guard let code = object["room"]?.stringValue, let game = object["game"]?.stringValue,
              let isPrivate = object["private"]?.boolValue, let seats = object["seats"]?.intValue,
              let serial = object["serial"]?.intValue, let options = object["options"]?.objectValue
        else { return nil }
        return Snapshot(
            code: code, game: game, isPrivate: isPrivate, seats: seats, serial: serial, options: options, seq: seq, phase: phase, members: members,
            rated: object["rated"]?.boolValue ?? false)
    }

    private static func member(_ value: JSONValue) -> Member? {
        guard let object = value.objectValue, let id = object["id"]?.stringValue, let name = object["name"]?.stringValue,
              let hash = object["hash"]?.stringValue.flatMap(TokenDigest.init(hex:)) else { return nil }
        return Member(
            id: id, name: name, tokenHash: hash, seat: object["seat"]?.intValue, connected: object["connected"]?.boolValue ?? true,
            account: object["account"]?.stringValue)
    }
}
