import Foundation

/// The faults that need a proxied answer's whole body at hand (`bytes`, `corrupt`,
/// `conditional`, `ranges`, `malformed`, `empty`): for them the upstream's answer is collected
/// whole (at most ``ProxyExchange/wholeLimit`` bytes), then goes through the same body, validator
/// and wire stages as a stub's answer.
extension ServerCore {
    /// The fault names that make a proxied answer collected whole.
    static let wholeBodyFaults: [Fault.Name] = [.bytes, .corrupt, .conditional, .ranges, .malformed, .empty]

    /// Whether `faults` hold one of ``wholeBodyFaults``.
    static func needsWholeBody(_ faults: RequestFaults) -> Bool {
        wholeBodyFaults.contains(where: faults.contains)
    }

    /// The upstream's answer as a ``Reply``: its status, `Content-Type` and other end-to-end
    /// headers (its own caching headers kept, none added), and its body, with `malformed` and
    /// `empty` applied (they change what is built; the body stage does the rest). When a
    /// validator fault is on, the upstream's validators give way to the ones the stage computes
    /// for the bytes actually sent.
    static func wholeProxiedReply(_ head: ProxyExchange.Head, body: Data, faults: RequestFaults) -> Reply {
        var headers = ProxyHeaders.response(head.headers)
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value ?? ""
        var replaced: Set<String> = ["content-type"]
        if faults.contains(.conditional) || faults.contains(.ranges) {
            replaced.formUnion(["etag", "last-modified", "accept-ranges", "content-range"])
        }
        headers.removeAll { replaced.contains($0.name.lowercased()) }
        var bytes = body
        if faults.contains(.empty) { bytes = emptied(bytes) }
        if faults.contains(.malformed) { bytes = TwitterJSON.malformed(bytes) }
        var reply = Reply(status: head.status, contentType: contentType, body: SharedBytes(bytes), headers: headers)
        reply.keepsCachingHeaders = true
        return reply
    }

    /// `empty` on an upstream's answer: a JSON array becomes `[]`, a JSON object keeps its
    /// members with every top-level array emptied (`{"items": [], "total": 3}`), anything else
    /// becomes a body of no bytes.
    static func emptied(_ body: Data) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return Data() }
        if value is [Any] { return Data("[]".utf8) }
        guard var object = value as? [String: Any] else { return Data() }
        for (key, member) in object where member is [Any] { object[key] = [Any]() }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The 502 when an answer needed whole is longer than ``ProxyExchange/wholeLimit``.
    static func tooLargeForFaults(_ faults: RequestFaults) -> Reply {
        let names = wholeBodyFaults.filter(faults.contains).map(\.rawValue).joined(separator: ", ")
        return .error(
            502,
            "the upstream's answer is over \(ProxyExchange.wholeLimit) bytes: \(names) needs the whole body at hand, "
                + "and a proxied body is kept whole up to that size only (the streaming faults apply to any size)")
    }
}
