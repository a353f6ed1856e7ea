import GameRules
import KlondikeSolver

/// `cardbench klondike-hints`: a bot that plays Klondike deals by the server's hints alone.
struct KlondikeHintOptions: Equatable {
    static let defaultDeals = 100
    /// Actions a deal may take before the bot gives up on it: far more than any win needs.
    static let maxActions = 2_000

    var draw = 1
    var deals = defaultDeals
}

extension KlondikeHintOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        draw = try values.number("--draw", in: 1...3, default: 1)
        guard draw == 1 || draw == 3 else { throw Options.ParseError(message: "--draw must be 1 or 3, not '\(draw)'") }
        deals = try values.number("--deals", in: 1...1_000_000, default: Self.defaultDeals)
    }
}

enum KlondikeHintBench {
    /// Plays deals 1...N, each shuffled from its seed as the server deals it, taking every
    /// action from ``KlondikeHinter`` (the server's hint, in process: the same code, without
    /// the socket), until the deal is won or the hint has no move; prints the win rate and the
    /// time each hint took.
    static func run(_ options: KlondikeHintOptions) {
        let clock = ContinuousClock()
        var won = 0, searchedHints = 0
        var times: [Double] = []
        for seed in 1...UInt64(options.deals) {
            var game = KlondikeGame(seed: seed, drawCount: options.draw)
            var hinter = KlondikeHinter()
            var actions = 0
            while !game.isWon, actions < KlondikeHintOptions.maxActions {
                let start = clock.now
                let searched = hinter.cachedHint(for: game) == nil
                let hint = hinter.hint(for: game)
                times.append((clock.now - start).microseconds)
                if searched { searchedHints += 1 }
                guard case .play(let action, _) = hint, (try? game.play(action)) != nil else { break }
                actions += 1
            }
            if game.isWon { won += 1 }
        }
        let timings = Timings(times)
        print("klondike-hints: deals 1-\(options.deals), drawing \(options.draw), by hints alone")
        print("won: \(won) of \(options.deals) (\(fixed(Double(won) * 100 / Double(options.deals), digits: 1))%)")
        print("hints: \(times.count), \(searchedHints) of them searched")
        print("hint time p50: \(fixed(timings.percentile(50) / 1_000, digits: 3)) ms, p99: \(fixed(timings.percentile(99) / 1_000, digits: 3)) ms, max: \(fixed(timings.sorted.last! / 1_000, digits: 1)) ms")
    }
}
