import Wire

/// The quick-play screen, in the lobby's body: one line a pool, and while waiting, how many
/// wait with you, for how long, and when the next wave pairs.
public enum QuickPlayView {
    static func lines(_ page: QuickPlay, pools: [PoolInfo], width: Int) -> [StyledLine] {
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
            let waiting = page.waitingIn == pool.id ? StyledLine("  waiting", Palette.notice(.good)) : StyledLine()
            let line = index == page.cursor ? StyledLine("  ▸ ", Palette.key) + text + waiting : StyledLine("    ") + text + waiting
            lines.append(line.clipped(to: width))
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
            lines.append(StyledLine("  Enter waits in the chosen pool; a signed-in player plays rated", Palette.quiet).clippedAtWord(to: width))
        }
        return lines
    }

    static func actions(for key: Key) -> [ClientAction] {
        switch key {
        case .up, .character("k"): [.quickPlay(.move(-1))]
        case .down, .character("j"): [.quickPlay(.move(1))]
        case .enter: [.quickPlay(.join)]
        case .character("c"): [.quickPlay(.cancel)]
        case .escape, .character("q"), .character("p"): [.quickPlay(.close)]
        default: []
        }
    }

    static let keys = [KeyHelp("↑↓", "pool"), KeyHelp("Enter", "play"), KeyHelp("c", "stop waiting"), KeyHelp("Esc", "back")]
}
