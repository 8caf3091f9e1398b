import CMicroHTTPD
import Foundation

/// `/__admin/…`: journal, reset, offline switch, catalog. Answered on both ports, never journalled.
extension ServerCore {
    /// The admin endpoints and their methods.
    static let adminEndpoints: [String: [String]] = [
        "/__admin/requests": ["GET", "HEAD"],
        "/__admin/reset": ["POST"],
        "/__admin/offline": ["GET", "HEAD", "POST"],
        "/__admin/scenarios": ["GET", "HEAD"],
    ]

    func adminReply(_ context: RequestContext, connection: OpaquePointer) -> Reply {
        guard let methods = Self.adminEndpoints[context.path] else {
            return .error(404, "no admin endpoint \(context.path); known: \(Self.adminEndpoints.keys.sorted().joined(separator: ", "))")
        }
        guard methods.contains(context.method) else {
            var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
            reply.headers.append(("Allow", methods.joined(separator: ", ")))
            return reply
        }
        switch (context.method, context.path) {
        case ("POST", "/__admin/reset"):
            journal.reset()
            offlineFirst.withLock { $0 = nil }
            return .json(200, object: ["reset": true])
        case ("POST", "/__admin/offline"):
            return offlineSwitch(context)
        case (_, "/__admin/offline"):
            return .json(200, object: ["offline": offline.load(ordering: .sequentiallyConsistent)])
        case (_, "/__admin/requests"):
            // On the admin port (its own thread) wait for answers already sent to be journalled;
            // on the main port that would block the very thread that journals them.
            if context.role == .admin { settleJournal() }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let body = (try? encoder.encode(["requests": journal.records])) ?? Data("{\"requests\":[]}".utf8)
            return .json(200, body)
        default:
            return .json(200, Catalog.json(base: baseURL(for: connection), adminBase: adminBaseURL(for: connection)))
        }
    }

    /// `POST /__admin/offline {"offline": true|false}`. On the admin port the switch is done when
    /// the answer is sent; on the main port it happens right after the answer went out (the main
    /// port cannot close under its own request).
    private func offlineSwitch(_ context: RequestContext) -> Reply {
        guard !context.uploadOverflow, let value = OfflineCommand.value(in: context.upload) else {
            return .json(400, object: ["error": "expected a JSON body like {\"offline\": true}", "parameter": "offline", "valid": "true or false"])
        }
        if context.role == .admin {
            do {
                try setOffline(value)
            } catch {
                return .error(500, "could not switch: \(error)")
            }
        } else {
            context.afterCompletion = { [self] in setOfflineSoon(value) }
        }
        return .json(200, object: ["offline": value])
    }

    /// The admin port's URL as a client of this request would reach it, or `nil` without one.
    private func adminBaseURL(for connection: OpaquePointer) -> String? {
        guard let port = endpoints.withLock({ $0.adminPort }) else { return nil }
        let base = baseURL(for: connection)
        // Same host as the request used, the admin port instead of the main one.
        guard let components = URLComponents(string: base), let host = components.host else { return nil }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "http://\(bracketed):\(port)"
    }
}
