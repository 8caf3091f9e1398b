import Foundation
import XCTest

@testable import MockServer

/// The exact-value index (``StubCandidateList``) picks the stub a walk over every stub in
/// matching order picks: on randomized stub sets, with and without the index.
final class StubCandidateListTests: XCTestCase {
    private func stub(_ json: String) throws -> Stub { try Stub(json: Data(json.utf8)) }

    private func request(_ path: String, headers: [(String, String)] = []) -> StubRequestInfo {
        StubRequestInfo(
            method: "GET", path: path, query: QueryParameters(pairs: []), headers: headers.map { (name: $0.0, value: $0.1) })
    }

    private func matched(_ store: StubStore, _ info: StubRequestInfo) -> StubID? {
        if case .matched(let stub, _) = store.match(info) { return stub.id }
        return nil
    }

    /// The first stub in matching order whose whole pattern matches: what the index must agree with.
    private func walked(_ store: StubStore, _ info: StubRequestInfo) -> StubID? {
        let input = RequestMatchInput(request: info, scenarios: [:])
        return store.stubs.first { StubMatcher($0).match(input, explain: false).isExactMatch }?.id
    }

    func test_headerVariants_eachFindsItsOwnStub_andTheRestFindTheCatchAll() throws {
        let store = StubStore()
        let plain = try stub(#"{"request": {"method": "GET", "urlPath": "/t"}}"#)
        try store.add(plain)
        var variants: [Stub] = []
        for index in 0..<300 {
            let variant = try stub("{\"request\": {\"method\": \"GET\", \"urlPath\": \"/t\", \"headers\": {\"X-Variant\": {\"equalTo\": \"v\(index)\"}}}}")
            try store.add(variant)
            variants.append(variant)
        }
        XCTAssertEqual(matched(store, request("/t")), plain.id)
        XCTAssertEqual(matched(store, request("/t", headers: [("x-variant", "v17")])), variants[17].id)
        XCTAssertEqual(matched(store, request("/t", headers: [("X-Variant", "nope"), ("X-Variant", "v42")])), variants[42].id, "one of two values")
        XCTAssertEqual(matched(store, request("/t", headers: [("X-Variant", "v1"), ("X-Variant", "v299")])), variants[299].id, "the newer of two")
        XCTAssertEqual(matched(store, request("/t", headers: [("X-Variant", "V17")])), plain.id, "values keep their case")
        XCTAssertTrue(store.remove(variants[17].id))
        XCTAssertEqual(matched(store, request("/t", headers: [("X-Variant", "v17")])), plain.id, "removed from its bucket")
    }

    /// A stub whose parts offer two exact values is filed under the one whose bucket is
    /// emptier, so stubs that share a `Content-Type` and differ by another header spread out;
    /// it still needs both.
    func test_twoExactValues_eitherFiling_stillNeedsBoth() throws {
        let store = StubStore()
        var ids: [StubID] = []
        for index in 0..<5 {
            let each = try stub(
                "{\"request\": {\"urlPath\": \"/t\", \"headers\": {\"Accept\": {\"equalTo\": \"application/json\"}, \"X-Variant\": {\"equalTo\": \"v\(index)\"}}}}")
            try store.add(each)
            ids.append(each.id)
        }
        for index in 0..<5 {
            XCTAssertEqual(matched(store, request("/t", headers: [("Accept", "application/json"), ("X-Variant", "v\(index)")])), ids[index])
            XCTAssertNil(matched(store, request("/t", headers: [("X-Variant", "v\(index)")])), "Accept is wanted too")
            XCTAssertNil(matched(store, request("/t", headers: [("Accept", "application/json")])), "X-Variant is wanted too")
        }
        for id in ids { XCTAssertTrue(store.remove(id)) }
        XCTAssertTrue(store.isEmpty)
        XCTAssertNil(matched(store, request("/t", headers: [("Accept", "application/json"), ("X-Variant", "v0")])))
    }

    func test_randomStubSets_pickTheSameStubWithAndWithoutTheIndex() throws {
        var random = SplitMix64(seed: 27)
        var (requests, matches, byExactValue) = (0, 0, 0)
        for round in 0..<60 {
            let indexed = StubStore()
            let plain = StubStore(filesByExactValue: false)
            var added: [Stub] = []
            for _ in 0..<Int.random(in: 5...60, using: &random) {
                let each = try stub(Self.randomStub(using: &random))
                try indexed.add(each)
                try plain.add(each)
                added.append(each)
            }
            for each in added where Int.random(in: 0..<6, using: &random) == 0 {
                XCTAssertTrue(indexed.remove(each.id))
                XCTAssertTrue(plain.remove(each.id))
            }
            for _ in 0..<80 {
                let info = Self.randomRequest(using: &random)
                let expected = walked(plain, info)
                requests += 1
                if let expected {
                    matches += 1
                    if let winner = indexed.stub(expected), !StubMatcher(winner).exactValueKeys.isEmpty { byExactValue += 1 }
                }
                XCTAssertEqual(matched(plain, info), expected, "round \(round): without the index")
                XCTAssertEqual(matched(indexed, info), expected, "round \(round): \(info.method) \(info.pathAndQuery) \(info.headers)")
            }
        }
        XCTAssertGreaterThan(matches, requests / 4, "the sets are dense enough that most requests match something")
        XCTAssertGreaterThan(byExactValue, matches / 10, "and many winners are filed by an exact value")
    }

    private static func pick<T>(_ choices: [T], using random: inout SplitMix64) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// A mapping on a few paths, priorities, methods, headers and query parameters, mostly
    /// exact values from small sets so that requests often hit them.
    private static func randomStub(using random: inout SplitMix64) -> String {
        var request: [String] = []
        request.append(pick(["\"method\": \"GET\"", "\"method\": \"POST\"", "\"method\": \"ANY\""], using: &random))
        request.append(
            pick(
                [
                    "\"urlPath\": \"/a\"", "\"urlPath\": \"/b\"", "\"url\": \"/a?q=q1\"", "\"urlPathPattern\": \"/a.*\"",
                    "\"urlPathPattern\": \"[/]b\"", "\"urlPattern\": \"/b\\\\?.*\"",
                ], using: &random))
        let valuePatterns = [
            "{\"equalTo\": \"v0\"}", "{\"equalTo\": \"v1\"}", "{\"equalTo\": \"v2\"}", "{\"equalTo\": \"v1\", \"caseInsensitive\": true}",
            "{\"contains\": \"1\"}", "{\"matches\": \"v[02]\"}", "{\"absent\": true}",
        ]
        var headers: [String] = []
        for name in ["X-V", "Accept", "x-v"] where Int.random(in: 0..<3, using: &random) == 0 {
            headers.append("\"\(name)\": \(pick(valuePatterns, using: &random))")
        }
        if !headers.isEmpty { request.append("\"headers\": {\(headers.joined(separator: ", "))}") }
        if Int.random(in: 0..<3, using: &random) == 0 {
            request.append("\"queryParameters\": {\"q\": \(pick(["{\"equalTo\": \"q1\"}", "{\"equalTo\": \"q2\"}", "{\"absent\": true}"], using: &random))}")
        }
        let priority = pick(["", "\"priority\": 1, ", "\"priority\": 3, "], using: &random)
        return "{\(priority)\"request\": {\(request.joined(separator: ", "))}}"
    }

    private static func randomRequest(using random: inout SplitMix64) -> StubRequestInfo {
        var headers: [(name: String, value: String)] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            headers.append((pick(["X-V", "x-v", "Accept"], using: &random), pick(["v0", "v1", "V1", "v2", "v3"], using: &random)))
        }
        let query: [(name: String, value: String?)] = pick([[], [("q", "q1")], [("q", "q2")], [("q", "q1"), ("q", "q2")]], using: &random)
        return StubRequestInfo(
            method: pick(["GET", "POST"], using: &random), path: pick(["/a", "/b", "/c"], using: &random), query: QueryParameters(pairs: query),
            headers: headers)
    }
}
