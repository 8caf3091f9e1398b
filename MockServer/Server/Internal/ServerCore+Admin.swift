import CMicroHTTPD
import Foundation

/// `/__admin/…`: journal, reset, offline switch, catalog. Answered on both ports, never journalled.
extension ServerCore {
    /// The admin endpoints and their methods.
    static let adminEndpoints: [String: [String]] = [
        "/__admin/requests": ["GET", "HEAD"],
        "/__admin/reset": ["POST"],
        "/__admin/offline": ["GET", "HEAD", "POST"],
        "/__admin/catalog": ["GET", "HEAD"],
        "/__admin/ca.pem": ["GET", "HEAD"],
    ]

    /// The admin guard: a 403 when this port does not serve the admin API, or when a browser page
    /// of another origin asks for a change; `nil` when the request may go on. Runs before every
    /// admin endpoint, including the journal, which is answered off the polling thread.
    func adminRefusal(_ context: RequestContext, connection: OpaquePointer) -> Reply? {
        let endpoints = endpoints.withLock { $0 }
        if context.role == .main, !adminGuard.servesAdminOnMainPort(endpoints) {
            let admin = endpoints.admin.map { " (\($0.authority))" } ?? ""
            return .error(403, "the admin API is served on the admin port only\(admin), not on this port")
        }
        let refusal = adminGuard.refusal(
            method: context.method, origin: Self.header("Origin", of: connection),
            fetchSite: Self.header("Sec-Fetch-Site", of: connection),
            requestHost: Self.header("Host", of: connection).flatMap(HostHeader.host), endpoints: endpoints)
        guard let refusal else { return nil }
        logger.warning("refused \(LogText.escaped(context.method)) \(LogText.escaped(context.path)): \(LogText.escaped(refusal))")
        return .error(403, refusal)
    }

    /// The answer of an admin endpoint the guard let through (``adminRefusal(_:connection:)``).
    func adminReply(_ context: RequestContext, connection: OpaquePointer) -> Reply {
        let endpoints = endpoints.withLock { $0 }
        if let reply = stubAdminReply(context) { return reply }
        if let reply = faultAdminReply(context) { return reply }
        if let reply = recordingAdminReply(context) { return reply }
        guard let methods = Self.adminEndpoints[context.path] else {
            let known = (Array(Self.adminEndpoints.keys) + Array(Self.stubAdminEndpoints.keys) + Array(Self.faultAdminEndpoints.keys)
                + Array(Self.recordingAdminEndpoints.keys)).sorted()
            return .error(404, "no admin endpoint \(context.path); known: \(known.joined(separator: ", "))")
        }
        guard methods.contains(context.method) else {
            var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
            reply.headers.append(("Allow", methods.joined(separator: ", ")))
            return reply
        }
        switch (context.method, context.path) {
        case ("POST", "/__admin/reset"):
            resetState()
            return .json(200, object: ["reset": true])
        case ("POST", "/__admin/offline"):
            return offlineSwitch(context)
        case (_, "/__admin/offline"):
            return .json(200, object: ["offline": offline.load(ordering: .sequentiallyConsistent)])
        case (_, "/__admin/ca.pem"):
            return certificateAuthorityReply()
        case (_, "/__admin/requests"):
            // Served off the polling thread by `startJournal` (ServerCore+Journal.swift).
            return .json(200, journalJSON())
        default:
            let base = url(of: endpoints.main, context, connection: connection, endpoints: endpoints)
            let adminBase = endpoints.admin.map { url(of: $0, context, connection: connection, endpoints: endpoints) }
            let blackhole = self.blackhole.withLock { $0?.url }
            var bind = ["main": endpoints.main.authority]
            bind["admin"] = endpoints.admin?.authority
            bind["tls"] = endpoints.tls?.authority
            let https = tlsCatalog(endpoints, adminBase: adminBase ?? base) { address in
                self.url(of: address, context, connection: connection, endpoints: endpoints)
                    .replacingOccurrences(of: "http://", with: "https://")
            }
            return .json(200, Catalog.json(base: base, adminBase: adminBase, blackhole: blackhole, bind: bind, https: https))
        }
    }

    /// A request header's value, or `nil`.
    static func header(_ name: String, of connection: OpaquePointer) -> String? {
        MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
    }

    /// `POST /__admin/reset`: clears the journal, the fault counters (`flaky` and `fail_rate`, which
    /// live apart from the journal) and the `offline-first` scenario's progress.
    func resetState() {
        resetJournal()
        proxyJournal.removeAll()
        flakyCounters.reset()
        failRateCounters.reset()
        offlineFirst.disarm()
    }

    /// `POST /__admin/offline {"offline": true|false}`. On the admin port the switch is done when
    /// the answer is sent; on the main port it happens right after the answer went out (the main
    /// port cannot close under its own request).
    private func offlineSwitch(_ context: RequestContext) -> Reply {
        guard !context.uploadOverflow, let value = OfflineCommand.value(in: context.upload) else {
            return .json(400, object: ["error": "expected a JSON body like {\"offline\": true}", "parameter": "offline", "valid": "true or false"])
        }
        // The command's place in line is taken now, before the answer can reach the client.
        let ticket = offlineSwitches.issue()
        if context.role == .admin {
            do {
                try setOffline(value, ticket: ticket)
            } catch {
                return .error(500, "could not switch: \(error)")
            }
        } else {
            context.afterCompletion = { [self] in setOfflineSoon(value, ticket: ticket) }
        }
        return .json(200, object: ["offline": value])
    }

    /// `http://host:port` of `listener` as the client of this request would reach it: the host it
    /// used (its valid `Host` header) when the listener shares the address the request came to or
    /// listens on every interface, else the listener's own address.
    private func url(
        of listener: SocketAddress, _ context: RequestContext, connection: OpaquePointer, endpoints: Endpoints
    ) -> String {
        let arrival = context.role == .admin ? endpoints.admin ?? endpoints.main : endpoints.main
        if listener.host == arrival.host || listener.isWildcard,
            let host = Self.header("Host", of: connection).flatMap(HostHeader.host)
        {
            return "http://\(host):\(listener.port)"
        }
        return "http://\(listener.authority)"
    }
}
