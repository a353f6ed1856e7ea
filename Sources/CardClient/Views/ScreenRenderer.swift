import Wire
/// Draws the whole screen: a pure function from the model, the terminal's size, the time and
/// colour on or off to exactly `size.height` lines of exactly `size.width` cells.
public enum ScreenRenderer {
    /// The screen's lines.
    /// - Parameters:
    ///   - model: what the client knows.
    ///   - size: the terminal's size.
    ///   - color: whether colour is on.
    ///   - now: the client's clock in milliseconds.
    public static func render(_ model: ClientModel, size: ScreenSize, color: Bool, now: Int) -> [StyledLine] {
        // Offline, countdowns stop where they were: the status line says why.
        let clock = model.isOffline ? min(now, model.lostAt ?? now) : now
        let context = ViewContext(size: size, now: clock, color: color, me: model.me, settings: model.settings)
        let need = minimumSize(for: model)
        let lines: [StyledLine]
        if !size.holds(need) {
            lines = ScreenParts.tooSmall(need: need, size: size)
        } else if let viewer = model.viewer {
            lines = ReplayView.render(model, viewer: viewer, context: context)
        } else if let room = model.room {
            lines = RoomChrome.render(model, room: room, context: context)
        } else if model.screen == .lobby {
            lines = LobbyView.render(model, context: context)
        } else {
            lines = WelcomeView.render(model, context: context)
        }
        // A line too long for the terminal ends at a word with "…", never mid-word.
        let rows = lines.prefix(size.height).map { $0.clippedAtWord(to: size.width).padded(to: size.width) }
        return rows + Array(repeating: StyledLine.blank(size.width), count: max(0, size.height - rows.count))
    }

    /// Whether the screen changes with time alone (a countdown), not only when the model changes.
    public static func isTimed(_ model: ClientModel) -> Bool {
        // The countdown to the next connection attempt.
        if model.isOffline, model.retryAt != nil { return true }
        return model.room.map { GameViews.view(for: $0.game).isTimed($0) } ?? false
    }

    /// The smallest terminal the current screen fits.
    public static func minimumSize(for model: ClientModel) -> ScreenSize {
        if let viewer = model.viewer { return ReplayView.minimumSize(for: viewer) }
        return switch model.screen {
        case .room: model.room.map(RoomChrome.minimumSize(for:)) ?? WelcomeView.minimumSize
        case .lobby: LobbyView.minimumSize
        case .connecting, .naming: WelcomeView.minimumSize
        }
    }
}
