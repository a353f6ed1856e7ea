import Wire
/// The time left of a round or a turn, as the screens show it.
enum Countdown {
    /// Blocks in a countdown bar.
    static let barWidth = 10

    /// The milliseconds left, as of `now`, of a countdown the room's last state
    /// reported `timeLeftMs` of.
    static func remaining(_ timeLeftMs: Int, in room: RoomModel, now: Int) -> Int {
        max(0, timeLeftMs - (now - room.stateReceivedAt))
    }

    /// Whole seconds, rounded up: a countdown shows 1 s until it is over.
    static func seconds(_ milliseconds: Int) -> Int {
        (milliseconds + 999) / 1000
    }

    /// `██████░░░░ 17 s`: the share left of `totalSeconds`, then the seconds, padded
    /// to the width of `totalSeconds`. Amber from `warning` seconds down, red from `urgent`.
    static func bar(remaining: Int, totalSeconds: Int, warning: Int, urgent: Int) -> StyledLine {
        let seconds = seconds(remaining)
        let total = max(1, totalSeconds * 1000)
        let filled = min(barWidth, (remaining * barWidth + total - 1) / total)
        let tone: Notice.Tone = seconds <= urgent ? .bad : seconds <= warning ? .neutral : .good
        return StyledLine(String(repeating: "█", count: filled), Palette.notice(tone))
            + StyledLine(String(repeating: "░", count: barWidth - filled), Palette.quiet)
            + StyledLine(" " + padded(seconds, like: totalSeconds) + " s", seconds <= urgent ? Palette.notice(.bad) : Palette.strong)
    }

    /// `number` right-aligned in as many cells as `widest` takes, so the countdown does not jump.
    private static func padded(_ number: Int, like widest: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, String(widest).count - text.count)) + text
    }
}
