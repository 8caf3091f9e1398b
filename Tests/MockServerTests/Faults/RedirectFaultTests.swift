import Foundation
import XCTest

@testable import MockServer

/// `redirect=N`, `redirect_loop` and `location=`, seen by libcurl with and without following.
final class RedirectFaultTests: ServerTestCase {
    func test_redirect_answers302_toTheSameURLWithOneHopLess_absoluteByDefault() {
        let result = get("/images/1.png?w=64&h=48&redirect=3")
        XCTAssertEqual(result.status, 302)
        XCTAssertEqual(result.headers["location"], server.baseURL.absoluteString + "/images/1.png?w=64&h=48&redirect=2")
        XCTAssertEqual(result.headers["cache-control"], "no-store")
    }

    func test_redirectChain_isFollowedToTheResource() throws {
        // Given the image's bytes
        let direct = get("/images/1.png?w=64&h=48")
        XCTAssertEqual(direct.status, 200)

        // When libcurl follows (curl -L)
        let result = FollowingCurl.get(server.url("/images/1.png?w=64&h=48&redirect=3"), maxRedirects: 10)

        // Then three hops, then the image itself
        XCTAssertEqual(result.code, CurlCode.ok)
        XCTAssertEqual(result.redirects, 3)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.effectiveURL, server.url("/images/1.png?w=64&h=48&redirect=0").absoluteString)
        XCTAssertEqual(result.body, direct.body)
        let hops = server.requests.suffix(4).map { "\($0.status) \($0.query)" }
        XCTAssertEqual(hops, ["302 w=64&h=48&redirect=3", "302 w=64&h=48&redirect=2", "302 w=64&h=48&redirect=1", "200 w=64&h=48&redirect=0"])
    }

    func test_chainLongerThanTheClientsLimit_isCurl47() {
        let result = FollowingCurl.get(server.url("/health?redirect=4"), maxRedirects: 3)
        XCTAssertEqual(result.code, 47, "CURLE_TOO_MANY_REDIRECTS")
        XCTAssertEqual(result.redirects, 3)
        XCTAssertEqual(result.status, 302)
    }

    func test_pathAndRelativeLocations_resolveToTheSameResource() {
        let path = get("/images/2.png?redirect=1&location=path")
        XCTAssertEqual(path.headers["location"], "/images/2.png?redirect=0&location=path")
        let relative = get("/images/2.png?redirect=1&location=relative")
        XCTAssertEqual(relative.headers["location"], "2.png?redirect=0&location=relative")
        for form in ["path", "relative"] {
            let followed = FollowingCurl.get(server.url("/images/2.png?w=32&h=32&redirect=2&location=\(form)"), maxRedirects: 5)
            XCTAssertEqual(followed.code, CurlCode.ok, form)
            XCTAssertEqual(followed.status, 200, form)
            XCTAssertEqual(followed.redirects, 2, form)
            XCTAssertEqual(followed.effectiveURL, server.url("/images/2.png?w=32&h=32&redirect=0&location=\(form)").absoluteString, form)
        }
    }

    func test_redirectLoop_alternatesBetweenTwoURLs_untilTheClientGivesUp() {
        // Given
        let first = get("/health?redirect_loop=1")
        XCTAssertEqual(first.headers["location"], server.baseURL.absoluteString + "/health?redirect_loop=2")
        XCTAssertEqual(get("/health?redirect_loop=2").headers["location"], server.baseURL.absoluteString + "/health?redirect_loop=1")

        // When libcurl follows at most 6 redirects
        let result = FollowingCurl.get(server.url("/health?redirect_loop=1"), maxRedirects: 6)

        // Then it gives up with 47 after A→B→A→B→A→B→A
        XCTAssertEqual(result.code, 47)
        XCTAssertEqual(result.redirects, 6)
        XCTAssertEqual(result.effectiveURL, server.url("/health?redirect_loop=1").absoluteString)
    }

    func test_faultsBeforeTheRedirect_applyToEveryHop_andStatusToTheEnd() {
        let result = FollowingCurl.get(server.url("/health?redirect=2&status=503"), maxRedirects: 5)
        XCTAssertEqual(result.redirects, 2)
        XCTAssertEqual(result.status, 503, "status applies once the chain ends")
        let delayed = FollowingCurl.get(server.url("/health?redirect=2&delay=150"), maxRedirects: 5)
        XCTAssertEqual(delayed.status, 200)
        XCTAssertEqual(server.requests.suffix(3).map(\.status), [302, 302, 200])
        XCTAssertTrue(server.requests.suffix(3).allSatisfy { $0.ms >= 150 }, "each hop is delayed")
    }

    func test_badValues_are400s() {
        for (query, parameter) in [("redirect=101", "redirect"), ("redirect=-1", "redirect"), ("redirect_loop=3", "redirect_loop"),
                                   ("redirect=1&location=elsewhere", "location")]
        {
            let result = get("/health?\(query)")
            XCTAssertEqual(result.status, 400, query)
            XCTAssertEqual(result.json?["parameter"] as? String, parameter, query)
        }
    }

    func test_hostHeader_decidesTheAbsoluteLocation() {
        let result = get("/health?redirect=1", headers: ["Host: phone.local:9000"])
        XCTAssertEqual(result.headers["location"], "http://phone.local:9000/health?redirect=0")
    }
}
