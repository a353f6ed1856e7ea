import SystemCall

/// A failed system call of the Network module: the one error type of every program here.
public typealias NetworkError = SystemError
