import SystemCall
import Wire

/// The last lines of each room's chat and log, kept between runs in `chat.json` beside the
/// sessions (mode 0600 in a 0700 directory, ``StateFile``): a client restarted in the middle
/// of a game comes back to what was said.
public struct ChatStore: Sendable {
    /// Lines kept for each room.
    public static let linesPerRoom = 100
    /// Rooms kept for each server, the most recently written last; older ones are dropped.
    public static let roomsPerServer = 20

    /// The directory that holds `chat.json`.
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    private var file: StateFile { StateFile(directory: directory, name: "chat.json") }

    /// Every room's kept lines for `server` (`host:port`), by room code; empty when none or unreadable.
    public func load(server: String) -> [String: [ChatLine]] {
        var rooms: [String: [ChatLine]] = [:]
        for (code, value) in file.read()[server]?.objectValue?.pairs ?? [] {
            rooms[code] = (value.arrayValue ?? []).compactMap(Self.line(from:))
        }
        return rooms
    }

    /// Keeps the last ``linesPerRoom`` of `lines` for `room` on `server`.
    /// - Throws: ``SystemError`` when the directory or the file cannot be written.
    public func save(_ lines: [ChatLine], server: String, room: String) throws(SystemError) {
        var all = file.read()
        var rooms = all[server]?.objectValue ?? JSONObject()
        rooms[room] = nil
        rooms[room] = .array(lines.suffix(Self.linesPerRoom).map(Self.value(of:)))
        let pairs = rooms.pairs
        if pairs.count > Self.roomsPerServer {
            rooms = JSONObject(pairs.suffix(Self.roomsPerServer).map { ($0.key, $0.value) })
        }
        all[server] = .object(rooms)
        try file.write(all)
    }

    private static func value(of line: ChatLine) -> JSONValue {
        switch line {
        case .said(let from, let text): .object(["from": .string(from), "text": .string(text)])
        case .event(let text): .object(["event": .string(text)])
        }
    }

    private static func line(from value: JSONValue) -> ChatLine? {
        guard let object = value.objectValue else { return nil }
        if let text = object["event"]?.stringValue { return .event(text) }
        guard let from = object["from"]?.stringValue, let text = object["text"]?.stringValue else { return nil }
        return .said(from: from, text: text)
    }
}
