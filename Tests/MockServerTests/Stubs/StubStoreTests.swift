import Foundation
import XCTest

@testable import MockServer

/// Matching as WireMock does it: every matcher, priority, ties, ANY, scenarios.
final class StubStoreTests: XCTestCase {
    /// `request("/path")` is a GET; `request("POST", "/path")` names the method.
    private func request(
        _ first: String, _ second: String? = nil, query: [(String, String?)] = [], headers: [(String, String)] = []
    ) -> StubRequestInfo {
        StubRequestInfo(
            method: second == nil ? "GET" : first, path: second ?? first, query: QueryParameters(pairs: query.map { (name: $0.0, value: $0.1) }),
            headers: headers.map { (name: $0.0, value: $0.1) })
    }

    private func stub(_ json: String) throws -> Stub { try Stub(json: Data(json.utf8)) }

    private func matched(_ store: StubStore, _ info: StubRequestInfo) -> Stub? {
        if case .matched(let stub, _) = store.match(info) { return stub }
        return nil
    }

    func test_url_matchesPathAndQueryExactly() throws {
        let store = StubStore()
        try store.add(stub(#"{"request": {"method": "GET", "url": "/items?page=2"}}"#))
        XCTAssertNotNil(matched(store, request("/items", query: [("page", "2")])))
        XCTAssertNil(matched(store, request("/items")))
        XCTAssertNil(matched(store, request("/items", query: [("page", "3")])))
    }

    func test_urlPath_ignoresTheQuery() throws {
        let store = StubStore()
        try store.add(stub(#"{"request": {"method": "GET", "urlPath": "/items"}}"#))
        XCTAssertNotNil(matched(store, request("/items", query: [("page", "3")])))
        XCTAssertNil(matched(store, request("/items/1")))
    }

    func test_urlPattern_isAFullMatchOnPathAndQuery() throws {
        let store = StubStore()
        try store.add(stub(#"{"request": {"urlPattern": "/items\\?page=[0-9]+"}}"#))
        XCTAssertNotNil(matched(store, request("/items", query: [("page", "12")])))
        XCTAssertNil(matched(store, request("/items", query: [("page", "12x")])), "a full match, not a search")
        XCTAssertNil(matched(store, request("/v2/items", query: [("page", "1")])), "anchored at the start too")
    }

    func test_urlPathPattern_isAFullMatchOnThePath() throws {
        let store = StubStore()
        try store.add(stub(#"{"request": {"urlPathPattern": "/items/[0-9]+|/things"}}"#))
        XCTAssertNotNil(matched(store, request("/items/42", query: [("x", "1")])))
        XCTAssertNotNil(matched(store, request("/things")))
        XCTAssertNil(matched(store, request("/items/42/more")), "the alternation is anchored as a whole")
        XCTAssertNil(matched(store, request("/x/things")))
    }

    func test_method_mustMatch_unlessANY() throws {
        let store = StubStore()
        try store.add(stub(#"{"request": {"method": "POST", "urlPath": "/post"}}"#))
        try store.add(stub(#"{"request": {"method": "ANY", "urlPath": "/any"}}"#))
        XCTAssertNotNil(matched(store, request("POST", "/post")))
        XCTAssertNil(matched(store, request("GET", "/post")))
        for method in ["GET", "DELETE", "PATCH", "HEAD"] { XCTAssertNotNil(matched(store, request(method, "/any")), method) }
    }

    func test_queryMatchers_equalToContainsMatchesAbsent() throws {
        let store = StubStore()
        try store.add(
            stub(
                #"{"request": {"urlPath": "/q", "queryParameters": {"a": {"equalTo": "1"}, "b": {"contains": "ell"}, "c": {"matches": "[a-z]+"}, "d": {"absent": true}}}}"#
            ))
        let good: [(String, String?)] = [("a", "1"), ("b", "hello"), ("c", "abc")]
        XCTAssertNotNil(matched(store, request("/q", query: good)))
        XCTAssertNil(matched(store, request("/q", query: [("a", "2"), ("b", "hello"), ("c", "abc")])), "equalTo")
        XCTAssertNil(matched(store, request("/q", query: [("a", "1"), ("b", "help"), ("c", "abc")])), "contains")
        XCTAssertNil(matched(store, request("/q", query: [("a", "1"), ("b", "hello"), ("c", "abc1")])), "matches is a full match")
        XCTAssertNil(matched(store, request("/q", query: good + [("d", "x")])), "absent")
        XCTAssertNil(matched(store, request("/q", query: [("b", "hello"), ("c", "abc")])), "a required parameter missing")
        XCTAssertNotNil(matched(store, request("/q", query: [("a", "9"), ("a", "1"), ("b", "hello"), ("c", "abc")])), "any value of a repeated one")
    }

    func test_headerMatchers_namesIgnoreCase_equalToCaseInsensitive() throws {
        let store = StubStore()
        try store.add(
            stub(#"{"request": {"urlPath": "/h", "headers": {"X-Kind": {"equalTo": "Cat", "caseInsensitive": true}, "Authorization": {"absent": true}}}}"#))
        XCTAssertNotNil(matched(store, request("/h", headers: [("x-kind", "CAT")])))
        XCTAssertNil(matched(store, request("/h", headers: [("X-Kind", "dog")])))
        XCTAssertNil(matched(store, request("/h", headers: [("X-Kind", "cat"), ("authorization", "Bearer x")])))
        let strict = StubStore()
        try strict.add(stub(#"{"request": {"urlPath": "/h", "headers": {"X-Kind": {"equalTo": "Cat"}}}}"#))
        XCTAssertNil(matched(strict, request("/h", headers: [("X-Kind", "cat")])), "equalTo is case-sensitive by default")
    }

    func test_priority_lowestNumberWins_thenTheLastAdded() throws {
        let store = StubStore()
        let general = try stub(#"{"priority": 10, "request": {"urlPathPattern": "/p/.*"}, "response": {"status": 201}}"#)
        let specific = try stub(#"{"priority": 1, "request": {"urlPath": "/p/1"}, "response": {"status": 202}}"#)
        try store.add(specific)
        try store.add(general)
        XCTAssertEqual(matched(store, request("/p/1"))?.id, specific.id)
        XCTAssertEqual(matched(store, request("/p/2"))?.id, general.id)
        let older = try stub(#"{"request": {"urlPath": "/t"}}"#)
        let newer = try stub(#"{"request": {"urlPathPattern": "/t"}}"#)
        try store.add(older)
        try store.add(newer)
        XCTAssertEqual(matched(store, request("/t"))?.id, newer.id, "equal priority: the most recently added wins")
        let defaultBeatsSix = try stub(#"{"priority": 6, "request": {"urlPath": "/d"}}"#)
        let plain = try stub(#"{"request": {"urlPath": "/d"}}"#)
        try store.add(plain)
        try store.add(defaultBeatsSix)
        XCTAssertEqual(matched(store, request("/d"))?.id, plain.id, "no priority means 5, which beats 6")
    }

    func test_scenario_firstCallFails_secondWorks_andResetStartsOver() throws {
        let store = StubStore()
        try store.add(
            stub(#"{"scenarioName": "retry", "requiredScenarioState": "Started", "newScenarioState": "recovered", "request": {"urlPath": "/s"}, "response": {"status": 500}}"#))
        try store.add(
            stub(#"{"scenarioName": "retry", "requiredScenarioState": "recovered", "request": {"urlPath": "/s"}, "response": {"status": 200}}"#))
        XCTAssertEqual(matched(store, request("/s"))?.response.status, 500)
        XCTAssertEqual(matched(store, request("/s"))?.response.status, 200)
        XCTAssertEqual(matched(store, request("/s"))?.response.status, 200)
        XCTAssertEqual(store.scenarios.first?.state, "recovered")
        XCTAssertEqual(store.scenarios.first?.possibleStates, ["Started", "recovered"])
        store.resetScenarios()
        XCTAssertEqual(store.scenarios.first?.state, "Started")
        XCTAssertEqual(matched(store, request("/s"))?.response.status, 500)
    }

    func test_scenario_stubWithoutRequiredState_answersInEveryState_andStillMovesIt() throws {
        let store = StubStore()
        try store.add(stub(#"{"scenarioName": "s", "newScenarioState": "two", "request": {"urlPath": "/move"}}"#))
        XCTAssertNotNil(matched(store, request("/move")))
        XCTAssertEqual(store.scenarios.first?.state, "two")
        XCTAssertNotNil(matched(store, request("/move")))
    }

    func test_removeAndReset_keepRootDirectoryStubs() throws {
        let store = StubStore()
        let root = try stub(#"{"request": {"urlPath": "/root"}}"#)
        let runtime = try stub(#"{"request": {"urlPath": "/runtime"}}"#)
        try store.add(root, fromRootDirectory: true)
        try store.add(runtime)
        XCTAssertThrowsError(try store.add(runtime)) { error in
            XCTAssertEqual((error as? StubError)?.kind, .duplicateID)
        }
        XCTAssertEqual(store.stubs.count, 2, "a refused add loses nothing")
        store.resetRuntimeStubs()
        XCTAssertEqual(store.stubs.map(\.id), [root.id])
        XCTAssertTrue(store.remove(root.id))
        XCTAssertFalse(store.remove(root.id))
        XCTAssertTrue(store.isEmpty)
        store.resetRuntimeStubs()
        XCTAssertEqual(store.stubs.map(\.id), [root.id], "a reset brings a removed root-directory stub back, as WireMock reloads its files")
        store.removeAll()
        XCTAssertTrue(store.isEmpty)
        store.resetRuntimeStubs()
        XCTAssertEqual(store.stubs.map(\.id), [root.id])
    }

    func test_addingSeveral_isAllOrNothing() throws {
        let store = StubStore()
        let a = try stub(#"{"request": {"urlPath": "/a"}}"#)
        try store.add(a)
        let b = try stub(#"{"request": {"urlPath": "/b"}}"#)
        XCTAssertThrowsError(try store.add([b, a], fromRootDirectory: false))
        XCTAssertEqual(store.stubs.map(\.id), [a.id])
    }

    func test_delayDistribution_isSeeded_andStaysInRange() {
        let first = StubStore(seed: 42)
        let second = StubStore(seed: 42)
        let uniform = StubDelayDistribution.uniform(lower: 100, upper: 200)
        let a = (0..<50).map { _ in first.sampleDelay(uniform) }
        let b = (0..<50).map { _ in second.sampleDelay(uniform) }
        XCTAssertEqual(a, b, "the same seed repeats the same delays")
        XCTAssertTrue(a.allSatisfy { (100...200).contains($0) })
        XCTAssertGreaterThan(Set(a).count, 10, "spread, not constant")
        let lognormal = StubDelayDistribution.lognormal(median: 100, sigma: 0.5, maxValue: 300)
        let samples = (0..<2_000).map { _ in first.sampleDelay(lognormal) }.sorted()
        XCTAssertTrue(samples.allSatisfy { $0 <= 300 })
        XCTAssertEqual(Double(samples[1_000]), 100, accuracy: 12, "the median")
    }

    func test_thousandStubs_matchThroughTheIndex() throws {
        let store = StubStore()
        for index in 0..<1_000 { try store.add(stub("{\"request\": {\"urlPath\": \"/items/\(index)\"}}")) }
        XCTAssertEqual(matched(store, request("/items/999"))?.request.url, .urlPath("/items/999"))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<10_000 { _ = store.match(request("/items/500")) }
        }
        XCTAssertLessThan(elapsed, Duration.seconds(2), "10,000 matches among 1,000 stubs")
        let single = StubStore()
        try single.add(stub(#"{"request": {"urlPath": "/items/500"}}"#))
        let alone = clock.measure {
            for _ in 0..<10_000 { _ = single.match(request("/items/500")) }
        }
        print("match among 1,000 stubs: \(elapsed / 10_000) per request; among 1: \(alone / 10_000)")
    }

    /// Pattern stubs are filed by the literal start of their expression, those without one in a
    /// fallback list; the winner is still the one a walk over all stubs in matching order finds.
    func test_patternIndex_keepsMatchingOrderAcrossIndexFallbackAndPaths() throws {
        let store = StubStore()
        let deep = try stub(#"{"request": {"urlPathPattern": "/api/v1/items/[0-9]+"}}"#)
        let exact = try stub(#"{"request": {"urlPath": "/api/v1/items/9"}}"#)
        let shallow = try stub(#"{"request": {"urlPathPattern": "/api/.*"}}"#)
        let noPrefix = try stub(#"{"priority": 3, "request": {"urlPathPattern": "[/]api/v1/items/7"}}"#)
        let query = try stub(#"{"priority": 1, "request": {"urlPattern": "/api/v1/search\\?q=[a-z]+"}}"#)
        let anywhere = try stub(#"{"request": {"urlPathPattern": ".*/things"}}"#)
        for each in [deep, exact, shallow, noPrefix, query, anywhere] { try store.add(each) }
        XCTAssertEqual(matched(store, request("/api/v1/items/7"))?.id, noPrefix.id, "the fallback's lower priority beats the index")
        XCTAssertEqual(matched(store, request("/api/v1/items/8"))?.id, shallow.id, "across two keys the newer wins")
        XCTAssertEqual(matched(store, request("/api/v1/items/9"))?.id, shallow.id, "a newer pattern beats an older exact path")
        XCTAssertEqual(matched(store, request("/api/v1/search", query: [("q", "abc")]))?.id, query.id, "urlPattern filed by its prefix")
        XCTAssertEqual(matched(store, request("/a/things"))?.id, anywhere.id)
        XCTAssertEqual(matched(store, request("/api/v2/things"))?.id, anywhere.id, "a newer fallback beats an older indexed pattern")
        XCTAssertEqual(store.stubs.map(\.id), [query, noPrefix, anywhere, shallow, exact, deep].map(\.id))
        XCTAssertTrue(store.remove(shallow.id))
        XCTAssertEqual(matched(store, request("/api/v1/items/8"))?.id, deep.id, "the deeper key alone")
        XCTAssertEqual(matched(store, request("/api/v1/items/9"))?.id, exact.id)
        XCTAssertNil(matched(store, request("/api/v1/item/8")), "a prefix that stops short of a key finds nothing")
        XCTAssertTrue(store.remove(deep.id))
        XCTAssertNil(matched(store, request("/api/v1/items/8")))
    }

    func test_patternIndex_keyIsTheLiteralPrefixUpToItsLastSlash() {
        XCTAssertEqual(StubPrefixIndex.key(ofLiteralPrefix: "/api/v1/it"), StubPrefixIndex.key(ofLiteralPrefix: "/api/v1/"))
        XCTAssertNotEqual(StubPrefixIndex.key(ofLiteralPrefix: "/api/v1/"), StubPrefixIndex.key(ofLiteralPrefix: "/api/"))
        XCTAssertNil(StubPrefixIndex.key(ofLiteralPrefix: ""))
        XCTAssertNil(StubPrefixIndex.key(ofLiteralPrefix: "api"))
    }

    func test_headerMatchers_ignoreTheCaseOfNames() throws {
        let store = StubStore()
        let wanted = try stub(#"{"request": {"urlPath": "/h", "headers": {"X-Variant": {"equalTo": "v1"}}}}"#)
        try store.add(wanted)
        XCTAssertEqual(matched(store, request("/h", headers: [("x-VARIANT", "v1")]))?.id, wanted.id)
        XCTAssertNil(matched(store, request("/h", headers: [("X-Variant", "V1")])), "values keep their case")
        XCTAssertEqual(matched(store, request("/h", headers: [("X-Variant", "v0"), ("x-variant", "v1")]))?.id, wanted.id, "one of several")
    }
}
