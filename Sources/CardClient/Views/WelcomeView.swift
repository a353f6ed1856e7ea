import Wire
/// The screens before the lobby: connecting to the server, and asking for a name.
public enum WelcomeView {
    /// The smallest terminal these screens fit.
    public static let minimumSize = ScreenSize(width: 40, height: 8)

    /// The connecting or naming screen's lines.
    public static func render(_ model: ClientModel, context: ViewContext) -> [StyledLine] {
        let size = context.size
        var lines = [ScreenParts.titleBar("cardclient", model.serverAddress, width: size.width)]
        lines += Array(repeating: StyledLine(), count: max(0, size.height / 2 - 3))
        if model.showsKeys {
            lines += ScreenParts.keyList([KeyHelp("Enter", "log in with this name"), KeyHelp("Esc", "quit"), KeyHelp("Ctrl-C", "quit")])
        } else if let prompt = model.prompt, prompt.kind == .password, let account = model.accountName {
            lines.append(StyledLine("Sign in to \(account)", Palette.heading).centered(in: size.width))
            lines.append(StyledLine())
            lines.append(ScreenParts.promptLine(prompt, width: min(size.width, 40)).centered(in: size.width))
        } else if let prompt = model.prompt, prompt.kind == .name {
            lines.append(StyledLine("What shall the other players call you?", Palette.heading).centered(in: size.width))
            lines.append(StyledLine())
            lines.append(ScreenParts.promptLine(prompt, width: min(size.width, 40)).centered(in: size.width))
            if !model.savedChoices.isEmpty {
                lines.append(StyledLine())
                let names = model.savedChoices.map(\.name).joined(separator: ", ")
                lines.append(StyledLine("kept on this machine: \(names)", Palette.quiet).clippedAtWord(to: size.width - 2).centered(in: size.width))
                lines.append(StyledLine("type one to take its seat back, or a new name", Palette.quiet).centered(in: size.width))
            }
        } else if model.link == .online, let credentials = model.credentials {
            // A password takes the server a moment to check (0.7 s, longer when it is busy).
            let doing = credentials.register ? "making the account" : "signing in as"
            lines.append(StyledLine("\(doing) \(credentials.name)…", Palette.quiet).centered(in: size.width))
        } else if !model.isOffline {
            lines.append(StyledLine("connecting to \(model.serverAddress)…", Palette.quiet).centered(in: size.width))
        }
        while lines.count < size.height - 2 { lines.append(StyledLine()) }
        lines.append(ScreenParts.statusLine(model, now: context.now))
        let keys = model.isOffline ? ScreenParts.offlineKeys
            : model.prompt.map(ScreenParts.promptKeys) ?? [KeyHelp("q", "quit")]
        lines.append(ScreenParts.helpLine(keys))
        return lines
    }

    /// What a key does while connecting (the name prompt's keys are handled with every prompt).
    public static func actions(for key: Key) -> [ClientAction] {
        switch key {
        case .character("q"), .escape: [.quit]
        default: []
        }
    }
}
