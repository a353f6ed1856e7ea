/// What a depth-first search of the solver may still spend: positions, time, and whether
/// another search running at the same time has decided the game. Shared by both searches.
struct SearchAllowance {
    /// Positions visited so far.
    private(set) var nodes = 0
    /// Whether the search stopped for want of allowance (or was stopped): then its end proves nothing.
    private(set) var ranOut = false
    private let nodeLimit: Int
    private let deadline: Deadline?
    private let stop: KlondikeSolver.StopSignal?

    /// - Parameters:
    ///   - nodeLimit: positions to visit at most.
    ///   - deadline: when to stop, if ever.
    ///   - stop: ends the search when raised, as running out does.
    init(nodeLimit: Int, deadline: Deadline?, stop: KlondikeSolver.StopSignal?) {
        self.nodeLimit = nodeLimit
        self.deadline = deadline
        self.stop = stop
    }

    /// Counts one more position; false once the allowance has run out. The clock and the
    /// stop signal are read every 1,024 positions: reading them is dearer than a position.
    @inline(__always)
    mutating func visit() -> Bool {
        nodes += 1
        if nodes > nodeLimit { ranOut = true }
        if nodes & 1023 == 0, stop?.isRaised == true || deadline?.hasPassed == true { ranOut = true }
        return !ranOut
    }
}
