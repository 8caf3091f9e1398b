import Foundation
import XCTest

@testable import MockServer

/// The request journal, in process and over HTTP.
final class JournalTests: ServerTestCase {
    override var configuration: MockServer.Configuration { MockServer.Configuration(journalCapacity: 5) }

    func test_journal_recordsEachRequestWithItsDetails() {
        // When
        _ = get("/images/1.png?delay=100&bytes=500")
        _ = get("/nope")

        // Then
        let records = server.requests
        XCTAssertEqual(records.count, 2)
        guard records.count == 2 else { return }
        let first = records[0]
        XCTAssertEqual(first.method, "GET")
        XCTAssertEqual(first.path, "/images/1.png")
        XCTAssertEqual(first.query, "delay=100&bytes=500")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.bytes, 500)
        XCTAssertGreaterThanOrEqual(first.ms, 100)
        XCTAssertEqual(first.fault, "delay=100,bytes=500")
        XCTAssertEqual(first.outcome, .ok)
        XCTAssertEqual(records[1].status, 404)
        XCTAssertEqual(records[1].fault, "")
    }

    func test_journal_showsConnectionReuse() {
        let client = CurlClient()
        for _ in 0..<3 { XCTAssertEqual(client.request(server.url("/health")).status, 200) }
        _ = get("/health")
        let connections = server.requests.map(\.connection)
        XCTAssertEqual(connections.count, 4)
        guard connections.count == 4 else { return }
        XCTAssertEqual(Set(connections.prefix(3)).count, 1, "one kept-alive connection")
        XCTAssertNotEqual(connections[3], connections[0], "a new client, a new connection")
    }

    func test_journal_isBoundedAndSkipsAdminCalls() {
        for index in 0..<7 { _ = get("/health?n=\(index)") }
        _ = HTTP.get(server.adminURL.appendingPathComponent("__admin/requests"))
        let records = server.requests
        XCTAssertEqual(records.count, 5)
        XCTAssertEqual(records.first?.query, "n=2", "the oldest are dropped first")
        XCTAssertFalse(records.contains { $0.path.hasPrefix("/__admin") })
    }

    func test_journalEndpoint_servesTheSameRecords_andResetClearsThem() throws {
        _ = get("/health?x=1")
        let body = HTTP.get(server.url("/__admin/requests")).body
        struct Page: Decodable { let requests: [RequestRecord] }
        XCTAssertEqual(try JSONDecoder().decode(Page.self, from: body).requests, server.requests)

        XCTAssertEqual(HTTP.post(server.url("/__admin/reset"), json: "").status, 200)
        XCTAssertEqual(server.requests, [])
    }

    func test_journal_holdsEveryAnsweredRequest_assoonAsTheClientHasIt() {
        // A client that has read its answer must find the request journalled: 200 rounds of
        // request-then-read would miss one now and then if the journal lagged the answer.
        let client = CurlClient()
        for round in 1...200 {
            XCTAssertEqual(client.request(server.url("/health?round=\(round)")).status, 200)
            guard server.requests.last?.query == "round=\(round)" else {
                return XCTFail("round \(round) was not journalled when its answer arrived")
            }
        }
    }

    func test_maximumInFlight_isComputedFromTheJournal() {
        let records = [
            RequestRecord(method: "GET", path: "/a", query: "", status: 200, bytes: 0, ms: 10, fault: "", connection: 1, started: 0, outcome: .ok),
            RequestRecord(method: "GET", path: "/b", query: "", status: 200, bytes: 0, ms: 10, fault: "", connection: 2, started: 5, outcome: .ok),
            RequestRecord(method: "GET", path: "/c", query: "", status: 200, bytes: 0, ms: 5, fault: "", connection: 3, started: 10, outcome: .ok),
        ]
        XCTAssertEqual(records.maximumInFlight, 2)
        XCTAssertEqual(records.prefix(1).maximumInFlight, 1)
    }

    func test_scenarioCatalog_listsEveryFaultAndScenario() {
        let catalog = get("/__admin/catalog").json
        let faults = (catalog?["faults"] as? [[String: Any]])?.compactMap { $0["parameter"] as? String } ?? []
        XCTAssertEqual(faults, Fault.Name.allCases.map(\.rawValue), "the fault table, in its order of application")
        let scenarios = (catalog?["scenarios"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(scenarios, ["default", "mixed", "offline-first", "zoo"])
        for row in catalog?["endpoints"] as? [[String: Any]] ?? [] {
            let example = URL(string: row["example"] as? String ?? "")!
            let status = HTTP.get(example, headers: ["Authorization: Bearer \(token)"]).status
            XCTAssertEqual(status, 200, "catalog example \(example) works")
        }
    }
}
