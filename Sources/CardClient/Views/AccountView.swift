import Wire

/// The account screen: who is signed in, the account's sessions (where and when each was last
/// used, which is this client's) and its API tokens, the chosen row marked; a token just made
/// is shown in full this once.
public enum AccountView {
    /// The lines of the screen's body, at most `rows` of them.
    static func lines(_ page: AccountPage, account: AccountInfo?, width: Int, rows: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let account {
            var head = StyledLine("  Account  ", Palette.heading) + StyledLine(account.name, Palette.strong)
            head.append(" · made " + when(Int(account.createdMs)), Palette.quiet)
            if account.bot { head.append(" · a bot's account", Palette.quiet) }
            lines.append(head.clippedAtWord(to: width))
        }
        if let made = page.madeToken {
            lines.append(StyledLine("  New token \(made.label): ", Palette.heading) + StyledLine(made.token, Palette.strong))
            lines.append(StyledLine("    shown this once: copy it now (the server keeps only its hash)", Palette.notice(.bad)).clippedAtWord(to: width))
        }
        guard let sessions = page.sessions, let tokens = page.tokens else {
            lines.append(StyledLine("    asking the server…", Palette.quiet))
            return lines
        }
        // The list scrolls to keep the cursor in view, below the two headings.
        let listRows = max(2, rows - lines.count - 3)
        let all = page.rows
        let top = page.cursor >= listRows ? page.cursor - listRows + 1 : 0
        var shown = all.indices.dropFirst(top).prefix(listRows).makeIterator()
        lines.append(StyledLine())
        lines.append(StyledLine("  Sessions (\(sessions.count))", Palette.heading) + StyledLine("  each sign-in with the password is one", Palette.quiet))
        var sessionsDone = false
        while let index = shown.next() {
            if index >= sessions.count, !sessionsDone {
                sessionsDone = true
                lines.append(tokensHeading(tokens.count))
            }
            lines.append(row(all[index], chosen: index == page.cursor, width: width))
        }
        if !sessionsDone { lines.append(tokensHeading(tokens.count)) }
        if tokens.isEmpty { lines.append(StyledLine("    none yet: t makes one for a bot", Palette.quiet)) }
        return lines
    }

    private static func tokensHeading(_ count: Int) -> StyledLine {
        StyledLine("  API tokens (\(count))", Palette.heading) + StyledLine("  a bot signs in with one", Palette.quiet)
    }

    private static func row(_ row: AccountPage.Row, chosen: Bool, width: Int) -> StyledLine {
        let text: String
        var style = Style.plain
        switch row {
        case .session(let session):
            let name = session.current ? "this client" : session.id.prefix(8) + "…"
            // 80 columns hold the whole row: 4 + 13 + 19 + 18 + 20 + "online".
            var parts = [cell(String(name), 13), cell("since " + when(Int(session.createdMs)), 19)]
            if let seen = session.lastSeenMs {
                parts.append(cell("seen " + when(Int(seen)), 18))
                parts.append(cell([session.transport, session.address].compactMap { $0 }.joined(separator: " "), 20))
            } else {
                parts.append(cell("not used since the server started", 38))
            }
            if session.connected { parts.append("online") }
            text = parts.joined()
            if session.current { style = Palette.strong }
        case .token(let token):
            let used = token.lastUsedMs.map { "used " + when(Int($0)) } ?? "not used since the server started"
            text = cell(token.label, 22) + cell("made " + when(Int(token.createdMs)), 19) + used
        }
        let line = chosen ? StyledLine("  ▸ ", Palette.key) + StyledLine(text, chosen ? Palette.strong : style) : StyledLine("    ") + StyledLine(text, style)
        return line.clippedAtWord(to: width)
    }

    private static func cell(_ text: String, _ width: Int) -> String {
        StyledLine(text).clipped(to: width - 1).padded(to: width).plainText
    }

    private static func when(_ milliseconds: Int) -> String {
        RecordsView.dateText(milliseconds: milliseconds, utcOffsetSeconds: RecordsView.localOffset(at: milliseconds))
    }

    /// What a key does on the account screen.
    static func actions(for key: Key) -> [ClientAction] {
        switch key {
        case .escape, .character("q"), .character("a"): [.account(.close)]
        case .up, .character("k"): [.account(.move(-1))]
        case .down, .character("j"): [.account(.move(1))]
        case .character("x"), .delete: [.account(.endChosen)]
        case .character("t"): [.account(.makeToken)]
        default: [.explain("↑↓ a session or token · x ends it · t makes a token · Esc back")]
        }
    }

    /// The keys while it is open.
    static let keys = [KeyHelp("↑↓", "choose"), KeyHelp("x", "end / revoke"), KeyHelp("t", "new token"), KeyHelp("Esc", "back")]
}
