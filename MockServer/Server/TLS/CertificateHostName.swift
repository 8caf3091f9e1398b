/// What a certificate's subject alternative name can hold: an IP address, or a DNS name in the
/// preferred name syntax (RFC 5280 §4.2.1.6, RFC 1123) with an optional `*` as its whole
/// leftmost label.
///
/// A malformed name is refused before the CA is touched: some clients reject a whole
/// certificate for one bad entry (Go's `crypto/x509` fails to parse it), and swift-certificates
/// cannot encode a name with non-ASCII characters at all, so one typo in `--tls-host` would
/// otherwise break the TLS port for every client, or fail the start with a misleading reason.
enum CertificateHostName {
    /// Why `host` cannot be named in a certificate, or `nil` when it can.
    static func problem(with host: String) -> String? {
        if host.isEmpty { return "it is empty" }
        if SocketAddress.bytes(of: host) != nil { return nil }
        if host.contains("%") {
            return "an IPv6 address with a zone (%…) cannot be in a certificate; leave the zone out"
        }
        if host.contains(":") || host.hasPrefix("[") { return "it is not a valid IPv6 address" }
        if !host.unicodeScalars.allSatisfy(\.isASCII) {
            return "a certificate holds only ASCII names; write an internationalized name in its xn-- (punycode) form"
        }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        guard name.utf8.count <= 253 else { return "a DNS name is at most 253 characters, this one has \(name.utf8.count)" }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            return "it is neither an IPv4 address (four numbers 0-255) nor a DNS name"
        }
        for (index, label) in labels.enumerated() {
            if label.isEmpty { return "it has an empty label (two dots in a row, or a leading dot)" }
            if label == "*" {
                guard index == 0 else { return "a wildcard (*) may only be the whole leftmost label" }
                guard labels.count >= 3 else { return "a wildcard needs at least two labels after it (*.example.com)" }
                continue
            }
            guard label.utf8.count <= 63 else { return "the label '\(label.prefix(20))…' is longer than 63 characters" }
            guard label.unicodeScalars.allSatisfy({ isNameCharacter($0) }) else {
                return "the label '\(label)' holds a character other than letters, digits, '-' and '_'"
            }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "the label '\(label)' starts or ends with '-'" }
        }
        return nil
    }

    /// Letters, digits and `-` (RFC 1123), and `_`, which service names (`my_service` in a
    /// compose file) use and clients accept.
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
    }
}
