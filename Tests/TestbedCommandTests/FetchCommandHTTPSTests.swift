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

    /// The CA as people have it besides our PEM: DER (a `.cer` from a keychain, Android or a
    /// proxy), one unwrapped base64 line with CRLF, and a bundle with text around the blocks.
    func test_cacert_inTheShapesOtherToolsWrite_trustsTheServersCA() throws {
        let pem = try XCTUnwrap(server.certificateAuthorityPEM)
        let lines = pem.split(separator: "\n").map(String.init)
        let base64 = lines.filter { !$0.hasPrefix("-----") }.joined()
        let der = try XCTUnwrap(Data(base64Encoded: base64))
        let derFile = folder.appendingPathComponent("ca.cer")
        try der.write(to: derFile)
        let oneLine = try file("one-line.pem", "\(lines.first!)\r\n\(base64)\r\n\(lines.last!)\r\n")
        let systemBundle = (try? String(contentsOfFile: "/etc/ssl/certs/ca-certificates.crt", encoding: .utf8)) ?? ""
        let annotated = try file("bundle.pem", "Bag Attributes\n    friendlyName: testbed\nsubject=/CN=Testbed\n" + pem + "\n" + systemBundle)
        let url = try XCTUnwrap(server.httpsURL("/images/1.png?bytes=4321")).absoluteString
        for path in [derFile.path, oneLine, annotated] {
            let result = try fetch([url, "--cacert", path])
            XCTAssertEqual(result.status, 0, "\(path): \(result.errors)\(result.output)")
            XCTAssertTrue(result.output.hasPrefix("200  4321 bytes  "), "\(path): \(result.output)")
        }
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
        // A bundle whose second certificate is valid base64 but no certificate.
        let damaged = try file(
            "damaged.pem", try XCTUnwrap(server.certificateAuthorityPEM) + "-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n")
        let unterminated = try file("unterminated.pem", "-----BEGIN CERTIFICATE-----\nAAECAwQF\n")
        let huge = folder.appendingPathComponent("huge.pem")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try FileHandle(forWritingTo: huge).truncate(atOffset: 11 * 1024 * 1024)
        #if os(Linux)
        // A file that exists but cannot be read, even by root (reading it fails with EIO; Linux only).
        let unreadable: [(arguments: [String], says: String)] = [(["--cacert", "/proc/self/mem"], "cannot read")]
        #else
        let unreadable: [(arguments: [String], says: String)] = []
        #endif
        let cases: [(arguments: [String], says: String)] = unreadable + [
            (["--cacert", folder.appendingPathComponent("missing.pem").path], "no such file"),
            (["--cacert", folder.path], "is a directory"),
            (["--cacert", notPEM], "holds no certificate: neither PEM"),
            (["--cacert", brokenPEM], "certificate 1, which is not valid base64"),
            (["--cacert", damaged], "certificate 2, which is damaged"),
            (["--cacert", unterminated], "without its -----END CERTIFICATE----- line"),
            (["--cacert", huge.path], "is larger than 10 MB"),
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
