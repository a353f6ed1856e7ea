import SystemCall
import Wire

/// The player's settings in `settings.json` in the client's state directory:
/// `{"klondike_auto_play":false}`; a setting missing from the file keeps its default.
public struct SettingsStore: Sendable {
    private let file: StateFile

    /// A store in `directory` (the same state directory as ``SessionStore``).
    public init(directory: String) {
        file = StateFile(directory: directory, name: "settings.json")
    }

    /// The settings kept; the defaults when there is no file.
    public func load() -> ClientSettings {
        var settings = ClientSettings()
        if let autoPlay = file.read()["klondike_auto_play"]?.boolValue { settings.klondikeAutoPlay = autoPlay }
        return settings
    }

    /// Keeps the settings for next time.
    /// - Throws: ``SystemError`` when the file cannot be written.
    public func save(_ settings: ClientSettings) throws(SystemError) {
        try file.write(["klondike_auto_play": .bool(settings.klondikeAutoPlay)])
    }
}
