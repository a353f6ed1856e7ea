/// A test's own failure: a server that did not start, a line that did not come.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
