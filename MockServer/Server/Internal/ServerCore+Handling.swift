import CMicroHTTPD
import Foundation
import ImageCodec

/// The request state machine: where each call of libmicrohttpd's access handler goes.
///
/// A request passes these stages (files under `Stages/`), each given the request's context, its
/// fault list (``RequestFaults``, read once from the query in the table's order) and the one
/// service it needs:
/// 1. admission (``AdmissionStage``): admin routing and the admin-port guard, the method, the
///    token, then a stub (``StubStage``) or the catalog's route, and the fault list;
/// 2. connection faults (``ConnectionStage``: `reset`, `delay`);
/// 3. status faults (``StatusStage``, with the per-URL counters: `flaky`, `fail_rate`, the
///    redirects, a non-2xx `status`, the broken replies of ``BrokenReply``), then the answer itself
///    (the stub's, ``StubStage``; the catalog's, ``CatalogReplies``; an image from the render
///    queue) with the body faults applied (``BodyStage``, then the validators);
/// 4. wire shaping (``WireStage``, ``WireShape``, ``WireReader``): queueing the answer, and the
///    reader that cuts, stalls and paces the body;
/// 5. journaling (``JournalStage``, then `finish`): the record and log line when the request
///    ends, with the outcome the fault table gives the fault that ended it.
///
/// The stages decide; the functions here run the sequence and carry the decisions out on the
/// connection. Every one runs on a daemon's polling thread and must return quickly: waiting is
/// done by suspending the connection (see ``ConnectionScheduler``).
extension ServerCore {
    /// Most bytes of a request body kept (the journal's cap; admin JSON is read from them);
    /// the rest is only counted (``RequestContext/keepUpload(_:count:limit:)``).
    static let uploadLimit = RequestRecord.bodyLimit
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
            context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            return MHD_Result.NO
        }
        // The body ended: a body streaming upstream sends its end.
        context.proxyUpload?.finish()
        switch context.phase {
        case .received:
            return admit(context, connection: connection)
        case .delaying(let until):
            if monotonicNanoseconds() < until { return suspend(context, connection: connection, until: until) }
            return reply(context, connection: connection)
        case .waitingForImage:
            guard let result = context.takeDelivered() else { return suspend(context, connection: connection, until: nil) }
            switch result {
            case .success(let bytes):
                return send(shaped(imageReply(bytes, route: context.route), context), context: context, connection: connection)
            case .failure(let problem):
                return send(.error(problem.status, "could not generate the image: \(problem.message)"), context: context, connection: connection)
            }
        case .proxying(let exchange):
            return continueProxy(exchange, context: context, connection: connection)
        case .settlingJournal, .encodingJournal:
            return continueJournal(context, connection: connection)
        case .responded:
            return MHD_Result.YES
        }
    }

    /// Whether request bodies are kept for the stubs: some stub matches or renders a body, or
    /// every stub renders (global templating) and there are stubs.
    var stubsNeedBodies: Bool {
        stubs.needsBodies || (templating.mode == .global && !stubs.isEmpty)
    }

    /// Admission, with the services it needs.
    var admission: AdmissionStage {
        AdmissionStage(stubs: stubStage, rules: faultRules, token: configuration.token, proxyAll: proxyingTarget)
    }

    /// The stubs as a stage of the request path.
    var stubStage: StubStage { StubStage(store: stubs, files: stubFiles, templating: templating, proxiesUnmatched: proxyingTarget != nil) }

    /// The catalog's answers other than images.
    var catalogReplies: CatalogReplies {
        CatalogReplies(timeline: timeline, tweetAnswers: tweetAnswers, clock: configuration.clock, offlineFirst: offlineFirst)
    }

    /// Stage 1, admission (``AdmissionStage``), carried out.
    private func admit(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let decision: AdmissionStage.Decision
        if let early = context.earlyAdmission {
            decision = early
            context.earlyAdmission = nil
        } else {
            context.query = Self.query(of: connection)
            decision = admission.decide(context)
        }
        switch decision {
        case .reply(let reply):
            return send(reply, context: context, connection: connection)
        case .admin:
            if let refusal = adminRefusal(context, connection: connection) {
                return send(refusal, context: context, connection: connection)
            }
            if context.path == "/__admin/requests", context.method == "GET" || context.method == "HEAD" {
                return startJournal(context, connection: connection)
            }
            if let dashboard = admitDashboardEndpoint(context, connection: connection) {
                return dashboard
            }
            return send(adminReply(context, connection: connection), context: context, connection: connection)
        case .dashboardPage:
            return admitDashboardPage(context, connection: connection)
        case .proceed(let extraDelay):
            return applyConnectionFaults(context, connection: connection, extraDelay: extraDelay)
        }
    }

    /// Stage 2, the connection faults (``ConnectionStage``): `reset` ends the connection with an
    /// RST; `delay` (plus `extraDelay`, ms) suspends it until its deadline; then stage 3.
    private func applyConnectionFaults(_ context: RequestContext, connection: OpaquePointer, extraDelay: Int = 0) -> MHD_Result {
        switch ConnectionStage.decide(context.faults, extraDelay: extraDelay) {
        case .reset:
            return reset(context, connection: connection)
        case .wait(let milliseconds):
            let until = context.arrival + UInt64(milliseconds) * 1_000_000
            context.phase = .delaying(until: until)
            return suspend(context, connection: connection, until: until)
        case .proceed:
            return reply(context, connection: connection)
        }
    }

    /// Stage 3: the status stage (``StatusStage``), then the stub's answer (``StubStage``), an
    /// image (from the cache, or the render queue while the connection waits) or the catalog's
    /// answer (``CatalogReplies``), shaped by the body stage.
    private func reply(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let status = StatusStage(flakyCounters: flakyCounters, failRateCounters: failRateCounters)
        switch status.decide(context.faults, path: context.path, query: context.query, base: { baseURL(for: connection) }) {
        case .reply(let reply):
            return send(shaped(reply, context), context: context, connection: connection)
        case .status(let code):
            return send(shaped(catalogReplies.status(code, path: context.path), context), context: context, connection: connection)
        case .broken(let fault):
            return breakConnection(fault, context: context, connection: connection)
        case .proceed:
            break
        }
        if let (stub, inline) = context.stub {
            switch stubStage.answer(stub, inline: inline, context: context) {
            case .reply(let reply): return send(shaped(reply, context), context: context, connection: connection)
            case .reset: return reset(context, connection: connection)
            case .broken(let fault): return breakConnection(fault, context: context, connection: connection)
            case .proxy(let target): return startProxy(target, context: context, connection: connection)
            }
        }
        if let target = context.proxy { return startProxy(target, context: context, connection: connection) }
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
            let stubs = stubStage
            let reply = catalogReplies.resource(
                context.route, path: context.path, faults: context.faults, base: baseURL(for: connection),
                nearMiss: { context.unmatchedStubRequest.flatMap(stubs.nearMissReply(for:)) })
            return send(shaped(reply, context), context: context, connection: connection)
        }
    }

    /// The body stage: the shapers (``BodyStage``), then the validators (`conditional`,
    /// `ranges`; see ``ValidatorStage``).
    func shaped(_ reply: Reply, _ context: RequestContext) -> Reply {
        let shaped = BodyStage.shape(reply, context.faults)
        guard let connection = context.connection, context.faults.contains(.conditional) || context.faults.contains(.ranges) else {
            return shaped
        }
        return ValidatorStage(timeline: timeline, clock: configuration.clock).validated(
            shaped, faults: context.faults, route: context.route, method: context.method
        ) { Self.header($0, of: connection) }
    }

    /// A generated image or avatar, typed by its file extension.
    private func imageReply(_ bytes: SharedBytes, route: Route) -> Reply {
        let format: ImageFileFormat
        switch route {
        case .image(let key, _), .avatar(let key): format = key.format
        default: format = .png
        }
        return Reply(status: 200, contentType: format.mimeType, body: bytes)
    }

    /// Ends the connection with an RST (the `reset` fault, WireMock's `CONNECTION_RESET_BY_PEER`):
    /// once the handler returns `MHD_NO`, the client gets a RST, never a FIN (curl 56, not 52), on
    /// either backend (see ``ServingPlatform/reset(_:)``).
    func reset(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.outcome = Fault.Name.reset.outcome
        if !platform.reset(connection) { logger.warning("could not arm the reset of a connection (errno \(errno))") }
        return MHD_Result.NO
    }

    /// `http://` (`https://` on a TLS listener) plus the request's `Host` header (so a phone on
    /// the LAN gets reachable URLs) when it is a valid host (see ``HostHeader``), else the bound
    /// address.
    func baseURL(for connection: OpaquePointer) -> String {
        let secure = cmhd_connection_is_tls(connection) != 0
        let scheme = secure ? "https" : "http"
        if let raw = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Host"),
            let authority = HostHeader.authority(String(cString: raw))
        {
            return "\(scheme)://\(authority)"
        }
        let bound = endpoints.withLock { secure ? $0.tls ?? $0.main : $0.main }
        return "\(scheme)://\(bound.authority)"
    }

    /// The decoded query arguments, in arrival order.
    static func query(of connection: OpaquePointer) -> QueryParameters {
        let collector = ArgumentCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.GET_ARGUMENT_KIND, Callbacks.collectArgument, Unmanaged.passUnretained(collector).toOpaque())
        }
        return QueryParameters(pairs: collector.pairs)
    }

    /// Suspends the connection until `deadline` (monotonic ns) or a wake-up.
    func suspend(_ context: RequestContext, connection: OpaquePointer, until deadline: UInt64?) -> MHD_Result {
        scheduler.suspend(context, connection: connection, until: deadline) ? MHD_Result.YES : MHD_Result.NO
    }
}
