import Wire

// Fair turns: no client holds a turn of the loop. A client is handled at most
// `linesPerTurn` lines a turn, and a turn's lines stop once they have taken `turnBudget`;
// what a client sent beyond that waits, in the order it came, for the next turn, whose
// fresh input (another player's ping) is handled first. Redis and nginx bound a
// connection's work per turn the same way; the time bound is what keeps a burst from
// 168 connections at once from freezing everyone for the whole burst.
//
// Among the lines put off, newcomers go first, one line each: a client that was not put off
// in the turn before (a player's ping that came in a turn whose time a burst had spent) is
// taken before the clients working through a backlog, and if it has more, the rest joins
// their queue. When 168 racers burst at once, the ping that came with them waits for one
// line of each, not for sixteen of each of those ahead of it (the burst race's worst ping,
// 310-360 ms, was that wait: no turn took over 30 ms).

/// What the current turn of the loop has spent, and the clients whose lines wait for the next.
struct TurnShares {
    /// Turns so far (each ``GameServer/endOfTurn()`` ends one): what a client's share is counted in.
    var turn: UInt64 = 1
    /// Lines handled in this phase of the turn (its fresh input, or the lines put off to it).
    var lines = 0
    /// When this phase's first line came (host nanoseconds).
    var phaseBegan: UInt64 = 0
    /// This phase has used its time: every further line waits for the next turn.
    var spent = false
    /// Clients with a line put off, in the order they were put off; `waitingHead` is the next.
    var waiting: [ClientID] = []
    /// Newcomers put off (not put off in the turn before), taken before `waiting`, one line
    /// each; `newcomersHead` is the next.
    var newcomers: [ClientID] = []
    var newcomersHead = 0
    /// The line each waiting client sent after its share was spent, taken first in the next
    /// turn (kept here, not on every client: only a few wait at a time).
    var putOffFrames: [ClientID: PutOffFrame] = [:]
    var waitingHead = 0
    /// The host was asked to run the waiting clients in its next turn.
    var scheduled = false

    /// The clock is read every this many lines, not every line.
    static let linesBetweenClockReadings = 8

    mutating func endTurn() {
        turn &+= 1
        lines = 0
        spent = false
    }
}

extension GameServer {
    /// Counts a line against the client's share of this turn and the turn's time.
    /// - Parameter due: the line was put off before: it is taken now whatever the turn spent.
    /// - Returns: whether to take it now; false: put it off.
    func spendTurn(on client: Client, due: Bool, host: any ServerHost) -> Bool {
        let turn = UInt32(truncatingIfNeeded: turnShares.turn)
        if client.linesTurn != turn {
            client.linesTurn = turn
            client.linesThisTurn = 0
        }
        guard due || (Int(client.linesThisTurn) < config.linesPerTurn && !turnShares.spent) else { return false }
        client.linesThisTurn &+= 1
        if turnShares.lines == 0 {
            turnShares.phaseBegan = host.nowNanoseconds
        }
        turnShares.lines += 1
        if turnShares.lines % TurnShares.linesBetweenClockReadings == 0,
           host.nowNanoseconds &- turnShares.phaseBegan > config.turnBudgetNanoseconds {
            turnShares.spent = true
        }
        return true
    }

    /// The line came after the client's share of this turn, or the turn's time, was spent: it
    /// waits, with the rest of what the client sent, for the next turn. A copy: the frame's
    /// bytes are valid only while it is handed over.
    func putOff(_ frame: LineFramer.FrameView, of client: Client) -> LineFramer.Verdict {
        turnShares.putOffFrames[client.id] = switch frame {
        case .line(let bytes): .line(Array(bytes))
        case .tooLong: .tooLong
        }
        pauseInput(client, .turnShare)
        let turn = UInt32(truncatingIfNeeded: turnShares.turn)
        if client.putOffTurn &+ 1 == turn || client.putOffTurn == turn {
            turnShares.waiting.append(client.id)
        } else {
            turnShares.newcomers.append(client.id)
        }
        client.putOffTurn = turn
        if !turnShares.scheduled {
            turnShares.scheduled = true
            host.nextTurn { [weak self] in self?.takeWaitingLines() }
        }
        return .hold
    }

    /// The next turn, after its fresh input: the clients that wait are taken in the order they
    /// were put off, each its line put off first, then the rest of what it sent, while this
    /// phase's time lasts; those it does not reach are first in the next turn.
    func takeWaitingLines() {
        turnShares.scheduled = false
        turnShares.lines = 0
        turnShares.spent = false
        // Newcomers first, one line each (the rest of what they sent is put off behind those
        // waiting, where they get the rest of their share), then those waiting. Those put off
        // while this runs go behind the ones waiting now.
        lightNewcomersFirst()
        let newcomersEnd = turnShares.newcomers.count
        while turnShares.newcomersHead < newcomersEnd, !turnShares.spent {
            let id = turnShares.newcomers[turnShares.newcomersHead]
            turnShares.newcomersHead += 1
            takePutOffLine(of: id, oneOnly: true)
        }
        if turnShares.newcomersHead == turnShares.newcomers.count {
            turnShares.newcomers.removeAll(keepingCapacity: true)
            turnShares.newcomersHead = 0
        }
        let end = turnShares.waiting.count
        while turnShares.waitingHead < end, !turnShares.spent {
            let id = turnShares.waiting[turnShares.waitingHead]
            turnShares.waitingHead += 1
            takePutOffLine(of: id, oneOnly: false)
        }
        if turnShares.newcomersHead > 0 {
            // Some newcomers were not reached: they stay first for the next turn.
            turnShares.newcomers.removeFirst(turnShares.newcomersHead)
            turnShares.newcomersHead = 0
        }
        if turnShares.waitingHead == turnShares.waiting.count && turnShares.newcomers.isEmpty {
            turnShares.waiting.removeAll(keepingCapacity: true)
            turnShares.waitingHead = 0
        } else {
            if turnShares.waitingHead >= 64, turnShares.waitingHead * 2 >= turnShares.waiting.count {
                turnShares.waiting.removeFirst(turnShares.waitingHead)
                turnShares.waitingHead = 0
            }
            if !turnShares.scheduled {
                turnShares.scheduled = true
                host.nextTurn { [weak self] in self?.takeWaitingLines() }
            }
        }
    }

    /// Orders the newcomers not taken yet so that those whose put-off line is all they sent
    /// (the host holds nothing more of theirs: a player's ping) go before those with more (a
    /// racer's burst), each group in the order it was put off. When a burst spends a turn, a
    /// ping that came with it then waits for nobody's line but other pings'.
    private func lightNewcomersFirst() {
        guard turnShares.newcomersHead < turnShares.newcomers.count else { return }
        var light: [ClientID] = []
        var heavy: [ClientID] = []
        for id in turnShares.newcomers[turnShares.newcomersHead...] {
            if host.holdsInput(of: id) { heavy.append(id) } else { light.append(id) }
        }
        guard !light.isEmpty, !heavy.isEmpty else { return }
        turnShares.newcomers = light + heavy
        turnShares.newcomersHead = 0
    }

    /// Takes the line put off for client `id`, then the rest of what it sent while its share
    /// lasts; with `oneOnly`, its share is spent on that line.
    private func takePutOffLine(of id: ClientID, oneOnly: Bool) {
        guard let waiting = turnShares.putOffFrames.removeValue(forKey: id) else { return }
        guard let client = clients[id], !client.isClosing, case .turnShare? = client.inputPause else { return }
        client.inputPause = nil
        let turn = UInt32(truncatingIfNeeded: turnShares.turn)
        // Put off again in this turn, it is working through a backlog, not a newcomer.
        client.putOffTurn = turn
        if oneOnly {
            client.linesTurn = turn
            client.linesThisTurn = UInt16(clamping: config.linesPerTurn)
        } else if client.linesTurn == turn {
            // A newcomer earlier in this turn: the rest of its share is its line taken then.
            client.linesThisTurn = 1
        }
        let verdict: LineFramer.Verdict = switch waiting {
        case .line(let bytes): bytes.withUnsafeBytes { take(.line($0), from: client, host: host, due: true) }
        case .tooLong: take(.tooLong, from: client, host: host, due: true)
        }
        if verdict == .next { resumeInput(client) }
    }
}

/// A frame a client sent beyond its share of a turn, kept for the next (a copy: the frame's
/// bytes are valid only while it is handed over).
enum PutOffFrame {
    case line([UInt8])
    case tooLong
}
