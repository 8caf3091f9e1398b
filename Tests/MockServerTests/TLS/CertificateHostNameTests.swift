import Foundation
import TestSupport
import X509
import XCTest

@testable import MockServer

/// The names a tester adds with `--tls-host`: what a certificate can hold goes in, anything else
/// is refused with the reason before the CA folder is touched.
final class CertificateHostNameTests: TemporaryFolderTestCase {
    /// The server creates the CA folder, and a refused start must not.
    override var createsFolder: Bool { false }

    func test_addresses_names_wildcards_andServiceNames_areAccepted() {
        let good = [
            "192.168.1.20", "10.0.2.2", "fe80::1", "[2001:db8::7]", "phone-lab.local", "xn--bcher-kva.example",
            "*.lab.example.com", "my_service", "host.example.", String(repeating: "a", count: 63) + ".example",
        ]
        for host in good { XCTAssertNil(CertificateHostName.problem(with: host), host) }
    }

    func test_namesNoCertificateCanHold_areRefused_withTheReason() {
        let bad: [(String, String)] = [
            ("", "empty"),
            ("ünïcödé.example", "xn--"),
            ("has space", "letters, digits"),
            ("999.1.1.1", "neither an IPv4 address"),
            ("127.1", "neither an IPv4 address"),
            ("fe80::1%eth0", "zone"),
            ("1:2:3", "not a valid IPv6"),
            ("a..b", "empty label"),
            (".leading", "empty label"),
            ("-dash.example", "starts or ends with '-'"),
            ("lab.*.example", "whole leftmost label"),
            ("*.com", "two labels after it"),
            (String(repeating: "a", count: 64) + ".example", "longer than 63"),
            (Array(repeating: String(repeating: "b", count: 60), count: 5).joined(separator: "."), "at most 253"),
        ]
        for (host, reason) in bad {
            let problem = CertificateHostName.problem(with: host)
            XCTAssertTrue(problem?.contains(reason) == true, "\(host): \(problem ?? "accepted")")
        }
    }

    func test_aBadExtraHost_refusesTheStart_namingIt_andLeavesNoCAFolder() {
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: folder, extraHosts: ["lab.example", "ünï.example"])
        XCTAssertThrowsError(try MockServer.start(configuration)) { error in
            guard case .invalidCertificateHost(let host, let reason) = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "ünï.example")
            XCTAssertTrue(reason.contains("xn--"), reason)
            XCTAssertTrue("\(error)".hasPrefix("'ünï.example' cannot be named in a certificate"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing written for a refused start")
    }

    func test_goodExtraHosts_reachTheLeaf_asNamesAndAddresses() throws {
        let options = MockServer.TLSOptions(port: 0, directory: folder, extraHosts: ["*.lab.example.com", "[2001:db8::7]"])
        let material = try TLSMaterial.make(options: options, listening: "127.0.0.1")
        let names = try XCTUnwrap(try Certificate(pemEncoded: material.main.certificatePEM).extensions.subjectAlternativeNames)
        XCTAssertTrue(names.contains(.dnsName("*.lab.example.com")))
        let v6: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]
        XCTAssertTrue(names.contains(.ipAddress(.init(contentBytes: ArraySlice(v6)))), "\(names)")
    }

    func test_aCredentialGnuTLSRefuses_onAFreePort_isNotCalledAPortInUse() throws {
        // Given a running server and a TLS credential that is no certificate at all
        let server = try MockServer.start()
        defer { server.stop() }
        let garbage = TLSCredential(certificatePEM: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", keyPEM: "no key")
        let address = try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 0))

        // When a TLS listener is started with it, then the error names the listener and GnuTLS
        XCTAssertThrowsError(
            try server.core.listen(role: .main, on: address, limit: 1, threads: 1, credential: garbage, tlsListener: "test's")
        ) { error in
            guard case .tlsListenerRefused(_, _, let listener) = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(listener, "test's")
            XCTAssertTrue("\(error)".contains("GnuTLS refused its certificate, key or priorities"), "\(error)")
        }
    }
}
