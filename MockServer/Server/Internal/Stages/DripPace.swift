import Foundation

/// What `drip` allows a body reader at one call: some bytes now, or a wait.
enum DripPace {
    /// Send at most up to this position now (it is past the reader's position).
    case sendUpTo(Int)
    /// Nothing is due yet: suspend the connection until this monotonic time (ns).
    case waitUntil(UInt64)
}

extension RequestContext {
    /// The `drip` pacing at `position`, for `rate` bytes per second counted from the first body
    /// byte (``bodyStart``, set on the first call): the bytes due by now, or, when none is, the
    /// time the next tenth of a second's worth (never past `end`) falls due. The stub reader and
    /// the proxy's reader share it, so a dripped body keeps the same pace whatever its source.
    func dripPace(position: Int, rate: Int, end: Int) -> DripPace {
        let perSecond = Double(rate)
        let now = monotonicNanoseconds()
        let start = bodyStart ?? now
        bodyStart = start
        let due = Int(Double(now - start) * perSecond / 1e9 + 1e-6)
        guard due <= position else { return .sendUpTo(due) }
        let target = min(position + max(1, rate / 10), end)
        return .waitUntil(start + UInt64((Double(target) / perSecond * 1e9).rounded(.up)))
    }
}
