import Wire

// The status-line flashes of the rps-brain, concentration and klondike events.
extension ClientModel {
    /// rps-brain: the right answer, and how this player did.
    mutating func brainRoundEnded(_ reveal: BrainRoundReveal, now: Int) {
        let answer = " was \(reveal.answer.glyph) \(reveal.answer.rawValue)"
        guard let mine = reveal.answers.first(where: { $0.name == me }) else {
            setFlash("round \(reveal.round): the answer\(answer)", tone: .neutral, now: now)
            return
        }
        let points = mine.points < 0 ? "−\(-mine.points)" : "+\(mine.points)"
        setFlash("round \(reveal.round): the answer\(answer) · you \(points)", tone: mine.points > 0 ? .good : .bad, now: now)
    }

    /// concentration: a match or a mismatch, and whose.
    mutating func flipped(player: String, result: String, points: Int, now: Int) {
        let who = player == me ? "you" : player
        switch result {
        case "match": setFlash("\(who): a pair! +\(points)", tone: player == me ? .good : .neutral, now: now)
        case "mismatch":
            setFlash("\(who): no match" + (points < 0 ? " −\(-points)" : ""), tone: player == me ? .bad : .neutral, now: now)
        default: break
        }
    }

    /// klondike: someone finished.
    mutating func solved(player: String, message: String, now: Int) {
        setStatus(message.isEmpty ? "\(player) solved it" : message, tone: player == me ? .good : .neutral, now: now)
    }
}
