import Foundation

/// The header rules of the proxy: hop-by-hop headers (RFC 9110 §7.6.1) are dropped both ways,
/// with any the `Connection` header names; `Host` becomes the upstream's unless
/// `--preserve-host-header`; the stub's removals and additions apply last.
enum ProxyHeaders {
    /// Headers that describe one connection, never forwarded.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade",
    ]

    /// The names a message's `Connection` headers list, lowercased, plus ``hopByHop``.
    static func dropped(from headers: [(name: String, value: String)]) -> Set<String> {
        var names = hopByHop
        for header in headers where header.name.lowercased() == "connection" {
            for token in header.value.split(separator: ",") {
                names.insert(trimmed(token).lowercased())
            }
        }
        return names
    }

    /// The request headers sent upstream, in the client's order. `Content-Length` and `Expect` are
    /// libcurl's to write (it sends the body it holds); `Host` is `upstreamHost` unless `preserveHost`.
    static func request(
        _ headers: [(name: String, value: String)], target: ProxyTarget, upstreamHost: String, preserveHost: Bool
    ) -> [(name: String, value: String)] {
        let dropped = dropped(from: headers).union(["content-length", "expect"])
        let added = Set(target.additionalHeaders.map { $0.name.lowercased() })
        var result: [(name: String, value: String)] = []
        var sawHost = false
        for header in headers {
            let name = header.name.lowercased()
            if dropped.contains(name) || added.contains(name) || target.removedHeaders.contains(name) { continue }
            if name == "host" {
                if sawHost { continue }
                sawHost = true
                result.append(("Host", preserveHost ? header.value : upstreamHost))
            } else {
                result.append(header)
            }
        }
        if !sawHost, !target.removedHeaders.contains("host") { result.append(("Host", upstreamHost)) }
        result += target.additionalHeaders
        return result
    }

    /// The upstream's answer headers as the client gets them: hop-by-hop dropped, and
    /// `Content-Length` too (libmicrohttpd writes the length of what it sends).
    static func response(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        // Per proxied answer: no set built, no Foundation trimming (both showed in profiles).
        var listed: [String] = []
        for header in headers where isNamed(header.name, "connection") {
            for token in header.value.split(separator: ",") { listed.append(trimmed(token).lowercased()) }
        }
        return headers.filter { header in
            if isNamed(header.name, "content-length") { return false }
            let name = header.name.lowercased()
            return !hopByHop.contains(name) && !listed.contains(name)
        }
    }

    /// The declared `Content-Length` of an answer without `Transfer-Encoding`, if valid.
    static func contentLength(_ headers: [(name: String, value: String)]) -> Int? {
        if headers.contains(where: { isNamed($0.name, "transfer-encoding") }) { return nil }
        guard let value = headers.last(where: { isNamed($0.name, "content-length") })?.value else { return nil }
        return Int(trimmed(Substring(value))).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Whether header `name` is `lowercased` (given in lowercase), ASCII letters compared in any case.
    static func isNamed(_ name: String, _ lowercased: StaticString) -> Bool {
        let expected = UnsafeRawBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        guard name.utf8.count == expected.count else { return false }
        return zip(name.utf8, expected).allSatisfy { byte, wanted in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
        }
    }

    /// `text` without leading and trailing spaces, tabs, CRs and LFs (ASCII only, no Foundation).
    static func trimmed(_ text: Substring) -> Substring {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = text.utf8.firstIndex(where: { !blank($0) }), let last = text.utf8.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}
