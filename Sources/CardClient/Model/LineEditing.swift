/// An edit of the input line, as a good IRC client's: the cursor moves with ←/→/Home/End
/// (Ctrl-A, Ctrl-E), Backspace and Delete remove a character either side of it, Ctrl-W the
/// word before it, Ctrl-U the whole line.
public enum LineEdit: Equatable, Sendable {
    case insert(Character)
    case backspace, deleteForward, deleteWord, clear
    case left, right, home, end
}

extension Prompt {
    /// The prompt after `edit`, its text kept within `limit` characters.
    public func applying(_ edit: LineEdit, limit: Int) -> Prompt {
        var characters = Array(text)
        var at = min(cursor, characters.count)
        switch edit {
        case .insert(let character):
            guard characters.count < limit else { return self }
            characters.insert(character, at: at)
            at += 1
        case .backspace:
            guard at > 0 else { return self }
            characters.remove(at: at - 1)
            at -= 1
        case .deleteForward:
            guard at < characters.count else { return self }
            characters.remove(at: at)
        case .deleteWord:
            var start = at
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<at)
            at = start
        case .clear:
            characters = []
            at = 0
        case .left: at = max(0, at - 1)
        case .right: at = min(characters.count, at + 1)
        case .home: at = 0
        case .end: at = characters.count
        }
        var edited = Prompt(kind, text: String(characters))
        edited.cursor = at
        return edited
    }
}
