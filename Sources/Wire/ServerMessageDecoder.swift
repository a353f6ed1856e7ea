/// Why a server line could not be read as a ``ServerMessage``.
public struct ServerDecodeFailure: Error, Equatable, Sendable {
    /// What was wrong, naming the message type and field.
    public let message: String
    /// The line's `type` when it is one this reader does not know: a newer server's
    /// message, which a reader skips (the protocol grows by adding messages).
    public let unknownType: String?

    /// Creates a failure.
    public init(message: String, unknownType: String? = nil) {
        self.message = message
        self.unknownType = unknownType
    }
}

/// Turns one line the server sent into a ``ServerMessage``: the reading half of
/// ``ServerMessage/encodedLine(seq:)``, used by cardclient and by the tests.
///
/// Unknown fields are ignored, so a newer server that adds fields is still read; a
/// missing required field or a value of the wrong kind is a failure that names it.
public enum ServerMessageDecoder {
    /// Reads one message's fields.
    typealias MessageReader = @Sendable (ServerFields) throws(ServerDecodeFailure) -> ServerMessage

    /// Every `type` the server sends and how to read it, from each family's table.
    private static let readers: [String: MessageReader] = Dictionary(uniqueKeysWithValues: [
        sessionReaders, accountReaders, catalogReaders, roomReaders, stateReaders, resultReaders,
        rpsReaders, brainReaders, concentrationReaders, klondikeReaders, setReaders, replayReaders, poolReaders, challengeReaders, seekReaders, lobbyReaders, playersReaders,
    ].joined())

    /// The `type`s this reader knows.
    public static var messageTypes: Set<String> { Set(readers.keys) }

    /// Decodes one line (without its newline).
    /// - Throws: ``ServerDecodeFailure`` naming what is wrong; its `unknownType` is set
    ///   for a well-formed message of a type this reader does not know.
    public static func decode(_ line: [UInt8]) throws(ServerDecodeFailure) -> ServerMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw ServerDecodeFailure(message: "not valid JSON: \(error.message)")
        }
        guard let object = value.objectValue else {
            throw ServerDecodeFailure(message: "a message must be a JSON object, not \(value.kindName)")
        }
        return try decode(object)
    }

    /// Decodes one parsed message.
    /// - Throws: ``ServerDecodeFailure``, as ``decode(_:)-([UInt8])``.
    public static func decode(_ object: JSONObject) throws(ServerDecodeFailure) -> ServerMessage {
        guard let type = object["type"]?.stringValue else {
            throw ServerDecodeFailure(message: "a message needs a string field 'type'")
        }
        guard let read = readers[type] else {
            throw ServerDecodeFailure(message: "unknown message type '\(type)'", unknownType: type)
        }
        return try read(ServerFields(object, ServerMessagePath(path: type)))
    }
}
