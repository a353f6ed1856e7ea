import Wire
/// Pieces every screen shares: the title bar, the status line, the input line and the help line.
enum ScreenParts {
    /// The inverse bar across the top: `left` at the start, `right` at the end.
    static func titleBar(_ left: String, _ right: String, width: Int) -> StyledLine {
        let line = StyledLine.spread(StyledLine(" " + left, Palette.titleBar), StyledLine(right + " ", Palette.titleBar), width: width)
        var bar = StyledLine()
        for span in line.spans { bar.append(span.text, Palette.titleBar) }
        return bar
    }

    /// The status line: a lost connection, else a flash, else the status message, else blank.
    static func statusLine(_ model: ClientModel, now: Int) -> StyledLine {
        if case .lost(let reason) = model.link {
            // The most useful first: a narrow terminal loses whole parts from the end.
            var line = StyledLine(" connection lost: \(reason)", Palette.notice(.bad))
            if let at = model.retryAt {
                line.append(" · retrying in \(max(1, (at - now + 999) / 1000)) s", Palette.quiet)
            }
            if model.failedAttempts > 0 {
                line.append(" · attempt \(model.failedAttempts) failed", Palette.quiet)
            }
            if model.room?.phase == .playing { line.append(" · game clock paused", Palette.quiet) }
            return line
        }
        if let question = model.question {
            return StyledLine(" " + question.text + " ", Palette.notice(.bad)) + KeyHelp.line(questionKeys(question))
        }
        if model.link == .connecting, model.session != nil {
            return StyledLine(model.failedAttempts > 0 ? " reconnecting… (attempt \(model.failedAttempts + 1))" : " reconnecting…", Palette.notice(.neutral))
        }
        for notice in [model.flash, model.status].compactMap({ $0 }) where notice.isShowing(at: now) {
            return StyledLine(" " + notice.text, Palette.notice(notice.tone))
        }
        // A replay or the records screen is not the room's game (Enter replays there): the rematch note waits.
        if model.viewer == nil, model.records == nil, let room = model.room, let note = rematchNote(room, me: model.me) {
            return StyledLine(" " + note.text, Palette.notice(note.tone))
        }
        return StyledLine()
    }

    /// The line being typed: its label, the text and a block cursor; the text's end stays in view.
    static func promptLine(_ prompt: Prompt, width: Int) -> StyledLine {
        let label = " " + prompt.kind.label
        let room = max(2, width - DisplayWidth.of(label) - 1)
        // A password is never drawn: a dot a character.
        let characters = prompt.kind == .password ? Array(repeating: Character("•"), count: prompt.text.count) : Array(prompt.text)
        let at = min(prompt.cursor, characters.count)
        // Scroll so the cursor stays in view: drop from the start while the text up to the cursor is too wide.
        var start = 0
        while start < at, DisplayWidth.of(String(characters[start..<at])) >= room { start += 1 }
        var end = at
        while end < characters.count, DisplayWidth.of(String(characters[start...end])) < room { end += 1 }
        let before = String(characters[start..<at])
        let under = at < characters.count ? String(characters[at]) : " "
        let after = at + 1 <= end ? String(characters[min(at + 1, end)..<end]) : ""
        return StyledLine(label, Palette.heading) + StyledLine(before) + StyledLine(under, Palette.cursor) + StyledLine(after)
    }

    /// The one-line key help at the bottom.
    static func helpLine(_ entries: [KeyHelp]) -> StyledLine {
        KeyHelp.line(entries).indented(by: 1)
    }

    /// After a game: who offered a rematch, and what Enter does; nil for a spectator or during play.
    static func rematchNote(_ room: RoomModel, me: String?) -> (text: String, tone: Notice.Tone)? {
        guard room.phase == .over, !room.isSpectator, let state = room.state else { return nil }
        let votes = state.rematchVotes
        let others = state.players.filter { $0.name != me && $0.connected }.map(\.name)
        if let me, votes.contains(me) {
            let waiting = others.filter { !votes.contains($0) }
            return ("you offered a rematch" + (waiting.isEmpty ? "" : " · waiting for " + waiting.joined(separator: ", ")), .neutral)
        }
        if votes.isEmpty { return (others.isEmpty ? "game over · Enter plays again" : "game over · Enter offers a rematch", .neutral) }
        let who = votes.joined(separator: " and ")
        return ("\(who) \(votes.count == 1 ? "wants" : "want") a rematch · Enter to accept", .good)
    }

    /// The keys while a question waits.
    static func questionKeys(_ question: Question) -> [KeyHelp] {
        [KeyHelp("y", question.yes), KeyHelp("n", question.no)]
    }

    /// The keys while the connection is lost.
    static let offlineKeys = [KeyHelp("r", "retry now"), KeyHelp("q", "quit")]

    /// The keys while typing.
    static func promptKeys(_ prompt: Prompt) -> [KeyHelp] {
        [KeyHelp("Enter", prompt.kind == .chat ? "send" : "ok"), KeyHelp("Esc", prompt.kind.escapeQuits ? "quit" : "cancel")]
    }

    /// A list of keys, for the `?` screen: a heading, then one key a line, a long description
    /// going on under itself; the gap under the heading goes when `rows` are too few for it.
    static func keyList(_ entries: [KeyHelp], width: Int = .max, rows: Int = .max) -> [StyledLine] {
        let keyWidth = entries.map { DisplayWidth.of($0.key) }.max() ?? 0
        let indent = 4 + keyWidth + 3
        var list: [StyledLine] = []
        for entry in entries {
            let key = StyledLine(entry.key, Palette.key).padded(to: keyWidth + 3).indented(by: 4)
            // The last column stays free: a line reaching it reads as one cut short.
            let words = width == .max ? [StyledLine(entry.does)] : StyledLine(entry.does).wrapped(to: max(10, width - indent - 1), indent: 0)
            for (index, part) in words.enumerated() {
                list.append((index == 0 ? key : StyledLine.blank(indent)) + part)
            }
        }
        let heading = StyledLine("  Keys", Palette.heading) + StyledLine("  (any key closes this list)", Palette.quiet)
        return [heading] + (list.count + 2 <= rows ? [StyledLine()] : []) + list
    }

    /// The notice shown instead of a screen that does not fit.
    static func tooSmall(need: ScreenSize, size: ScreenSize) -> [StyledLine] {
        let notice = StyledLine("terminal too small (need \(need.width)×\(need.height))", Palette.notice(.bad))
        var lines = Array(repeating: StyledLine(), count: max(0, (size.height - 1) / 2))
        lines.append(notice.centered(in: size.width))
        return lines
    }
}
