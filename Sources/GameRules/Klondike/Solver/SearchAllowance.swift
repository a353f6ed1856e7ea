/// What a depth-first search of the solver may still spend: positions, time, and whether
/// another search running at the same time has decided the game. Shared by both searches.
struct SearchAllowance {
    /// Positions visited so far.
    private(set) var nodes = 0
    /// Whether the search stopped for want of allowance (or was stopped): then its end proves nothing.
    private(set) var ranOut = false
    private let nodeLimit: Int
    private let clock = ContinuousClock()
    private let deadline: ContinuousClock.Instant?
    private let stop: KlondikeSolver.StopSignal?

    /// - Parameters:
    ///   - nodeLimit: positions to visit at most.
    ///   - deadline: when to stop, if ever.
    ///   - stop: ends the search when raised, as running out does.
    init(nodeLimit: Int, deadline: ContinuousClock.Instant?, stop: KlondikeSolver.StopSignal?) {
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
        if nodes & 1023 == 0, stop?.isRaised == true || deadline.map({ clock.now >= $0 }) == true { ranOut = true }
        return !ranOut
    }
}

extension KeyTable {
    /// SplitMix64's finaliser: spreads every input bit over the whole word, for position keys.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
