import Foundation
import Synchronization

/// A request's `Host` header, checked before it goes into the absolute URLs of an answer
/// (`gallery.json`, avatar URLs in tweets, the catalog).
///
/// Accepted: a DNS name (ASCII letters, digits, `-`, `_`, dot-separated labels of 1…63), an IPv4
/// address, or a bracketed IPv6 address, each with an optional port 1…65535. Anything else
/// (`[::1`, `:`, `a b`, `x:99999`, `host:80:80`, `evil.com/path`, a name with non-ASCII letters,
/// an empty or overlong value) is refused and the caller falls back to the listening address.
enum HostHeader {
    /// Longest `Host` value accepted.
    static let maximumLength = 255

    /// Values already checked, and their answer. A client sends the same `Host` with every
    /// request, and the check (`URLComponents` above all) was a quarter of the CPU a cached
    /// JSON answer costs; bounded, emptied when full.
    private static let checked = Mutex<[String: String?]>([:])
    /// Most values remembered.
    static let rememberedValues = 256

    /// The header as a URL authority (`host` or `host:port`, the port without leading zeros),
    /// or `nil` when it is not a valid host.
    static func authority(_ raw: String) -> String? {
        if let known = checked.withLock({ $0[raw] }) { return known }
        let answer = check(raw)
        checked.withLock { values in
            if values.count >= rememberedValues { values.removeAll(keepingCapacity: true) }
            values[raw] = answer
        }
        return answer
    }

    private static func check(_ raw: String) -> String? {
        guard !raw.isEmpty, raw.utf8.count <= maximumLength, raw.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
        let host: Substring
        let portText: Substring?
        if raw.hasPrefix("[") {
            guard let close = raw.firstIndex(of: "]") else { return nil }
            host = raw[...close]
            let rest = raw[raw.index(after: close)...]
            if rest.isEmpty {
                portText = nil
            } else {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else { return nil }
        } else {
            let parts = raw.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            guard isName(host) else { return nil }
        }
        var authority = String(host)
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let port = Int(portText), (1...65_535).contains(port)
            else { return nil }
            authority += ":\(port)"
        }
        // Belt and braces: the URL built from it must parse with exactly this host.
        guard let components = URLComponents(string: "http://\(authority)/"), components.path == "/",
            components.host.map({ normalized($0) == normalized(String(host)) }) == true
        else { return nil }
        return authority
    }

    /// The host part of a valid header (an IPv6 address keeps its brackets), or `nil`.
    static func host(_ raw: String) -> String? {
        guard let authority = authority(raw) else { return nil }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { return String(authority[...close]) }
        return String(authority.prefix { $0 != ":" })
    }

    /// Dot-separated labels of letters, digits, `-` and `_` (an IPv4 address is such a name);
    /// one trailing dot is allowed.
    private static func isName(_ host: Substring) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        return !labels.isEmpty
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count)
                    && label.utf8.allSatisfy { byte in
                        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
                    }
            }
    }

    /// A host as URLComponents reports it, brackets and case aside.
    private static func normalized(_ host: String) -> String {
        host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    }
}
