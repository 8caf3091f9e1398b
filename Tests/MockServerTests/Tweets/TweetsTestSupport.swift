import Foundation
import XCTest

@testable import MockServer

/// Shared fixtures and JSON helpers for the tweet generator tests.
enum TweetsFixture {
    /// A fixed server epoch: 2023-11-14T22:13:20Z.
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    /// The base URL the renderers put in front of avatar paths.
    static let baseURL = "http://127.0.0.1:8080"
    /// 2^53: above it a `Double` cannot hold every integer.
    static let twoToThe53: UInt64 = 1 << 53

    /// A timeline at ``epoch`` with the default 40 tweets, 20 s apart.
    static func timeline(initialCount: Int = 40) -> TweetTimeline {
        TweetTimeline(epoch: epoch, initialCount: initialCount)
    }

    /// The time `seconds` after ``epoch``.
    static func at(_ seconds: TimeInterval) -> Date {
        epoch.addingTimeInterval(seconds)
    }
}

extension XCTestCase {
    /// `data` parsed by `JSONSerialization` as a dictionary, failing the test otherwise.
    func tweetsJSONObject(
        _ data: Data, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: data)
        return try XCTUnwrap(object as? [String: Any], "not a JSON object", file: file, line: line)
    }

    /// `data` parsed by `JSONSerialization` as an array of objects, failing the test otherwise.
    func tweetsJSONArray(
        _ data: Data, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: data)
        return try XCTUnwrap(object as? [[String: Any]], "not an array of objects", file: file, line: line)
    }

    /// The unsigned integer JSON number `value`, failing unless it was parsed without loss.
    func tweetsUInt64(
        _ value: Any?, file: StaticString = #filePath, line: UInt = #line
    ) throws -> UInt64 {
        let number = try XCTUnwrap(value as? NSNumber, "not a number", file: file, line: line)
        return number.uint64Value
    }

    /// Checks that `object` (a v1.1 tweet or user) carries `id` both as a lossless number in
    /// `id` and as decimal text in `id_str`.
    func assertTweetsIDPair(
        _ object: [String: Any], _ id: UInt64, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(try tweetsUInt64(object["id"], file: file, line: line), id, file: file, line: line)
        XCTAssertEqual(object["id_str"] as? String, String(id), file: file, line: line)
    }
}
