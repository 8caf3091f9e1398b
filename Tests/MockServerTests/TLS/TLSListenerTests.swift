import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The HTTPS side as a tester meets it with the curl command line: every route over TLS with
/// the server's CA trusted, each certificate fault's exit code, the offline switch, the CA handed out.
final class TLSListenerTests: ServerTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
    private var caFile: URL { folder.appendingPathComponent("ca.pem") }

    override var configuration: MockServer.Configuration {
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: folder)
        return configuration
    }

    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CurlCommand.path), "the curl command line is needed: \(CurlCommand.path)")
        try super.setUpWithError()
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    func test_everyRoute_answersOverHTTPS_withTheCATrusted_asItDoesOverHTTP() throws {
        let https = try XCTUnwrap(server.httpsBaseURL)
        XCTAssertEqual(https.scheme, "https")
        XCTAssertNotEqual(https.port, server.baseURL.port)
        for item in Catalog.endpoints {
            let plain = try CurlCommand.run(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(token)", server.url(item.example).absoluteString])
            let secure = try CurlCommand.run([
                "--cacert", caFile.path, "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(token)",
                https.absoluteString + item.example,
            ])
            XCTAssertEqual(secure.status, 0, "\(item.name): \(secure.standardError)")
            XCTAssertEqual(secure.standardOutput, plain.standardOutput, "\(item.name): the same status over HTTPS as over HTTP")
        }
    }

    func test_anImage_arrivesByteForByte_andTheGalleryListPointsAtTheHTTPSPort() throws {
        let https = try XCTUnwrap(server.httpsBaseURL)
        let plain = HTTP.get(server.url("/images/1.png"))
        let secure = try CurlCommand.run(["--cacert", caFile.path, "-o", folder.appendingPathComponent("1.png").path, https.absoluteString + "/images/1.png"])
        XCTAssertEqual(secure.status, 0, secure.standardError)
        XCTAssertGreaterThan(plain.body.count, 500_000)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("1.png")), plain.body)

        let list = try CurlCommand.run(["--cacert", caFile.path, https.absoluteString + "/gallery.json"])
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("\"\(https.absoluteString)/images/1.png\""), list.standardOutput)
    }

    func test_withoutTheCA_curlRefusesTheCertificate() throws {
        let https = try XCTUnwrap(server.httpsBaseURL)
        let otherCA = folder.appendingPathComponent("other")
        _ = try MockServer.certificateAuthorityPEM(in: otherCA)
        let run = try CurlCommand.run(["--cacert", otherCA.appendingPathComponent("ca.pem").path, https.absoluteString + "/health"])
        XCTAssertEqual(run.status, 60, run.standardError)
        XCTAssertTrue(run.standardError.contains("unable to get local issuer certificate"), run.standardError)
    }

    func test_eachCertificateFault_givesCurlsMatchingError() throws {
        for fault in MockServer.TLSFault.allCases {
            let url = try XCTUnwrap(server.tlsFaultURL(fault), "\(fault)")
            XCTAssertNotEqual(url.port, server.httpsBaseURL?.port)
            let started = ContinuousClock.now
            let run = try CurlCommand.run(["--cacert", caFile.path, "--max-time", "1", url.absoluteString + "/health"])
            let elapsed = ContinuousClock.now - started
            XCTAssertEqual(run.status, fault.curlExitCode, "\(fault): \(run.standardError)")
            if fault == .handshakeStall {
                XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(950), "the stall holds until curl's own deadline")
            }
        }
    }

    func test_theCertificateFaults_sayWhichFault_inCurlsMessage() throws {
        let expected: [MockServer.TLSFault: String] = [
            .expired: "certificate has expired", .notYetValid: "certificate is not yet valid",
            .wrongHost: "no alternative certificate subject name matches", .selfSigned: "self-signed certificate",
            .unknownAuthority: "unable to get local issuer certificate",
        ]
        for (fault, message) in expected {
            let url = try XCTUnwrap(server.tlsFaultURL(fault))
            let run = try CurlCommand.run(["--cacert", caFile.path, url.absoluteString + "/health"])
            XCTAssertTrue(run.standardError.contains(message), "\(fault): \(run.standardError)")
        }
    }

    func test_theFaultListeners_serveTheRoutes_toAClientThatSkipsVerification() throws {
        for fault in MockServer.TLSFault.allCases where fault != .handshakeStall && fault != .tls10Only {
            let url = try XCTUnwrap(server.tlsFaultURL(fault))
            let run = try CurlCommand.run(["--insecure", url.absoluteString + "/health"])
            XCTAssertEqual(run.status, 0, "\(fault): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "ok", "\(fault)")
        }
    }

    func test_brokenAnswers_overHTTPS_giveTheSameCurlErrors_asOverHTTP() throws {
        let https = try XCTUnwrap(server.httpsBaseURL)
        for query in ["empty_reply=1", "bad_chunk=1", "reset=1", "garbage=1", "truncate=1000"] {
            let plain = try CurlCommand.run(["-o", "/dev/null", server.url("/images/1.png?\(query)").absoluteString])
            let secure = try CurlCommand.run(["--cacert", caFile.path, "-o", "/dev/null", https.absoluteString + "/images/1.png?\(query)"])
            XCTAssertNotEqual(plain.status, 0, query)
            XCTAssertEqual(secure.status, plain.status, "\(query): \(secure.standardError)")
        }
    }

    func test_theOfflineSwitch_closesTheTLSPort_andReopensItOnTheSamePort() throws {
        let https = try XCTUnwrap(server.httpsBaseURL)
        try server.setOffline(true)
        let refused = try CurlCommand.run(["--cacert", caFile.path, https.absoluteString + "/health"])
        XCTAssertEqual(refused.status, 7, "connection refused while offline: \(refused.standardError)")
        let fault = try XCTUnwrap(server.tlsFaultURL(.expired))
        XCTAssertEqual(try CurlCommand.run(["--insecure", fault.absoluteString + "/health"]).status, 0, "fault listeners stay open, like the blackhole")

        try server.setOffline(false)
        XCTAssertEqual(server.httpsBaseURL, https)
        let back = try CurlCommand.run(["--cacert", caFile.path, https.absoluteString + "/health"])
        XCTAssertEqual(back.status, 0, back.standardError)
        XCTAssertEqual(back.standardOutput, "ok")
    }

    func test_aTLSPortTakenWhileOffline_leavesTheServerOffline_notHalfOpen() throws {
        // Given a server gone offline, whose TLS port another process takes meanwhile
        let https = try XCTUnwrap(server.httpsBaseURL)
        let plain = "http://127.0.0.1:\(server.port)/health"
        try server.setOffline(true)
        let holder = try Self.listen(onPort: try XCTUnwrap(https.port))

        // When it is switched online
        XCTAssertThrowsError(try server.setOffline(false)) { error in
            guard case .cannotListen(_, let port) = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertEqual(port, https.port)
        }

        // Then it stays offline on both ports, as it says, until the port is free again
        XCTAssertTrue(server.isOffline)
        XCTAssertEqual(try CurlCommand.run([plain]).status, 7, "the main port stays closed")
        close(holder)
        try server.setOffline(false)
        XCTAssertEqual(try CurlCommand.run([plain]).status, 0)
        XCTAssertEqual(try CurlCommand.run(["--cacert", caFile.path, https.absoluteString + "/health"]).status, 0)
    }

    /// A socket listening on 127.0.0.1:`port` (without SO_REUSEPORT, so nobody else can).
    private static func listen(onPort port: Int) throws -> Int32 {
        let fd = Sockets.tcp()
        var address = Loopback.address(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, Sockets.listen(fd, backlog: 4) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return fd
    }

    func test_theCA_isHandedOut_atTheAdminEndpoint_andKeptInTheFolder() throws {
        let pem = try XCTUnwrap(server.certificateAuthorityPEM)
        XCTAssertTrue(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let answer = HTTP.get(server.adminURL.appendingPathComponent("__admin/ca.pem"))
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), pem)
        XCTAssertEqual(try String(contentsOf: caFile, encoding: .utf8), pem)
        let permissions = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("ca-key.pem").path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600, "the CA's key is readable by its owner only")
    }

    func test_theCatalog_listsTheHTTPSPort_theCA_andEveryFault() throws {
        let answer = HTTP.get(server.adminURL.appendingPathComponent("__admin/catalog"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let https = try XCTUnwrap(object["https"] as? [String: Any])
        XCTAssertEqual(https["url"] as? String, server.httpsBaseURL?.absoluteString)
        XCTAssertEqual(https["caURL"] as? String, server.adminURL.absoluteString + "/__admin/ca.pem")
        let faults = try XCTUnwrap(https["faults"] as? [[String: Any]])
        XCTAssertEqual(faults.compactMap { $0["name"] as? String }, MockServer.TLSFault.allCases.map(\.catalogName))
        XCTAssertEqual(faults.compactMap { $0["curlExitCode"] as? Int }, [60, 60, 60, 60, 60, 28, 35])
        XCTAssertTrue(server.catalogDescription.contains("Certificate faults"))
    }
}
