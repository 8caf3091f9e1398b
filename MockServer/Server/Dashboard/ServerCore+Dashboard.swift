import CMicroHTTPD
import Foundation

/// The dashboard: a web page for manual testers, served on the admin port only — `GET /` is the
/// page, `GET /__admin/dashboard/<file>` its styles and modules — over the documented admin API
/// plus two endpoints of its own kind: `GET /__admin/events` (ServerCore+Events.swift) and
/// `POST /__admin/try` (ServerCore+Try.swift), which any script may use too.
///
/// The page and its files pass the admin guard like every admin call, and go out with a strict
/// Content-Security-Policy (scripts and styles from this origin only, nothing inline, no
/// framing), `X-Content-Type-Options: nosniff` and no referrer.
extension ServerCore {
    /// Where the page's own files are served.
    static let dashboardPrefix = "/__admin/dashboard/"
    /// The dashboard's files, read once from the MockServer target's resources.
    static let dashboardFiles = DashboardFiles()
    /// The headers every dashboard file is sent with.
    static let dashboardHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// `GET /` on the admin port: the page (admission calls this before anything else there).
    func admitDashboardPage(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.isAdmin = true
        if let refusal = adminRefusal(context, connection: connection) {
            return send(refusal, context: context, connection: connection)
        }
        return send(dashboardReply(context, file: "index.html"), context: context, connection: connection)
    }

    /// The dashboard's admin endpoints, after the admin guard: its files, the event stream and
    /// the probe; `nil` for every other admin path.
    func admitDashboardEndpoint(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result? {
        if context.path.hasPrefix(Self.dashboardPrefix) {
            let file = String(context.path.dropFirst(Self.dashboardPrefix.count))
            return send(dashboardReply(context, file: file), context: context, connection: connection)
        }
        switch context.path {
        case "/__admin/events":
            guard context.method == "GET" else { return send(Self.notAllowed(context, allow: "GET"), context: context, connection: connection) }
            return startEvents(context, connection: connection)
        case "/__admin/try":
            guard context.method == "POST" else { return send(Self.notAllowed(context, allow: "POST"), context: context, connection: connection) }
            return startProbe(context, connection: connection)
        default:
            return nil
        }
    }

    /// A dashboard file, or why not: the main port never serves them.
    func dashboardReply(_ context: RequestContext, file: String) -> Reply {
        guard context.role == .admin else {
            let admin = endpoints.withLock { $0.admin }.map { " (http://\($0.authority)/)" } ?? ""
            return .error(404, "the dashboard is served on the admin port only\(admin)")
        }
        guard context.method == "GET" || context.method == "HEAD" else { return Self.notAllowed(context, allow: "GET, HEAD") }
        switch Self.dashboardFiles.file(file) {
        case .failure(let problem):
            return .error(503, "the dashboard is unavailable: \(problem)")
        case .success(nil):
            return .error(404, "the dashboard has no file \(file)")
        case .success(let found?):
            return Reply(status: 200, contentType: found.contentType, body: found.bytes, headers: Self.dashboardHeaders)
        }
    }

    /// A 405 naming the methods allowed.
    static func notAllowed(_ context: RequestContext, allow: String) -> Reply {
        var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
        reply.headers.append(("Allow", allow))
        return reply
    }
}
