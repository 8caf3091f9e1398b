import CCurl
import Foundation
import Synchronization

/// Starts and stops the one thread that runs every transfer of a ``CurlHTTPClient``, and hands
/// it requests and cancellations through a ``CurlMailbox``.
///
/// The thread runs a ``CurlEngine``, which is created on it and never leaves it: the multi
/// handle, the easy handles and all per-transfer state are touched by that thread only.
final class CurlDriver: Sendable {
    /// The driver thread's name (visible in `/proc/self/task/*/comm`, debuggers and `top -H`).
    static let threadName = "curl-driver"

    private let mailbox = CurlMailbox()
    private let exited = DispatchSemaphore(value: 0)
    private let lastID = Atomic<UInt64>(0)
    private let stopped = Atomic<Bool>(false)

    /// Starts the driver thread.
    init(configuration: CurlHTTPClient.Configuration) {
        let thread = Thread { [mailbox, exited] in
            Self.nameCurrentThread()
            CurlEngine(configuration: configuration, mailbox: mailbox).run()
            exited.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Names the calling OS thread. (Foundation's `Thread.name`, set inside the thread, names
    /// the OS thread only if `start()` has already recorded it: a race, lost 1 run in 20 here.)
    private static func nameCurrentThread() {
        _ = ccurl_name_current_thread(threadName)
    }

    /// A new request id, unique for this driver.
    func makeID() -> UInt64 {
        lastID.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Hands `submission` to the driver; answers it with ``NetworkError/cancelled`` if the
    /// driver has stopped already.
    func submit(_ submission: CurlSubmission) {
        if !mailbox.submit(submission) {
            submission.continuation.resume(returning: .failure(.cancelled))
        }
    }

    /// Cancels request `id`, whether waiting for a slot or in flight; ignored once it finished.
    func cancel(_ id: UInt64) {
        mailbox.cancel(id)
    }

    /// Stops the thread: requests still open end with ``NetworkError/cancelled``, connections
    /// close. Waits (at most 5 s) until the thread has ended, unless called on it. Idempotent.
    func shutdown() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let onDriverThread = mailbox.stop()
        if !onDriverThread {
            _ = exited.wait(timeout: .now() + 5)
        }
    }
}
