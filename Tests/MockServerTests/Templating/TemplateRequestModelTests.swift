import Foundation
import XCTest

@testable import MockServer

/// The request model: every path the response-templating page names, as WireMock 2.35 fills it.
final class TemplateRequestModelTests: XCTestCase {
    private func render(_ template: String, _ request: StubRequestInfo, parameters: TemplateValue = .null) throws -> String {
        let model = TemplateRequestModel.value(of: request)
        let context = TemplateRequestModel.context(request: model, parameters: parameters)
        return try TemplateTesting.render(template, context: context, request: model)
    }

    private func request(
        _ rawURL: String, method: String = "GET", headers: [(name: String, value: String)] = [("Host", "example.com:8080")],
        query: [(name: String, value: String?)] = [], body: String = ""
    ) -> StubRequestInfo {
        StubRequestInfo(
            method: method, path: "", query: QueryParameters(pairs: query), headers: headers, rawURL: rawURL,
            body: body.isEmpty ? .empty : StubRequestBody(Data(body.utf8), isOverLimit: false))
    }

    func test_urlPathAndSegments_decodedButTheURLAsSent() throws {
        let info = request("/t/a%20b/c?q=a%20b", query: [("q", "a b")])
        XCTAssertEqual(
            try render("{{{request.url}}}|{{request.path}}|{{request.pathSegments.[1]}}|{{request.path.[1]}}|{{request.pathSegments}}|{{request.path.0}}", info),
            "/t/a%20b/c?q=a%20b|/t/a b/c|a b|a b|/t/a b/c|t")
        XCTAssertEqual(try render("{{#each request.pathSegments}}<{{this}}>{{/each}}", request("/x/y/")), "<x><y>")
    }

    func test_query_repeatsAsAListPrintingItsFirst() throws {
        let info = request("/t?a=1&a=2&e", query: [("a", "1"), ("a", "2"), ("e", nil)])
        XCTAssertEqual(try render("{{request.query.a}}|{{request.query.a.[1]}}|[{{request.query.e}}]|{{request.query}}", info), "1|2|[]|{a&#x3D;1, e&#x3D;}")
    }

    func test_headers_anyCase_mergedAndSorted_andCookies() throws {
        let info = request(
            "/t", headers: [("Host", "example.com"), ("X-A", "one"), ("x-a", "two"), ("Cookie", "c=1; d=2"), ("Cookie", "c=3")])
        XCTAssertEqual(
            try render("{{request.headers.x-a}}|{{request.headers.X-A.[1]}}|{{request.cookies.c}}|{{request.cookies.c.[1]}}|{{request.cookies.d}}", info),
            "one|two|1|3|2")
        XCTAssertEqual(try render("{{{request.headers}}}", request("/t", headers: [("b", "2"), ("A", "1")])), "{A=1, b=2}")
    }

    func test_hostPortSchemeMethodBaseURL_andBody() throws {
        let info = request("/t/x?y=1", method: "POST", query: [("y", "1")], body: "a=1")
        XCTAssertEqual(
            try render("{{request.method}}|{{request.scheme}}|{{request.host}}|{{request.port}}|{{request.baseUrl}}|{{request.body}}", info),
            "POST|http|example.com|8080|http://example.com:8080|a&#x3D;1")
        XCTAssertEqual(try render("{{request.port}}|{{request.baseUrl}}", request("/", headers: [("Host", "example.com")])), "80|http://example.com")
    }

    func test_requestLine_hasTheSameParts() throws {
        let info = request("/t/seg?x=1", query: [("x", "1")])
        XCTAssertEqual(
            try render(
                "{{request.requestLine.baseUrl}}|{{request.requestLine.path}}|{{request.requestLine.pathSegments.[1]}}|{{{request.requestLine.query}}}|{{request.requestLine.query.x}}|{{request.requestLine.method}}|{{request.requestLine.scheme}}|{{request.requestLine.host}}|{{request.requestLine.port}}|{{{request.requestLine.url}}}",
                info),
            "http://example.com:8080|/t/seg|seg|{x=1}|1|GET|http|example.com|8080|/t/seg?x=1")
    }

    func test_parameters_areTheStubsTransformerParameters() throws {
        let parameters = TemplateValue(json: .object(["p1": .string("v1"), "n": .integer(5)]))
        XCTAssertEqual(try render("{{parameters.p1}}|{{parameters.n}}|{{parameters.[p1]}}", request("/"), parameters: parameters), "v1|5|v1")
    }

    func test_method_isAnObjectPrintingItsName_thatEqualsNoText() throws {
        let info = request("/m", method: "POST")
        XCTAssertEqual(try render("{{request.method}}|{{request.requestLine.method}}|{{request.method.name}}", info), "POST|POST|POST")
        XCTAssertEqual(
            try render("{{eq request.method 'POST'}}|{{eq request.method.name 'POST'}}|{{#eq request.method 'POST'}}y{{else}}n{{/eq}}", info),
            "false|true|n")
        XCTAssertEqual(try render("{{contains request.method 'OS'}}|{{matches request.method 'P.*'}}|{{lower request.method}}|[{{size request.method}}]", info), "true|true|post|[]")
    }
}
