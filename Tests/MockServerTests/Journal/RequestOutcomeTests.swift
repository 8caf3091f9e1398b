import Foundation
import XCTest

@testable import MockServer

/// The journal's outcome is typed, with today's wire strings as raw values.
final class RequestOutcomeTests: ServerTestCase {
    func test_rawValues_areTheWireStrings() {
        // The strings clients and the docs (docs/MOCKSERVER.md) already rely on: a renamed case must not change them.
        let wire: [RequestOutcome: String] = [
            .ok: "ok", .clientClosed: "client-closed", .error: "error", .timeout: "timeout",
            .shutdown: "shutdown", .reset: "reset", .truncated: "truncated", .stalled: "stalled",
            .emptyReply: "empty-reply", .garbage: "garbage", .badChunk: "bad-chunk",
        ]
        for outcome in RequestOutcome.allCases {
            XCTAssertEqual(outcome.rawValue, wire[outcome], "\(outcome)")
        }
        XCTAssertEqual(Set(RequestOutcome.allCases), Set(wire.keys))
    }

    func test_decodingAnUnknownOutcome_throwsAnErrorNamingIt() {
        // A journal from a newer server: a readable error, not a trap.
        XCTAssertThrowsError(try JSONDecoder().decode([RequestOutcome].self, from: Data(#"["ok","teleported"]"#.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.contains("'teleported'"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.contains("client-closed"), "lists the known ones")
        }
        XCTAssertEqual(try JSONDecoder().decode([RequestOutcome].self, from: Data(#"["client-closed"]"#.utf8)), [.clientClosed])
    }

    func test_journal_carriesTheTypedOutcome_andTheWireStringInJSON() throws {
        // When
        _ = get("/health?reset=1")
        _ = get("/images/1.png?truncate=100")
        _ = get("/health")

        // Then
        XCTAssertEqual(server.requests.map(\.outcome), [.reset, .truncated, .ok])
        let page = try XCTUnwrap(get("/__admin/requests").json?["requests"] as? [[String: Any]])
        XCTAssertEqual(page.compactMap { $0["outcome"] as? String }, ["reset", "truncated", "ok"])
    }
}
