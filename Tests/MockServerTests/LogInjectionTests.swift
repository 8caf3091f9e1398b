import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Request-derived text cannot forge log lines: control characters are escaped.
final class LogInjectionTests: ServerTestCase {
    private let logs = LogCapture()

    override var configuration: MockServer.Configuration {
        var configuration = MockServer.Configuration()
        configuration.logger = logs.logger(label: "mockserver")
        return configuration
    }

    func test_decodedCRLFInTheQuery_staysOnOneEscapedLine() {
        // When
        let forged = "%0a2026-01-01T00:00:00%2B0000%20critical%20mockserver%20:%20forged%0d%0a"
        XCTAssertEqual(get("/health?x=\(forged)").status, 200)

        // Then one line, the newline shown as \n
        XCTAssertTrue(waitUntil { self.lines(containing: "forged").count == 1 }, "\(logs.lines)")
        let line = lines(containing: "forged").first ?? ""
        XCTAssertFalse(line.contains("\n") || line.contains("\r"), line)
        XCTAssertTrue(line.contains(#"x=\n2026-01-01T00:00:00+0000 critical mockserver : forged\r\n"#), line)
    }

    func test_controlCharactersInThePath_areEscaped() throws {
        // The path is not percent-decoded: raw bytes, as a hostile client sends them
        let connection = try RawConnection(
            port: server.port, request: "GET /nothing\u{1B}[31mred\u{202E}evil HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(String(decoding: connection.readAll(timeout: 3).data, as: UTF8.self).hasPrefix("HTTP/1.1 404"))
        XCTAssertTrue(waitUntil { !self.lines(containing: "red").isEmpty }, "\(logs.lines)")
        let line = lines(containing: "red").first ?? ""
        XCTAssertTrue(line.contains(#"/nothing\u{001B}[31mred\u{202E}evil"#), line)
        XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" }, line)
    }

    func test_refusedAdminCall_logsItsOriginEscaped() {
        let result = CurlClient().request(
            server.adminURL.appendingPathComponent("__admin/reset"), method: "POST",
            headers: ["Origin: http://evil.example\u{1B}[2J"], body: Data())
        XCTAssertEqual(result.status, 403)
        XCTAssertTrue(waitUntil { !self.lines(containing: "evil.example").isEmpty }, "\(logs.lines)")
        let line = lines(containing: "evil.example").first ?? ""
        XCTAssertTrue(line.contains(#"evil.example\u{001B}[2J"#), line)
    }

    func test_escaped_escapesControlsAndInvisiblesOnly() {
        XCTAssertEqual(LogText.escaped("/images/1.png?a=b"), "/images/1.png?a=b")
        XCTAssertEqual(LogText.escaped("a\nb\rc\td"), #"a\nb\rc\td"#)
        XCTAssertEqual(LogText.escaped("back\\slash"), #"back\\slash"#)
        XCTAssertEqual(LogText.escaped("\u{0}\u{7F}\u{85}\u{2028}\u{202E}\u{FEFF}"), #"\u{0000}\u{007F}\u{0085}\u{2028}\u{202E}\u{FEFF}"#)
        XCTAssertEqual(LogText.escaped("héllo → 例え"), "héllo → 例え", "printable non-ASCII stays readable")
    }

    private func lines(containing text: String) -> [String] {
        logs.lines.filter { $0.contains(text) }
    }
}
