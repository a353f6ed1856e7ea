/// `game_over` lines in tests: their `seed` is a secret random number until
/// the line reveals it, so exact comparisons take it out first.
package enum GameOverLine {
    /// The line with its trailing `,"seed":n` taken out, and n (nil when it has none).
    /// The game's id (`game_id`, new for each game) is taken out too.
    package static func withoutSeed(_ line: String) -> (line: String, seed: Int?) {
        let line = line.replacing(/,"game_id":"[A-Z0-9]+-[0-9a-z]+-[0-9]+"/, with: "")
        guard let match = line.firstMatch(of: /,"seed":([0-9]+)\}$/) else { return (line, nil) }
        return (line[..<match.range.lowerBound] + "}", Int(match.1))
    }
}
