import Foundation
import MockServer
import Networking
import XCTest

/// What ``CurlHTTPClient`` makes of the faults MockServer added for issue 14: the blackhole,
/// redirect chains and loops, conditional and range requests.
final class CurlHTTPClientFaultTests: MockServerTestCase {
    private static let quick = RequestTimeouts(connect: .seconds(1), stall: .seconds(2), total: .seconds(3))

    private func send(_ url: URL, headers: [String: String] = [:], timeouts: RequestTimeouts = quick,
                      acceptable: ClosedRange<Int> = 200...299) async -> (result: Result<HTTPResponse, NetworkError>, seconds: Double) {
        let start = ContinuousClock.now
        do {
            let response = try await CurlHTTPClient().send(HTTPRequest(url: url, headers: headers, timeouts: timeouts, acceptableStatus: acceptable))
            return (.success(response), (ContinuousClock.now - start).seconds)
        } catch {
            return (.failure(error), (ContinuousClock.now - start).seconds)
        }
    }

    // MARK: - Blackhole

    func test_blackhole_isTimedOut_afterTheConnectDeadline_notOffline() async {
        // Given a 300 ms connect deadline (the total is far away)
        let timeouts = RequestTimeouts(connect: .milliseconds(300), stall: .seconds(5), total: .seconds(5))

        // When
        let (result, seconds) = await send(server.blackholeURL.appendingPathComponent("images/1.png"), timeouts: timeouts)

        // Then: the connect deadline fired (curl 28 → timedOut), not a refusal (→ offline)
        guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)") }
        XCTAssertEqual(error, .timedOut)
        XCTAssertGreaterThanOrEqual(seconds, 0.29)
        XCTAssertLessThan(seconds, 1.5)
    }

    // MARK: - Redirects

    func test_redirectChainOfFive_isFollowed_andTheResponseURLIsTheLast() async throws {
        let (result, _) = await send(server.url("/health?redirect=5"))
        let response = try result.get()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.url, server.url("/health?redirect=0"))
    }

    func test_relativeLocations_areFollowed() async throws {
        for form in ["path", "relative"] {
            let response = try await send(server.url("/images/4.png?w=16&h=16&redirect=2&location=\(form)")).result.get()
            XCTAssertEqual(response.status, 200, form)
            XCTAssertEqual(response.url, server.url("/images/4.png?w=16&h=16&redirect=0&location=\(form)"), form)
        }
    }

    func test_redirectChainOfSix_isBeyondItsLimitOfFive_invalidResponse() async {
        let (result, _) = await send(server.url("/health?redirect=6"))
        guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)") }
        XCTAssertEqual(error, .invalidResponse, "too many redirects (curl 47), not the 302 nobody asked for")
        let widened = await send(server.url("/health?redirect=6"), acceptable: 200...399)
        guard case .failure(let widenedError) = widened.result else { return XCTFail("expected a failure, got \(widened.result)") }
        XCTAssertEqual(widenedError, .invalidResponse, "the same with 3xx acceptable")
    }

    func test_redirectLoop_endsAfterFiveHops_withoutHanging() async {
        let (result, seconds) = await send(server.url("/health?redirect_loop=1"))
        guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)") }
        XCTAssertEqual(error, .invalidResponse)
        XCTAssertLessThan(seconds, 1.0)
        XCTAssertEqual(server.requests.count, 6, "the first request and five redirects followed")
    }

    func test_maxRedirects_isTheConfiguredLimit() async throws {
        // Given a client that follows at most 2 redirects
        let client = CurlHTTPClient(configuration: .init(maxRedirects: 2))

        // Then a chain of 2 ends in its 200, a chain of 3 is too many
        let response = try await client.send(HTTPRequest(url: server.url("/health?redirect=2")))
        XCTAssertEqual(response.url, server.url("/health?redirect=0"))
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/health?redirect=3")))
            XCTFail("a third redirect was followed")
        } catch {
            XCTAssertEqual(error, .invalidResponse)
        }
    }

    func test_maxRedirectsZero_followsNone_theRedirectIsTheAnswer() async throws {
        let client = CurlHTTPClient(configuration: .init(maxRedirects: 0))
        do {
            _ = try await client.send(HTTPRequest(url: server.url("/health?redirect=1")))
            XCTFail("the redirect was followed")
        } catch {
            XCTAssertEqual(error, .httpStatus(302))
        }
        let accepted = try await client.send(HTTPRequest(url: server.url("/health?redirect=1"), acceptableStatus: 200...399))
        XCTAssertEqual(accepted.status, 302)
        XCTAssertEqual(accepted.url, server.url("/health?redirect=1"))
        XCTAssertEqual(server.requests.count, 2, "no hop followed")
    }

    // MARK: - Conditional and range requests

    func test_ifNoneMatch_gets304_whichIsAnHTTPStatusError_unlessAccepted() async throws {
        let first = try await send(server.url("/images/1.png?w=32&h=32&conditional=1")).result.get()
        let tag = try XCTUnwrap(first.header("ETag"))
        let (plain, _) = await send(server.url("/images/1.png?w=32&h=32&conditional=1"), headers: ["If-None-Match": tag])
        guard case .failure(let error) = plain else { return XCTFail("expected a failure, got \(plain)") }
        XCTAssertEqual(error, .httpStatus(304))
        let accepted = try await send(
            server.url("/images/1.png?w=32&h=32&conditional=1"), headers: ["If-None-Match": tag], acceptable: 200...304
        ).result.get()
        XCTAssertEqual(accepted.status, 304)
        XCTAssertTrue(accepted.body.isEmpty)
    }

    func test_range_gets206_withThoseBytes() async throws {
        let whole = try await send(server.url("/images/1.png?w=64&h=64")).result.get()
        let part = try await send(server.url("/images/1.png?w=64&h=64&ranges=1"), headers: ["Range": "bytes=100-199"]).result.get()
        XCTAssertEqual(part.status, 206)
        XCTAssertEqual(part.header("Content-Range"), "bytes 100-199/\(whole.body.count)")
        XCTAssertEqual(part.body, whole.body[100..<200])
    }
}
