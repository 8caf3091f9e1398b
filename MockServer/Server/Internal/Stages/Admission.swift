import Foundation

/// Stage 1, admission: what a request is, and whether it is served at all. In order: the
/// connection limit, admin routing, the admin port's own limits, the fault rules that match
/// (``FaultRuleStore``, main port only), a stub (``StubStage``), the
/// method, the token of the Twitter endpoints, then the route and the fault list (a bad value is a
/// 400). It holds the services it needs: the stub stage and the token.
///
/// The stage decides; ``ServerCore`` carries the decision out (the admin endpoints, the dashboard
/// and the connection stage are its services). An admitted request has its route, faults and stub
/// set on the context.
struct AdmissionStage {
    /// What becomes of a request at admission.
    enum Decision {
        /// This answer, at once (the connection limit, a refusal, a bad fault value, a near miss).
        case reply(Reply)
        /// `/__admin/…` on either port: the admin guard, then the endpoint.
        case admin
        /// The dashboard's page (`/` on the admin port).
        case dashboardPage
        /// On to the connection stage, with `extraDelay` ms added to any `delay` (a stub's own).
        case proceed(extraDelay: Int)
    }

    /// Matches requests against the stubs before the catalog.
    let stubs: StubStage
    /// The fault rules, matched before the stubs (their faults go under the stub's and the query's).
    let rules: FaultRuleStore
    /// The bearer token the Twitter endpoints require.
    let token: String
    /// `--proxy-all`'s upstream: a request no stub answers goes there, never to the catalog.
    var proxyAll: ProxyTarget?

    /// The decision for `context`, whose query and headers are read.
    func decide(_ context: RequestContext) -> Decision {
        if context.overLimit {
            return .reply(ServerCore.connectionLimitReply(limit: context.daemon.limit))
        }
        if context.path.hasPrefix("/__admin/") {
            context.isAdmin = true
            return .admin
        }
        if context.role == .admin, context.path == "/" {
            return .dashboardPage
        }
        if context.role == .main, rules.hasEnabledRules {
            let matched = rules.matching(context.matchInfo)
            context.faultRules = matched.map { $0.id.uuidString.lowercased() }
            context.ruleFaults = matched.flatMap(\.prefixedPairs)
        }
        switch stubs.admit(context) {
        case .matched(let extraDelay): return .proceed(extraDelay: extraDelay)
        case .refused(let reply): return .reply(reply)
        case .unmatched: break
        }
        if let proxyAll, context.role == .main {
            // The catalog is off: the upstream's paths are the app's, and so are bare parameters.
            let faultQuery = context.ruleFaults.isEmpty ? context.query : QueryParameters(pairs: context.ruleFaults + context.query.pairs)
            do {
                context.faults = try RequestFaults(faultQuery, spelling: .prefixedOnly)
            } catch {
                return .reply(.badParameter(error))
            }
            context.proxy = proxyAll
            return .proceed(extraDelay: 0)
        }
        if let refusal = refusal(context) { return .reply(refusal) }
        do {
            try readRouteAndFaults(context)
        } catch {
            return .reply(.badParameter(error))
        }
        return .proceed(extraDelay: 0)
    }

    /// The refusals before the route is read: the admin port serves nothing else, the catalog
    /// answers GET and HEAD only, and the Twitter endpoints need the token.
    private func refusal(_ context: RequestContext) -> Reply? {
        if context.role == .admin && context.path != "/health" {
            return .error(404, "the admin port serves /__admin/… and /health only")
        }
        guard context.method == "GET" || context.method == "HEAD" else {
            var reply = Reply.error(405, "\(context.method) is not served here; use GET or HEAD")
            reply.headers.append(("Allow", "GET, HEAD"))
            return reply
        }
        if Route.needsToken(context.path), !authorized(context) {
            let body = context.path.hasPrefix("/2/") ? TwitterJSON.v2Unauthorized() : TwitterJSON.v11Unauthorized()
            return .json(401, body)
        }
        return nil
    }

    /// Whether the request carries `Authorization: Bearer <token>` (the first such header).
    private func authorized(_ context: RequestContext) -> Bool {
        guard let header = context.headers.first(where: { $0.name.caseInsensitiveCompare("Authorization") == .orderedSame }) else {
            return false
        }
        return header.value == "Bearer \(token)"
    }

    /// Reads the fault list (from the fault table) and the route with its own parameters. A
    /// path the catalog does not serve, asked of a server that has stubs (none matched), reads
    /// only `fault.NAME`: its bare parameters are meant for the app's stubs (the near miss then
    /// answers, not a 400 about `?status=publish`). A bad fault value is reported before a bad
    /// route parameter, as before.
    private func readRouteAndFaults(_ context: RequestContext) throws(ParameterError) {
        let route = Result { () throws(ParameterError) in try Route(path: context.path, query: context.query) }
        let meantForStubs = context.unmatchedStubRequest != nil && (try? route.get()) == .notFound
        // The fault rules' faults come first, so the query's win over them.
        let faultQuery = context.ruleFaults.isEmpty ? context.query : QueryParameters(pairs: context.ruleFaults + context.query.pairs)
        context.faults = try RequestFaults(faultQuery, spelling: meantForStubs ? .prefixedOnly : .bareOrPrefixed)
        context.route = try route.get()
        if !context.route.servesJSON, let name = [Fault.Name.malformed, .empty].first(where: context.faults.contains) {
            // Named as the query spells it (`fault.malformed` or `malformed`), the last one winning.
            let spelt = context.query.pairs.last { $0.name == name.rawValue || $0.name == RequestFaults.prefix + name.rawValue }?.name
            throw ParameterError(
                parameter: spelt ?? name.rawValue, error: "\(name.rawValue) applies to JSON endpoints only",
                valid: "gallery.json, /1.1/search/tweets.json, /1.1/statuses/user_timeline.json, /2/tweets/search/recent")
        }
    }
}
