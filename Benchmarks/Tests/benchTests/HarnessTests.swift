import Foundation
import XCTest

@testable import bench

/// The parts of the harness a wrong figure could come from: medians, verdicts, wrk's output,
/// the report's markers.
final class HarnessTests: XCTestCase {
    func test_median_oddEvenAndUnordered() {
        XCTAssertEqual(Sample([3, 1, 2]).median, 2)
        XCTAssertEqual(Sample([4, 1, 3, 2]).median, 2.5)
        XCTAssertEqual(Sample([5]).median, 5)
        XCTAssertEqual(Sample([9, 1, 5]).min, 1)
        XCTAssertEqual(Sample([9, 1, 5]).max, 9)
    }

    func test_verdict_eachKindOfTarget() {
        func row(_ ours: Double, _ peer: Double?, _ target: Target?) -> Row {
            Row(1, "x", ours: Sample([ours]), peer: "p", peer.map { Sample([$0]) }, target: target)
        }
        XCTAssertEqual(row(90, 100, .ratioAtLeast(0.8)).verdict, .met)
        guard case .missed(let under) = row(60, 100, .ratioAtLeast(0.8)).verdict else { return XCTFail("not missed") }
        XCTAssertEqual(under, 25, accuracy: 1e-9)
        XCTAssertEqual(row(110, 100, .ratioAtMost(1.2)).verdict, .met)
        guard case .missed(let over) = row(150, 100, .ratioAtMost(1.2)).verdict else { return XCTFail("not missed") }
        XCTAssertEqual(over, 25, accuracy: 1e-9)
        XCTAssertEqual(row(0.5, nil, .below(1)).verdict, .met)
        XCTAssertEqual(row(1, nil, .below(1)).verdict, .missed(byPercent: 0), "the bound itself is not below it")
        XCTAssertEqual(row(2, nil, .below(1)).verdict, .missed(byPercent: 100))
        XCTAssertEqual(row(0.8, nil, .atLeast(0.8)).verdict, .met)
        XCTAssertEqual(row(0.4, nil, .atLeast(0.8)).verdict, .missed(byPercent: 50))
        XCTAssertEqual(row(1, 2, nil).verdict, .noTarget)
        XCTAssertEqual(row(1, 2, nil).ratio, 0.5)
        XCTAssertNil(row(1, 0, .ratioAtMost(1)).ratio, "no ratio against a zero")
    }

    func test_report_listsOnlyMissedRows() {
        var report = Report()
        report.rows = [
            Row(1, "met", ours: Sample([2]), peer: "p", Sample([1]), target: .ratioAtLeast(1)),
            Row(2, "missed", ours: Sample([1]), peer: "p", Sample([2]), target: .ratioAtLeast(1)),
        ]
        XCTAssertEqual(report.missed.map(\.title), ["missed"])
        let table = report.terminalTable()
        XCTAssertTrue(table.contains("MISSED by 50"), table)
    }

    static let wrkOutput = """
        Running 10s test @ http://127.0.0.1:8080/image.png
          2 threads and 32 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     7.91ms    2.11ms  31.02ms   80.00%
            Req/Sec     2.03k   112.40     2.30k    71.00%
          Latency Distribution
             50%    7.60ms
             75%    8.70ms
             90%   10.32ms
             99%   15.26ms
          40532 requests in 10.01s, 42.31GB read
        Requests/sec:   4049.95
        Transfer/sec:      4.23GB
        """

    func test_wrk_readsRateAndP99() throws {
        let result = try WrkResult.parse(Self.wrkOutput, url: URL(string: "http://127.0.0.1/x")!)
        XCTAssertEqual(result.requestsPerSecond, 4049.95)
        XCTAssertEqual(result.p99Milliseconds, 15.26, accuracy: 1e-9)
        let micro = Self.wrkOutput.replacingOccurrences(of: "99%   15.26ms", with: "99%  812.00us")
        XCTAssertEqual(try WrkResult.parse(micro, url: URL(string: "http://127.0.0.1/x")!).p99Milliseconds, 0.812, accuracy: 1e-9)
    }

    func test_wrk_errorsOrGarbageThrow() {
        let url = URL(string: "http://127.0.0.1/x")!
        XCTAssertThrowsError(try WrkResult.parse(Self.wrkOutput + "\n  Non-2xx or 3xx responses: 12\n", url: url))
        XCTAssertThrowsError(try WrkResult.parse(Self.wrkOutput + "\n  Socket errors: connect 0, read 3, write 0, timeout 0\n", url: url))
        XCTAssertThrowsError(try WrkResult.parse("unable to connect to 127.0.0.1:1 Connection refused", url: url))
    }

    func test_write_replacesOnlyBetweenTheMarkers() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("perf-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try "# P\n\nprose\n\n<!-- bench:start -->\nold figures\n<!-- bench:end -->\n\nafter\n".write(to: file, atomically: true, encoding: .utf8)
        try RunCommand.write("new figures", into: file.path)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(text, "# P\n\nprose\n\n<!-- bench:start -->\nnew figures\n<!-- bench:end -->\n\nafter\n")
        try "no markers".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RunCommand.write("x", into: file.path))
    }

    func test_format_numbers() {
        XCTAssertEqual(Format.number(4049.95), "4,050")
        XCTAssertEqual(Format.number(123.4), "123")
        XCTAssertEqual(Format.number(12.34), "12.3")
        XCTAssertEqual(Format.number(1.234), "1.23")
        XCTAssertEqual(Format.number(0.01234), "0.0123")
        XCTAssertEqual(Format.number(0), "0")
        XCTAssertEqual(Format.grouped(-1234567), "-1,234,567")
    }
}
