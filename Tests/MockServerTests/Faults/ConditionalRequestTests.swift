import Foundation
import XCTest

@testable import MockServer

/// `If-None-Match` / `If-Modified-Since` / `If-Range` judged as RFC 9110 §13 says.
final class ConditionalRequestTests: XCTestCase {
    private let tag = EntityTag(opaque: "abc123", isWeak: false)
    private let modified = Date(timeIntervalSince1970: 1_700_000_000)
    private var modifiedText: String { HTTPDate.string(modified) }

    private func outcome(_ ifNoneMatch: String? = nil, since: String? = nil) -> ConditionalRequest.Outcome {
        ConditionalRequest(ifNoneMatch: ifNoneMatch, ifModifiedSince: since).evaluate(etag: tag, lastModified: modified)
    }

    func test_noConditions_proceed() {
        XCTAssertEqual(outcome(), .proceed)
    }

    func test_ifNoneMatch_matchingTag_isNotModified_weakComparison() {
        XCTAssertEqual(outcome("\"abc123\""), .notModified)
        XCTAssertEqual(outcome("W/\"abc123\""), .notModified, "If-None-Match uses the weak comparison")
        XCTAssertEqual(outcome("\"other\", \"abc123\""), .notModified)
        XCTAssertEqual(outcome("*"), .notModified)
    }

    func test_ifNoneMatch_otherTags_proceed() {
        XCTAssertEqual(outcome("\"abc1234\""), .proceed)
        XCTAssertEqual(outcome("\"x\",W/\"y\""), .proceed)
    }

    func test_ifNoneMatch_takesPrecedence_overIfModifiedSince() {
        // A matching date but a different tag: the tag decides.
        XCTAssertEqual(outcome("\"other\"", since: modifiedText), .proceed)
        // A matching tag but an old date: still the tag decides.
        XCTAssertEqual(outcome("\"abc123\"", since: HTTPDate.string(modified.addingTimeInterval(-3600))), .notModified)
    }

    func test_ifModifiedSince_notOlderThanLastModified_isNotModified() {
        XCTAssertEqual(outcome(since: modifiedText), .notModified)
        XCTAssertEqual(outcome(since: HTTPDate.string(modified.addingTimeInterval(60))), .notModified)
        XCTAssertEqual(outcome(since: HTTPDate.string(modified.addingTimeInterval(-1))), .proceed)
    }

    func test_unparseableHeaders_areIgnored() {
        XCTAssertEqual(outcome(since: "yesterday"), .proceed)
        XCTAssertEqual(outcome("abc123"), .proceed, "an unquoted tag is no tag")
        XCTAssertEqual(outcome("abc123", since: modifiedText), .notModified, "a broken If-None-Match counts as absent")
    }

    func test_entityTagList_parsesCommasInsideQuotes() {
        XCTAssertEqual(
            EntityTag.list(" \"a,b\" , W/\"c\""),
            .tags([EntityTag(opaque: "a,b", isWeak: false), EntityTag(opaque: "c", isWeak: true)]))
        XCTAssertEqual(EntityTag.list("\"a\" \"b\""), .invalid)
        XCTAssertEqual(EntityTag.list("\"a"), .invalid)
        XCTAssertEqual(EntityTag.list(""), .invalid)
    }

    func test_ifRange_needsAStrongEqualTagOrTheExactDate() {
        XCTAssertTrue(ConditionalRequest.ifRangeHolds(nil, etag: tag, lastModified: modified))
        XCTAssertTrue(ConditionalRequest.ifRangeHolds("\"abc123\"", etag: tag, lastModified: modified))
        XCTAssertFalse(ConditionalRequest.ifRangeHolds("W/\"abc123\"", etag: tag, lastModified: modified), "weak tags never match")
        XCTAssertFalse(ConditionalRequest.ifRangeHolds("\"other\"", etag: tag, lastModified: modified))
        XCTAssertTrue(ConditionalRequest.ifRangeHolds(modifiedText, etag: tag, lastModified: modified))
        XCTAssertFalse(
            ConditionalRequest.ifRangeHolds(HTTPDate.string(modified.addingTimeInterval(60)), etag: tag, lastModified: modified),
            "a date must be exactly the Last-Modified")
        XCTAssertFalse(ConditionalRequest.ifRangeHolds("garbage", etag: tag, lastModified: modified))
    }

    func test_strongTag_dependsOnBodyLengthAndType_andIsStable() {
        func tag(_ text: String, length: Int? = nil, type: String = "image/png") -> String {
            let bytes = SharedBytes(text)
            return EntityTag.strong(body: bytes, length: length ?? bytes.count, contentType: type).headerValue
        }
        XCTAssertEqual(tag("hello"), tag("hello"))
        XCTAssertNotEqual(tag("hello"), tag("hellp"))
        XCTAssertNotEqual(tag("hello"), tag("hello", length: 100))
        XCTAssertNotEqual(tag("hello"), tag("hello", type: "text/html"))
        XCTAssertEqual(tag("hello").count, 18, "16 hex digits in quotes")
        // FNV-1a's published test vectors: the digest is the same in every process.
        XCTAssertEqual(FNV1a().hex, "cbf29ce484222325")
        var digest = FNV1a()
        Array("a".utf8).withUnsafeBytes { digest.add($0) }
        XCTAssertEqual(digest.hex, "af63dc4c8601ec8c")
    }
}
