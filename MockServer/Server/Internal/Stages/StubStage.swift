import Foundation

/// Stubs in the request path, as a stage holding the two services it needs: the stub store and
/// the root directory's `__files/`.
///
/// Admission (``admit(_:)``): on the main port, any method, before the catalog, a request is
/// matched against the stubs (``StubStore``) by its query without the `fault.NAME` parameters,
/// which are the server's. A match takes its faults from the stub's `metadata.testbed.faults` and
/// those `fault.NAME` parameters; the request's bare parameters are the app's, never faults
/// (`?status=publish`). Then `reset` and the delays (`fault.delay` + `fixedDelayMilliseconds` + a
/// `delayDistribution` draw) run as for any request. Replies
/// (``answer(_:inline:context:)``): after `flaky` and a non-2xx `status`, the stub's fault, a 500
/// naming a response transformer it needs and this server lacks, or its answer;
/// `chunkedDribbleDelay` goes to the reader. No match leaves the request to the catalog,
/// whose 404 then carries the near-miss report (``nearMissReply(for:)``).
struct StubStage {
    /// What admission makes of a request.
    enum Admission {
        /// No stub matches: the catalog answers (the request is kept for the near-miss report).
        case unmatched
        /// A stub matches (it is on the context): on to the connection stage with `extraDelay` ms.
        case matched(extraDelay: Int)
        /// Answered at once: a near miss for a method the catalog does not serve, or a bad fault.
        case refused(Reply)
    }

    /// What the stub answers.
    enum Answer {
        /// An HTTP answer (the body stage still shapes it).
        case reply(Reply)
        /// WireMock's `CONNECTION_RESET_BY_PEER`: the connection ends with an RST.
        case reset
        /// One of the broken replies of ``BrokenReply`` (`EMPTY_RESPONSE` and the rest).
        case broken(Fault.Name)
        /// Sent upstream (`proxyBaseUrl`).
        case proxy(ProxyTarget)
    }

    /// The stubs.
    let store: StubStore
    /// `__files/`, when the server has a root directory.
    let files: StubFiles?
    /// Response templating: which stubs, and their answers rendered.
    let templating: StubTemplating
    /// `--proxy-all`: a request no stub matches goes upstream, whatever its method (no near miss).
    var proxiesUnmatched = false

    /// Matches `context` against the stubs; a match sets the context's stub and faults.
    func admit(_ context: RequestContext) -> Admission {
        guard context.role == .main, !store.isEmpty else { return .unmatched }
        let faultQuery = context.query.apartFromFaults.faults
        let info = context.matchInfo
        switch store.match(info) {
        case .unmatched:
            context.unmatchedStubRequest = info
            // The catalog answers GET and HEAD only: any other method gets the near miss.
            if !proxiesUnmatched, context.method != "GET", context.method != "HEAD", let reply = nearMissReply(for: info) {
                return .refused(reply)
            }
            return .unmatched
        case .matched(let stub, let body):
            context.stub = (stub, body)
            context.matchedStub = stub.id.uuidString.lowercased()
            if templating.applies(to: stub) { context.templatedStubRequest = info }
            do throws(ParameterError) {
                context.faults = try faults(of: stub, requestFaults: faultQuery, rules: context.ruleFaults)
            } catch {
                return .refused(.badParameter(error))
            }
            var delay = stub.response.fixedDelayMilliseconds ?? 0
            // Drawn only for a request that is not reset, as before: the draw advances the seeded sequence.
            if let distribution = stub.response.delayDistribution, !context.faults.contains(.reset) {
                delay += store.sampleDelay(distribution)
            }
            return .matched(extraDelay: delay)
        }
    }

    /// The matching fault rules' faults, then the stub's own (bare names or prefixed), then the
    /// request's `fault.NAME` parameters: a fault given twice takes the last of these values.
    private func faults(
        of stub: Stub, requestFaults: QueryParameters, rules: [(name: String, value: String?)]
    ) throws(ParameterError) -> RequestFaults {
        let combined = StubFaults.combined(stub: stub.testbedFaults, request: requestFaults)
        let faults = try RequestFaults(rules.isEmpty ? combined : QueryParameters(pairs: rules + combined.pairs))
        // A proxy stub's answer is the upstream's, which `empty` empties (see ServerCore.emptied).
        if faults.contains(.empty), ProxyTarget(stub.response) == nil {
            let spelt = RequestFaults.prefix + Fault.Name.empty.rawValue
            throw ParameterError(
                parameter: requestFaults.contains(spelt) ? spelt : Fault.Name.empty.rawValue, error: "empty applies to the catalog's JSON endpoints only, not to stubs",
                valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
        }
        return faults
    }

    /// The stub's answer, or its fault (after `flaky` and `status`, which the status stage
    /// applied). `inline` is the body already rendered (`body`, `base64Body`, `jsonBody`).
    func answer(_ stub: Stub, inline: SharedBytes?, context: RequestContext) -> Answer {
        if let fault = stub.response.fault {
            switch fault {
            case .connectionResetByPeer: return .reset
            case .emptyResponse: return .broken(.emptyReply)
            case .malformedResponseChunk: return .broken(.badChunk)
            case .randomDataThenClose: return .broken(.garbage)
            }
        }
        if let target = ProxyTarget(stub.response) { return .proxy(target) }
        if let missing = stub.response.transformers.first(where: { $0 != StubTemplating.transformerName }) {
            // WireMock 2.35 lacking the extension sends the body as written, a wrong answer that
            // looks right; the 500 names what the stub needs instead.
            return .reply(.error(500, Self.missingTransformerMessage(missing)))
        }
        let rendered: RenderedStub
        if let request = context.templatedStubRequest {
            do throws(TemplateRefusal) {
                rendered = try render(stub, request: request)
            } catch {
                return .reply(error.reply)
            }
        } else {
            switch self.body(of: stub, inline: inline) {
            case .bytes(let bytes): rendered = RenderedStub(body: bytes, headers: stub.response.headers)
            case .unreadable(let reply): return .reply(reply)
            }
        }
        var reply = Reply(status: stub.response.status, contentType: "", body: rendered.body)
        for header in rendered.headers {
            if header.name.lowercased() == "content-type", reply.contentType.isEmpty {
                reply.contentType = header.value
            } else if let length = Self.headLength(header, method: context.method, body: rendered.body) {
                // A HEAD stub's length, as WireMock sends it: declared, not a header of ours
                // (libmicrohttpd sets Content-Length itself).
                reply.headLength = length
            } else {
                reply.headers.append((header.name, header.value))
            }
        }
        reply.keepsCachingHeaders = stub.isRecorded
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
        return .reply(reply)
    }

    /// The length a `Content-Length` stub header declares for a `HEAD` request when the stub has
    /// no body (a recorded `HEAD`), or `nil`: another header, another method, a body (whose own
    /// length is sent), or not a length.
    static func headLength(_ header: StubHeader, method: String, body: SharedBytes) -> Int? {
        guard method == "HEAD", body.count == 0, header.name.lowercased() == "content-length",
            let length = Int(header.value.trimmingCharacters(in: .whitespaces)), length >= 0
        else { return nil }
        return length
    }

    /// The body: inline, read from `__files/`, or empty; a 500 naming the file when it cannot be read.
    private func body(of stub: Stub, inline: SharedBytes?) -> Body {
        if let inline { return .bytes(inline) }
        guard case .file(let name) = stub.response.body else { return .bytes(SharedBytes(Data())) }
        return file(name)
    }

    /// The bytes of `__files/name`, or the 500 saying why not.
    func file(_ name: String) -> Body {
        guard let files else {
            return .unreadable(.error(500, "bodyFileName \(name): the server has no root directory (--root-dir)"))
        }
        switch files.read(name) {
        case .success(let data): return .bytes(SharedBytes(data))
        case .failure(let problem): return .unreadable(.error(500, "bodyFileName \(name): \(problem)"))
        }
    }

    /// A stub's body, or the 500 saying why it could not be read.
    enum Body {
        case bytes(SharedBytes)
        case unreadable(Reply)
    }

    /// The 500 of a stub whose answer needs the response transformer `name`, which this server
    /// does not have.
    static func missingTransformerMessage(_ name: String) -> String {
        "this stub's answer needs the response transformer '\(name)', which mockserver does not have "
            + "(a WireMock extension of the project's own)"
    }

    /// The 404 naming the closest stub to `request` and what differed; `nil` without stubs.
    func nearMissReply(for request: StubRequestInfo) -> Reply? {
        store.nearMissReport(for: request).map { Reply(status: 404, contentType: "text/plain", body: SharedBytes($0)) }
    }
}
