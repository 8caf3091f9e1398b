import CMicroHTTPD
import Foundation

/// Stubs in the request path. Admission: on the main port, any method, before the catalog, a
/// request is matched against the stubs (``StubStore``); a match takes its faults from the stub's
/// `metadata.testbed.faults` and the request's own query (a parameter the stub itself matches on
/// is the app's, not a fault), then `reset` and the delays (query `delay` + `fixedDelayMilliseconds`
/// + a `delayDistribution` draw) run as for any request. Replies: after `flaky` and a non-2xx
/// `status`, the stub's fault or its answer, with the body shapers applied; `chunkedDribbleDelay`
/// goes to the reader. No match leaves the request to the catalog, whose 404 then carries the
/// near-miss report.
extension ServerCore {
    /// Matches `context` against the stubs: `nil` when the catalog must answer it.
    func admitStub(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result? {
        guard context.role == .main, !stubs.isEmpty else { return nil }
        let info = StubRequestInfo(method: context.method, path: context.path, query: context.query, headers: context.headers.map { (name: $0.name, value: $0.value) })
        switch stubs.match(info) {
        case .unmatched:
            context.unmatchedStubRequest = info
            // The catalog answers GET and HEAD only: any other method gets the near miss.
            if context.method != "GET", context.method != "HEAD", let report = stubs.nearMissReport(for: info) {
                return send(Self.nearMissReply(report), context: context, connection: connection)
            }
            return nil
        case .matched(let stub, let body):
            context.stub = (stub, body)
            context.matchedStub = stub.id.uuidString.lowercased()
            let own = Set(stub.request.queryParameters.keys)
            let requestFaults = QueryParameters(
                pairs: stub.request.url.coversQuery ? [] : context.query.pairs.filter { !own.contains($0.name) })
            do throws(ParameterError) {
                context.faults = try FaultParameters(StubFaults.combined(stub: stub.testbedFaults, request: requestFaults))
                if context.faults.empty {
                    throw ParameterError(
                        parameter: Fault.Name.empty.rawValue, error: "empty applies to the catalog's JSON endpoints only, not to stubs",
                        valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
                }
            } catch {
                return send(.badParameter(error), context: context, connection: connection)
            }
            if context.faults.reset {
                context.outcome = .reset
                resetConnection(connection)
                return MHD_Result.NO
            }
            var delay = context.faults.delay + (stub.response.fixedDelayMilliseconds ?? 0)
            if let distribution = stub.response.delayDistribution { delay += stubs.sampleDelay(distribution) }
            if delay > 0 {
                let until = context.arrival + UInt64(delay) * 1_000_000
                context.phase = .delaying(until: until)
                return suspend(context, connection: connection, until: until)
            }
            return reply(context, connection: connection)
        }
    }

    /// The stub's answer, or its fault (after `flaky` and `status`, which ``reply(_:connection:)``
    /// applied).
    func stubReply(_ context: RequestContext, stub: Stub, inline: SharedBytes?, connection: OpaquePointer) -> MHD_Result {
        if let fault = stub.response.fault {
            switch fault {
            case .connectionResetByPeer:
                context.outcome = .reset
                resetConnection(connection)
                return MHD_Result.NO
            case .emptyResponse: return breakConnection(.emptyReply, context: context, connection: connection)
            case .malformedResponseChunk: return breakConnection(.badChunk, context: context, connection: connection)
            case .randomDataThenClose: return breakConnection(.garbage, context: context, connection: connection)
            }
        }
        let body: SharedBytes
        if let inline {
            body = inline
        } else if case .file(let name) = stub.response.body {
            guard let files = stubFiles else {
                return send(.error(500, "bodyFileName \(name): the server has no root directory (--root-dir)"), context: context, connection: connection)
            }
            switch files.read(name) {
            case .success(let data): body = SharedBytes(data)
            case .failure(let problem):
                return send(.error(500, "bodyFileName \(name): \(problem)"), context: context, connection: connection)
            }
        } else {
            body = SharedBytes(Data())
        }
        var reply = Reply(status: stub.response.status, contentType: "", body: body)
        for header in stub.response.headers {
            if header.name.lowercased() == "content-type", reply.contentType.isEmpty {
                reply.contentType = header.value
            } else {
                reply.headers.append((header.name, header.value))
            }
        }
        reply.headers.append(("Matched-Stub-Id", stub.id.uuidString.lowercased()))
        if let name = stub.name {
            let ascii = String(name.unicodeScalars.filter { $0.isASCII && $0.value >= 32 && $0.value != 127 }.map(Character.init))
            reply.headers.append(("Matched-Stub-Name", ascii))
        }
        if context.faults.malformed {
            reply.body = SharedBytes(TwitterJSON.malformed(reply.body.data))
        }
        if let dribble = stub.response.chunkedDribbleDelay, reply.body.count > 0 {
            context.dribble = dribble
        }
        return send(shaped(reply, context), context: context, connection: connection)
    }

    /// The 404 naming the closest stub and what differed.
    static func nearMissReply(_ report: String) -> Reply {
        Reply(status: 404, contentType: "text/plain", body: SharedBytes(report))
    }

    /// The reader of a `chunkedDribbleDelay` body: piece `i` (of even pieces, the last taking the
    /// remainder) goes out `(i + 1) × totalDuration / pieces` ms after the headers, each as its own
    /// chunk; between pieces the connection is suspended.
    func readDribble(
        _ context: RequestContext, _ dribble: StubDribble, position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int
    ) -> Int {
        guard let reply = context.reply, let connection = context.connection else { return ServerCore.readerError }
        let length = reply.length
        if position >= length {
            markHandedOver(context)
            return Self.readerEndOfStream
        }
        let now = monotonicNanoseconds()
        let start = context.bodyStart ?? now
        context.bodyStart = start
        let pieces = dribble.pieces(for: length)
        let size = max(1, length / pieces)
        let index = min(position / size, pieces - 1)
        let due = start + dribble.due(ofChunk: index, length: length)
        if now < due {
            return scheduler.suspend(context, connection: connection, until: due) ? 0 : ServerCore.readerError
        }
        let count = min(maximum, dribble.end(ofChunk: index, length: length) - position)
        guard count > 0 else { return ServerCore.readerError }
        reply.copyBody(from: position, count: count, to: buffer)
        context.bytesSent = position + count
        return count
    }
}
