import CMicroHTTPD
import Foundation

/// Stage 1, admission: what a request is, and whether it is served at all. In order: the
/// connection limit, admin routing (with the admin-port guard), the admin port's own limits, the
/// method, the token of the Twitter endpoints, then the route and the fault parameters (a bad
/// value is a 400). An admitted request meets the connection-level faults here (`reset` ends it,
/// `delay` suspends it), then goes on to the replies stage.
extension ServerCore {
    /// The first call of the access handler for a request.
    func admit(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.query = Self.query(of: connection)
        if context.overLimit {
            return send(Self.connectionLimitReply(limit: context.daemon.limit), context: context, connection: connection)
        }
        if context.path.hasPrefix("/__admin/") {
            return admitAdmin(context, connection: connection)
        }
        if context.role == .admin, context.path == "/" {
            return admitDashboardPage(context, connection: connection)
        }
        if let answered = admitStub(context, connection: connection) { return answered }
        if let refusal = refusal(context, connection: connection) {
            return send(refusal, context: context, connection: connection)
        }
        do {
            try readRouteAndFaults(context)
        } catch {
            return send(.badParameter(error), context: context, connection: connection)
        }
        return applyConnectionFaults(context, connection: connection)
    }

    /// `/__admin/…` on either port: the admin guard, then the endpoint (the journal is answered
    /// off the polling thread).
    private func admitAdmin(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.isAdmin = true
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
    }

    /// The refusals before the route is read: the admin port serves nothing else, the catalog
    /// answers GET and HEAD only, and the Twitter endpoints need the token.
    private func refusal(_ context: RequestContext, connection: OpaquePointer) -> Reply? {
        if context.role == .admin && context.path != "/health" {
            return .error(404, "the admin port serves /__admin/… and /health only")
        }
        guard context.method == "GET" || context.method == "HEAD" else {
            var reply = Reply.error(405, "\(context.method) is not served here; use GET or HEAD")
            reply.headers.append(("Allow", "GET, HEAD"))
            return reply
        }
        if Route.needsToken(context.path), !authorized(connection) {
            let body = context.path.hasPrefix("/2/") ? TwitterJSON.v2Unauthorized() : TwitterJSON.v11Unauthorized()
            return .json(401, body)
        }
        return nil
    }

    /// Reads the fault parameters (from the fault table) and the route with its own parameters.
    private func readRouteAndFaults(_ context: RequestContext) throws(ParameterError) {
        context.faults = try RequestFaults(context.query)
        context.route = try Route(path: context.path, query: context.query)
        if !context.route.servesJSON, let name = [Fault.Name.malformed, .empty].first(where: context.faults.contains) {
            throw ParameterError(
                parameter: name.rawValue, error: "\(name.rawValue) applies to JSON endpoints only",
                valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
        }
    }

    /// The connection stage and the one before the answer (``ConnectionStage``): `reset` ends
    /// the connection with an RST; `delay` (plus `extraDelay`, ms) suspends it until its
    /// deadline; then the replies stage.
    func applyConnectionFaults(_ context: RequestContext, connection: OpaquePointer, extraDelay: Int = 0) -> MHD_Result {
        switch ConnectionStage.decide(context.faults, extraDelay: extraDelay) {
        case .reset:
            context.outcome = Fault.Name.reset.outcome
            resetConnection(connection)
            return MHD_Result.NO
        case .wait(let milliseconds):
            let until = context.arrival + UInt64(milliseconds) * 1_000_000
            context.phase = .delaying(until: until)
            return suspend(context, connection: connection, until: until)
        case .proceed:
            return reply(context, connection: connection)
        }
    }

    /// Arms the `reset` fault on `connection`: once the handler returns `MHD_NO`, the client
    /// gets a RST, never a FIN (curl 56, not 52), on either backend (see ``ServingPlatform/reset(_:)``).
    func resetConnection(_ connection: OpaquePointer) {
        if !platform.reset(connection) { logger.warning("could not arm the reset of a connection (errno \(errno))") }
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

    /// Whether the request carries `Authorization: Bearer <token>`.
    func authorized(_ connection: OpaquePointer) -> Bool {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Authorization") else { return false }
        return String(cString: value) == "Bearer \(configuration.token)"
    }
}
