import CMicroHTTPD
import Foundation

/// WireMock's admin API for stubs and scenarios, on both ports (behind the admin guard):
/// `POST|GET|DELETE /__admin/mappings`, `GET|DELETE /__admin/mappings/{id}`, `POST /__admin/mappings/reset`,
/// `GET /__admin/scenarios`, `POST /__admin/scenarios/reset`. Answers and errors have WireMock's
/// shapes, so WireMock's own admin clients work against it.
extension ServerCore {
    /// Most bytes of a `POST /__admin/mappings` body (more is a 413).
    static let mappingUploadLimit = 10 * 1024 * 1024

    /// The stub endpoints and their methods (`{id}` stands for a stub's UUID).
    static let stubAdminEndpoints: [String: [String]] = [
        "/__admin/mappings": ["GET", "HEAD", "POST", "DELETE"],
        "/__admin/mappings/reset": ["POST"],
        "/__admin/mappings/{id}": ["GET", "HEAD", "DELETE"],
        "/__admin/scenarios": ["GET", "HEAD"],
        "/__admin/scenarios/reset": ["POST"],
    ]

    /// The most bytes of request body kept for `path`.
    static func uploadLimit(for path: String) -> Int {
        path.hasPrefix("/__admin/mappings") ? mappingUploadLimit : uploadLimit
    }

    /// The endpoint pattern `path` belongs to, if it is a stub endpoint.
    static func stubAdminEndpoint(_ path: String) -> String? {
        if stubAdminEndpoints[path] != nil { return path }
        let prefix = "/__admin/mappings/"
        if path.hasPrefix(prefix), !path.dropFirst(prefix.count).contains("/") { return "/__admin/mappings/{id}" }
        return nil
    }

    /// The answer of a stub endpoint, or `nil` when `context.path` is none.
    func stubAdminReply(_ context: RequestContext) -> Reply? {
        guard let endpoint = Self.stubAdminEndpoint(context.path), let methods = Self.stubAdminEndpoints[endpoint] else { return nil }
        guard methods.contains(context.method) else {
            var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
            reply.headers.append(("Allow", methods.joined(separator: ", ")))
            return reply
        }
        switch (context.method, endpoint) {
        case ("POST", "/__admin/mappings"):
            return addMapping(context)
        case ("DELETE", "/__admin/mappings"):
            // WireMock's "delete all stubs": the root directory's too (POST …/reset brings them back).
            stubs.removeAll()
            return .json(200, object: [String: Any]())
        case (_, "/__admin/mappings"):
            let all = stubs.stubs
            // Written from the exact values, so jsonBody and metadata numbers list as written.
            return .json(200, JSONValue.object(["mappings": .array(all.map(\.json)), "meta": ["total": .integer(all.count)]]).data)
        case ("POST", "/__admin/mappings/reset"):
            stubs.resetRuntimeStubs()
            return .json(200, object: [String: Any]())
        case (let method, "/__admin/mappings/{id}"):
            let text = String(context.path.dropFirst("/__admin/mappings/".count))
            guard let id = UUID(uuidString: text) else {
                return .json(400, object: ["errors": [["code": 10, "title": "\(text) is not a valid UUID"]]])
            }
            if method == "DELETE" {
                return stubs.remove(id) ? .json(200, object: [String: Any]()) : Self.stubNotFound(id)
            }
            guard let stub = stubs.stub(id) else { return Self.stubNotFound(id) }
            return .json(200, stub.json.data)
        case ("POST", "/__admin/scenarios/reset"):
            stubs.resetScenarios()
            return .json(200, object: [String: Any]())
        default:  // GET /__admin/scenarios
            return .json(200, object: ["scenarios": stubs.scenarios.map(\.json.foundation)])
        }
    }

    /// `POST /__admin/mappings`: 201 with the mapping (with `id` and `uuid`), or WireMock's 422.
    private func addMapping(_ context: RequestContext) -> Reply {
        if context.uploadOverflow {
            return .json(
                413, object: Self.errors(StubError(.invalid, field: "", reason: "the mapping is larger than \(Self.mappingUploadLimit) bytes")))
        }
        do {
            let stub = try Stub(json: context.upload)
            try stubs.add(stub)
            logger.info("stub added: \(stub.id.uuidString.lowercased()) \(LogText.escaped(stub.name ?? ""))")
            return .json(201, stub.json.data)
        } catch {
            logger.warning("stub refused: \(LogText.escaped(error.description))")
            return .json(422, object: Self.errors(error))
        }
    }

    /// WireMock's error document: `{"errors": [{"code", "source": {"pointer"}, "title", "detail"}]}`.
    static func errors(_ error: StubError) -> [String: Any] {
        let code = error.kind == .duplicateID ? 109 : 10
        let title = error.kind == .duplicateID ? "Duplicate stub mapping ID" : "Error parsing JSON"
        return ["errors": [["code": code, "source": ["pointer": error.pointer], "title": title, "detail": error.description]]]
    }

    /// An unknown id: a 404 (WireMock sends it with an empty body; this one says which id).
    private static func stubNotFound(_ id: UUID) -> Reply {
        .json(404, object: ["errors": [["code": 10, "title": "no stub with id \(id.uuidString.lowercased())"]]])
    }
}
