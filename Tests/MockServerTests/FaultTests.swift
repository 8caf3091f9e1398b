import Foundation
import ImageCodec
import XCTest

@testable import MockServer

/// One test per fault parameter, observed by an independent libcurl client.
final class FaultTests: ServerTestCase {
    func test_delay_holdsTheStatusLineForAtLeastTheDelay() {
        // Given a warm resource (so generation time is not part of the measurement)
        XCTAssertEqual(get("/health").status, 200)

        // When
        let result = get("/health?delay=400")

        // Then: never early, and not much late (generous upper bound for 2 noisy cores)
        XCTAssertEqual(result.code, CurlCode.ok, result.message)
        XCTAssertEqual(result.status, 200)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.400)
        XCTAssertLessThan(result.elapsed, 0.700)
    }

    func test_drip_pacesTheBodyAtTheRequestedRate() {
        // 60,000 bytes at 200,000 B/s: 0.3 s of body; drip must not send faster than asked
        assertWholeBody("/health?bytes=60000&drip=200000", bytes: 60_000, takes: 0.28..<0.9)
    }

    func test_delayAndDrip_compose() {
        // 200 ms delay + 0.2 s of drip
        assertWholeBody("/health?delay=200&bytes=20000&drip=100000", bytes: 20_000, takes: 0.38..<1.0)
    }

    /// GETs `pathAndQuery` and asserts the whole body of `bytes` arrives, in `seconds` from the start.
    private func assertWholeBody(
        _ pathAndQuery: String, bytes: Int, takes seconds: Range<Double>, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = get(pathAndQuery)
        XCTAssertEqual(result.code, CurlCode.ok, result.message, file: file, line: line)
        XCTAssertEqual(result.body.count, bytes, file: file, line: line)
        XCTAssertGreaterThanOrEqual(result.elapsed, seconds.lowerBound, "sent faster than asked", file: file, line: line)
        XCTAssertLessThan(result.elapsed, seconds.upperBound, file: file, line: line)
    }

    func test_stallAfter_sendsExactlyThatManyBytesThenNothing() {
        // Given the image rendered once (a first render alone can take 0.6 s on a loaded machine)
        XCTAssertEqual(get("/images/1.png").status, 200)

        // When the client waits 600 ms in all
        let result = get("/images/1.png?stall_after=1000", timeout: 0.6)

        // Then it got the headers and exactly 1000 body bytes, then timed out
        XCTAssertEqual(result.code, CurlCode.timedOut, result.message)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.body.count, 1000)
        XCTAssertEqual(result.body.prefix(8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "the start of the real PNG")
    }

    func test_stalledRequest_isJournalledWhenTheClientLeaves() {
        _ = get("/health?stall_after=0", timeout: 0.3)
        XCTAssertTrue(eventually { self.server.requests.contains { $0.outcome == .clientClosed } })
        XCTAssertEqual(server.suspendedConnections, 0)
        let record = server.requests.last
        XCTAssertEqual(record?.fault, "stall_after=0")
        XCTAssertEqual(record?.bytes, 0)
    }

    func test_truncate_declaresTheFullLengthAndCutsTheBody() {
        let full = get("/images/1.png")
        let result = get("/images/1.png?truncate=5000")
        XCTAssertEqual(result.code, CurlCode.partialFile, result.message)
        XCTAssertEqual(result.headers["content-length"], String(full.body.count))
        XCTAssertEqual(result.body.count, 5000)
        XCTAssertEqual(result.body, full.body.prefix(5000))
    }

    func test_reset_closesWithoutAnyResponse() {
        let result = get("/images/1.png?reset=1")
        XCTAssertEqual(result.code, CurlCode.receiveError, result.message)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.body.isEmpty)
    }

    func test_reset_appliesBeforeDelay() {
        let result = get("/health?reset=1&delay=2000")
        XCTAssertEqual(result.code, CurlCode.receiveError)
        XCTAssertLessThan(result.elapsed, 1.0, "reset comes first in the fault order")
    }

    func test_corrupt_keepsLengthAndTypeButNoDecoderAcceptsIt() throws {
        for path in ["/images/1.png", "/images/2.jpg"] {
            let good = get(path)
            let bad = get(path + "?corrupt=1")
            XCTAssertEqual(bad.status, 200)
            XCTAssertEqual(bad.body.count, good.body.count, path)
            XCTAssertEqual(bad.headers["content-type"], good.headers["content-type"], path)
            XCTAssertNotEqual(bad.body, good.body, path)
            XCTAssertNoThrow(try ImageCodec.decode(good.body), path)
            XCTAssertThrowsError(try ImageCodec.decode(bad.body), path)
        }
    }

    func test_corrupt_damagesNonImageBodiesToo() {
        let good = get("/gallery.json")
        let bad = get("/gallery.json?corrupt=1")
        XCTAssertEqual(bad.body.count, good.body.count)
        XCTAssertNotNil(good.json)
        XCTAssertNil(bad.json)
    }

    func test_status_isSentExactlyWithAJSONBody() {
        for code in [404, 500, 503] {
            let result = get("/images/1.png?status=\(code)")
            XCTAssertEqual(result.status, code)
            XCTAssertEqual(result.json?["status"] as? Int, code)
        }
    }

    func test_status2xx_keepsTheResource() {
        let result = get("/images/1.png?status=203")
        XCTAssertEqual(result.status, 203)
        XCTAssertEqual(try ImageCodec.probe(result.body).width, 1024)
    }

    func test_type_replacesTheContentType() {
        let result = get("/images/1.png?type=text/html")
        XCTAssertEqual(result.headers["content-type"], "text/html")
        XCTAssertEqual(result.body.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
    }

    func test_bytes_makesTheBodyExactlyThatLong() throws {
        let image = get("/images/1.png").body

        let padded = get("/images/1.png?bytes=\(image.count + 1000)")
        XCTAssertEqual(padded.body.count, image.count + 1000)
        XCTAssertEqual(padded.body.prefix(image.count), image, "the resource first")
        XCTAssertEqual(padded.body.suffix(1000), Data(repeating: 0, count: 1000), "then filler")

        let cut = get("/images/1.png?bytes=100")
        XCTAssertEqual(cut.code, CurlCode.ok)
        XCTAssertEqual(cut.body, image.prefix(100))
        XCTAssertEqual(cut.headers["content-length"], "100")
    }

    func test_bytes_streamsAnOversizedBodyWithoutHoldingIt() {
        let result = get("/images/1.png?bytes=30000000", timeout: 30)
        XCTAssertEqual(result.code, CurlCode.ok, result.message)
        XCTAssertEqual(result.headers["content-length"], "30000000")
        XCTAssertEqual(result.body.count, 30_000_000)
    }

    func test_chunked_sendsTheBodyWithoutAContentLength() {
        let image = get("/images/1.png").body
        let result = get("/images/1.png?chunked=1")
        XCTAssertEqual(result.code, CurlCode.ok, result.message)
        XCTAssertNil(result.headers["content-length"])
        XCTAssertEqual(result.headers["transfer-encoding"], "chunked")
        XCTAssertEqual(result.body, image)
        XCTAssertEqual(get("/health?bytes=3000000&chunked=1").body.count, 3_000_000)
    }

    func test_flaky_failsTheFirstKRequestsPerURLThenWorks() {
        let statuses = (0..<4).map { _ in get("/images/1.png?flaky=2").status }
        XCTAssertEqual(statuses, [500, 500, 200, 200])
        XCTAssertEqual(get("/images/1.png?flaky=2&other=1").status, 500, "counted per full URL")

        server.resetJournal()
        XCTAssertEqual(get("/images/1.png?flaky=2").status, 500, "reset clears the counters")
    }

    func test_flakyCountersAreResetByTheAdminEndpoint() {
        XCTAssertEqual(get("/health?flaky=1").status, 500)
        XCTAssertEqual(get("/health?flaky=1").status, 200)
        XCTAssertEqual(HTTP.post(server.adminURL.appendingPathComponent("__admin/reset"), json: "").status, 200)
        XCTAssertEqual(get("/health?flaky=1").status, 500)
    }

    func test_malformed_isInvalidJSON_andEmptyIsAnEmptyResult() throws {
        XCTAssertNotNil(get("/gallery.json").json)
        let malformed = get("/gallery.json?malformed=1")
        XCTAssertEqual(malformed.status, 200)
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: malformed.body))
        XCTAssertEqual(get("/gallery.json?empty=1").json?["images"] as? [String], [])

        let tweets = getAuthorized("/1.1/search/tweets.json?q=&malformed=1")
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: tweets.body))
        let v2 = getAuthorized("/2/tweets/search/recent?query=swift&empty=1")
        XCTAssertEqual(String(decoding: v2.body, as: UTF8.self), #"{"meta":{"result_count":0}}"#)
    }

    func test_faultsApplyToMissingPathsToo() {
        let result = get("/nothing-here?delay=200")
        XCTAssertEqual(result.status, 404)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.2)
    }
}
