import Foundation
import XCTest

@testable import MockServer

/// Reading WireMock mappings: every supported field, and the refusals that name field and reason.
final class StubParserTests: XCTestCase {
    private func stub(_ json: String) throws -> Stub { try Stub(json: Data(json.utf8)) }

    private func refusal(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> StubError? {
        do {
            _ = try Stub(json: Data(json.utf8))
            XCTFail("accepted: \(json)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func test_request_readsMethodURLQueryAndHeaders() throws {
        let stub = try stub(
            """
            {"request": {"method": "GET", "urlPath": "/api/items",
              "queryParameters": {"page": {"equalTo": "2"}, "q": {"contains": "cat"}, "debug": {"absent": true}},
              "headers": {"Accept": {"matches": "application/.*"}, "X-Name": {"equalTo": "ab", "caseInsensitive": true}}},
             "response": {"status": 200}}
            """)
        XCTAssertEqual(stub.request.method, "GET")
        XCTAssertEqual(stub.request.url, .urlPath("/api/items"))
        XCTAssertEqual(stub.request.queryParameters["page"], .equalTo("2"))
        XCTAssertEqual(stub.request.queryParameters["q"], .contains("cat"))
        XCTAssertEqual(stub.request.queryParameters["debug"], .absent)
        XCTAssertEqual(stub.request.headers["Accept"], .matches(try StubRegex("application/.*")))
        XCTAssertEqual(stub.request.headers["X-Name"], .equalTo("ab", caseInsensitive: true))
    }

    func test_request_methodANY_isAnyMethod_andMissingMethodToo() throws {
        XCTAssertNil(try stub(#"{"request": {"method": "ANY", "url": "/x"}}"#).request.method)
        XCTAssertNil(try stub(#"{"request": {"url": "/x"}}"#).request.method)
    }

    func test_request_eachURLField() throws {
        XCTAssertEqual(try stub(#"{"request": {"url": "/a?b=1"}}"#).request.url, .url("/a?b=1"))
        XCTAssertEqual(try stub(#"{"request": {"urlPath": "/a"}}"#).request.url, .urlPath("/a"))
        XCTAssertEqual(try stub(#"{"request": {"urlPattern": "/a.*"}}"#).request.url, .urlPattern(try StubRegex("/a.*")))
        XCTAssertEqual(try stub(#"{"request": {"urlPathPattern": "/a/[0-9]+"}}"#).request.url, .urlPathPattern(try StubRegex("/a/[0-9]+")))
    }

    func test_response_readsEveryField() throws {
        let stub = try stub(
            """
            {"request": {"url": "/x"}, "response": {"status": 503, "statusMessage": "Busy",
              "headers": {"Content-Type": "text/plain", "Set-Cookie": ["a=1", "b=2"]}, "body": "hello",
              "fixedDelayMilliseconds": 250, "delayDistribution": {"type": "uniform", "lower": 10, "upper": 20},
              "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 1000}, "fault": "EMPTY_RESPONSE"}}
            """)
        let response = stub.response
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.statusMessage, "Busy")
        XCTAssertEqual(
            response.headers, [StubHeader("Content-Type", "text/plain"), StubHeader("Set-Cookie", "a=1"), StubHeader("Set-Cookie", "b=2")])
        XCTAssertEqual(response.body, .text("hello"))
        XCTAssertEqual(response.fixedDelayMilliseconds, 250)
        XCTAssertEqual(response.delayDistribution, .uniform(lower: 10, upper: 20))
        XCTAssertEqual(response.chunkedDribbleDelay, StubDribble(numberOfChunks: 5, totalDuration: 1000))
        XCTAssertEqual(response.fault, .emptyResponse)
    }

    func test_response_bodies_jsonBase64File_andLognormal() throws {
        XCTAssertEqual(
            try stub(#"{"request": {"url": "/x"}, "response": {"jsonBody": {"a": [1, true, null]}}}"#).response.body,
            .json(.object(["a": .array([.integer(1), .bool(true), .null])])))
        XCTAssertEqual(try stub(#"{"request": {"url": "/x"}, "response": {"base64Body": "AAEC"}}"#).response.body, .bytes(Data([0, 1, 2])))
        XCTAssertEqual(try stub(#"{"request": {"url": "/x"}, "response": {"bodyFileName": "a/b.json"}}"#).response.body, .file("a/b.json"))
        XCTAssertEqual(
            try stub(#"{"request": {"url": "/x"}, "response": {"delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4}}}"#)
                .response.delayDistribution, .lognormal(median: 80, sigma: 0.4))
        XCTAssertEqual(try stub(#"{"request": {"url": "/x"}}"#).response.status, 200, "WireMock's default status")
    }

    func test_mapping_idNamePriorityScenarioMetadata() throws {
        let stub = try stub(
            """
            {"id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "name": "first fails", "priority": 1,
             "scenarioName": "retry", "requiredScenarioState": "Started", "newScenarioState": "failed once",
             "metadata": {"owner": "team-a", "testbed": {"faults": "stall_after=1000&drip=20000"}},
             "request": {"url": "/x"}, "response": {"status": 500}}
            """)
        XCTAssertEqual(stub.id, UUID(uuidString: "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"))
        XCTAssertEqual(stub.name, "first fails")
        XCTAssertEqual(stub.priority, 1)
        XCTAssertEqual(stub.scenarioName, "retry")
        XCTAssertEqual(stub.requiredScenarioState, "Started")
        XCTAssertEqual(stub.newScenarioState, "failed once")
        XCTAssertEqual(stub.metadata?["owner"], .string("team-a"))
        XCTAssertEqual(stub.testbedFaults, "stall_after=1000&drip=20000")
    }

    func test_mapping_withoutID_getsAFreshOne_andUUIDIsAcceptedToo() throws {
        let first = try stub(#"{"request": {"url": "/x"}}"#)
        let second = try stub(#"{"request": {"url": "/x"}}"#)
        XCTAssertNotEqual(first.id, second.id)
        let byUUID = try stub(#"{"uuid": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "request": {"url": "/x"}}"#)
        XCTAssertEqual(byUUID.id.uuidString.lowercased(), "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
        XCTAssertEqual(first.effectivePriority, 5, "WireMock's default priority")
    }

    func test_json_roundTrips_withIDAndUUID() throws {
        let original = try stub(
            """
            {"name": "n", "priority": 2, "request": {"method": "POST", "urlPathPattern": "/a/.*",
             "headers": {"H": {"contains": "v"}}}, "response": {"status": 201, "jsonBody": {"ok": true},
             "headers": {"X": "1"}, "fixedDelayMilliseconds": 5}, "metadata": {"k": [1, 2]}}
            """)
        guard case .object(let object) = original.json else { return XCTFail("not an object") }
        XCTAssertEqual(object["id"], object["uuid"])
        XCTAssertEqual(object["id"], .string(original.id.uuidString.lowercased()))
        let again = try Stub(json: original.json.data)
        XCTAssertEqual(again, original)
    }

    // MARK: - Refusals

    func test_badRegex_namesTheFieldAndWhy() {
        let error = refusal(#"{"request": {"urlPathPattern": "/items/([0-9]+"}}"#)
        XCTAssertEqual(error?.field, "request.urlPathPattern")
        XCTAssertTrue(error?.description.contains("request.urlPathPattern: invalid regular expression") ?? false, "\(String(describing: error))")
        XCTAssertEqual(error?.pointer, "/request/urlPathPattern")
    }

    func test_unknownTopLevelField_isRefused_asWireMockDoes() {
        let error = refusal(#"{"request": {"url": "/x"}, "respone": {"status": 200}}"#)
        XCTAssertEqual(error?.field, "respone")
        XCTAssertEqual(error?.kind, .invalid)
        XCTAssertTrue(error?.reason.contains("unknown field") ?? false)
    }

    func test_unsupportedWireMockFields_areRefusedAsSuch() {
        let cases: [(String, String)] = [
            (#"{"request": {"url": "/x", "formParameters": {"a": {"equalTo": "b"}}}}"#, "request.formParameters"),
            (#"{"request": {"url": "/x", "multipartPatterns": []}}"#, "request.multipartPatterns"),
            (#"{"request": {"url": "/x", "headers": {"A": {"matchesJsonSchema": "{}"}}}}"#, "request.headers.A.matchesJsonSchema"),
            (#"{"request": {"url": "/x"}, "postServeActions": []}"#, "postServeActions"),
            (#"{"request": {"url": "/x"}, "response": {"fromConfiguredStub": true}}"#, "response.fromConfiguredStub"),
        ]
        for (json, field) in cases {
            let error = refusal(json)
            XCTAssertEqual(error?.field, field, json)
            XCTAssertEqual(error?.kind, .unsupported, json)
            XCTAssertTrue(error?.reason.contains("not supported by mockserver") ?? false, json)
        }
    }

    func test_badValues_areRefusedWithTheirPath() {
        let cases: [(String, String)] = [
            (#"{}"#, "request"),
            (#"{"request": {"url": "/x"}, "response": {"status": 1000}}"#, "response.status"),
            (#"{"request": {"url": "/x"}, "response": {"status": "2xx"}}"#, "response.status"),
            (#"{"request": {"url": "/x"}, "response": {"fixedDelayMilliseconds": "soon"}}"#, "response.fixedDelayMilliseconds"),
            (#"{"request": {"url": "/x"}, "response": {"body": {"a": 1}}}"#, "response.body"),
            (#"{"request": {"url": "/x"}, "response": {"proxyBaseUrl": "example.com/api"}}"#, "response.proxyBaseUrl"),
            (#"{"request": {"url": "/x"}, "response": {"proxyBaseUrl": "ftp://example.com"}}"#, "response.proxyBaseUrl"),
            (#"{"request": {"url": "/x"}, "response": {"proxyBaseUrl": "http://h", "removeProxyRequestHeaders": "a"}}"#,
             "response.removeProxyRequestHeaders"),
            (#"{"request": {"url": "/x"}, "response": {"proxyBaseUrl": "http://h", "additionalProxyRequestHeaders": {"a": 1}}}"#,
             "response.additionalProxyRequestHeaders"),
            (#"{"request": {"url": "/x"}, "response": {"body": [1]}}"#, "response.body"),
            (#"{"request": {"url": "/x"}, "response": {"transformers": "response-template"}}"#, "response.transformers"),
            (#"{"request": {"url": "/x", "basicAuth": {"username": "u"}}}"#, "request.basicAuth.password"),
            (#"{"request": {"url": "/x", "basicAuth": {"username": "u", "password": "p"}, "basicAuthCredentials": {"username": "u", "password": "p"}}}"#,
             "request.basicAuth"),
            (#"{"request": {"url": "/x", "scheme": "ftp"}}"#, "request.scheme"),
            (#"{"request": {"url": "/x", "port": 70000}}"#, "request.port"),
            (#"{"request": {"url": "/x", "pathParameters": {"id": {"equalTo": "1"}}}}"#, "request.pathParameters"),
            (#"{"request": {"urlPathTemplate": "/items/{id}", "pathParameters": {"other": {"equalTo": "1"}}}}"#,
             "request.pathParameters.other"),
            (#"{"request": {"urlPathTemplate": "/items/{id"}}"#, "request.urlPathTemplate"),
            (#"{"request": {"url": "/x", "headers": {"D": {"before": "yesterday"}}}}"#, "request.headers.D.before"),
            (#"{"request": {"url": "/x", "headers": {"D": {"after": "now +3 fortnights"}}}}"#, "request.headers.D.after"),
            (#"{"request": {"url": "/x", "headers": {"D": {"before": "now", "truncateActual": "first week"}}}}"#,
             "request.headers.D.truncateActual"),
            (#"{"request": {"url": "/x", "queryParameters": {"id": {"hasExactly": []}}}}"#, "request.queryParameters.id.hasExactly"),
            (#"{"request": {"url": "/x", "queryParameters": {"id": {"includes": [{"nearly": "1"}]}}}}"#,
             "request.queryParameters.id.includes[0].nearly"),
            (#"{"request": {"url": "/x"}, "response": {"fault": "BOOM"}}"#, "response.fault"),
            (#"{"request": {"url": "/x"}, "response": {"fixedDelayMilliseconds": -1}}"#, "response.fixedDelayMilliseconds"),
            (#"{"request": {"url": "/x"}, "response": {"delayDistribution": {"type": "uniform", "lower": 9, "upper": 2}}}"#,
             "response.delayDistribution.upper"),
            (#"{"request": {"url": "/x"}, "response": {"delayDistribution": {"type": "gamma"}}}"#, "response.delayDistribution.type"),
            (#"{"request": {"url": "/x"}, "response": {"chunkedDribbleDelay": {"numberOfChunks": 0, "totalDuration": 5}}}"#,
             "response.chunkedDribbleDelay.numberOfChunks"),
            (#"{"request": {"url": "/x"}, "response": {"body": "a", "jsonBody": {}}}"#, "response.jsonBody"),
            (#"{"request": {"url": "/x"}, "response": {"headers": {"A": "x\r\nB: y"}}}"#, "response.headers.A"),
            (#"{"request": {"url": "/x"}, "response": {"bodyFileName": "../secret"}}"#, "response.bodyFileName"),
            (#"{"request": {"url": "/x", "urlPath": "/y"}}"#, "request.urlPath"),
            (#"{"request": {"url": "/x", "method": "get me"}}"#, "request.method"),
            (#"{"request": {"url": "/x", "headers": {"A": {"equalTo": 1}}}}"#, "request.headers.A.equalTo"),
            (#"{"request": {"url": "/x", "headers": {"A": {"nearly": "b"}}}}"#, "request.headers.A.nearly"),
            (#"{"id": "not-a-uuid", "request": {"url": "/x"}}"#, "id"),
            (#"{"priority": 1.5, "request": {"url": "/x"}}"#, "priority"),
            (#"{"newScenarioState": "b", "request": {"url": "/x"}}"#, "newScenarioState"),
            (#"{"metadata": {"testbed": {"faults": "delay=-5"}}, "request": {"url": "/x"}}"#, "metadata.testbed.faults"),
        ]
        for (json, field) in cases {
            XCTAssertEqual(refusal(json)?.field, field, json)
        }
    }

    func test_hostileInput_isRefusedWithoutTrapping() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(refusal(deep)?.kind, .invalid)
        let huge = "{\"request\": {\"urlPattern\": \"" + String(repeating: "a", count: 100_000) + "\"}}"
        XCTAssertEqual(refusal(huge)?.field, "request.urlPattern")
        var big = Data("{\"request\": {\"url\": \"/x\"}, \"response\": {\"body\": \"".utf8)
        big.append(Data(repeating: UInt8(ascii: "a"), count: 11 * 1024 * 1024))
        big.append(Data("\"}}".utf8))
        XCTAssertThrowsError(try Stub(json: big)) { error in
            XCTAssertTrue("\(error)".contains("more than"), "\(error)")
        }
        XCTAssertEqual(refusal("not json")?.kind, .invalid)
        XCTAssertEqual(refusal("[1, 2]")?.kind, .invalid)
    }

    func test_mappingsDocument_readsEachMapping_andNamesTheBadOne() throws {
        let stubs = try StubParser.stubs(
            from: Data(#"{"mappings": [{"request": {"url": "/a"}}, {"request": {"url": "/b"}}]}"#.utf8))
        XCTAssertEqual(stubs.map(\.request.url), [.url("/a"), .url("/b")])
        XCTAssertThrowsError(
            try StubParser.stubs(from: Data(#"{"mappings": [{"request": {"url": "/a"}}, {"request": {"urlPattern": "("}}]}"#.utf8))
        ) { error in
            XCTAssertEqual((error as? StubError)?.field, "mappings[1].request.urlPattern")
            XCTAssertEqual((error as? StubError)?.pointer, "/mappings/1/request/urlPattern")
        }
    }
}
