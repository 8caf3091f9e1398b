import CCurl
import Foundation
import Synchronization

/// Where other threads leave work for the driver thread, and how they wake it.
///
/// `send` posts submissions, cancellation handlers post ids, `deinit` posts the stop; each post
/// calls `curl_multi_wakeup` under the lock, so the driver, asleep in `curl_multi_poll`, wakes
/// at once and takes everything in one go. The lock also orders every wakeup before the multi
/// handle's cleanup (``detach()`` clears the wakeup first).
final class CurlMailbox: Sendable {
    /// What the driver takes in one go.
    struct Contents: Sendable {
        /// New requests, in the order `send` was called.
        var submissions: [CurlSubmission] = []
        /// Ids of requests whose task was cancelled (possibly finished already: then ignored).
        var cancellations: [UInt64] = []
        /// The client is gone: fail what is left and end the thread.
        var stopping = false
    }

    private struct State {
        var contents = Contents()
        var wakeup: CurlWakeup?
        var driverThread: ObjectIdentifier?
        var closed = false
    }

    private let state = Mutex(State())

    /// Posts a request. Returns `false` when the driver has already stopped (the caller must
    /// answer the submission itself).
    func submit(_ submission: CurlSubmission) -> Bool {
        state.withLock { state in
            guard !state.closed, !state.contents.stopping else { return false }
            state.contents.submissions.append(submission)
            state.wakeup?.wake()
            return true
        }
    }

    /// Posts the cancellation of request `id`.
    func cancel(_ id: UInt64) {
        state.withLock { state in
            guard !state.closed else { return }
            state.contents.cancellations.append(id)
            state.wakeup?.wake()
        }
    }

    /// Asks the driver to stop. Returns whether the caller is the driver thread itself (which
    /// then must not wait for its own end).
    func stop() -> Bool {
        state.withLock { state in
            state.contents.stopping = true
            state.wakeup?.wake()
            return state.driverThread == ObjectIdentifier(Thread.current)
        }
    }

    /// Driver thread: makes the multi handle wakeable and records the driver thread.
    func attach(_ wakeup: CurlWakeup) {
        state.withLock { state in
            state.wakeup = wakeup
            state.driverThread = ObjectIdentifier(Thread.current)
        }
    }

    /// Driver thread: everything posted since the last call.
    func take() -> Contents {
        state.withLock { state in
            let contents = state.contents
            state.contents = Contents(stopping: state.contents.stopping)
            return contents
        }
    }

    /// Driver thread, before `curl_multi_cleanup`: no more wakeups, no more posts; returns what
    /// was posted since the last ``take()``.
    func detach() -> Contents {
        state.withLock { state in
            state.wakeup = nil
            state.closed = true
            let contents = state.contents
            state.contents = Contents(stopping: true)
            return contents
        }
    }
}

/// The one libcurl call other threads may make on the driver's multi handle.
///
/// `@unchecked Sendable`: it wraps a `CURLM *` (a raw pointer, not `Sendable`) but exposes only
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread while another thread
/// sits in `curl_multi_poll`. It lives only inside ``CurlMailbox``'s lock, which the driver
/// clears (``CurlMailbox/detach()``) before `curl_multi_cleanup`, so no wakeup can reach a freed
/// handle.
struct CurlWakeup: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer

    /// Wraps the driver's multi handle.
    init(_ multi: UnsafeMutableRawPointer) {
        self.multi = multi
    }

    /// Interrupts `curl_multi_poll` (or makes its next call return at once).
    func wake() {
        _ = curl_multi_wakeup(multi)
    }
}
