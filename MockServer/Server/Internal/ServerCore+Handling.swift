import CMicroHTTPD
import Foundation
import ImageCodec

/// The request state machine. Every function here runs on a daemon's polling thread and must
/// return quickly: waiting is done by suspending the connection (see ``ConnectionScheduler``).
extension ServerCore {
    /// Most bytes of request body kept (admin JSON); more is a 413.
    static let uploadLimit = 64 * 1024
    /// `MHD_CONTENT_READER_END_WITH_ERROR` (a cast macro Swift does not import): end the body
    /// with an error, closing the connection.
    static let readerError = -2
    /// `MHD_CONTENT_READER_END_OF_STREAM`: the end of a body of unknown size.
    static let readerEndOfStream = -1
    /// `MHD_SIZE_UNKNOWN`: chunked transfer encoding.
    static let unknownSize = UInt64.max
    /// Preferred chunk size for shaped bodies.
    static let readerBlockSize = 32 * 1024

    /// One call of the access handler after the headers (and any upload) arrived.
    func handle(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        if let reason = context.takeWakeReason(), reason.endsConnection {
            context.outcome = reason == .clientLeft ? "client-closed" : "shutdown"
            return MHD_Result.NO
        }
        switch context.phase {
        case .received:
            return begin(context, connection: connection)
        case .delaying(let until):
            if monotonicNanoseconds() < until { return suspend(context, connection: connection, until: until) }
            return afterDelay(context, connection: connection)
        case .waitingForImage:
            guard let result = context.takeDelivered() else { return suspend(context, connection: connection, until: nil) }
            switch result {
            case .success(let bytes):
                return send(shaped(imageReply(bytes, route: context.route), context), context: context, connection: connection)
            case .failure(let problem):
                return send(.error(problem.status, "could not generate the image: \(problem.message)"), context: context, connection: connection)
            }
        case .settlingJournal, .encodingJournal:
            return continueJournal(context, connection: connection)
        case .responded:
            return MHD_Result.YES
        }
    }

    /// Validation, admin, token, `reset` and `delay`.
    private func begin(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.query = Self.query(of: connection)
        if context.overLimit {
            return send(Self.connectionLimitReply(limit: context.daemon.limit), context: context, connection: connection)
        }
        if context.path.hasPrefix("/__admin/") {
            context.isAdmin = true
            if let refusal = adminRefusal(context, connection: connection) {
                return send(refusal, context: context, connection: connection)
            }
            if context.path == "/__admin/requests", context.method == "GET" || context.method == "HEAD" {
                return startJournal(context, connection: connection)
            }
            return send(adminReply(context, connection: connection), context: context, connection: connection)
        }
        if context.role == .admin && context.path != "/health" {
            return send(.error(404, "the admin port serves /__admin/… and /health only"), context: context, connection: connection)
        }
        guard context.method == "GET" || context.method == "HEAD" else {
            var reply = Reply.error(405, "\(context.method) is not served here; use GET or HEAD")
            reply.headers.append(("Allow", "GET, HEAD"))
            return send(reply, context: context, connection: connection)
        }
        if Route.needsToken(context.path), !authorized(connection) {
            let body = context.path.hasPrefix("/2/") ? TwitterJSON.v2Unauthorized() : TwitterJSON.v11Unauthorized()
            return send(.json(401, body), context: context, connection: connection)
        }
        do {
            context.faults = try FaultParameters(context.query)
            context.route = try Route(path: context.path, query: context.query)
            if !context.route.servesJSON, context.faults.malformed || context.faults.empty {
                let name = context.faults.malformed ? "malformed" : "empty"
                throw ParameterError(
                    parameter: name, error: "\(name) applies to JSON endpoints only",
                    valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
            }
        } catch let problem as ParameterError {
            return send(.badParameter(problem), context: context, connection: connection)
        } catch {
            return send(.error(400, "\(error)"), context: context, connection: connection)
        }
        if context.faults.reset {
            context.outcome = "reset"
            cmhd_reset_connection(connection)
            return MHD_Result.NO
        }
        if context.faults.delay > 0 {
            let until = context.arrival + UInt64(context.faults.delay) * 1_000_000
            context.phase = .delaying(until: until)
            return suspend(context, connection: connection, until: until)
        }
        return afterDelay(context, connection: connection)
    }

    /// `flaky`, `status`, then the resource.
    private func afterDelay(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let faults = context.faults
        if faults.flaky > 0 {
            let count = flakyCounters.count(context.path + "?" + context.query.canonical)
            if count <= faults.flaky {
                let reply = Reply.error(500, "flaky: failure \(count) of \(faults.flaky)")
                return send(shaped(reply, context), context: context, connection: connection)
            }
        }
        if let status = faults.status, !(200...299).contains(status) {
            return send(shaped(statusReply(status, context), context), context: context, connection: connection)
        }
        switch context.route {
        case .image(let key, _), .avatar(let key):
            if let bytes = images.cached(key) {
                return send(shaped(imageReply(bytes, route: context.route), context), context: context, connection: connection)
            }
            context.phase = .waitingForImage
            guard scheduler.suspend(context, connection: connection, until: nil) else { return MHD_Result.NO }
            images.load(key, waiter: ObjectIdentifier(context)) { [scheduler] result in
                context.deliver(result)
                scheduler.resume(context, reason: .ready)
            }
            return MHD_Result.YES
        default:
            return send(shaped(resourceReply(context, connection: connection), context), context: context, connection: connection)
        }
    }

    private func suspend(_ context: RequestContext, connection: OpaquePointer, until deadline: UInt64?) -> MHD_Result {
        scheduler.suspend(context, connection: connection, until: deadline) ? MHD_Result.YES : MHD_Result.NO
    }

    // MARK: - Replies

    /// The body shapers: `status` (2xx), `type`, `corrupt`, `bytes`.
    private func shaped(_ reply: Reply, _ context: RequestContext) -> Reply {
        let faults = context.faults
        var reply = reply
        if let status = faults.status, (200...299).contains(status) { reply.status = status }
        if let type = faults.contentType { reply.contentType = type }
        if faults.corrupt {
            let original = reply.body.data
            reply.body = SharedBytes(ImageCodec.corrupted(original) ?? Self.damaged(original))
        }
        reply.length = faults.bytes ?? reply.body.count
        return reply
    }

    /// Same length, bytes no parser accepts: the middle third becomes 0xFF (invalid UTF-8 too).
    static func damaged(_ data: Data) -> Data {
        var copy = data
        let start = copy.count / 3
        let end = max(start + 1, copy.count * 2 / 3)
        if copy.count > 0 {
            for index in start..<min(end, copy.count) { copy[copy.startIndex + index] = 0xFF }
        }
        return copy
    }

    private func imageReply(_ bytes: SharedBytes, route: Route) -> Reply {
        let format: ImageFormat
        switch route {
        case .image(let key, _), .avatar(let key): format = key.format
        default: format = .png
        }
        return Reply(status: 200, contentType: format.mimeType, body: bytes)
    }

    /// A non-2xx `status=CODE`: a small JSON body, Twitter's own for its endpoints; 429 carries
    /// the rate-limit headers with the reset time in epoch seconds of the server clock (+60 s).
    private func statusReply(_ status: Int, _ context: RequestContext) -> Reply {
        let twitterV2 = context.path.hasPrefix("/2/")
        let twitter = Route.needsToken(context.path)
        switch status {
        case 429:
            let reset = Int(configuration.clock.now().timeIntervalSince1970) + 60
            let headers: [(name: String, value: String)] = [
                ("x-rate-limit-limit", "180"), ("x-rate-limit-remaining", "0"), ("x-rate-limit-reset", "\(reset)"),
            ]
            if twitter {
                return .json(429, twitterV2 ? TwitterJSON.v2RateLimited() : TwitterJSON.v11RateLimited(), headers: headers)
            }
            var reply = Reply.error(429, "too many requests")
            reply.headers = headers
            return reply
        case 401 where twitter:
            return .json(401, twitterV2 ? TwitterJSON.v2Unauthorized() : TwitterJSON.v11Unauthorized())
        case 404 where twitter:
            return .json(404, twitterV2 ? TwitterJSON.v2NotFound() : TwitterJSON.v11NotFound())
        default:
            return .error(status, "status \(status) injected by ?status=")
        }
    }

    /// Everything but images: health, gallery, tweets, 404.
    private func resourceReply(_ context: RequestContext, connection: OpaquePointer) -> Reply {
        let faults = context.faults
        let base = baseURL(for: connection)
        func json(_ valid: Data) -> Reply {
            .json(200, faults.malformed ? TwitterJSON.malformed(valid) : valid)
        }
        switch context.route {
        case .health:
            return .text(200, "ok")
        case .gallery(let scenario):
            if scenario == .offlineFirst, !faults.malformed, !faults.empty { armOfflineFirst() }
            let urls = faults.empty ? [] : Gallery.urls(scenario, base: base)
            return json(Gallery.json(urls))
        case .v11Search, .v11UserTimeline, .v2Search:
            return tweetReply(context.route, faults: faults, base: base)
        case .image, .avatar, .notFound:
            return .error(404, "nothing at \(context.path); GET /__admin/scenarios lists what is served")
        }
    }

    /// A tweet endpoint's answer: from the answer cache when this page was built before at
    /// the same timeline state, else built (and cached). `empty` answers are not cached.
    private func tweetReply(_ route: Route, faults: FaultParameters, base: String) -> Reply {
        func json(_ valid: Data) -> Reply {
            .json(200, faults.malformed ? TwitterJSON.malformed(valid) : valid)
        }
        let now = configuration.clock.now()
        if faults.empty {
            switch route {
            case .v11Search(let text, let count, _, _):
                return json(TwitterJSON.emptyV11Search(query: text, count: count, baseURL: base))
            case .v11UserTimeline(let name, _, _, _):
                guard TweetTimeline.user(screenName: name) != nil else { return .json(404, TwitterJSON.v11NotFound()) }
                return json(TwitterJSON.emptyV11UserTimeline())
            default:
                return json(TwitterJSON.emptyV2Search())
            }
        }
        let key = TweetAnswerCache.Key(route: route, baseURL: base, tweetCount: timeline.count(at: now))
        let answer = tweetAnswers.answer(for: key) { () -> Data? in
            switch route {
            case .v11Search(let text, let count, let sinceID, let maxID):
                let tweets = timeline.search(query: text, count: count, sinceID: sinceID, maxID: maxID, at: now)
                return TwitterJSON.v11Search(tweets, query: text, count: count, sinceID: sinceID, baseURL: base)
            case .v11UserTimeline(let name, let count, let sinceID, let maxID):
                guard let tweets = timeline.userTimeline(screenName: name, count: count, sinceID: sinceID, maxID: maxID, at: now)
                else { return nil }
                return TwitterJSON.v11UserTimeline(tweets, baseURL: base)
            case .v2Search(let text, let maxResults, let sinceID):
                // v2 clients add operators (`-is:retweet`, `lang:en`); the generated timeline has no
                // retweets or languages to filter, so operators match everything.
                let terms = text.split(separator: " ").filter { !$0.contains(":") && !$0.hasPrefix("-") }
                let tweets = timeline.search(
                    query: terms.joined(separator: " "), count: maxResults, sinceID: sinceID, maxID: nil, at: now)
                return tweets.isEmpty ? TwitterJSON.emptyV2Search() : TwitterJSON.v2Search(tweets, baseURL: base)
            default:
                return nil
            }
        }
        guard let answer else {
            // Only an unknown user's timeline builds nothing.
            return .json(404, TwitterJSON.v11NotFound())
        }
        return json(answer)
    }

    // MARK: - Sending

    /// Queues `reply`: in one piece from its buffer, or through the reader when the wire is
    /// shaped or the declared length differs from the bytes (`bytes=N`).
    func send(_ reply: Reply, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.reply = reply
        context.phase = .responded
        let response: OpaquePointer?
        if !context.isAdmin, context.faults.shapesWire || reply.length != reply.body.count {
            // HEAD: the declared length, never a body. libmicrohttpd does not call the reader
            // then, but a chunked answer would still end with its last chunk (`0\r\n\r\n`).
            let head = context.method == "HEAD"
            context.usesReader = !head
            let retained = Unmanaged.passRetained(context).toOpaque()
            let declared = context.faults.chunked && !head ? Self.unknownSize : UInt64(reply.length)
            response = MHD_create_response_from_callback(
                declared, Self.readerBlockSize, Callbacks.reader, retained, Callbacks.releaseContext)
            if response == nil { Unmanaged<RequestContext>.fromOpaque(retained).release() }
        } else {
            let retained = Unmanaged.passRetained(reply.body).toOpaque()
            response = MHD_create_response_from_buffer_with_free_callback_cls(
                reply.body.count, UnsafeMutableRawPointer(mutating: reply.body.buffer.baseAddress), Callbacks.releaseBytes, retained)
            if response == nil { Unmanaged<SharedBytes>.fromOpaque(retained).release() }
        }
        guard let response else {
            logger.error("libmicrohttpd could not create a response for \(LogText.escaped(context.path))")
            return MHD_Result.NO
        }
        MHD_add_response_header(response, "Content-Type", reply.contentType)
        // Faults must never be masked by an HTTP cache between the server and the client.
        MHD_add_response_header(response, "Cache-Control", "no-store")
        for header in reply.headers {
            MHD_add_response_header(response, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(reply.status), response)
        MHD_destroy_response(response)
        if !context.usesReader { markHandedOver(context) }
        return result
    }

    /// The reader behind shaped bodies. On the wire, in this order: `truncate` ends the body
    /// with an error at its byte count; `stall_after` sends that many bytes, then suspends the
    /// connection until the client leaves; `drip` paces at most 100 ms worth of bytes per step,
    /// suspending between steps. It never returns 0 without suspending (that would busy-loop).
    func read(_ context: RequestContext, position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        if let reason = context.takeWakeReason(), reason.endsConnection {
            if context.outcome == nil || context.outcome == "stalled" {
                context.outcome = reason == .clientLeft ? "client-closed" : "shutdown"
            }
            return ServerCore.readerError
        }
        guard let reply = context.reply, let connection = context.connection else { return ServerCore.readerError }
        let faults = context.faults
        var end = reply.length
        if let cut = faults.truncate {
            if position >= cut {
                context.outcome = "truncated"
                return ServerCore.readerError
            }
            end = min(end, cut)
        }
        if let stall = faults.stallAfter, stall < reply.length {
            if position >= stall {
                context.outcome = "stalled"
                return scheduler.suspend(context, connection: connection, until: nil) ? 0 : ServerCore.readerError
            }
            end = min(end, stall)
        }
        if faults.drip > 0 {
            let rate = Double(faults.drip)
            let now = monotonicNanoseconds()
            let start = context.bodyStart ?? now
            context.bodyStart = start
            let due = Int(Double(now - start) * rate / 1e9 + 1e-6)
            if due <= position {
                let step = max(1, faults.drip / 10)
                let target = min(position + step, end)
                let at = start + UInt64((Double(target) / rate * 1e9).rounded(.up))
                return scheduler.suspend(context, connection: connection, until: at) ? 0 : ServerCore.readerError
            }
            end = min(end, due)
        }
        if position >= reply.length {  // chunked: the last chunk
            markHandedOver(context)
            return Self.readerEndOfStream
        }
        let count = min(maximum, end - position)
        guard count > 0 else { return ServerCore.readerError }
        reply.copyBody(from: position, count: count, to: buffer)
        context.bytesSent = position + count
        if context.bytesSent == reply.length, !context.faults.chunked { markHandedOver(context) }
        return count
    }

    /// Counts a journalled request's response as handed over (once).
    private func markHandedOver(_ context: RequestContext) {
        guard !context.isAdmin, !context.handedOver else { return }
        context.handedOver = true
        handedOver.add(1, ordering: .releasing)
    }

    /// The request ended: journal it (admin requests excepted) and log one line.
    func finish(_ context: RequestContext, termination: MHD_RequestTerminationCode) {
        let succeeded = termination == MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK
        defer { if context.handedOver { handedOver.subtract(1, ordering: .releasing) } }
        if context.isAdmin {
            if succeeded { context.afterCompletion?() }
            return
        }
        let bytes: Int
        if context.method == "HEAD" {
            bytes = 0
        } else if context.usesReader {
            bytes = context.bytesSent
        } else {
            bytes = succeeded ? context.reply?.body.count ?? 0 : 0
        }
        let outcome = context.outcome ?? (succeeded ? "ok" : Self.outcome(of: termination))
        let status = context.outcome == "reset" ? 0 : context.reply?.status ?? 0
        let now = monotonicNanoseconds()
        let record = RequestRecord(
            method: context.method, path: context.path, query: context.query.canonical, status: status,
            bytes: bytes, ms: Int((now - context.arrival) / 1_000_000), fault: context.faults.summary,
            connection: context.connectionID, started: milliseconds(at: context.arrival), outcome: outcome)
        journal.append(record)
        let target = LogText.escaped(record.path + (record.query.isEmpty ? "" : "?" + record.query))
        let fault = record.fault.isEmpty ? "" : " [" + LogText.escaped(record.fault) + "]"
        logger.info(
            "\(LogText.escaped(record.method)) \(target) → \(record.status) \(record.bytes) B \(record.ms) ms\(fault) \(outcome)")
        if succeeded, status == 200, case .image(_, scenario: .offlineFirst) = context.route {
            offlineFirstServed(context.path)
        }
    }

    private static func outcome(of termination: MHD_RequestTerminationCode) -> String {
        switch termination {
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK: return "ok"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "shutdown"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_CLIENT_ABORT, MHD_RequestTerminationCode.REQUEST_TERMINATED_READ_ERROR: return "client-closed"
        default: return "error"
        }
    }

    // MARK: - Request details

    /// The decoded query arguments, in arrival order.
    static func query(of connection: OpaquePointer) -> QueryParameters {
        let collector = ArgumentCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.GET_ARGUMENT_KIND, Callbacks.collectArgument, Unmanaged.passUnretained(collector).toOpaque())
        }
        return QueryParameters(pairs: collector.pairs)
    }

    private func authorized(_ connection: OpaquePointer) -> Bool {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Authorization") else { return false }
        return String(cString: value) == "Bearer \(configuration.token)"
    }

    /// `http://` plus the request's `Host` header (so a phone on the LAN gets reachable URLs)
    /// when it is a valid host (see ``HostHeader``), else the bound address.
    func baseURL(for connection: OpaquePointer) -> String {
        if let raw = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Host"),
            let authority = HostHeader.authority(String(cString: raw))
        {
            return "http://\(authority)"
        }
        return "http://\(endpoints.withLock { $0.main.authority })"
    }

    // MARK: - offline-first

    private func armOfflineFirst() {
        offlineFirst.withLock { $0 = Set(Gallery.paths(.offlineFirst)) }
    }

    private func offlineFirstServed(_ path: String) {
        let done = offlineFirst.withLock { waiting -> Bool in
            guard waiting != nil else { return false }
            waiting!.remove(path)
            guard waiting!.isEmpty else { return false }
            waiting = nil
            return true
        }
        if done {
            logger.info("offline-first: every image served once, going offline")
            setOfflineSoon(true)
        }
    }
}
