import Foundation
import MockServer
import Networking

/// The HTTPS rules: a certificate failure is reported as one, a chain from the trusted CA
/// works, a stalled handshake ends at the stall deadline, and a body arrives intact over TLS.
/// Each check runs against a `MockServer` TLS listener and gives the client its CA
/// (``HTTPClientSetup/trustedCertificatesPEM``).
extension HTTPClientContracts {
    /// One certificate fault of the server and the kinds a client may name for it.
    struct CertificateFault: Sendable {
        let fault: MockServer.TLSFault
        /// Besides ``SecureConnectionFailure/unspecified``, which is always allowed.
        let kinds: [SecureConnectionFailure]
    }

    /// The listeners that serve a bad certificate. A self-signed leaf may also be named an
    /// untrusted issuer: its issuer is itself, which nobody trusts (Apple's URLSession reports
    /// both as `serverCertificateUntrusted`).
    static let certificateFaults: [CertificateFault] = [
        CertificateFault(fault: .expired, kinds: [.expired]),
        CertificateFault(fault: .notYetValid, kinds: [.notYetValid]),
        CertificateFault(fault: .wrongHost, kinds: [.wrongHost]),
        CertificateFault(fault: .selfSigned, kinds: [.selfSigned, .untrustedIssuer]),
        CertificateFault(fault: .unknownAuthority, kinds: [.untrustedIssuer]),
    ]

    public static let certificateFailureIsCertificateError = Contract<HTTPClientSubject>(
        id: "http.certificateFailureIsCertificateError",
        rule: "With the server's CA trusted, each bad certificate (expired, not yet valid, wrong host, self-signed, from an unknown CA) is secureConnectionFailed within 1.5 s, not offline, timedOut or connectionLost; a kind other than unspecified must name that fault."
    ) { subject, server in
        await withTLSServer(server) { server, authority in
            // Deadlines far beyond the bound: a client that waits for one instead of failing at
            // the handshake breaks the rule even if it names the error right.
            let timeouts = RequestTimeouts(connect: .seconds(4), stall: .seconds(4), total: .seconds(6))
            let client = await subject.makeClient(6, timeouts: timeouts, trusting: authority)
            var problems: [String] = []
            for item in certificateFaults {
                guard let url = faultURL(server, item.fault, "/health") else {
                    problems.append("the server has no \(item.fault.rawValue) listener")
                    continue
                }
                let outcome = await send(client, HTTPRequest(url: url, timeouts: timeouts), budget: .seconds(4))
                let expected = "secureConnectionFailed(" + item.kinds.map { $0.rawValue }.joined(separator: " or ") + " or unspecified) within 1500 ms"
                guard case .failure(.secureConnectionFailed(let kind), let elapsed) = outcome else {
                    problems.append("\(item.fault.rawValue): " + outcome.observed(expecting: expected))
                    continue
                }
                if kind != .unspecified, !item.kinds.contains(kind) {
                    problems.append("\(item.fault.rawValue): named the failure \(kind.rawValue), expected \(expected)")
                } else if elapsed > .milliseconds(1500) {
                    problems.append("\(item.fault.rawValue): failed only after \(elapsed.milliseconds) ms, expected \(expected)")
                }
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }
    }

    public static let validChainWorks = Contract<HTTPClientSubject>(
        id: "http.validChainWorks",
        rule: "With the server's CA trusted, a GET over HTTPS to a certificate that CA issued for 127.0.0.1 returns the 200 and the body the server sends over plain HTTP."
    ) { subject, server in
        await withTLSServer(server) { server, authority in
            guard let reference = await ReferenceHTTP.body(port: server.port, pathAndQuery: "/health") else {
                return "the reference fetch failed (server problem, not the client's)"
            }
            guard let url = server.httpsURL("/health") else { return "the server has no HTTPS listener" }
            let outcome = await send(await subject.makeClient(6, trusting: authority), HTTPRequest(url: url), budget: .seconds(5))
            guard case .success(let response, _) = outcome else { return observed(outcome, expecting: "a 200 over HTTPS", subject) }
            return differences(response, reference).map { "over HTTPS: " + $0 }
        }
    }

    public static let stalledHandshakeEndsAtStallDeadline = Contract<HTTPClientSubject>(
        id: "http.stalledHandshakeEndsAtStallDeadline",
        rule: "A TLS handshake the server never answers (it reads the ClientHello and stalls) ends in timedOut once the stall deadline passes (0.5 s), at most 1 s after, well before the connect deadline (3 s)."
    ) { subject, server in
        await withTLSServer(server) { server, authority in
            let timeouts = RequestTimeouts(connect: .seconds(3), stall: .milliseconds(500), total: .seconds(5))
            guard let url = faultURL(server, .handshakeStall, "/health") else { return "the server has no handshakeStall listener" }
            let client = await subject.makeClient(6, timeouts: timeouts, trusting: authority)
            let problem = await expect(
                .timedOut, client, HTTPRequest(url: url, timeouts: timeouts), notBefore: .milliseconds(500), within: .milliseconds(1500))
            return problem.map { "a stalled TLS handshake: " + $0 + " (the stall deadline of 500 ms)" }
        }
    }

    public static let httpsBodyIntact = Contract<HTTPClientSubject>(
        id: "http.httpsBodyIntact",
        rule: "A 1 MB body arrives byte for byte over HTTPS, as the server sends it over plain HTTP, twice in a row on one client (the second normally on the kept-alive connection)."
    ) { subject, server in
        await withTLSServer(server) { server, authority in
            let path = "/images/1.png?bytes=1048576"
            guard let reference = await ReferenceHTTP.body(port: server.port, pathAndQuery: path) else {
                return "the reference fetch failed (server problem, not the client's)"
            }
            guard let url = server.httpsURL(path) else { return "the server has no HTTPS listener" }
            let client = await subject.makeClient(6, trusting: authority)
            for attempt in ["first", "second"] {
                let outcome = await send(client, HTTPRequest(url: url), budget: .seconds(10))
                guard case .success(let response, _) = outcome else {
                    return "the \(attempt) request: " + observed(outcome, expecting: "a 200 with the body", subject)
                }
                if let problem = differences(response, reference) { return "the \(attempt) request: " + problem }
            }
            return nil
        }
    }
}
