import Foundation
import XCTest

@testable import MockServer

/// A stub's request model is built with the members its templates read, and whole whenever a
/// template may reach `request` itself.
final class TemplateRequestFieldsTests: XCTestCase {
    private func fields(_ text: String) throws -> Set<String>? {
        try Template(parsing: text).requestFields
    }

    func test_namedMembers_areTheOnlyOnesRead() throws {
        XCTAssertEqual(try fields("plain text"), [])
        XCTAssertEqual(try fields("{{request.path}} at {{now}}: {{jsonPath request.body '$.a'}}"), ["path", "body"])
        XCTAssertEqual(try fields("{{request.pathSegments.[1]}}{{request.requestLine.baseUrl}}"), ["pathSegments", "requestLine"])
        XCTAssertEqual(try fields("{{#if (eq request.query.a 'x')}}{{request.headers.X-Id}}{{else}}{{upper request.method}}{{/if}}"), ["query", "headers", "method"])
        XCTAssertEqual(try fields("{{#each (split request.url '/') as |part|}}<{{part}}>{{/each}}"), ["url"])
        XCTAssertEqual(try fields("{{randomValue length=4 type=(lower 'NUMERIC')}} {{math 1 '+' (size request.cookies)}}"), ["cookies"])
    }

    func test_requestWholeOrTheRootContext_meansEveryMember() throws {
        for text in [
            "{{request}}", "{{#with request}}{{path}}{{/with}}", "{{lookup request 'path'}}", "{{toJson this}}",
            "{{#each (split request.url '/')}}{{this}}{{/each}}", "{{@root.request.path}}", "{{parameters.request}}",
        ] {
            XCTAssertNil(try fields(text), text)
        }
    }

    func test_environment_buildsOnlyTheMembersAsked_andTheWholeModelForNil() throws {
        let info = StubRequestInfo(
            method: "POST", path: "", query: QueryParameters(pairs: [("a", "1")]), headers: [("Host", "example.com"), ("X-Id", "7")],
            rawURL: "/orders/42?a=1", body: StubRequestBody(Data(#"{"a": 1}"#.utf8), isOverLimit: false))
        let environment = TemplateEnvironment(requestInfo: info, now: Date(timeIntervalSince1970: 0), seed: 1)
        guard case .object(let some) = environment.requestModel(fields: ["path", "body"]) else { return XCTFail("not an object") }
        XCTAssertEqual(Set(some.keys), ["path", "body"])
        XCTAssertEqual(some["path"]?.rendered, "/orders/42")
        XCTAssertEqual(some["body"]?.rendered, #"{"a": 1}"#)
        guard case .object(let all) = environment.requestModel(fields: nil) else { return XCTFail("not an object") }
        XCTAssertEqual(all.keys, TemplateRequestModel.fieldNames)
        XCTAssertEqual(all["headers"]?.rendered, TemplateRequestModel.field("headers", of: info).rendered)
        XCTAssertEqual(all["query"]?.rendered, "{a=1}")
    }
}
