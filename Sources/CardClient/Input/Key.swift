/// One key press, as the client understands it.
public enum Key: Equatable, Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space, any Unicode text).
    case character(Character)
    /// Enter (Return).
    case enter
    /// Escape on its own.
    case escape
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Tab.
    case tab
    /// The Delete key (forward delete).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Ctrl with a letter, e.g. `.control("c")` for Ctrl-C (raw mode delivers it as a byte).
    case control(Character)
    /// A left-button click at this cell, counted from 0 (SGR 1006 mouse reporting): the press.
    case click(column: Int, row: Int)
    /// The left button let go at this cell, after a ``click`` here or elsewhere (a drag).
    case release(column: Int, row: Int)

    /// Ctrl-C.
    public static let interrupt = Key.control("c")
}
