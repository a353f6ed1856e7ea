import Wire

/// `resign` and `abort` as the rules apply them, for every game alike: one place that both a
/// live room and a replay's rebuild call, so a replay ends a conceded game as the room did.
enum Concession {
    /// `seat` resigns. The engine treats the seat as gone (as when its player leaves: turns
    /// skip it, votes stop waiting for it); when at most one opponent is left, the robot
    /// included, the game ends at once and that opponent wins. In a race of three or more the
    /// others play on, and the resigner can no longer win it (``GameResult/conceded(by:)``).
    /// - Parameters:
    ///   - seats: the seats still playing, without the resigner (and anyone who resigned before).
    ///   - names: each seat's name as the game began ("" for an empty seat).
    ///   - resigned: every seat that has resigned this game, this one included.
    static func resign(
        _ seat: Int, engine: inout any GameEngine, seats: SeatContext, names: [String], resigned: Set<Int>, now: UInt64
    ) -> GameUpdate {
        var update = engine.seatLeft(seat, seats: seats, now: now)
        let robots = engine.robotPlayers
        if update.result == nil, seats.seated.count + robots.count <= 1 {
            engine.stop(now: now)
            let winners = seats.seated.map { names[$0] } + robots.map(\.name)
            update.result = standing(of: engine, names: names, winners: winners)
        }
        update.result = update.result.map { $0.conceded(by: resigned.map { names[$0] }) }
        return update
    }

    /// Ends a game nobody has moved in: no winners, the scores as dealt. The room records no
    /// result for it (``Room/aborted``).
    static func abort(engine: inout any GameEngine, names: [String], now: UInt64) -> GameUpdate {
        engine.stop(now: now)
        var update = GameUpdate()
        update.result = standing(of: engine, names: names, winners: [])
        return update
    }

    /// The game's scores as they stand, every seat that began it and the robot's.
    static func standing(of engine: any GameEngine, names: [String], winners: [String]) -> GameResult {
        let seated = names.indices.filter { !names[$0].isEmpty }
        let robots = engine.robotPlayers
        let scores = seated.filter { seat in !robots.contains { $0.seat == seat } }.map { NamedScore(name: names[$0], score: engine.score(seat: $0)) }
            + robots.map { NamedScore(name: $0.name, score: $0.score) }
        return GameResult(winners: winners, scores: scores)
    }
}

extension GameResult {
    /// The result with players who resigned taken out of its winners: a race that ends after
    /// someone resigned is won by the best of those who played it out (a resigner who was
    /// ahead when they left does not win it).
    func conceded(by resigners: [String]) -> GameResult {
        guard !resigners.isEmpty, winners.contains(where: resigners.contains) else { return self }
        var result = self
        let stayed = scores.filter { !resigners.contains($0.name) }
        let best = stayed.map(\.score).max()
        result.winners = winners.filter { !resigners.contains($0) }
        if result.winners.isEmpty, let best {
            result.winners = stayed.filter { $0.score == best }.map(\.name)
        }
        return result
    }
}
