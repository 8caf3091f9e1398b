import Foundation
import MockServer
import TestSupport
import XCTest

/// `testbed fetch` as a newcomer runs it against a server.
final class FetchCommandTests: XCTestCase {
    private var server: MockServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ChildProcess.product("testbed").path), "build the products first")
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func fetch(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String) {
        let child = try ChildProcess(ChildProcess.product("testbed"), ["fetch"] + arguments)
        let status = child.waitForExit(timeout: 20)
        return (status, child.standardOutput, child.standardError)
    }

    func test_fetch_printsStatusBytesAndTime_withEitherClient() throws {
        for client in ["curl", "urlsession"] {
            let result = try fetch([server.url("/images/1.png?bytes=12345").absoluteString, "--client", client])
            XCTAssertEqual(result.status, 0, "\(client): \(result.errors)")
            XCTAssertTrue(result.output.hasPrefix("200  12345 bytes  "), "\(client): \(result.output)")
            XCTAssertTrue(result.output.contains("image/png"), result.output)
            XCTAssertTrue(result.errors.contains("fetching"), "a progress line on standard error")
        }
    }

    func test_fetch_reportsTheErrorCaseAndTheUserMessage_andExitsNonZero() throws {
        let missing = try fetch([server.url("/images/missing-4.png").absoluteString, "--lang", "en"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.output.contains("error: httpStatus(404)"), missing.output)
        XCTAssertTrue(missing.output.contains("The image at this URL is unavailable"), missing.output)

        let slow = try fetch([server.url("/health?delay=3000").absoluteString, "--timeout", "0.3", "--lang", "ru"])
        XCTAssertEqual(slow.status, 1)
        XCTAssertTrue(slow.output.contains("error: timedOut"), slow.output)
        XCTAssertTrue(slow.output.contains("Слишком долгое ожидание / сервер не отвечает"), slow.output)
        XCTAssertTrue(slow.output.contains("Потяните вниз, чтобы обновить"), slow.output)

        let big = try fetch([server.url("/health?bytes=5000").absoluteString, "--max-bytes", "1000", "--lang", "en"])
        XCTAssertEqual(big.status, 1)
        XCTAssertTrue(big.output.contains("tooLarge(limit: 1000)"), big.output)
        XCTAssertTrue(big.output.contains("The image is too large"), big.output)
    }

    func test_fetch_offlineServer_isReportedAsOffline() throws {
        try server.setOffline(true)
        let result = try fetch([server.url("/health").absoluteString, "--lang", "en"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("error: offline"), result.output)
        XCTAssertTrue(result.output.contains("No Internet connection"), result.output)
    }

    func test_fetch_rejectsBadInputWithAMessage() throws {
        for arguments in [["not a url"], ["ftp://example.com/x"], ["http://127.0.0.1/", "--timeout", "0"], ["http://127.0.0.1/", "--client", "wget"]] {
            let result = try fetch(arguments)
            XCTAssertNotNil(result.status, "\(arguments) exits")
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertFalse(result.errors.isEmpty, "\(arguments) explains")
        }
    }
}
