/// Turns styled lines into the text a terminal understands.
public enum ANSIEncoder {
    /// The escape character that starts every control sequence.
    static let escape = "\u{1B}"

    /// One line as terminal text, starting in column 1.
    ///
    /// With `color`, each styled span is `ESC[<params>m` + text + `ESC[0m`; without it, styles
    /// are dropped. After a character whose width terminals disagree on (see
    /// ``DisplayWidth/isAmbiguous(_:)``) the cursor is moved to the column layout expects (`ESC[<n>G`),
    /// so what follows lines up everywhere.
    /// - Parameters:
    ///   - line: the line to encode.
    ///   - color: whether to write colours and attributes.
    public static func encode(_ line: StyledLine, color: Bool) -> String {
        var output = ""
        var column = 1
        for span in line.spans {
            let styled = color && !span.style.isPlain
            if styled { output += "\(escape)[\(span.style.sgrParameters)m" }
            for character in span.text {
                output.append(character)
                column += DisplayWidth.of(character)
                if DisplayWidth.isAmbiguous(character) {
                    output += "\(escape)[\(column)G"
                }
            }
            if styled { output += "\(escape)[0m" }
        }
        return output
    }
}
