import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `--proxy-all`: what no stub answers goes upstream, the catalog off, every fault on the way.
final class ProxyAllTests: ProxyTestCase {
    func test_catalogPaths_goUpstream_stubsStillWin() throws {
        // Given
        try upstreamStubs(#"{"request": {"urlPath": "/images/1.png"}, "response": {"body": "the upstream's image"}}"#)
        let proxy = try proxyAll()
        _ = try proxy.addStubs(json: Data(#"{"request": {"urlPath": "/local"}, "response": {"body": "here"}}"#.utf8))

        // When
        let image = HTTP.get(proxy.url("/images/1.png?w=10"))
        let local = HTTP.get(proxy.url("/local"))

        // Then
        XCTAssertEqual(String(decoding: image.body, as: UTF8.self), "the upstream's image", "the catalog never shadows an upstream path")
        XCTAssertEqual(String(decoding: local.body, as: UTF8.self), "here")
        XCTAssertEqual(upstreamRecord("/images/1.png")?.query, "w=10")
        XCTAssertFalse(upstream.requests.contains { $0.path == "/local" })
    }

    func test_unmatchedPost_goesUpstream() throws {
        // Given
        try upstreamStubs(#"{"request": {"method": "POST", "urlPath": "/orders"}, "response": {"status": 201, "body": "made"}}"#)
        let proxy = try proxyAll()

        // When
        let result = HTTP.post(proxy.url("/orders"), json: #"{"n": 1}"#)

        // Then
        XCTAssertEqual(result.status, 201)
        XCTAssertEqual(upstreamRecord("/orders")?.body, Data(#"{"n": 1}"#.utf8))
    }

    func test_postWithoutContentType_goesUpstreamWithoutOne() throws {
        // Given an upstream, and a client POST with a body but no Content-Type
        try upstreamStubs(#"{"request": {"method": "POST", "urlPath": "/raw"}, "response": {"status": 204}}"#)
        let proxy = try proxyAll()

        // When
        let result = CurlClient().request(proxy.url("/raw"), method: "POST", headers: ["Content-Type:"], body: Data("a=1".utf8))

        // Then libcurl's own default (application/x-www-form-urlencoded) is not added on the way
        XCTAssertEqual(result.status, 204, result.message)
        let record = try XCTUnwrap(upstreamRecord("/raw"))
        XCTAssertEqual(record.body, Data("a=1".utf8))
        XCTAssertFalse(record.headers.contains { $0.name.lowercased() == "content-type" }, "\(record.headers)")
    }

    func test_queryFaults_applyToTheProxiedAnswer() throws {
        // Given
        try upstreamStubs(#"{"request": {"urlPath": "/big"}, "response": {"body": "\#(String(repeating: "x", count: 5_000))"}}"#)
        let proxy = try proxyAll()

        // When
        let delayed = HTTP.get(proxy.url("/big?fault.delay=300"))
        let cut = HTTP.get(proxy.url("/big?fault.truncate=100"))
        let status = HTTP.get(proxy.url("/big?fault.status=503"))
        let typed = HTTP.get(proxy.url("/big?fault.type=text/csv&fault.status=202"))

        // Then
        XCTAssertEqual(delayed.status, 200)
        XCTAssertEqual(delayed.body.count, 5_000)
        XCTAssertGreaterThanOrEqual(delayed.elapsed, 0.29)
        XCTAssertEqual(cut.code, CurlCode.partialFile)
        XCTAssertEqual(cut.body.count, 100)
        XCTAssertEqual(status.status, 503)
        XCTAssertEqual(typed.status, 202)
        XCTAssertEqual(typed.headers["content-type"], "text/csv")
        XCTAssertEqual(upstream.requests.filter { $0.path == "/big" }.count, 3, "a status fault answers without the upstream")
    }

    func test_faultRuleAndStubMetadata_applyToProxiedAnswers() throws {
        // Given
        try upstreamStubs(#"{"request": {"urlPathPattern": "/.*"}, "response": {"body": "up"}}"#)
        let proxy = try proxyAll()
        let rule = try FaultRule(name: "API down", request: StubRequest(url: .urlPathPattern(try StubRegex("/api/.*"))), faults: "status=503")
        _ = try proxy.addFaultRule(rule)
        _ = try proxy.addStubs(
            json: Data(#"{"request": {"urlPath": "/slow"}, "response": {"proxyBaseUrl": "\#(upstream.baseURL.absoluteString)"}, "metadata": {"testbed": {"faults": "delay=300"}}}"#.utf8))

        // When
        let down = HTTP.get(proxy.url("/api/users"))
        let slow = HTTP.get(proxy.url("/slow"))
        let fine = HTTP.get(proxy.url("/other"))

        // Then
        XCTAssertEqual(down.status, 503)
        XCTAssertEqual(proxy.requests.first { $0.path == "/api/users" }?.faultRules, [rule.id.uuidString.lowercased()])
        XCTAssertEqual(slow.status, 200)
        XCTAssertGreaterThanOrEqual(slow.elapsed, 0.29)
        XCTAssertEqual(String(decoding: fine.body, as: UTF8.self), "up")
    }

    func test_upstreamConnections_areReusedAcrossRequests() throws {
        // Given
        let proxy = try proxyAll()

        // When: three requests one after another, each on a new client connection
        for _ in 0..<3 { XCTAssertEqual(HTTP.get(proxy.url("/health")).status, 200) }

        // Then: the upstream saw one connection (an idle libcurl handle keeps it)
        XCTAssertTrue(waitUntil(timeout: 5) { self.upstream.requests.count == 3 })
        XCTAssertEqual(Set(upstream.requests.map(\.connection)).count, 1)
    }

    func test_headAndNotModified_endCleanly_keepingTheConnection() throws {
        // Given
        let proxy = try proxyAll()

        // When: answers without a body, whose clients finish before libcurl does
        for _ in 0..<3 {
            XCTAssertEqual(CurlClient().request(proxy.url("/gallery.json"), method: "HEAD").status, 200)
            XCTAssertEqual(HTTP.get(proxy.url("/gallery.json?status=304")).status, 304)
        }

        // Then: every transfer ended cleanly, so its handle (and connection) was kept
        XCTAssertTrue(waitUntil(timeout: 5) { self.upstream.requests.count == 6 })
        XCTAssertEqual(Set(upstream.requests.map(\.connection)).count, 1)
    }

    func test_preserveHostHeader_sendsTheClientsHost() throws {
        // Given
        let proxy = try proxyAll(preserveHost: true)

        // When
        _ = CurlClient().request(proxy.url("/gallery.json"), headers: ["Host: app.example:8080"])

        // Then
        XCTAssertEqual(upstreamRecord("/gallery.json")?.header("Host"), "app.example:8080")
    }

    func test_proxyAllAimedAtItself_refusesToStart() throws {
        // Given: a port known to be free just now
        let probe = try MockServer.start(MockServer.Configuration())
        let port = probe.port
        probe.stop()
        var configuration = MockServer.Configuration(port: port)
        configuration.proxy = MockServer.ProxyOptions(proxyAll: "http://localhost:\(port)/api")

        // Then
        XCTAssertThrowsError(try MockServer.start(configuration)) { error in
            guard case .invalidProxy(let reason) = error as? MockServerError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("loop"), reason)
        }
    }

    func test_proxyAllNotAURL_isATypedError() {
        var configuration = MockServer.Configuration()
        configuration.proxy = MockServer.ProxyOptions(proxyAll: "ftp://example.com")
        XCTAssertThrowsError(try MockServer.start(configuration)) { error in
            guard case .invalidProxy = error as? MockServerError else { return XCTFail("\(error)") }
        }
    }
}
