import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One request of a ``URLSessionHTTPClient`` in flight: gathers what the session delegate
/// reports, keeps the deadlines and the byte limit the session does not keep on Linux, and
/// resumes its caller exactly once.
///
/// Whatever ends the request first wins — the session's completion, the watchdog (deadlines),
/// the byte limit, or the caller's cancellation — and the others become no-ops. A verdict of our
/// own (timed out, too large, cancelled) resumes the caller at once and cancels the data task;
/// the session's late completion is then ignored.
final class URLSessionTransfer: Sendable {
    typealias Outcome = Result<HTTPResponse, NetworkError>

    private let request: HTTPRequest
    private let clock = ContinuousClock()
    private let state: Mutex<State>

    private struct State {
        /// The caller, until resumed.
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        /// Where the task is resumed and cancelled (see ``begin(_:control:makeTask:)``).
        var control: DispatchQueue?
        var watchdog: Task<Void, Never>?
        var response: HTTPURLResponse?
        var body = Data()
        var started: ContinuousClock.Instant
        /// Whether the transfer holds a per-host slot (was handed to the session): only then
        /// does the stall deadline run.
        var admitted = false
        /// The last time anything arrived (response head or body bytes), or the slot was granted.
        var lastActivity: ContinuousClock.Instant
        /// Gives the per-host slot back (or leaves the line); called once, by ``finish(_:)``.
        var leave: (@Sendable () -> Void)?
        /// Set once; later events are ignored.
        var outcome: Outcome?
    }

    init(request: HTTPRequest) {
        self.request = request
        let now = clock.now
        state = Mutex(State(started: now, lastActivity: now))
    }

    // MARK: Lifecycle

    /// Registers the caller, starts the total deadline, and takes a slot of `host` in `slots`
    /// (or waits for one); with the slot, starts the stall deadline and asks `control` to create
    /// and resume the data task `makeTask` makes — unless the transfer has already ended
    /// (cancelled before it began), in which case the caller is resumed at once.
    ///
    /// A request waiting for a slot has only its total deadline: the stall clock starts when the
    /// slot is granted, so queued requests do not time out for the time they waited.
    ///
    /// The session is only touched on `control`: `dataTask(with:)`, `resume()` and `cancel()`
    /// each wait (`DispatchQueue.sync`) for the session's work queue, and a body arriving in
    /// bursts (a paced chunked body) keeps that queue busy until it ends. Waiting there on the
    /// delegate queue stopped delivery while libcurl kept queueing chunks (gigabytes within
    /// seconds); waiting on the cooperative pool held one of its two threads, and the watchdogs
    /// fired seconds late. On `control` the wait blocks only this client's later starts and
    /// cancels, which could not proceed anyway, while every deadline still fires on time.
    func begin(
        _ continuation: CheckedContinuation<Outcome, Never>, control: DispatchQueue, slots: URLSessionHostSlots, host: String,
        makeTask: @escaping @Sendable () -> URLSessionDataTask
    ) {
        let id = ObjectIdentifier(self)
        let start: @Sendable () -> Void = { [self] in admit(control: control, makeTask: makeTask) }
        let begun: (earlier: Outcome?, granted: Bool) = state.withLock { state in
            if let outcome = state.outcome { return (outcome, false) }
            state.continuation = continuation
            state.started = clock.now
            state.lastActivity = state.started
            state.watchdog = Task { [self] in await watch() }
            // In the same locked step as `leave`, so a `finish` always finds the slot to give back.
            state.leave = { slots.leave(host, id: id) }
            return (nil, slots.enter(host, id: id, start: start))
        }
        if let earlier = begun.earlier {
            continuation.resume(returning: earlier)
            return
        }
        if begun.granted { start() }
    }

    /// The transfer has its per-host slot: the stall clock starts (the watchdog is restarted to
    /// watch it), and `control` creates and resumes the data task.
    private func admit(control: DispatchQueue, makeTask: @escaping @Sendable () -> URLSessionDataTask) {
        let admitted = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            state.admitted = true
            state.lastActivity = clock.now
            state.watchdog?.cancel()
            state.watchdog = Task { [self] in await watch() }
            return true
        }
        guard admitted else { return }
        control.async { [self] in
            guard state.withLock({ $0.outcome == nil }) else { return }
            let task = makeTask()
            let stillWanted = state.withLock { state -> Bool in
                guard state.outcome == nil else { return false }
                state.task = task
                state.control = control
                return true
            }
            // Ended while the task was made: `finish` saw no task to cancel, so cancel it here.
            stillWanted ? task.resume() : task.cancel()
        }
    }

    /// Ends the transfer with `outcome` unless it has already ended: resumes the caller, stops
    /// the watchdog and, for a failure, cancels the data task (on the control queue).
    func finish(_ outcome: Outcome) {
        typealias Ended = (
            CheckedContinuation<Outcome, Never>?, URLSessionDataTask?, DispatchQueue?, Task<Void, Never>?, (@Sendable () -> Void)?
        )
        let ended = state.withLock { state -> Ended? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.body = Data()
            defer {
                state.continuation = nil
                state.leave = nil
            }
            return (state.continuation, state.task, state.control, state.watchdog, state.leave)
        }
        guard let (continuation, task, control, watchdog, leave) = ended else { return }
        watchdog?.cancel()
        leave?()
        if case .failure = outcome, let task, let control {
            control.async { task.cancel() }
        }
        continuation?.resume(returning: outcome)
    }

    // MARK: Session events (on the session's serial delegate queue)

    /// The response head arrived. A declared length over the limit ends the transfer here.
    func received(_ response: URLResponse) {
        guard let response = response as? HTTPURLResponse else {
            finish(.failure(.invalidResponse))
            return
        }
        let verdict = state.withLock { state -> NetworkError? in
            guard state.outcome == nil else { return nil }
            state.response = response
            state.lastActivity = clock.now
            guard request.expectsBody, response.expectedContentLength > Int64(request.byteLimit) else { return nil }
            return overLimitError(status: response.statusCode)
        }
        if let verdict { finish(.failure(verdict)) }
    }

    /// Body bytes arrived. Bytes past the limit end the transfer; nothing past it is kept.
    func received(_ data: Data) {
        let verdict = state.withLock { state -> NetworkError? in
            guard state.outcome == nil else { return nil }
            state.lastActivity = clock.now
            guard state.body.count + data.count <= request.byteLimit else {
                return overLimitError(status: state.response?.statusCode)
            }
            state.body.append(data)
            return nil
        }
        if let verdict { finish(.failure(verdict)) }
    }

    /// The session finished the task, with `error` or with the whole response; `taskResponse`
    /// is the task's own record of the response, in case no response event came.
    func completed(error: (any Error)?, taskResponse: URLResponse?) {
        if let error {
            finish(.failure(NetworkError(sessionError: error)))
            return
        }
        let (received, body) = state.withLock { state in (state.response, state.body) }
        guard let response = received ?? taskResponse as? HTTPURLResponse else {
            finish(.failure(.invalidResponse))
            return
        }
        guard request.acceptableStatus.contains(response.statusCode) else {
            finish(.failure(.httpStatus(response.statusCode)))
            return
        }
        finish(.success(HTTPResponse(
            url: response.url ?? request.url, status: response.statusCode, headers: Self.headers(of: response),
            body: body)))
    }

    // MARK: Deadlines

    /// Sleeps until the nearer of the total and the stall deadline, and ends the transfer with
    /// ``NetworkError/timedOut`` when it has passed; activity in between moves the stall deadline.
    private func watch() async {
        while true {
            guard let deadline = state.withLock({ $0.outcome == nil ? nextDeadline(of: $0) : nil }) else { return }
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return  // Finished: `finish` cancelled the watchdog.
            }
            let expired = state.withLock { $0.outcome == nil && clock.now >= nextDeadline(of: $0) }
            if expired {
                finish(.failure(.timedOut))
                return
            }
        }
    }

    /// The total deadline; once the transfer has its slot, the stall deadline too.
    private func nextDeadline(of state: State) -> ContinuousClock.Instant {
        let total = state.started + request.timeouts.total
        return state.admitted ? min(total, state.lastActivity + request.timeouts.stall) : total
    }

    // MARK: Helpers

    /// Too large, unless the status is one the caller does not accept: that is the answer then.
    private func overLimitError(status: Int?) -> NetworkError {
        if let status, !request.acceptableStatus.contains(status) { return .httpStatus(status) }
        return .tooLarge(limit: request.byteLimit)
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name] = value as? String ?? "\(value)"
        }
        return headers
    }
}
