import XCTest

@testable import MockServer

/// `HostHeader.authority` remembers its answers (a client repeats its `Host` with every
/// request); remembering must never change an answer.
final class HostHeaderCacheTests: XCTestCase {
    func test_rememberedAnswers_areTheCheckedOnes_pastTheBoundToo() {
        // The same values twice: first checked, then remembered
        for _ in 0..<2 {
            XCTAssertEqual(HostHeader.authority("Phone.local.:0080"), "Phone.local.:80")
            XCTAssertNil(HostHeader.authority("evil.com/path"))
            XCTAssertNil(HostHeader.authority("x:99999"))
            XCTAssertEqual(HostHeader.authority("[::1]:8080"), "[::1]:8080")
        }
        // More distinct values than are remembered: each still gets its own answer
        for index in 0..<(HostHeader.rememberedValues * 2 + 7) {
            XCTAssertEqual(HostHeader.authority("host\(index):\(index % 60_000 + 1)"), "host\(index):\(index % 60_000 + 1)")
            XCTAssertNil(HostHeader.authority("host\(index):0"))
        }
        XCTAssertEqual(HostHeader.authority("Phone.local.:0080"), "Phone.local.:80")
    }
}
