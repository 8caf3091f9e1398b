import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A full journal is built off the polling threads: other requests are not held up meanwhile.
final class JournalLoadTests: ServerTestCase {
    private static let entries = 10_000

    /// Fills the journal in-process (10,000 requests over HTTP would take seconds).
    private func fillJournal() {
        // Search queries as a feed client sends them, long and full of characters JSON escapes
        // (about 25 MB of JSON in all): building the answer takes long enough to show who waits.
        let search = String(repeating: "q=\"café\" \\ \u{1}", count: 60)
        for index in 0..<Self.entries {
            server.core.journal.append(
                RequestRecord(
                    method: "GET", path: "/1.1/search/tweets.json", query: "\(search)&since_id=\(index)",
                    status: 200, bytes: 123_456, ms: index % 900, fault: "delay=\(index % 700)", connection: index,
                    started: index * 3, outcome: .ok))
        }
    }

    func test_fullJournal_onTheMainPort_doesNotHoldUpHealth() throws {
        fillJournal()
        try assertHealthStaysPrompt(whileServingTheJournalFrom: server.baseURL)
    }

    func test_fullJournal_onTheAdminPort_doesNotHoldUpHealth() throws {
        fillJournal()
        try assertHealthStaysPrompt(whileServingTheJournalFrom: server.adminURL)
    }

    func test_journalEndpoint_onTheMainPort_holdsEveryAnsweredRequest() throws {
        // It used to skip waiting on the main port (it would have blocked the journalling thread).
        let client = CurlClient()
        struct Page: Decodable { let requests: [RequestRecord] }
        for round in 1...50 {
            XCTAssertEqual(client.request(server.url("/health?round=\(round)")).status, 200)
            let page = try JSONDecoder().decode(Page.self, from: HTTP.get(server.url("/__admin/requests")).body)
            XCTAssertEqual(page.requests.last?.query, "round=\(round)")
        }
    }

    private func assertHealthStaysPrompt(whileServingTheJournalFrom base: URL, line: UInt = #line) throws {
        // Given a full journal, When it is fetched on one connection and /health on others meanwhile
        let url = base.appendingPathComponent("__admin/requests")
        let healthURL = base.appendingPathComponent("health")
        XCTAssertEqual(HTTP.get(healthURL).status, 200, line: line)  // warm
        let journal = Background { HTTP.get(url, timeout: 30) }
        var latencies: [Double] = []
        while !journal.isDone || latencies.isEmpty {
            let health = HTTP.get(healthURL, timeout: 30)
            XCTAssertEqual(health.status, 200, line: line)
            latencies.append(health.elapsed)
        }
        let result = journal.wait()

        // Then the journal is whole, and /health was answered promptly throughout
        XCTAssertEqual(result.status, 200, line: line)
        XCTAssertEqual((result.json?["requests"] as? [Any])?.count, Self.entries, line: line)
        let slowest = latencies.max() ?? 0
        print(
            "measured: journal of \(Self.entries) on \(base.port == server.port ? "main" : "admin") port: "
                + "\(Int(result.elapsed * 1000)) ms; /health during it: \(latencies.count) requests, "
                + "slowest \(Int(slowest * 1000)) ms")
        // Had it waited for the journal, the slowest would take most of the journal's time.
        XCTAssertLessThan(slowest, max(0.1, result.elapsed / 3), "a /health waited for the journal", line: line)
    }
}
