/// The per-host connection limit: slots in use per host and the requests waiting for one, in
/// FIFO order per host. Used by the driver thread only.
///
/// libcurl's own `CURLMOPT_MAX_HOST_CONNECTIONS` would queue the surplus inside curl, where
/// `CURLOPT_TIMEOUT_MS` already runs and cancellation and deadlines are invisible to us; here a
/// waiting request is ours until it gets a slot, and its total deadline (counted from `send`)
/// is watched by the driver like any other.
struct CurlHostQueue {
    /// Most transfers in flight per host.
    let limit: Int
    private var inFlight: [String: Int] = [:]
    private var waiting: [String: [CurlSubmission]] = [:]

    /// A queue allowing `limit` (at least 1) transfers per host.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds `submission` at the end of its host's line.
    mutating func enqueue(_ submission: CurlSubmission) {
        waiting[submission.hostKey, default: []].append(submission)
    }

    /// The next request whose host has a free slot, taking that slot; `nil` when none can start.
    /// The caller gives the slot back with ``release(_:)`` when the transfer ends.
    mutating func nextStartable() -> CurlSubmission? {
        for (host, line) in waiting where inFlight[host, default: 0] < limit {
            let submission = line[0]
            if line.count == 1 {
                waiting[host] = nil
            } else {
                waiting[host]?.removeFirst()
            }
            inFlight[host, default: 0] += 1
            return submission
        }
        return nil
    }

    /// Gives back a slot of `host`.
    mutating func release(_ host: String) {
        let count = inFlight[host, default: 0] - 1
        inFlight[host] = count > 0 ? count : nil
    }

    /// Removes the waiting request `id`, if it still waits.
    mutating func remove(id: UInt64) -> CurlSubmission? {
        for (host, line) in waiting {
            guard let index = line.firstIndex(where: { $0.id == id }) else { continue }
            let submission = line[index]
            if line.count == 1 {
                waiting[host] = nil
            } else {
                waiting[host]?.remove(at: index)
            }
            return submission
        }
        return nil
    }

    /// Removes and returns the waiting requests whose total deadline has passed at `now`.
    mutating func removeExpired(at now: ContinuousClock.Instant) -> [CurlSubmission] {
        var expired: [CurlSubmission] = []
        for (host, line) in waiting where line.contains(where: { $0.deadline <= now }) {
            expired += line.filter { $0.deadline <= now }
            let rest = line.filter { $0.deadline > now }
            waiting[host] = rest.isEmpty ? nil : rest
        }
        return expired
    }

    /// The earliest total deadline among waiting requests.
    var earliestDeadline: ContinuousClock.Instant? {
        waiting.values.lazy.flatMap { $0 }.map(\.deadline).min()
    }

    /// Removes and returns every waiting request.
    mutating func removeAll() -> [CurlSubmission] {
        defer { waiting = [:] }
        return waiting.values.flatMap { $0 }
    }
}
