import Wire

/// The replay viewer's model: a finished game opened from the records screen, stepped
/// through one input at a time; each step's state is asked of the server as it is shown.
extension ClientModel {
    mutating func replayArrived(_ replay: GameReplay) {
        viewer = ReplayViewer(replay: replay)
    }

    mutating func replayFrameArrived(_ frame: ReplayFrame) {
        guard viewer?.replay.gameID == frame.gameID else { return }
        viewer?.frame = frame
    }
}

/// What the replay viewer shows: the game's record and the frame (state) of the step on screen.
public struct ReplayViewer: Equatable, Sendable {
    public let replay: GameReplay
    /// The step on screen: 0 for the deal.
    public var step = 0
    /// The last frame the server sent (it may lag `step` by a round trip).
    public var frame: ReplayFrame?

    public init(replay: GameReplay) {
        self.replay = replay
    }
}
