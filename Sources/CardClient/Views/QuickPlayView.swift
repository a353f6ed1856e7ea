import Wire

/// The quick-play screen, in the lobby's body: one line a pool, and while waiting, how many
/// wait with you, for how long, and when the next wave pairs.
public enum QuickPlayView {
    static func lines(_ page: QuickPlay, pools: [PoolInfo], mySeek: String?, width: Int) -> [StyledLine] {
        var lines = [
            StyledLine("  Quick play", Palette.heading)
                + StyledLine("  you are paired with a player of your rating, in seconds", Palette.quiet),
        ]
        guard !pools.isEmpty else {
            lines.append(StyledLine("    asking the server for its pools…", Palette.quiet))
            return lines
        }
        for (index, pool) in pools.enumerated() {
            let text = StyledLine(pool.id).padded(to: 17) + StyledLine(pool.title, Palette.quiet)
            let count = page.poolCounts[pool.id] ?? 0
            let waiting = page.waitingIn == pool.id ? StyledLine("  waiting", Palette.notice(.good))
                : count > 0 ? StyledLine("  \(count) waiting", Palette.quiet) : StyledLine()
            let line = index == page.cursor ? StyledLine("  ▸ ", Palette.key) + text + waiting : StyledLine("    ") + text + waiting
            lines.append(line.clipped(to: width))
        }
        for (offset, game) in page.dailyGames.enumerated() {
            let title = "Daily " + (GameCatalog.game(named: game)?.title ?? game)
            let text = StyledLine(title).padded(to: 17) + StyledLine(Self.dailyWords(page.dailies[game], game: game), Palette.quiet)
            let line = pools.count + offset == page.cursor ? StyledLine("  ▸ ", Palette.key) + text : StyledLine("    ") + text
            lines.append(line.clipped(to: width))
        }
        lines.append(StyledLine("  Open seeks", Palette.heading)
            + StyledLine(mySeek == nil ? "  games of two others offer; n, then o in the form, opens yours" : "  yours is open: x takes it back", Palette.quiet))
        if page.seeks.isEmpty { lines.append(StyledLine("    none you may take right now", Palette.quiet)) }
        let seeksStart = pools.count + page.dailyGames.count
        let shownSeeks = page.visibleSeeks(pools: pools.count)
        for (index, seek) in zip(shownSeeks.indices, shownSeeks) {
            let rating = seek.rating.map { " (\(RatingText.rating($0.rating, provisional: $0.provisional)))" } ?? ""
            let title = GameCatalog.game(named: seek.request.game)?.title ?? seek.request.game
            let options = seek.request.options.pairs.map { "\($0.key) \($0.value.jsonText)" }.joined(separator: ", ")
            let text = StyledLine(seek.from + rating + (seek.bot ? " (bot)" : "")).padded(to: 17)
                + StyledLine("\(title)\(options.isEmpty ? "" : " (\(options))") · \(seek.request.rated ? "rated" : "casual")", Palette.quiet)
            let line = seeksStart + index == page.cursor ? StyledLine("  ▸ ", Palette.key) + text : StyledLine("    ") + text
            lines.append(line.clipped(to: width))
        }
        if !page.online.isEmpty {
            let shownOnline = page.visibleOnline(pools: pools.count)
            let more = page.onlineTotal > shownOnline.count ? "  \(page.onlineTotal) in all" : ""
            lines.append(StyledLine("  Online", Palette.heading) + StyledLine("  Enter challenges to the new-game form's game\(more)", Palette.quiet))
            let first = seeksStart + page.seeks.count
            for (index, player) in zip(shownOnline.indices, shownOnline) {
                let ratings = player.ratings.map { "\($0.game) \(RatingText.rating($0.rating.rating, provisional: $0.rating.provisional))" }.joined(separator: ", ")
                let text = StyledLine(player.name + (player.bot ? " (bot)" : "")).padded(to: 17)
                    + StyledLine([ratings, player.seated ? "seated" : ""].filter { !$0.isEmpty }.joined(separator: " · "), Palette.quiet)
                let line = first + index == page.cursor ? StyledLine("  ▸ ", Palette.key) + text : StyledLine("    ") + text
                lines.append(line.clipped(to: width))
            }
        }
        lines.append(StyledLine())
        if let pool = page.waitingIn {
            var text = "  Waiting in \(pool)"
            if let status = page.status, status.pool == pool {
                let others = status.waiting - 1
                text += ": \(others == 0 ? "nobody else yet" : others == 1 ? "1 other player" : "\(others) other players")"
                text += ", \(status.waitedMs / 1_000) s so far"
                if let next = status.nextWaveMs { text += "; next pairing in \(max(1, (next + 999) / 1_000)) s" }
            }
            lines.append(StyledLine(text, Palette.strong).clippedAtWord(to: width))
            lines.append(StyledLine("  c stops waiting", Palette.quiet))
        } else {
            lines.append(StyledLine("  Enter waits in the chosen pool, takes the chosen seek or challenges a player", Palette.quiet).clippedAtWord(to: width))
        }
        return lines
    }

    /// A daily deal's line: how many played today, the best, and this player's place.
    static func dailyWords(_ board: DailyLeaderboard?, game: String) -> String {
        guard let board else { return "today's deal, the same for everyone" }
        guard let best = board.entries.first else { return "nobody has played today's deal yet" }
        let count = board.players ?? board.entries.count
        var words = "\(count) played today · best \(best.name)"
        if best.finished {
            let moves = best.figures.first { $0.name == "moves" }?.score
            words += game == "klondike" && moves != nil ? " in \(moves ?? 0) moves" : best.timeMs.map { " in " + Narration.clock(milliseconds: $0) } ?? ""
        }
        if let you = board.you {
            words += " · you \(Self.ordinal(you.rank))" + (you.entry.finished ? "" : " (unfinished)")
        } else {
            words += " · Enter plays it"
        }
        return words
    }

    /// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// The screen's own keys; the lobby's others (new game, records, a game's key, quit) work
    /// here too, since the lobby opens on this screen.
    static func actions(for key: Key, in model: ClientModel) -> [ClientAction] {
        switch key {
        case .up, .character("k"): [.quickPlay(.move(-1))]
        case .down, .character("j"): [.quickPlay(.move(1))]
        case .enter: [.quickPlay(.join)]
        case .character("c"): [.quickPlay(.cancel)]
        case .character("u"): [.quickPlay(.refresh)]
        case .character("x"): [.quickPlay(.withdraw)]
        case .escape, .character("p"): [.quickPlay(.close)]
        case .click, .pageUp, .pageDown, .character("w"): []
        default: LobbyView.actions(for: key, in: model)
        }
    }

    static let keys = [
        KeyHelp("↑↓", "choose"), KeyHelp("Enter", "play"), KeyHelp("c", "cancel"), KeyHelp("n", "new game"),
        KeyHelp("Esc", "rooms"), KeyHelp("?", "keys"), KeyHelp("q", "quit"),
    ]
}
