import Foundation
import XCTest

@testable import bench

/// Case 8's nginx certificate: issued by the given CA folder, shaped like the mock server's leaf.
final class PeerCertificateTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("peer-certificate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A P-256 CA as the mock server keeps it: `ca.pem` and a PKCS #8 `ca-key.pem`.
    private func makeAuthority(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let finished = try runCommand(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "30",
             "-subj", "/CN=Test CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
             "-keyout", directory.appendingPathComponent("ca-key.pem").path, "-out", directory.appendingPathComponent("ca.pem").path],
            timeout: 30)
        XCTAssertEqual(finished.status, 0, finished.errorOutput)
    }

    func test_issue_leafChainsToTheCA_withTheServersNamesAndKeyType() throws {
        let authority = folder.appendingPathComponent("tls")
        try makeAuthority(in: authority)
        let leaf = try PeerCertificate.issue(authority: authority, hosts: ["localhost", "127.0.0.1", "::1"], into: folder)

        let verified = try runCommand(
            "/usr/bin/openssl", ["verify", "-CAfile", authority.appendingPathComponent("ca.pem").path, "-purpose", "sslserver", leaf.certificate.path],
            timeout: 30)
        XCTAssertEqual(verified.status, 0, verified.output + verified.errorOutput)
        let text = try runCommand("/usr/bin/openssl", ["x509", "-in", leaf.certificate.path, "-noout", "-text"], timeout: 30).output
        XCTAssertTrue(text.contains("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1"), text)
        XCTAssertTrue(text.contains("NIST CURVE: P-256"), text)
        XCTAssertTrue(text.contains("Signature Algorithm: ecdsa-with-SHA256"), text)
        XCTAssertTrue(text.contains("CA:FALSE"), text)
        XCTAssertTrue(text.contains("TLS Web Server Authentication"), text)
        // The key belongs to the certificate.
        let certificateKey = try runCommand("/usr/bin/openssl", ["x509", "-in", leaf.certificate.path, "-noout", "-pubkey"], timeout: 30).output
        let privateKey = try runCommand("/usr/bin/openssl", ["pkey", "-in", leaf.key.path, "-pubout"], timeout: 30).output
        XCTAssertFalse(certificateKey.isEmpty)
        XCTAssertEqual(certificateKey, privateKey)
    }

    func test_issue_withoutTheCAsKey_throwsNamingTheFile() throws {
        let authority = folder.appendingPathComponent("tls")
        try makeAuthority(in: authority)
        try FileManager.default.removeItem(at: authority.appendingPathComponent("ca-key.pem"))
        XCTAssertThrowsError(try PeerCertificate.issue(authority: authority, hosts: ["localhost"], into: folder)) { error in
            XCTAssertTrue("\(error)".contains("ca-key.pem"), "\(error)")
        }
    }
}
