import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Small proxied answers (a declared length up to ``ProxyAssembly/limit``) go out in one piece
/// once their body is in; a body that does not come holds the head back only briefly.
final class ProxySmallAnswerTests: ProxyTestCase {
    func test_smallAnswer_arrivesWhole_andIsJournalledWithItsBytes() throws {
        // Given: 100,000 bytes declared (the JSON, then zeros)
        let proxy = try proxyAll()

        // When
        let direct = HTTP.get(upstream.url("/gallery.json?bytes=100000"))
        let proxied = HTTP.get(proxy.url("/gallery.json?bytes=100000"))

        // Then
        XCTAssertEqual(proxied.status, 200)
        XCTAssertEqual(proxied.code, CurlCode.ok)
        XCTAssertEqual(proxied.body, direct.body)
        XCTAssertEqual(proxied.body.count, 100_000)
        XCTAssertTrue(waitUntil(timeout: 5) { proxy.requests.count == 1 })
        XCTAssertEqual(proxy.requests.first?.bytes, 100_000)
        XCTAssertEqual(proxy.requests.first?.outcome, .ok)
    }

    func test_smallAnswerStallingMidBody_stillSendsItsHeadAndFirstBytes() throws {
        // Given: a small answer whose upstream stops after 1,000 of its 100,000 bytes
        let proxy = try proxyAll()

        // When: the client takes what comes, then leaves
        let result = StreamingFetch.run(proxy.url("/gallery.json?bytes=100000&stall_after=1000"), stopAfter: 1000, timeout: 5)

        // Then: the held head went out (the hold ends within about a second of libcurl's progress calls)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.bytes, 1000)
        XCTAssertLessThan(try XCTUnwrap(result.firstByte), 2.5)
    }

    func test_smallAnswerWithAWireFault_stillStreamsShaped() throws {
        // Given
        let proxy = try proxyAll()

        // When: `truncate` applies on the way out, so the body goes through the reader
        let result = HTTP.get(proxy.url("/gallery.json?bytes=100000&fault.truncate=500"))

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertNotEqual(result.code, CurlCode.ok)
        XCTAssertLessThanOrEqual(result.body.count, 500)
    }

    func test_assembly_gathersUpToItsDeclaredLength() {
        // Given
        let assembly = ProxyAssembly(expected: 6, since: 0)
        let bytes: [UInt8] = Array("abcdefgh".utf8)

        // When / Then
        bytes.withUnsafeBytes { all in
            XCTAssertTrue(assembly.append(UnsafeRawBufferPointer(rebasing: all[0..<4])))
            XCTAssertFalse(assembly.isComplete)
            XCTAssertFalse(assembly.append(UnsafeRawBufferPointer(rebasing: all[4..<8])), "past the declared length")
            XCTAssertEqual(assembly.copiedBytes(), Data("abcd".utf8))
            XCTAssertTrue(assembly.append(UnsafeRawBufferPointer(rebasing: all[4..<6])))
        }
        XCTAssertTrue(assembly.isComplete)
        XCTAssertEqual(assembly.takeBytes().data, Data("abcdef".utf8))
        XCTAssertTrue(assembly.isStale(now: ProxyAssembly.holdNanoseconds + 1))
        XCTAssertFalse(assembly.isStale(now: ProxyAssembly.holdNanoseconds))
    }
}
