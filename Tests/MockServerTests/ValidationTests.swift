import Foundation
import XCTest

@testable import MockServer

/// Bad input gets a 400 that names the parameter and its valid range; nothing brings the server down.
final class ValidationTests: ServerTestCase {
    func test_badValues_areRejectedWithTheValidRange() {
        let cases: [(query: String, parameter: String)] = [
            ("delay=-5", "delay"), ("delay=abc", "delay"), ("delay=3600001", "delay"),
            ("w=1000000000", "w"), ("h=0", "h"), ("drip=1.5", "drip"), ("status=99", "status"),
            ("status=600", "status"), ("bytes=-1", "bytes"), ("truncate=x", "truncate"),
            ("stall_after=", "stall_after"), ("flaky=-1", "flaky"), ("corrupt=maybe", "corrupt"),
            ("reset=2", "reset"), ("type=notamediatype", "type"), ("scenario=nope", "scenario"),
        ]
        for (query, parameter) in cases {
            let path = parameter == "scenario" ? "/gallery.json" : "/images/1.png"
            let result = get("\(path)?\(query)")
            XCTAssertEqual(result.status, 400, query)
            XCTAssertEqual(result.json?["parameter"] as? String, parameter, query)
            XCTAssertNotNil(result.json?["valid"] as? String, query)
            XCTAssertNotNil(result.json?["error"] as? String, query)
        }
        XCTAssertEqual(get("/health").status, 200, "the server is still up")
    }

    func test_malformedOnANonJSONEndpoint_isA400() {
        let result = get("/images/1.png?malformed=1")
        XCTAssertEqual(result.status, 400)
        XCTAssertEqual(result.json?["parameter"] as? String, "malformed")
        let prefixed = get("/images/1.png?fault.malformed=1")
        XCTAssertEqual(prefixed.status, 400)
        XCTAssertEqual(prefixed.json?["parameter"] as? String, "fault.malformed", "named as the query spells it")
    }

    func test_unknownParameters_areIgnored() {
        let result = get("/images/1.png?expansions=author_id&user.fields=x&_=12345")
        XCTAssertEqual(result.status, 200)
    }

    func test_pathsOutsideTheURLSpace_are404() {
        // (`/images/1.gif` is the image zoo's: a 400 naming its variants, ImageZooRouteTests.)
        for path in ["/", "/images/", "/images/0.png", "/images/1.bmp", "/images/missing-4.png", "/avatars/a.jpg", "/avatars/a.gif"] {
            XCTAssertEqual(get(path).status, 404, path)
        }
    }

    func test_otherMethods_are405() {
        let result = CurlClient().request(server.url("/images/1.png"), method: "DELETE")
        XCTAssertEqual(result.status, 405)
        XCTAssertEqual(result.headers["allow"], "GET, HEAD")
    }

    func test_head_answersLikeGetWithoutTheBody() {
        let full = get("/images/1.png")
        let head = CurlClient().request(server.url("/images/1.png"), method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], String(full.body.count))
        XCTAssertEqual(head.headers["content-type"], "image/png")
        XCTAssertTrue(head.body.isEmpty)
    }

    func test_tweetEndpoints_requireTheirQueryParameter() {
        XCTAssertEqual(getAuthorized("/1.1/search/tweets.json").json?["parameter"] as? String, "q")
        XCTAssertEqual(getAuthorized("/1.1/statuses/user_timeline.json").json?["parameter"] as? String, "screen_name")
        XCTAssertEqual(getAuthorized("/2/tweets/search/recent").json?["parameter"] as? String, "query")
        XCTAssertEqual(getAuthorized("/2/tweets/search/recent?query=a&max_results=5").status, 400)
    }

    func test_oversizedAdminBody_andBadJSON_are400() {
        let bad = HTTP.post(server.adminURL.appendingPathComponent("__admin/offline"), json: "{\"offline\": \"yes\"}")
        XCTAssertEqual(bad.status, 400)
        let huge = HTTP.post(server.adminURL.appendingPathComponent("__admin/offline"), json: String(repeating: " ", count: 100_000))
        XCTAssertEqual(huge.status, 400)
        XCTAssertFalse(server.isOffline)
    }
}
