/// A run of text in one style.
public struct Span: Equatable, Sendable {
    /// The text; no newlines or control characters.
    public private(set) var text: String
    /// How it looks.
    public var style: Style

    /// Makes a span. Control characters (a newline, an escape sequence in someone's chat line)
    /// become `�`, so text from other people can never move the cursor or restyle the terminal.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = Self.isClean(text) ? text : String(text.map { Self.isControl($0) ? "\u{FFFD}" : $0 })
        self.style = style
    }

    /// Adds the text of a span already made clean.
    mutating func extend(with other: Span) {
        text += other.text
    }

    private static func isClean(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            // C0 controls and DEL; C1 controls are U+0080-U+009F, encoded C2 80 to C2 9F.
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return false }
            previous = byte
        }
        return true
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }
}

/// One line of the screen: styled spans, left to right. Views build these; the encoder turns
/// them into ANSI text, and tests read their ``plainText``.
public struct StyledLine: Equatable, Sendable {
    /// The spans in order.
    public private(set) var spans: [Span]

    /// Makes a line of spans; empty spans are dropped and neighbours of one style merged.
    public init(_ spans: [Span] = []) {
        self.spans = []
        for span in spans { append(span) }
    }

    /// Makes a line of one span.
    public init(_ text: String, _ style: Style = .plain) {
        self.init([Span(text, style)])
    }

    /// A line of `width` spaces.
    public static func blank(_ width: Int) -> StyledLine {
        StyledLine(String(repeating: " ", count: max(0, width)))
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The cells the line takes.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Adds a span at the end, merging it into the last one when the style is the same.
    public mutating func append(_ span: Span) {
        guard !span.text.isEmpty else { return }
        if let last = spans.last, last.style == span.style {
            spans[spans.count - 1].extend(with: span)
        } else {
            spans.append(span)
        }
    }

    /// Adds text in a style at the end.
    public mutating func append(_ text: String, _ style: Style = .plain) {
        append(Span(text, style))
    }

    /// Adds another line's spans at the end.
    public mutating func append(_ line: StyledLine) {
        for span in line.spans { append(span) }
    }

    /// Two lines one after the other.
    public static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    /// The line cut to at most `width` cells; a wide character that would straddle the edge
    /// becomes a space.
    public func truncated(to width: Int) -> StyledLine {
        var result = StyledLine()
        var used = 0
        for span in spans {
            var kept = ""
            for character in span.text {
                let cells = DisplayWidth.of(character)
                if used + cells > width {
                    if used < width { kept.append(" ") }
                    result.append(kept, span.style)
                    return result
                }
                kept.append(character)
                used += cells
            }
            result.append(kept, span.style)
        }
        return result
    }

    /// The line with plain spaces added on the right up to `width` cells (never cut).
    public func padded(to width: Int) -> StyledLine {
        var result = self
        result.append(String(repeating: " ", count: max(0, width - self.width)))
        return result
    }

    /// The line broken into lines of at most `width` cells, at spaces where it can; lines after
    /// the first start with `indent` spaces.
    public func wrapped(to width: Int, indent: Int = 2) -> [StyledLine] {
        guard width > indent + 1, self.width > width else { return [self] }
        var lines: [StyledLine] = []
        var current = StyledLine()
        var used = 0
        for span in spans {
            for character in span.text {
                let cells = DisplayWidth.of(character)
                if used + cells > width {
                    // Break at the last space of the line when there is one in its second half.
                    var carried = StyledLine()
                    let text = current.plainText
                    if let space = text.lastIndex(of: " "), text.distance(from: text.startIndex, to: space) > width / 2 {
                        let kept = current.truncated(to: DisplayWidth.of(String(text[..<space])))
                        carried = StyledLine(String(text[text.index(after: space)...]), span.style)
                        current = kept
                    }
                    lines.append(current)
                    current = StyledLine.blank(indent) + carried
                    used = current.width
                }
                current.append(String(character), span.style)
                used += cells
            }
        }
        lines.append(current)
        return lines
    }

    /// The line cut to `width` cells with "…" as its last cell when it is longer; as it is otherwise.
    public func clipped(to width: Int) -> StyledLine {
        guard self.width > width else { return self }
        guard width > 1 else { return truncated(to: width) }
        return truncated(to: width - 1) + StyledLine("…", spans.last?.style ?? .plain)
    }

    /// The line cut at a word boundary to fit `width` cells, with "…" for what was cut; as
    /// it is when it fits. A list of parts (`a · b · c`) loses whole parts when the last
    /// " · " is in the second half; a line with no space at all is cut where it must be.
    public func clippedAtWord(to width: Int) -> StyledLine {
        guard self.width > width else { return self }
        guard width > 1 else { return truncated(to: width) }
        let text = truncated(to: width - 1).plainText
        let full = plainText
        // Where the cut falls inside a word, go back to the space before it.
        var keep = text.count
        let nextIndex = full.index(full.startIndex, offsetBy: text.count, limitedBy: full.endIndex) ?? full.endIndex
        if nextIndex < full.endIndex, full[nextIndex] != " " {
            if let separator = text.ranges(of: " · ").last, text.distance(from: text.startIndex, to: separator.lowerBound) > width / 2 {
                keep = text.distance(from: text.startIndex, to: separator.lowerBound)
            } else if let space = text.lastIndex(of: " "), space > text.startIndex {
                keep = text.distance(from: text.startIndex, to: space)
            }
        }
        var kept = String(text.prefix(keep))
        while kept.hasSuffix(" ") || kept.hasSuffix("·") { kept.removeLast() }
        // "word…" would read as a word cut short: one word fewer, so " …" fits after a whole one.
        if DisplayWidth.of(kept) + 2 > width, let space = kept.lastIndex(of: " "), space > kept.startIndex {
            kept = String(kept[..<space])
            while kept.hasSuffix(" ") || kept.hasSuffix("·") { kept.removeLast() }
        }
        let keptWidth = DisplayWidth.of(kept)
        let ellipsis = keptWidth == 0 || keptWidth + 2 > width ? "…" : " …"
        return truncated(to: keptWidth) + StyledLine(ellipsis, spans.last?.style ?? .plain)
    }

    /// The line cut or padded to exactly `width` cells.
    public func fitted(to width: Int) -> StyledLine {
        truncated(to: width).padded(to: width)
    }

    /// The line with `count` plain spaces in front.
    public func indented(by count: Int) -> StyledLine {
        StyledLine.blank(count) + self
    }

    /// `left`, then `right` flush with the right edge of `width` cells; `right` is dropped when both do not fit.
    public static func spread(_ left: StyledLine, _ right: StyledLine, width: Int) -> StyledLine {
        let gap = width - left.width - right.width
        guard gap >= 1 else { return left.fitted(to: width) }
        return left + .blank(gap) + right
    }

    /// The line centred in `width` cells (cut when wider).
    public func centered(in width: Int) -> StyledLine {
        let margin = max(0, (width - self.width) / 2)
        return indented(by: margin).fitted(to: width)
    }
}
