import Foundation
import XCTest

@testable import MockServer

/// The journal bounds the body bytes it holds: the newest records keep their bodies.
final class JournalBodyBudgetTests: ServerTestCase {
    override var configuration: MockServer.Configuration {
        var configuration = MockServer.Configuration()
        configuration.journalBodyBudget = 150_000
        return configuration
    }

    private func record(_ index: Int, bodySize: Int) -> RequestRecord {
        RequestRecord(
            method: "POST", path: "/\(index)", query: "", status: 200, bytes: 0, ms: 0, fault: "", connection: index,
            started: index, outcome: .ok, body: Data(repeating: UInt8(index), count: bodySize))
    }

    func test_olderBodiesAreDropped_beyondTheBudget_newestKept() {
        // Given a budget of 1,000 bytes
        let journal = Journal(capacity: 100, bodyBudget: 1_000)

        // When four 300-byte bodies and one without arrive
        for index in 0..<4 { journal.append(record(index, bodySize: 300)) }
        journal.append(record(4, bodySize: 0))

        // Then the oldest body went, its record stays with a note, and the total holds
        let records = journal.records
        XCTAssertEqual(records.map(\.body.count), [0, 300, 300, 300, 0])
        XCTAssertEqual(records.map(\.bodyDropped), [true, false, false, false, false])
        XCTAssertEqual(records[0].bodySize, 300, "the size is still known")
        XCTAssertFalse(records[0].bodyTruncated, "dropped, not cut")
        XCTAssertEqual(journal.bodyBytes, 900)
    }

    func test_budget_isKeptAcrossCapacityDropsAndReset() {
        let journal = Journal(capacity: 3, bodyBudget: 1_000)
        for index in 0..<10 { journal.append(record(index, bodySize: 200)) }
        XCTAssertEqual(journal.records.map(\.path), ["/7", "/8", "/9"])
        XCTAssertEqual(journal.bodyBytes, 600, "bodies of records dropped by capacity no longer count")
        XCTAssertEqual(journal.records.map(\.bodyDropped), [false, false, false])
        journal.append(record(10, bodySize: 900))
        XCTAssertEqual(journal.records.map(\.body.count), [0, 0, 900])
        XCTAssertEqual(journal.bodyBytes, 900)
        journal.reset()
        XCTAssertEqual(journal.bodyBytes, 0)
        journal.append(record(11, bodySize: 1_001))
        XCTAssertEqual(journal.records.map(\.bodyDropped), [true], "a body larger than the whole budget is not kept")
        XCTAssertEqual(journal.bodyBytes, 0)
    }

    func test_liveServer_keepsTheNewestBodiesWithinItsBudget() throws {
        // Given a 150,000-byte budget, When three requests carry 64 KB each
        for index in 0..<3 {
            let body = Data(repeating: UInt8(index), count: 65_536)
            XCTAssertEqual(CurlClient().request(server.url("/health?n=\(index)"), method: "POST", body: body).status, 405)
        }

        // Then the first lost its body, the two newest kept theirs
        let records = server.requests
        XCTAssertEqual(records.map(\.bodyDropped), [true, false, false])
        XCTAssertEqual(records.map(\.body.count), [0, 65_536, 65_536])
        XCTAssertEqual(records.map(\.bodySize), [65_536, 65_536, 65_536])
        let page = try XCTUnwrap(get("/__admin/requests").json?["requests"] as? [[String: Any]])
        XCTAssertEqual(page.first?["bodyDropped"] as? Bool, true)
        XCTAssertEqual(page.first?["body"] as? String, "")
    }
}
