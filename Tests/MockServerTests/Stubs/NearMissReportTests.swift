import Foundation
import XCTest

@testable import MockServer

/// The 404 body when no stub matches: the closest stub and what differed.
final class NearMissReportTests: XCTestCase {
    func test_report_namesTheClosestStub_andEachDifference() throws {
        let store = StubStore()
        try store.add(Stub(json: Data(#"{"request": {"method": "GET", "urlPath": "/zzz/unrelated"}}"#.utf8)))
        try store.add(
            Stub(json: Data(#"{"name": "items list", "request": {"method": "POST", "urlPath": "/api/items", "headers": {"Accept": {"contains": "json"}}, "queryParameters": {"page": {"equalTo": "2"}}}}"#.utf8)))
        let info = StubRequestInfo(
            method: "GET", path: "/api/items", query: QueryParameters(pairs: [(name: "page", value: "3")]),
            headers: [(name: "Accept", value: "text/html")])
        guard case .unmatched = store.match(info), let report = store.nearMissReport(for: info) else { return XCTFail("matched") }
        XCTAssertTrue(report.contains("Request was not matched"), report)
        XCTAssertTrue(report.contains("items list"), "the closest stub is named: \(report)")
        XCTAssertTrue(report.contains("HTTP method does not match"), report)
        XCTAssertFalse(report.contains("URL does not match"), report)
        XCTAssertTrue(report.contains("Header does not match"), report)
        XCTAssertTrue(report.contains("Query does not match"), report)
        XCTAssertTrue(report.contains("Accept [contains]: json"), report)
        XCTAssertTrue(report.split(separator: "\n").allSatisfy { $0.count <= 260 })
    }

    func test_noStubs_noReport() {
        let info = StubRequestInfo(method: "GET", path: "/", query: QueryParameters(pairs: []), headers: [])
        let store = StubStore()
        guard case .unmatched = store.match(info) else { return XCTFail("matched") }
        XCTAssertNil(store.nearMissReport(for: info))
    }

    func test_distance_prefersTheCloserURL() {
        XCTAssertLessThan(MatchResult.textDistance("/api/items", "/api/itemz"), MatchResult.textDistance("/api/items", "/zzz"))
        XCTAssertEqual(MatchResult.textDistance("", ""), 0)
        XCTAssertEqual(MatchResult.textDistance("abc", ""), 1)
    }

    func test_report_picksTheStubWhoseHeaderValueIsClosest_notTheFirst() throws {
        // Given two stubs on the same path that differ only by an `equalTo` header value, the
        // one tried first wanting the value further from the request's
        let store = StubStore()
        try store.add(
            Stub(json: Data(#"{"name": "wants json", "request": {"method": "GET", "urlPath": "/a", "headers": {"Accept": {"equalTo": "application/json"}}}}"#.utf8)))
        try store.add(
            Stub(json: Data(#"{"name": "wants text", "request": {"method": "GET", "urlPath": "/a", "headers": {"Accept": {"equalTo": "text/plain"}}}}"#.utf8)))
        let info = StubRequestInfo(method: "GET", path: "/a", query: QueryParameters(pairs: []), headers: [(name: "Accept", value: "application/jsn")])
        // When nothing matches
        guard case .unmatched = store.match(info), let report = store.nearMissReport(for: info) else { return XCTFail("matched") }
        // Then the report shows the stub whose value is one edit away
        XCTAssertTrue(report.contains("wants json"), report)
        XCTAssertFalse(report.contains("wants text"), report)
    }

    func test_report_listsTheScenarioState_whenItIsWhatDiffers() throws {
        let store = StubStore()
        try store.add(
            Stub(json: Data(#"{"scenarioName": "s", "requiredScenarioState": "Done", "request": {"method": "GET", "urlPath": "/s"}}"#.utf8)))
        let info = StubRequestInfo(method: "GET", path: "/s", query: QueryParameters(pairs: []), headers: [])
        guard case .unmatched = store.match(info), let report = store.nearMissReport(for: info) else { return XCTFail("matched") }
        XCTAssertTrue(report.contains("[Scenario 's' state: Started]"), report)
        XCTAssertTrue(report.contains("Scenario does not match"), report)
        XCTAssertFalse(report.contains("URL does not match"), report)
    }
}
