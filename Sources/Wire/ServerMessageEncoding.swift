extension ServerMessage {
    /// The message as one wire line: compact JSON followed by "\n".
    /// - Parameter seq: for a reply to a command that changed a room, the `seq` of the
    ///   `state` that shows the change, written just before the `id`.
    public func encodedLine(seq: Int? = nil) -> [UInt8] {
        // A state or a claim with its cards runs to a kilobyte or two; most replies are short.
        let capacity = switch self {
        case .state, .claimed, .hint, .help, .games, .replayFrame: 2048
        case .lobby, .players: 16_384
        case .replay: 8192
        default: 128
        }
        return JSONWriter.line(type: wireType, capacity: capacity) { writer in
            writeFields(into: &writer, seq: seq)
        }
    }

    /// The message's JSON text, without the newline.
    public var jsonText: String {
        String(decoding: encodedLine().dropLast(), as: UTF8.self)
    }

    /// Writes every field after `type`, in protocol order (each family's writer knows its
    /// messages'), then a reply's `seq` and its `id` last.
    private func writeFields(into writer: inout JSONWriter, seq: Int?) {
        switch self {
        case .hello, .help, .pong, .welcome, .error, .rateLimited, .storageUnavailable, .serverBusy, .shutdown, .replaced:
            writeSessionFields(into: &writer)
        case .games(let games, let pools, _):
            GameInfo.write(games, into: &writer)
            PoolInfo.write(pools, into: &writer)
        case .poolStatus, .paired, .pairedElsewhere: writePoolFields(into: &writer)
        case .challengeSent, .challengeOffer, .challengeDeclined, .challengeClosed: writeChallengeFields(into: &writer)
        case .seekOpen, .seeks, .seekClosed: writeSeekFields(into: &writer)
        case .lobby, .roomOpened, .roomChanged, .roomClosed, .seekAdded, .seekRemoved, .poolCounts, .online: writeLobbyFields(into: &writer)
        case .players: writePlayersFields(into: &writer)
        case .token, .tokens, .sessions, .signedOut: writeAccountFields(into: &writer)
        case .rooms, .joined, .watching, .left, .chat, .member, .notice, .ok: writeRoomFields(into: &writer)
        case .state(let state): state.write(into: &writer)
        case .stats, .leaderboard, .dailyLeaderboard, .ratingLeaderboard, .gameOver: writeResultFields(into: &writer)
        case .thrown, .round: writeRPSFields(into: &writer)
        case .answered, .brainRound: writeBrainFields(into: &writer)
        case .flipped: writeConcentrationFields(into: &writer)
        case .solved, .suggestion: writeKlondikeFields(into: &writer)
        case .claimed, .hint: writeSetFields(into: &writer)
        case .replay, .replayFrame: writeReplayFields(into: &writer)
        }
        if let seq { writer.field("seq", seq) }
        if let replyID {
            writer.field(id: replyID)
        }
    }
}

extension JSONWriter {
    /// Writes a reply's `"id":…` field.
    mutating func field(id: RequestID) {
        key("id")
        switch id {
        case .int(let value): int(value)
        case .string(let value): string(value)
        }
    }
}
