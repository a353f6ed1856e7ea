/// The player's choices that outlive a run of the client (kept by ``SettingsStore``).
public struct ClientSettings: Equatable, Sendable {
    /// Klondike: play each card that can safely go home as soon as it can (on by default, as
    /// most solitaires do; `A` toggles it).
    public var klondikeAutoPlay = true

    /// The defaults.
    public init() {}
}
