import Foundation

/// The fault rules' admin API, on both ports (behind the admin guard): `POST|GET|DELETE
/// /__admin/faults` and `GET|PUT|DELETE /__admin/faults/{id}`. Errors have the stub API's shape
/// (`{"errors": [{"code", "source": {"pointer"}, "title", "detail"}]}`), with a 400.
extension ServerCore {
    /// The fault rule endpoints and their methods (`{id}` stands for a rule's UUID).
    static let faultAdminEndpoints: [String: [String]] = [
        "/__admin/faults": ["GET", "HEAD", "POST", "DELETE"],
        "/__admin/faults/{id}": ["GET", "HEAD", "PUT", "DELETE"],
    ]

    /// The answer of a fault rule endpoint, or `nil` when `context.path` is none.
    func faultAdminReply(_ context: RequestContext) -> Reply? {
        let prefix = "/__admin/faults/"
        let isOne = context.path.hasPrefix(prefix) && !context.path.dropFirst(prefix.count).contains("/")
        guard context.path == "/__admin/faults" || isOne else { return nil }
        let methods = Self.faultAdminEndpoints[isOne ? "/__admin/faults/{id}" : "/__admin/faults"] ?? []
        guard methods.contains(context.method) else {
            var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
            reply.headers.append(("Allow", methods.joined(separator: ", ")))
            return reply
        }
        guard isOne else {
            switch context.method {
            case "POST":
                return addFaultRule(context)
            case "DELETE":
                faultRules.removeAll()
                logger.info("fault rules: all removed")
                return .json(200, object: [String: Any]())
            default:
                let all = faultRules.rules
                return .json(200, JSONValue.object(["faults": .array(all.map(\.json)), "meta": ["total": .integer(all.count)]]).data)
            }
        }
        let text = String(context.path.dropFirst(prefix.count))
        guard let id = UUID(uuidString: text) else {
            return Self.faultRuleError(StubError(.invalid, field: "id", reason: "'\(text)' in the path is not a UUID"))
        }
        switch context.method {
        case "DELETE":
            return faultRules.remove(id) ? .json(200, object: [String: Any]()) : Self.faultRuleNotFound(id)
        case "PUT":
            return replaceFaultRule(id, context)
        default:
            guard let rule = faultRules.rule(id) else { return Self.faultRuleNotFound(id) }
            return .json(200, rule.json.data)
        }
    }

    /// `POST /__admin/faults`: 201 with the rule (with its `id`), or a 400 naming the field.
    private func addFaultRule(_ context: RequestContext) -> Reply {
        do throws(StubError) {
            let rule = try FaultRule(json: try Self.faultRuleBody(context))
            try faultRules.add([rule])
            logger.info("fault rule added: \(rule.id.uuidString.lowercased()) \(LogText.escaped(rule.name)) [\(LogText.escaped(rule.faults))]")
            return .json(201, rule.json.data)
        } catch {
            return Self.faultRuleError(error)
        }
    }

    /// `PUT /__admin/faults/{id}`: the whole rule replaced in its place (an `id` in the body must
    /// be the path's); 404 for an unknown id.
    private func replaceFaultRule(_ id: UUID, _ context: RequestContext) -> Reply {
        do throws(StubError) {
            var rule = try FaultRule(json: try Self.faultRuleBody(context))
            if let given = try StubParser.object(context.upload)["id"] as? String, UUID(uuidString: given) != id {
                throw StubError(.invalid, field: "id", reason: "'\(given)' differs from the id in the path")
            }
            rule.id = id
            guard faultRules.replace(rule) else { return Self.faultRuleNotFound(id) }
            logger.info("fault rule replaced: \(id.uuidString.lowercased()) \(LogText.escaped(rule.name)) [\(LogText.escaped(rule.faults))]")
            return .json(200, rule.json.data)
        } catch {
            return Self.faultRuleError(error)
        }
    }

    /// The request's body, or the error when it was larger than the upload limit.
    private static func faultRuleBody(_ context: RequestContext) throws(StubError) -> Data {
        guard !context.uploadOverflow else {
            throw StubError(.invalid, field: "", reason: "the rule is larger than \(uploadLimit) bytes")
        }
        return context.upload
    }

    /// A refused rule: 400, in the stub API's error shape, naming the field and why.
    private static func faultRuleError(_ error: StubError) -> Reply {
        let title = error.kind == .duplicateID ? "Duplicate fault rule ID" : "Invalid fault rule"
        return .json(400, object: ["errors": [["code": 10, "source": ["pointer": error.pointer], "title": title, "detail": error.description]]])
    }

    /// An unknown id: a 404 saying which.
    private static func faultRuleNotFound(_ id: UUID) -> Reply {
        .json(404, object: ["errors": [["code": 10, "title": "no fault rule with id \(id.uuidString.lowercased())"]]])
    }
}
