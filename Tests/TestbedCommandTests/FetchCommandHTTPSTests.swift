import Foundation
import MockServer
import TestSupport
import XCTest

/// `testbed fetch --cacert FILE` against a server with HTTPS: the CA trusted from a file, and
/// a certificate failure reported with its case and its user message.
final class FetchCommandHTTPSTests: XCTestCase {
    private var server: MockServer!
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-https-\(UUID().uuidString)", isDirectory: true)
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: folder.appendingPathComponent("ca", isDirectory: true))
        server = try MockServer.start(configuration)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ChildProcess.product("testbed").path), "build the products first")
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func fetch(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String) {
        let child = try ChildProcess(ChildProcess.product("testbed"), ["fetch"] + arguments)
        let status = child.waitForExit(timeout: 20)
        return (status, child.standardOutput, child.standardError)
    }

    /// Writes `text` to a file in the test's folder and returns its path.
    private func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func caFile() throws -> String {
        try file("ca.pem", try XCTUnwrap(server.certificateAuthorityPEM))
    }

    func test_cacert_trustsTheServersCA() throws {
        let url = try XCTUnwrap(server.httpsURL("/images/1.png?bytes=4321")).absoluteString
        let result = try fetch([url, "--cacert", try caFile()])
        XCTAssertEqual(result.status, 0, result.errors + result.output)
        XCTAssertTrue(result.output.hasPrefix("200  4321 bytes  "), result.output)
    }

    func test_certificateFailure_printsTheCaseAndTheUserMessage_andExits1() throws {
        let expired = try XCTUnwrap(server.tlsFaultURL(.expired)).absoluteString + "/images/1.png"
        let english = try fetch([expired, "--cacert", try caFile(), "--lang", "en"])
        XCTAssertEqual(english.status, 1)
        XCTAssertTrue(english.output.contains("error: secureConnectionFailed(expired)"), english.output)
        XCTAssertTrue(english.output.contains("the server's certificate has expired"), english.output)
        XCTAssertTrue(english.output.contains("A secure connection could not be established"), english.output)
        XCTAssertFalse(english.output.contains("Pull down to refresh"), "a retry cannot fix a certificate")

        let russian = try fetch([try XCTUnwrap(server.httpsURL("/health")).absoluteString, "--lang", "ru"])
        XCTAssertEqual(russian.status, 1)
        XCTAssertTrue(russian.output.contains("error: secureConnectionFailed(untrustedIssuer)"), "no --cacert: " + russian.output)
        XCTAssertTrue(russian.output.contains("Не удалось установить защищённое соединение"), russian.output)
    }

    func test_badCacert_isAUsageErrorNamingTheFile() throws {
        let url = try XCTUnwrap(server.httpsURL("/health")).absoluteString
        let notPEM = try file("notes.txt", "just some text\n")
        let brokenPEM = try file("broken.pem", "-----BEGIN CERTIFICATE-----\n!!!not base64!!!\n-----END CERTIFICATE-----\n")
        let cases: [(arguments: [String], says: String)] = [
            (["--cacert", folder.appendingPathComponent("missing.pem").path], "no such file"),
            (["--cacert", folder.path], "is a directory"),
            (["--cacert", notPEM], "holds no PEM certificate"),
            // A file that exists but cannot be read, even by root (reading it fails with EIO).
            (["--cacert", "/proc/self/mem"], "cannot read"),
            (["--cacert", brokenPEM], "holds no PEM certificate"),
            (["--cacert", try caFile(), "--client", "urlsession"], "needs --client curl"),
        ]
        for (arguments, says) in cases {
            let result = try fetch([url] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): a usage error, as the other bad options")
            XCTAssertTrue(result.errors.contains("--cacert"), "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.contains(says), "\(arguments): \(result.errors)")
            XCTAssertTrue(result.output.isEmpty, "\(arguments): nothing fetched")
        }
    }
}
