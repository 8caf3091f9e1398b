import Foundation
import XCTest

@testable import Networking

/// CurlBody: the announced size goes into one buffer handed over without a copy; anything else
/// (no size, more than announced) still arrives whole, in order.
final class CurlBodyTests: XCTestCase {
    private func append(_ body: CurlBody, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { body.append($0.baseAddress!, count: bytes.count) }
    }

    private func pattern(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed }
    }

    func test_announcedSize_collectsEveryChunkInOrder() {
        let body = CurlBody()
        let whole = pattern(300_000, seed: 7)
        body.expect(whole.count)
        for start in stride(from: 0, to: whole.count, by: 102_400) {
            append(body, Array(whole[start..<min(start + 102_400, whole.count)]))
        }
        XCTAssertEqual(body.count, whole.count)
        XCTAssertEqual(body.take(), Data(whole))
    }

    func test_moreThanAnnounced_spillsAndKeepsEveryByte() {
        let body = CurlBody()
        let first = pattern(5000, seed: 1), second = pattern(7000, seed: 2)
        body.expect(6000)
        append(body, first)
        append(body, second)
        XCTAssertEqual(body.count, 12_000)
        XCTAssertEqual(body.take(), Data(first + second))
    }

    func test_noAnnouncedSize_andEmptyBody() {
        let body = CurlBody()
        let bytes = pattern(70_000, seed: 3)
        append(body, Array(bytes[..<1000]))
        body.expect(69_000)  // too late: ignored
        append(body, Array(bytes[1000...]))
        XCTAssertEqual(body.take(), Data(bytes))
        XCTAssertEqual(CurlBody().take(), Data())
        let announcedButNothingCame = CurlBody()
        announcedButNothingCame.expect(4096)
        XCTAssertEqual(announcedButNothingCame.take(), Data())
    }

    func test_takenData_outlivesTheBody() {
        var data: Data
        do {
            let body = CurlBody()
            body.expect(10_000)
            append(body, pattern(10_000, seed: 9))
            data = body.take()
        }
        XCTAssertEqual(data, Data(pattern(10_000, seed: 9)))
        data[0] ^= 0xFF  // copy on write, no use of freed memory
        XCTAssertEqual(data.count, 10_000)
    }
}
