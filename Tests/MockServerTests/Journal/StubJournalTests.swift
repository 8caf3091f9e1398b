import Foundation
import XCTest

@testable import MockServer

/// The journal names the stub that answered, and holds what the app sent it.
final class StubJournalTests: ServerTestCase {
    func test_requestAnsweredByAStub_isJournalledWithItsIdAndBody_andCanBeWaitedFor() async throws {
        // Given a stub for the app's own API
        let mapping = #"{"request":{"method":"POST","urlPath":"/api/orders"},"response":{"status":201,"body":"created"}}"#
        let id = try XCTUnwrap(try server.addStubs(json: Data(mapping.utf8)).first)

        // When the app posts an order, and asks the catalog for something else
        let order = #"{"item":42,"note":"naïve"}"#
        let posted = CurlClient().request(
            server.url("/api/orders?source=app"), method: "POST", headers: ["Content-Type: application/json", "X-Client: app"],
            body: Data(order.utf8))
        XCTAssertEqual(posted.status, 201)
        _ = get("/health")

        // Then the wait finds it by its stub, with what was sent
        let record = try await server.waitForRequest(matching: .stub(id), timeout: .seconds(5))
        XCTAssertEqual(record.stub, id.uuidString.lowercased())
        XCTAssertEqual(record.status, 201)
        XCTAssertEqual(record.bodyText, order)
        XCTAssertEqual(record.header("content-type"), "application/json")
        XCTAssertEqual(record.queryItems.first?.name, "source")
        XCTAssertNil(server.requests.last?.stub, "the catalog's answer names no stub")
        do {
            let other = try await server.waitForRequest(matching: .anyStub && .path("/health"), timeout: .milliseconds(200))
            XCTFail("matched \(other)")
        } catch {
            guard case .timedOut = error else { return XCTFail("\(error)") }
        }

        // And the admin journal carries the id, filtered by path like any record
        let page = HTTP.get(URL(string: server.adminURL.absoluteString + "/__admin/requests?path=/api/*")!).json
        let records = page?["requests"] as? [[String: Any]] ?? []
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?["stub"] as? String, id.uuidString.lowercased())
        XCTAssertEqual(records.first?["body"] as? String, order)
    }
}
