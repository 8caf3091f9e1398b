import Foundation

/// The end of the body stage: `conditional` and `ranges` judge the answer as shaped (its bytes,
/// declared length and type), so the `ETag` names exactly what would be sent, and may turn it
/// into a 304, a 206 or a 416. Only 2xx answers carry validators or honour the request's
/// conditions (RFC 9110 §13.2.1: preconditions do not apply to other answers). It needs one
/// service, the tweet timeline (when each answer last changed), and the request's headers.
struct ValidatorStage {
    /// The generated tweets, whose newest one dates the tweet endpoints' answers.
    let timeline: TweetTimeline
    /// The server's clock.
    let clock: any ServerClock

    /// `reply` with validators, and as a 304, 206 or 416 when the request's headers (read by
    /// `header`) ask for it.
    func validated(
        _ reply: Reply, faults: RequestFaults, route: Route, method: String, header: (String) -> String?
    ) -> Reply {
        let (conditional, ranges) = (faults.contains(.conditional), faults.contains(.ranges))
        guard conditional || ranges, (200...299).contains(reply.status) else { return reply }
        var reply = reply
        let etag = EntityTag.strong(body: reply.body, length: reply.length, contentType: reply.contentType)
        let modified = lastModified(of: route)
        let validators = [("ETag", etag.headerValue), ("Last-Modified", HTTPDate.string(modified))]
        reply.headers += validators
        if conditional {
            let request = ConditionalRequest(
                ifNoneMatch: header("If-None-Match"), ifModifiedSince: header("If-Modified-Since"))
            if request.evaluate(etag: etag, lastModified: modified) == .notModified {
                // The same length (sent as Content-Length, never as a body), no Content-Type.
                var notModified = reply
                notModified.status = 304
                notModified.contentType = ""
                notModified.headers = validators
                return notModified
            }
        }
        guard ranges else { return reply }
        reply.headers.append(("Accept-Ranges", "bytes"))
        // Range is defined for GET only; If-Range with another validator means "send it all".
        guard method == "GET", let rangeHeader = header("Range"),
            ConditionalRequest.ifRangeHolds(header("If-Range"), etag: etag, lastModified: modified)
        else { return reply }
        let range = ByteRange.resolve(rangeHeader, length: reply.length)
        switch range {
        case .partial(let bytes):
            reply.headers.append(("Content-Range", range.contentRange(length: reply.length) ?? ""))
            reply.status = 206
            reply.offset = bytes.lowerBound
            reply.length = bytes.count
            return reply
        case .unsatisfiable:
            var refusal = Reply.error(416, "no byte of \(LogText.escaped(rangeHeader)) lies within the \(reply.length) bytes")
            refusal.headers = validators + [("Accept-Ranges", "bytes"), ("Content-Range", range.contentRange(length: reply.length) ?? "")]
            return refusal
        case .whole:
            return reply
        }
    }

    /// When the answer of `route` last changed: the newest tweet's creation for the tweet
    /// endpoints, else the server's start (every other answer is the same bytes for its whole
    /// life), in server time.
    func lastModified(of route: Route) -> Date {
        switch route {
        case .v11Search, .v11UserTimeline, .v2Search:
            let count = timeline.count(at: clock.now())
            return count > 0 ? max(timeline.epoch, timeline.createdAt(ofTweet: count - 1)) : timeline.epoch
        default:
            return timeline.epoch
        }
    }
}
