import Foundation

/// Runs a blocking request on a thread of its own and hands its result back.
final class Background<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `value` is written once before `done` is signalled and read only after waiting.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread.
    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            value = work()
            done.signal()
        }
        thread.start()
    }

    /// Waits for the result.
    func wait() -> Value {
        done.wait()
        done.signal()
        return value!
    }

    /// Whether the result is there.
    var isDone: Bool {
        guard done.wait(timeout: .now()) == .success else { return false }
        done.signal()
        return true
    }
}
