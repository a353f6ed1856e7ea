import Wire

// The status-line flashes of the rps-brain, concentration and klondike events.
extension ClientModel {
    /// rps-brain: the right answer, and how this player did.
    mutating func brainRoundEnded(_ message: JSONObject, now: Int) {
        guard let reveal = BrainReveal(json: message) else { return }
        let answer = reveal.answer.map { " was \($0.glyph) \($0.rawValue)" } ?? ""
        guard let mine = reveal.answers.first(where: { $0.name == me })?.answer else {
            setFlash("round \(reveal.round): the answer\(answer)", tone: .neutral, now: now)
            return
        }
        let points = mine.points < 0 ? "−\(-mine.points)" : "+\(mine.points)"
        setFlash("round \(reveal.round): the answer\(answer) · you \(points)", tone: mine.points > 0 ? .good : .bad, now: now)
    }

    /// concentration: a match or a mismatch, and whose.
    mutating func flipped(_ message: JSONObject, now: Int) {
        let player = message.string("player") ?? "?"
        let who = player == me ? "you" : player
        let points = message.int("points") ?? 0
        switch message.string("result") {
        case "match": setFlash("\(who): a pair! +\(points)", tone: player == me ? .good : .neutral, now: now)
        case "mismatch":
            setFlash("\(who): no match" + (points < 0 ? " −\(-points)" : ""), tone: player == me ? .bad : .neutral, now: now)
        default: break
        }
    }

    /// klondike: someone finished.
    mutating func solved(_ message: JSONObject, now: Int) {
        let player = message.string("player") ?? "?"
        let text = message.string("message") ?? "\(player) solved it"
        setStatus(text, tone: player == me ? .good : .neutral, now: now)
    }
}
