import Glibc

/// A mutex and a condition, the one way the loop and its helper threads share a queue:
/// state is touched only inside ``locked(_:)``, a thread waits inside it with ``wait()``
/// until another changes the state and calls ``broadcast()``. Every waiter checks its own
/// condition again when it wakes, so one condition serves several kinds of waiting.
final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Inside ``locked(_:)``: lets the mutex go until a ``broadcast()`` (or a spurious wake-up).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread waiting in ``wait()``; call it after changing the shared state.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
