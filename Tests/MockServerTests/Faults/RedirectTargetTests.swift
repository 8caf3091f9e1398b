import XCTest

@testable import MockServer

/// `Location` values for redirect chains and loops.
final class RedirectTargetTests: XCTestCase {
    private let base = "http://127.0.0.1:8080"

    func test_next_countsAChainDown_andLoopsBetweenTwoURLs() {
        XCTAssertEqual(RedirectTarget.next(redirect: 3, loop: 0), RedirectTarget(parameter: "redirect", value: "2"))
        XCTAssertEqual(RedirectTarget.next(redirect: 1, loop: 0), RedirectTarget(parameter: "redirect", value: "0"))
        XCTAssertNil(RedirectTarget.next(redirect: 0, loop: 0), "redirect=0 ends the chain")
        XCTAssertEqual(RedirectTarget.next(redirect: 0, loop: 1), RedirectTarget(parameter: "redirect_loop", value: "2"))
        XCTAssertEqual(RedirectTarget.next(redirect: 5, loop: 2), RedirectTarget(parameter: "redirect_loop", value: "1"))
    }

    func test_location_keepsOtherParametersInOrder_inEachForm() {
        let query = QueryParameters(pairs: [("w", "100"), ("redirect", "2"), ("drip", "5")])
        let target = RedirectTarget(parameter: "redirect", value: "1")
        XCTAssertEqual(
            target.location(path: "/images/1.png", query: query, form: .absolute, base: base),
            "http://127.0.0.1:8080/images/1.png?w=100&redirect=1&drip=5")
        XCTAssertEqual(target.location(path: "/images/1.png", query: query, form: .path, base: base), "/images/1.png?w=100&redirect=1&drip=5")
        XCTAssertEqual(target.location(path: "/images/1.png", query: query, form: .relative, base: base), "1.png?w=100&redirect=1&drip=5")
    }

    func test_location_reEncodesDecodedValues() {
        let query = QueryParameters(pairs: [("type", "text/html; charset=utf-8"), ("cache", "max-age=60"), ("bare", nil), ("redirect", "1")])
        let location = RedirectTarget(parameter: "redirect", value: "0").location(path: "/a b/ü", query: query, form: .path, base: base)
        XCTAssertEqual(location, "/a%20b/%C3%BC?type=text%2Fhtml%3B%20charset%3Dutf-8&cache=max-age%3D60&bare&redirect=0")
    }

    func test_relative_needsDotSlash_forAnEmptySegmentOrAColon() {
        let query = QueryParameters(pairs: [("redirect", "1")])
        let target = RedirectTarget(parameter: "redirect", value: "0")
        XCTAssertEqual(target.location(path: "/", query: query, form: .relative, base: base), "./?redirect=0")
        XCTAssertEqual(target.location(path: "/dir/", query: query, form: .relative, base: base), "./?redirect=0")
        XCTAssertEqual(target.location(path: "/x/a:b", query: query, form: .relative, base: base), "./a:b?redirect=0")
    }

    func test_relativeLocation_resolvesToTheSamePath() throws {
        let query = QueryParameters(pairs: [("redirect", "1")])
        let location = RedirectTarget(parameter: "redirect", value: "0").location(path: "/images/7.png", query: query, form: .relative, base: base)
        let resolved = try XCTUnwrap(URL(string: location, relativeTo: URL(string: base + "/images/7.png?redirect=1")))
        XCTAssertEqual(resolved.absoluteString, base + "/images/7.png?redirect=0")
    }
}
