import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `GET /__admin/events`: a snapshot of the journal, then new requests, the offline switch and
/// resets as they happen; suspended while idle; ended cleanly when its daemon stops.
final class EventStreamTests: ServerTestCase {
    private var adminPort: Int { server.adminURL.port ?? 0 }

    func test_stream_startsWithASnapshot_thenSendsNewRequests_withinASecond() throws {
        // Given
        XCTAssertEqual(get("/health?before=stream").status, 200)
        _ = server.requests
        let stream = try EventReader(port: adminPort)
        XCTAssertTrue(stream.wait(for: "event: snapshot\ndata: "))
        XCTAssertTrue(stream.wait(for: "before=stream"), "the snapshot holds the journal")
        XCTAssertTrue(stream.text.contains("text/event-stream"))

        // When
        let start = Date()
        XCTAssertEqual(get("/images/2.png?w=20&h=10&after=stream").status, 200)

        // Then
        XCTAssertTrue(stream.wait(for: "after=stream", timeout: 5))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
        let batch = try XCTUnwrap(stream.data(of: "requests").last)
        let records = try JSONDecoder().decode([RequestRecord].self, from: Data(batch.utf8))
        XCTAssertEqual(records.map(\.path), ["/images/2.png"])
        XCTAssertEqual(records.first?.status, 200)
    }

    func test_stream_isSuspendedWhileIdle_notSpinning() throws {
        let stream = try EventReader(port: adminPort)
        XCTAssertTrue(stream.wait(for: "event: snapshot"))
        XCTAssertTrue(eventually { self.server.suspendedConnections == 1 }, "an idle stream waits suspended")
        let cpu = ProcessStats.cpuSeconds()
        let wall = Date()
        XCTAssertFalse(stream.wait(for: "event: requests", timeout: 0.3))
        let used = ProcessStats.cpuSeconds() - cpu
        XCTAssertLessThan(used, 0.5 * Date().timeIntervalSince(wall), "a reader returning 0 without suspending would burn a core")
    }

    func test_stream_reportsTheOfflineSwitch_whoeverTurnsIt() throws {
        let stream = try EventReader(port: adminPort)
        XCTAssertTrue(stream.wait(for: #"event: snapshot\#ndata: {"offline":false"#))

        try server.setOffline(true)
        XCTAssertTrue(stream.wait(for: "event: offline\ndata: {\"offline\":true}", timeout: 1))
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/offline"), json: #"{"offline":false}"#).status, 200)
        XCTAssertTrue(stream.wait(for: "event: offline\ndata: {\"offline\":false}", timeout: 1))
    }

    func test_reset_startsTheStreamOverWithAFreshSnapshot() throws {
        XCTAssertEqual(get("/health?old=1").status, 200)
        let stream = try EventReader(port: adminPort)
        XCTAssertTrue(stream.wait(for: "old=1"))
        let afterFirst = stream.text.endIndex

        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/reset"), json: "").status, 200)

        XCTAssertTrue(stream.wait(for: #"event: snapshot\#ndata: {"offline":false,"requests":[]}"#, after: afterFirst, timeout: 2))
    }

    func test_fullJournal_arrivesWhole_inEventsOfAFewHundredRecords() throws {
        // Given a server whose full journal holds 1,000 records, and 1,200 requests
        let small = try MockServer.start(MockServer.Configuration(journalCapacity: 1_000))
        defer { small.stop() }
        let client = CurlClient()
        for number in 0..<1_200 {
            XCTAssertEqual(client.request(small.url("/health?n=\(number)")).status, 200)
        }
        XCTAssertEqual(small.requests.count, 1_000)

        // When
        let stream = try EventReader(port: try XCTUnwrap(small.adminURL.port))

        // Then the newest 1,000, in order, in events of 250 records at most
        XCTAssertTrue(stream.wait(for: "n=1199", timeout: 10))
        struct Snapshot: Decodable { let requests: [Record] }
        struct Record: Decodable { let query: String }
        var queries = try JSONDecoder().decode(Snapshot.self, from: Data(XCTUnwrap(stream.data(of: "snapshot").first).utf8)).requests.map(\.query)
        let chunks = stream.data(of: "requests")
        for data in chunks { queries += try JSONDecoder().decode([Record].self, from: Data(data.utf8)).map(\.query) }
        XCTAssertEqual(queries, (200..<1_200).map { "n=\($0)" })
        XCTAssertEqual(chunks.count, 3, "no single event of megabytes (browsers parse those slowly)")
    }

    func test_stream_endsCleanly_whenTheServerStops_andOnTheMainPort_whenItGoesOffline() throws {
        let onMain = try EventReader(port: server.port)
        XCTAssertTrue(onMain.wait(for: "event: snapshot"))
        let onAdmin = try EventReader(port: adminPort)
        XCTAssertTrue(onAdmin.wait(for: "event: snapshot"))

        try server.setOffline(true)
        XCTAssertTrue(onMain.waitForEnd(timeout: 2), "the main port's stream ends with its daemon")
        XCTAssertTrue(onMain.text.hasSuffix("\n\n"), "at an event's end: \(onMain.text.suffix(40).debugDescription)")
        XCTAssertTrue(onAdmin.wait(for: "\"offline\":true", timeout: 1))

        let stopped = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 2)
        XCTAssertTrue(onAdmin.waitForEnd(timeout: 2))
    }

    func test_stream_answersGETOnly() {
        let answer = CurlClient().request(server.adminURL.appendingPathComponent("__admin/events"), method: "POST", body: Data())
        XCTAssertEqual(answer.status, 405)
        XCTAssertEqual(answer.headers["allow"], "GET")
    }
}
