import Foundation
import XCTest

@testable import MockServer

/// Bodies go to spool files as they stream: recording many large answers does not grow memory
/// with what was recorded.
final class RecordingMemoryTests: XCTestCase {
    func test_recordingManyLargeAnswers_keepsBodiesOutOfMemory() throws {
        let root = try makeRecordingRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try MockServer.start(MockServer.Configuration(rootDirectory: root))
        defer { server.stop() }
        let harness = RecordingHarness(server: server, upstream: URL(string: "http://127.0.0.1:9")!)
        XCTAssertEqual(harness.start(#"{"targetBaseUrl": "http://127.0.0.1:9", "extractBodyCriteria": {"binarySizeThreshold": 0}}"#).status, 200)
        let body = Data(repeating: 0xAB, count: 256 * 1024)
        let count = 400  // 100 MB of bodies
        let before = heldMemoryBytes()
        try XCTSkipIf(before == 0, "the resident set is read from /proc (Linux)")
        for index in 0..<count {
            let request = ProxiedRequest(
                method: "GET", url: "/blob/\(index)", upstreamBase: "http://127.0.0.1:9", headers: [], body: Data(), bodySize: 0)
            harness.feed(request, status: 200, headers: [("Content-Type", "application/octet-stream")], body: body)
        }
        let recorded = heldMemoryBytes() - before
        XCTAssertEqual(harness.stop().count, count)
        let written = heldMemoryBytes() - before
        print("recording \(count) × 256 KB: memory held +\(recorded / 1024) KB while recording, +\(written / 1024) KB after the stop")
        // Held in memory, the bodies alone would be 100 MB; the heads of 400 exchanges are tiny.
        XCTAssertLessThan(recorded, 32 * 1024 * 1024, "memory held grew \(recorded / 1024) KB while recording")
        XCTAssertLessThan(written, 32 * 1024 * 1024, "memory held grew \(written / 1024) KB by the stop")
        let files = fileNames(in: root.appendingPathComponent("__files"))
        XCTAssertEqual(files.count, count)
        let size = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("__files/\(files[0])").path)[.size] as? Int
        XCTAssertEqual(size, body.count)
    }
}
