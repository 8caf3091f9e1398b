import Foundation
import XCTest

@testable import MockServer

/// `GET /__admin/requests?path=&outcome=&since=`: combinable filters, a 400 for a bad value.
final class JournalFilterTests: ServerTestCase {
    /// The journal through the admin port, filtered by `query`: the records' `path?query`.
    private func journal(_ query: String) -> (status: Int, targets: [String], json: [String: Any]?) {
        let url = URL(string: server.adminURL.absoluteString + "/__admin/requests?" + query)!
        let result = HTTP.get(url)
        let records = result.json?["requests"] as? [[String: Any]] ?? []
        let targets = records.map { record in
            let path = record["path"] as? String ?? "?"
            let query = record["query"] as? String ?? ""
            return query.isEmpty ? path : path + "?" + query
        }
        return (result.status, targets, result.json)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = get("/health?n=1")
        _ = get("/images/1.png?w=8&h=8")
        _ = get("/images/2.png?w=8&h=8&reset=1")
        _ = get("/imagesX")
    }

    func test_path_exact_andPrefixWithStar() {
        XCTAssertEqual(journal("path=/health").targets, ["/health?n=1"])
        XCTAssertEqual(journal("path=/images/*").targets, ["/images/1.png?w=8&h=8", "/images/2.png?w=8&h=8&reset=1"])
        XCTAssertEqual(journal("path=/images").targets, [], "without a star the path is exact")
        XCTAssertEqual(journal("path=/*").targets.count, 4)
    }

    func test_outcome_oneOrSeveral() {
        XCTAssertEqual(journal("outcome=reset").targets, ["/images/2.png?w=8&h=8&reset=1"])
        XCTAssertEqual(journal("outcome=reset,ok").targets.count, 4)
        XCTAssertEqual(journal("outcome=client-closed").targets, [])
    }

    func test_since_inMillisecondsSinceStart_andAsAnISODate() throws {
        // Given a later request, more than 50 ms after the others
        usleep(60_000)
        let cut = server.requests.last.map { $0.ended + 20 } ?? 0
        usleep(60_000)
        _ = get("/health?n=2")
        let later = try XCTUnwrap(server.requests.last)
        XCTAssertGreaterThan(later.started, cut)

        // Then
        XCTAssertEqual(journal("since=\(cut)").targets, ["/health?n=2"])
        XCTAssertEqual(journal("since=0").targets.count, 5)
        let cutDate = server.core.startDate.addingTimeInterval(Double(cut) / 1000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        XCTAssertEqual(journal("since=\(formatter.string(from: cutDate))").targets, ["/health?n=2"])
        XCTAssertEqual(journal("since=2000-01-01T00:00:00Z").targets.count, 5, "whole seconds are taken too")
        XCTAssertEqual(journal("since=2999-01-01T00:00:00Z").targets, [])
    }

    func test_filtersCombine() {
        XCTAssertEqual(journal("path=/images/*&outcome=ok").targets, ["/images/1.png?w=8&h=8"])
        XCTAssertEqual(journal("path=/images/*&outcome=ok&since=999999999").targets, [])
        XCTAssertEqual(journal("unknown=1&path=/health").targets, ["/health?n=1"], "other parameters are ignored")
    }

    func test_badValues_are400sNamingTheParameter() {
        for (query, parameter) in [
            ("path=images", "path"), ("path=", "path"), ("path=/a*b", "path"), ("outcome=teleported", "outcome"),
            ("outcome=ok,", "outcome"), ("since=-5", "since"), ("since=yesterday", "since"), ("since=", "since"),
            ("path=/health&outcome=nope", "outcome"),
        ] {
            let answer = journal(query)
            XCTAssertEqual(answer.status, 400, query)
            XCTAssertEqual(answer.json?["parameter"] as? String, parameter, query)
            XCTAssertNotNil(answer.json?["valid"] as? String, query)
        }
        XCTAssertEqual(journal("outcome=teleported").json?["valid"] as? String,
                       "ok, client-closed, error, timeout, shutdown, reset, truncated, stalled, empty-reply, garbage, bad-chunk (comma separated)")
    }

    func test_filteredJournal_isServedOnTheMainPortToo() {
        let result = HTTP.get(server.url("/__admin/requests?path=/health"))
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual((result.json?["requests"] as? [[String: Any]])?.count, 1)
    }
}

/// A full journal whose records carry request detail, through the filters.
final class JournalDetailLoadTests: ServerTestCase {
    func test_fullJournalWithDetail_isFilteredAndEncoded() throws {
        // Given 10,000 records with the headers a client sends and a small JSON body each
        let headers: [RequestRecord.Header] = [
            .init(name: "Host", value: "127.0.0.1:\(server.port)"), .init(name: "User-Agent", value: "Testbed/1.0 (Linux) libcurl/7.88"),
            .init(name: "Accept", value: "application/json"), .init(name: "Authorization", value: "Bearer testbed-token"),
            .init(name: "Content-Type", value: "application/json"), .init(name: "X-Request-Id", value: UUID().uuidString),
        ]
        let body = Data(#"{"user":"ada","items":[1,2,3],"note":"\#(String(repeating: "x", count: 150))"}"#.utf8)
        for index in 0..<10_000 {
            server.core.journal.append(
                RequestRecord(
                    method: "POST", path: index % 10 == 0 ? "/api/upload" : "/api/items/\(index)", query: "", status: 200,
                    bytes: 12, ms: 1, fault: "", connection: index, started: index, outcome: .ok, headers: headers, body: body))
        }

        // When
        let clock = ContinuousClock()
        let start = clock.now
        let all = HTTP.get(server.url("/__admin/requests"), timeout: 30)
        let allTime = clock.now - start
        let filteredStart = clock.now
        let filtered = HTTP.get(server.url("/__admin/requests?path=/api/upload&since=5000"), timeout: 30)
        let filteredTime = clock.now - filteredStart

        // Then
        XCTAssertEqual((all.json?["requests"] as? [Any])?.count, 10_000)
        XCTAssertEqual((filtered.json?["requests"] as? [Any])?.count, 500)
        print(
            "measured: journal of 10,000 records with 6 headers and a \(body.count)-byte body each: "
                + "\(all.body.count / 1_000_000) MB in \(allTime); filtered to 500: \(filtered.body.count / 1000) KB in \(filteredTime)")
    }
}
