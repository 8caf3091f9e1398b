import Foundation
import MockServer
import TestSupport
import XCTest

/// `testbed gallery` and `testbed feed` as a user scripts them: one JSON object per line.
final class ScreenCommandTests: CommandTestCase {

    private func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32?, lines: [[String: Any]], errors: String) {
        let child = try ChildProcess(ChildProcess.product("testbed"), arguments)
        let status = child.waitForExit(timeout: 60)
        let lines = child.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(lines.count, child.standardOutput.split(separator: "\n").count, "every output line is JSON")
        return (status, lines, child.standardError)
    }

    func test_gallery_mixed_printsEachCellsOutcomeAsJSONLines() throws {
        let result = try run([
            "gallery", "--server", server.baseURL.absoluteString, "--scenario", "mixed", "--cache", folder.path, "--lang", "en",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.errors.contains("loading"), "a progress line on standard error")
        let cells = finalCells(result.lines)
        XCTAssertEqual(cells.map { $0["state"] as? String }, ["loaded", "loaded", "failed", "failed", "failed", "failed"])
        XCTAssertEqual(cells[2]["message"] as? String, "The image is damaged")
        XCTAssertEqual(cells[3]["message"] as? String, "The image at this URL is unavailable")
        XCTAssertEqual(cells[4]["message"] as? String, "The image is too large")
        XCTAssertEqual(cells[5]["hint"] as? String, "Pull down to refresh")
        XCTAssertEqual(cells[0]["source"] as? String, "network")
    }

    func test_gallery_tapAndRefresh_areScriptable() throws {
        let result = try run([
            "gallery", "--server", server.baseURL.absoluteString, "--cache", folder.path, "--tap", "0", "--refresh",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        let events = result.lines.compactMap { $0["event"] as? String }
        let removal = try XCTUnwrap(events.firstIndex(of: "animateRemoval"))
        XCTAssertEqual(events[removal + 1], "moveCellsUp")
        XCTAssertEqual(events.last, "endRefreshing")
        XCTAssertEqual(finalCells(result.lines).count, 6, "the refresh brings back all six")
    }

    func test_gallery_zoo_pagesWithNextAndPrevious_cellsCaptioned_exifCellsUpright() throws {
        let result = try run([
            "gallery", "--server", server.baseURL.absoluteString, "--scenario", "zoo", "--cache", folder.path, "--lang", "en",
            "--next", "2", "--previous", "1",
        ])
        XCTAssertEqual(result.status, 0, result.errors)
        let pages = result.lines.filter { $0["event"] as? String == "paging" }.compactMap { $0["page"] as? Int }
        let turns = pages.enumerated().filter { $0.offset == 0 || pages[$0.offset - 1] != $0.element }.map(\.element)
        XCTAssertEqual(turns, [1, 2, 3, 2], "page 1, Next twice, Previous once")
        let last = try XCTUnwrap(result.lines.last { $0["event"] as? String == "paging" })
        XCTAssertEqual(last["text"] as? String, "Page 2 of \(last["pages"] as? Int ?? 0)")
        let cells = finalCells(result.lines)
        XCTAssertEqual(cells.count, 6)
        XCTAssertTrue(cells.allSatisfy { ($0["caption"] as? String)?.isEmpty == false && ($0["advice"] as? String)?.isEmpty == false })
        let exif = cells.filter { ($0["caption"] as? String ?? "").hasPrefix("jpg exif-") }
        XCTAssertFalse(exif.isEmpty, "page 2 holds EXIF variants")
        for cell in exif {
            XCTAssertEqual(cell["advice"] as? String, "shows it upright")
            XCTAssertGreaterThan(cell["width"] as? Int ?? 0, cell["height"] as? Int ?? 0, "\(cell["caption"] ?? "") upright")
        }
    }

    func test_gallery_badServerURL_isAUsageError() throws {
        let result = try run(["gallery", "--server", "not a url"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.errors.contains("is not an absolute http(s) URL"), result.errors)
    }

    func test_feed_once_printsTweetsAndCountdown_andNeverTheToken() throws {
        let tokenFile = folder.appendingPathComponent("token")
        try Data("\(server.token)\n".utf8).write(to: tokenFile)
        let database = folder.appendingPathComponent("feed.sqlite").path
        let arguments = [
            "feed", "--server", server.baseURL.absoluteString, "--db", database, "--query", "*", "--token-file", tokenFile.path,
            "--once", "--lang", "en",
        ]
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, result.errors)
        let tweets = result.lines.last { $0["event"] as? String == "tweets" }?["tweets"] as? [[String: Any]]
        XCTAssertEqual(tweets?.count, 40)
        XCTAssertTrue(result.lines.contains { ($0["text"] as? String)?.hasPrefix("Next update in") == true })
        XCTAssertTrue(result.lines.contains { $0["event"] as? String == "message" && $0["text"] == nil })
        let everything = result.lines.map { "\($0)" }.joined() + result.errors
        XCTAssertFalse(everything.contains(server.token))

        // A second run shows the cached tweets first.
        let again = try run(arguments)
        XCTAssertEqual(again.status, 0, again.errors)
        let first = again.lines.first { $0["event"] as? String == "tweets" }?["tweets"] as? [[String: Any]]
        XCTAssertEqual(first?.count, 40)
    }

    func test_feed_withoutAToken_exitsWithAClearMessage() throws {
        let result = try run(["feed", "--server", server.baseURL.absoluteString, "--db", folder.appendingPathComponent("f.sqlite").path, "--once"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("no bearer token"), result.errors)
    }
}
