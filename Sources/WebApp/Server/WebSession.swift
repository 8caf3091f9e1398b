import Foundation
import Logging

/// One open page: its stream of server-sent events and the animations it has been asked to
/// report the end of. A page reload opens a new session; the old one is closed.
@MainActor
final class WebSession {
    /// The session's id, as the page posts to `/session/{id}/events`: 128 random bits in hex.
    let id: String
    /// The frames for the page, in order; ends when the session closes.
    let frames: AsyncStream<String>
    /// Whether the session was closed (a newer page took over, or the server stops).
    private(set) var isClosed = false

    private let continuation: AsyncStream<String>.Continuation
    private var completions: [Int: @MainActor () -> Void] = [:]
    private var nextCompletion = 1
    private var keepAlive: Task<Void, Never>?
    private let completionTimeout: Duration
    private let logger: Logger

    /// A session whose stream gets a keep-alive comment every `keepAliveInterval`, and whose
    /// animations count as ended after `completionTimeout` when the page never says so.
    init(keepAliveInterval: Duration, completionTimeout: Duration, logger: Logger) {
        var generator = SystemRandomNumberGenerator()
        id = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
        // Unbounded: one page's events are small and driven by the user and a 1 s countdown;
        // dropping any would leave the page out of step with the presenters.
        (frames, continuation) = AsyncStream.makeStream(of: String.self)
        self.completionTimeout = completionTimeout
        self.logger = logger
        keepAlive = Task { [continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: keepAliveInterval)
                continuation.yield(ServerSentEvent.keepAlive)
            }
        }
    }

    /// Sends `event` to the page (nothing once the session is closed).
    func send(_ event: ServerSentEvent) {
        guard !isClosed else { return }
        continuation.yield(event.frame)
    }

    /// Remembers `completion` until the page posts `done` with the returned number. A page that
    /// never does (a hidden tab, a broken script) does not stall the presenter: after the
    /// timeout the completion runs anyway, and a warning says so.
    func register(_ completion: @escaping @MainActor () -> Void) -> Int {
        let number = nextCompletion
        nextCompletion += 1
        completions[number] = completion
        Task { [weak self, completionTimeout] in
            try? await Task.sleep(for: completionTimeout)
            guard let self, self.completions[number] != nil else { return }
            self.logger.warning("the page did not report the end of animation \(number); going on without it")
            _ = self.complete(number)
        }
        return number
    }

    /// Runs the completion numbered `number` once; `false` when none is waiting under it.
    func complete(_ number: Int) -> Bool {
        guard let completion = completions.removeValue(forKey: number) else { return false }
        completion()
        return true
    }

    /// Ends the stream; pending completions are dropped (their presenters are released with the
    /// session's views). With a `reason`, the page first gets `closed` (another page took over:
    /// it stops for good); without one the stream just ends, and the browser reconnects when it
    /// can (the server is stopping, and may come back).
    func close(reason: String?) {
        guard !isClosed else { return }
        if let reason { continuation.yield(ServerSentEvent("closed", ["reason": reason]).frame) }
        isClosed = true
        completions.removeAll()
        keepAlive?.cancel()
        continuation.finish()
    }
}
