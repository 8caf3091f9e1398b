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
        let info = StubRequestInfo(method: context.method, path: context.path, query: context.query, headers: context.headers.map { (name: $0.name, value: $0.value) }, body: context.stubRequestBody)
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
                context.faults = try RequestFaults(StubFaults.combined(stub: stub.testbedFaults, request: requestFaults))
                if context.faults.contains(.empty) {
                    throw ParameterError(
                        parameter: Fault.Name.empty.rawValue, error: "empty applies to the catalog's JSON endpoints only, not to stubs",
                        valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
                }
            } catch {
                return send(.badParameter(error), context: context, connection: connection)
            }
            var delay = stub.response.fixedDelayMilliseconds ?? 0
            // Drawn only for a request that is not reset, as before: the draw advances the seeded sequence.
            if let distribution = stub.response.delayDistribution, !context.faults.contains(.reset) {
                delay += stubs.sampleDelay(distribution)
            }
            return applyConnectionFaults(context, connection: connection, extraDelay: delay)
        }
    }

    /// The stub's answer, or its fault (after `flaky` and `status`, which ``reply(_:connection:)``
    /// applied).
    func stubReply(_ context: RequestContext, stub: Stub, inline: SharedBytes?, connection: OpaquePointer) -> MHD_Result {
        if let fault = stub.response.fault {
            switch fault {
            case .connectionResetByPeer:
                context.outcome = Fault.Name.reset.outcome
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
        if context.faults.contains(.malformed) {
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
}
