import Foundation

/// The catalog's HTTPS part: the TLS port, where its CA is handed out, the names its
/// certificate covers, and each certificate fault's listener.
struct HTTPSCatalog: Sendable {
    /// One certificate fault's row.
    struct FaultRow: Sendable {
        let fault: MockServer.TLSFault
        let url: String
    }

    /// `https://host:port` of the TLS port.
    let url: String
    /// Where the CA certificate is served (`…/__admin/ca.pem` on the admin port).
    let certificateAuthorityURL: String
    /// The names and addresses the TLS port's certificate covers.
    let hosts: [String]
    let faults: [FaultRow]

    /// What `GET /__admin/catalog` carries under `https`.
    var jsonObject: [String: Any] {
        [
            "url": url,
            "caURL": certificateAuthorityURL,
            "hosts": hosts,
            "curl": "curl --cacert ca.pem \(url)/images/1.png -o 1.png",
            "faults": faults.map { row -> [String: Any] in
                [
                    "name": row.fault.catalogName, "url": row.url + "/images/1.png", "description": row.fault.summary,
                    "curlExitCode": Int(row.fault.curlExitCode),
                ]
            },
        ]
    }

    /// The start-up banner's lines.
    var textLines: [String] {
        var lines = [
            "HTTPS: \(url)  (every route of the main port; certificate for \(hosts.joined(separator: ", ")))",
            "  CA certificate: \(certificateAuthorityURL)  (trust it once; e.g. curl --cacert ca.pem \(url)/health)",
            "Certificate faults (each its own listener):",
        ]
        lines += faults.map {
            "  \($0.fault.catalogName.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0.url)  \($0.fault.summary)"
        }
        return lines
    }
}

extension ServerCore {
    /// The HTTPS catalog for `endpoints`, with URLs made by `url` (so they use the host the
    /// asking client used); `nil` without HTTPS.
    func tlsCatalog(_ endpoints: Endpoints, adminBase: String, url: (SocketAddress) -> String) -> HTTPSCatalog? {
        guard let tls, let address = endpoints.tls else { return nil }
        let faults = MockServer.TLSFault.allCases.compactMap { fault in
            endpoints.faults[fault].map { HTTPSCatalog.FaultRow(fault: fault, url: url($0)) }
        }
        return HTTPSCatalog(
            url: url(address), certificateAuthorityURL: adminBase + "/__admin/ca.pem", hosts: tls.hosts, faults: faults)
    }

    /// `GET /__admin/ca.pem`: the CA certificate as `application/x-x509-ca-cert` (a phone's browser
    /// offers to install it), or a 404 saying how to turn HTTPS on.
    func certificateAuthorityReply() -> Reply {
        guard let tls else {
            return .error(404, "HTTPS is off: start mockserver with --tls-port (in process: Configuration.tls)")
        }
        return Reply(
            status: 200, contentType: "application/x-x509-ca-cert", body: SharedBytes(tls.authority.certificatePEM),
            headers: [("Content-Disposition", "attachment; filename=\"testbed-mockserver-ca.pem\"")])
    }
}
