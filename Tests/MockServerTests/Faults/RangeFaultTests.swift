import Foundation
import XCTest

@testable import MockServer

/// `ranges=1`: 206 with Content-Range, 416 for an unsatisfiable range, and resumable downloads.
final class RangeFaultTests: ServerTestCase {
    /// A small image for the header tests (rendering the 1 MB one takes a while on a busy machine).
    private let small = "/images/5.png?w=160&h=120"
    private var image = Data()

    override func setUpWithError() throws {
        try super.setUpWithError()
        let whole = get(small)
        XCTAssertEqual(whole.status, 200)
        image = whole.body
        XCTAssertGreaterThan(image.count, 10_000)
    }

    /// The default 1024x768 image (about 1.1 MB), for the resumable downloads.
    private func largeImage() -> Data {
        let whole = get("/images/1.png")
        XCTAssertEqual(whole.status, 200)
        XCTAssertGreaterThan(whole.body.count, 1_000_000)
        return whole.body
    }

    func test_oneRange_is206_withContentRange_andThoseBytes() {
        let cases: [(String, Range<Int>)] = [
            ("bytes=0-99", 0..<100), ("bytes=1000-", 1000..<image.count), ("bytes=-500", (image.count - 500)..<image.count),
            ("bytes=\(image.count - 10)-\(image.count + 1000)", (image.count - 10)..<image.count),
        ]
        for (header, bytes) in cases {
            let result = get(small + "&ranges=1", headers: ["Range: \(header)"])
            XCTAssertEqual(result.status, 206, header)
            XCTAssertEqual(result.headers["content-range"], "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(image.count)", header)
            XCTAssertEqual(result.headers["content-length"], String(bytes.count), header)
            XCTAssertEqual(result.headers["accept-ranges"], "bytes")
            XCTAssertEqual(result.body, image[bytes], header)
        }
    }

    func test_unsatisfiableRange_is416_withTheLength() {
        let result = get(small + "&ranges=1", headers: ["Range: bytes=\(image.count)-"])
        XCTAssertEqual(result.status, 416)
        XCTAssertEqual(result.headers["content-range"], "bytes */\(image.count)")
    }

    func test_severalRanges_orAnotherUnit_getTheWhole200() {
        for header in ["bytes=0-9,20-29", "items=0-9", "bytes=9-0"] {
            let result = get(small + "&ranges=1", headers: ["Range: \(header)"])
            XCTAssertEqual(result.status, 200, header)
            XCTAssertEqual(result.body.count, image.count, header)
            XCTAssertNil(result.headers["content-range"], header)
        }
    }

    func test_offByDefault_theRangeIsIgnored() {
        let result = get(small, headers: ["Range: bytes=0-99"])
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.body.count, image.count)
        XCTAssertNil(result.headers["accept-ranges"])
    }

    func test_ifRange_matchingTag_is206_staleTagOrDate_isTheWhole200() throws {
        let tag = try XCTUnwrap(get(small + "&ranges=1").headers["etag"])
        XCTAssertEqual(get(small + "&ranges=1", headers: ["Range: bytes=0-9", "If-Range: \(tag)"]).status, 206)
        let stale = get(small + "&ranges=1", headers: ["Range: bytes=0-9", "If-Range: \"stale\""])
        XCTAssertEqual(stale.status, 200)
        XCTAssertEqual(stale.body.count, image.count)
        XCTAssertEqual(get(small + "&ranges=1", headers: ["Range: bytes=0-9", "If-Range: W/\(tag)"]).status, 200, "weak tags never match")
        XCTAssertEqual(get(small + "&ranges=1", headers: ["Range: bytes=0-9", "If-Range: Sat, 01 Jan 2000 00:00:00 GMT"]).status, 200)
    }

    func test_rangeOfAPaddedBody_reachesIntoTheFiller() {
        let result = get(small + "&ranges=1&bytes=2000000", headers: ["Range: bytes=1999990-"])
        XCTAssertEqual(result.status, 206)
        XCTAssertEqual(result.headers["content-range"], "bytes 1999990-1999999/2000000")
        XCTAssertEqual(result.body, Data(count: 10))
    }

    func test_head_ignoresTheRange() {
        let head = CurlClient().request(server.url(small + "&ranges=1"), method: "HEAD", headers: ["Range: bytes=0-9"])
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], String(image.count))
    }

    func test_resumableDownload_truncatedAgainAndAgain_isResumedToTheWholeImage() throws {
        // Given a URL whose every answer is cut after 200,000 bytes
        let image = largeImage()
        let url = server.url("/images/1.png?ranges=1&truncate=200000")
        var received = Data()
        var tag: String?
        let client = CurlClient()

        // When the client resumes from what it has, with If-Range, until it has everything
        for _ in 0..<10 where received.count < image.count {
            var headers: [String] = []
            if let tag { headers = ["Range: bytes=\(received.count)-", "If-Range: \(tag)"] }
            let part = client.request(url, headers: headers)
            XCTAssertTrue([CurlCode.ok, CurlCode.partialFile].contains(part.code), part.message)
            if tag != nil {
                XCTAssertEqual(part.status, 206)
                XCTAssertEqual(part.headers["content-range"], "bytes \(received.count)-\(image.count - 1)/\(image.count)")
            }
            tag = try XCTUnwrap(part.headers["etag"])
            received.append(part.body)
        }

        // Then
        XCTAssertEqual(received.count, image.count)
        XCTAssertTrue(received == image, "the pieces make the image")
        XCTAssertEqual(server.requests.filter { $0.status == 206 }.count, 5, "six answers of at most 200,000 bytes")
    }

    func test_resumableDownload_afterAStall() throws {
        // Given a first answer that stalls after 600,000 bytes (the client gives up after 0.5 s)
        let image = largeImage()
        let url = server.url("/images/1.png?ranges=1&stall_after=600000")
        let first = get("/images/1.png?ranges=1&stall_after=600000", timeout: 0.5)
        XCTAssertEqual(first.code, CurlCode.timedOut, first.message)
        XCTAssertEqual(first.body.count, 600_000)
        let tag = try XCTUnwrap(first.headers["etag"])

        // When it resumes from there; the 206 stalls again 600,000 bytes further, past the end
        let rest = HTTP.get(url, headers: ["Range: bytes=600000-", "If-Range: \(tag)"], timeout: 5)

        // Then
        XCTAssertEqual(rest.code, CurlCode.ok, rest.message)
        XCTAssertEqual(rest.status, 206)
        XCTAssertTrue(first.body + rest.body == image)
    }

    func test_drip_pacesThePartSent() {
        let result = get(small + "&ranges=1&bytes=80000&drip=200000", headers: ["Range: bytes=0-59999"])
        XCTAssertEqual(result.status, 206)
        XCTAssertEqual(result.body.count, 60_000)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.28, "0.3 s of body at 200,000 B/s")
        XCTAssertLessThan(result.elapsed, 1.0)
    }
}
