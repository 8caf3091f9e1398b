import Foundation
@testable import MockServer
import TestSupport
import XCTest

/// The fault table (`Fault.Name`) is the one source of what each fault is called, accepts, does
/// and when it applies: parsing, the catalog, the journal, `mockserver --help`, the faults guide
/// (docs/FAULTS.md) and the typed URLs must all agree with it.
final class FaultTableTests: ServerTestCase {
    /// One fault of every kind, with a value inside its range. A new `Fault.Name` needs one here.
    static let samples: [Fault] = [
        .reset, .delay(.milliseconds(5)), .flaky(failures: 2), .status(503), .emptyReply, .garbage, .badChunk, .contentType("text/html"),
        .bytes(100), .corrupt, .malformed, .empty, .truncate(afterBytes: 10), .stallAfter(bytes: 10),
        .drip(bytesPerSecond: 1000), .chunked,
        .failRate(0.5), .seed(3), .redirect(hops: 2), .redirectLoop, .location(.relative), .cacheControl("max-age=60"),
        .conditional, .ranges,
    ]

    func test_samples_coverEveryFaultOfTheTable() {
        XCTAssertEqual(Set(Self.samples.map(\.name)), Set(Fault.Name.allCases))
    }

    func test_faultsGuideTable_isTheTableWordForWord() throws {
        let guide = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/FAULTS.md"), encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "| parameter | values | effect |"), "docs/FAULTS.md has the fault table")
        let table = lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
        XCTAssertEqual(table, Fault.Name.markdownTable, "docs/FAULTS.md's fault table differs; it should read:\n\(Fault.Name.markdownTable)")
    }

    func test_help_listsEveryFault_withItsValuesAndOrder() throws {
        let child = try ChildProcess(ChildProcess.product("mockserver"), ["--help"])
        XCTAssertEqual(child.waitForExit(timeout: 10), 0)
        // ArgumentParser re-wraps the discussion: compare words, not lines.
        let words = child.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for name in Fault.Name.allCases {
            let row = "\(name.rawValue) \(name.help) [\(name.valid)]".split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(words.contains(row), "--help shows \(name.rawValue): \(row)")
        }
        XCTAssertTrue(words.contains(Fault.Name.order), "--help gives the order: \(Fault.Name.order)")
    }

    func test_catalog_isTheTable() throws {
        let catalog = try XCTUnwrap(get("/__admin/catalog").json)
        let rows = try XCTUnwrap(catalog["faults"] as? [[String: Any]])
        XCTAssertEqual(rows.count, Fault.Name.allCases.count)
        for (row, name) in zip(rows, Fault.Name.allCases) {
            XCTAssertEqual(row["parameter"] as? String, name.rawValue)
            XCTAssertEqual(row["valid"] as? String, name.valid)
            XCTAssertEqual(row["description"] as? String, name.help)
        }
        XCTAssertEqual(catalog["order"] as? String, Fault.Name.order)
    }

    func test_order_isStageByStage() {
        XCTAssertEqual(
            Fault.Name.order,
            "reset, then delay, then flaky, fail_rate, seed, redirect, redirect_loop, location, status, empty_reply, garbage, bad_chunk, then type, bytes, corrupt, malformed, empty, cache, conditional, ranges, then truncate, stall_after, drip, chunked")
        XCTAssertEqual(Fault.Name.allCases.map(\.stage), Fault.Name.allCases.map(\.stage).sorted(), "the table lists faults in stage order")
    }

    func test_everyIntegerFault_refusesAValueOutsideItsRange_withTheTablesValidText() {
        for name in Fault.Name.allCases {
            guard case .integer(let range, _) = name.kind else { continue }
            let reply = get("/images/1.png?\(name.rawValue)=\(range.upperBound + 1)")
            XCTAssertEqual(reply.status, 400, name.rawValue)
            XCTAssertEqual(reply.json?["parameter"] as? String, name.rawValue)
            XCTAssertEqual(reply.json?["valid"] as? String, "\(range.lowerBound)...\(range.upperBound)")
        }
    }

    func test_everyFlag_refusesAWordThatIsNotASwitch() {
        for name in Fault.Name.allCases where name.kind == .flag {
            let reply = get("/gallery.json?\(name.rawValue)=maybe")
            XCTAssertEqual(reply.status, 400, name.rawValue)
            XCTAssertEqual(reply.json?["parameter"] as? String, name.rawValue)
        }
    }

    func test_typedFaults_parseBackToThemselves() throws {
        for fault in Self.samples {
            let query = QueryParameters(pairs: [(fault.queryItem.name, fault.queryItem.value)])
            let parsed = try RequestFaults(query)
            XCTAssertEqual(parsed.summary, "\(fault.name.rawValue)=\(fault.value)", "\(fault)")
            XCTAssertEqual(parsed.list, [fault], "\(fault) reads back as itself")
        }
        XCTAssertEqual(Fault.delay(.seconds(2)).value, "2000")
        XCTAssertEqual(Fault.delay(.milliseconds(1500)).value, "1500")
    }

    func test_typedURL_buildsThePathAndQuery() {
        let base = server.baseURL.absoluteString
        XCTAssertEqual(
            server.url(.image(1), faults: [.delay(.milliseconds(500)), .drip(bytesPerSecond: 20_000)]).absoluteString,
            base + "/images/1.png?fault.delay=500&fault.drip=20000")
        XCTAssertEqual(server.url(.image(7, format: .jpg, width: 800, height: 600)).absoluteString, base + "/images/7.jpg?w=800&h=600")
        XCTAssertEqual(server.url(.gallery(.offlineFirst)).absoluteString, base + "/gallery.json?scenario=offline-first")
        XCTAssertEqual(
            server.url(.path("/1.1/search/tweets.json?q=swift"), faults: [.status(429)]).absoluteString,
            base + "/1.1/search/tweets.json?q=swift&fault.status=429")
        XCTAssertEqual(server.url(.path("/x"), faults: [.contentType("text/html; charset=utf-8")]).absoluteString, base + "/x?fault.type=text/html;%20charset%3Dutf-8")
    }

    func test_typedURL_servesTheFault() {
        let reply = HTTP.get(server.url(.image(2), faults: [.status(503)]))
        XCTAssertEqual(reply.status, 503)
        let typed = HTTP.get(server.url(.image(2, format: .jpg), faults: [.contentType("text/html")]))
        XCTAssertEqual(typed.status, 200)
        XCTAssertEqual(typed.headers["content-type"], "text/html")
    }

    func test_journalSummary_followsTheTablesOrder_notTheQuerys() throws {
        XCTAssertEqual(get("/images/1.png?drip=100000000&delay=1").status, 200)
        let record = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(record.fault, "delay=1,drip=100000000")
    }

    private static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
