import Foundation
import MockServer
import FeedData
import Storage
import TestSupport
import XCTest

/// `testbed gallery` and `testbed feed` when things around them fail: the feed's database, the
/// gallery's list, the avatars. Each run is timed: nothing may wait out a deadline it does not need.
final class ScreenCommandRobustnessTests: CommandTestCase {
    /// A clock that stands still: the timeline keeps its 40 tweets however long the runs take.
    override var serverConfiguration: MockServer.Configuration { MockServer.Configuration(clock: ManualServerClock()) }

    private struct Run {
        let status: Int32?
        let lines: [[String: Any]]
        let errors: String
        let seconds: Double

        /// The tweets of the last `tweets` line.
        var finalTweets: [[String: Any]]? {
            lines.last { $0["event"] as? String == "tweets" }?["tweets"] as? [[String: Any]]
        }
    }

    /// Runs `testbed ARGUMENTS` (through `launcher` when given, e.g. `unshare`), timing it.
    private func run(_ arguments: [String], launcher: [String] = []) throws -> Run {
        let start = ContinuousClock.now
        let child: ChildProcess
        if let tool = launcher.first {
            child = try ChildProcess(URL(fileURLWithPath: tool), Array(launcher.dropFirst()) + [ChildProcess.product("testbed").path] + arguments)
        } else {
            child = try ChildProcess(ChildProcess.product("testbed"), arguments)
        }
        let status = child.waitForExit(timeout: 90)
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        let lines = child.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return Run(status: status, lines: lines, errors: child.standardError, seconds: seconds)
    }

    private func feedArguments(database: URL) throws -> [String] {
        let tokenFile = folder.appendingPathComponent("token")
        try Data("\(server.token)\n".utf8).write(to: tokenFile)
        return [
            "feed", "--server", server.baseURL.absoluteString, "--db", database.path, "--query", "*", "--token-file",
            tokenFile.path, "--once", "--lang", "en",
        ]
    }

    // MARK: - Item: the gallery does not depend on the feed's database

    func test_gallery_whenTheFeedDatabaseCannotBeOpened_stillShowsItsSixCells() throws {
        // Given a cache folder where the feed's database cannot be opened (a folder in its place)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feed.sqlite"), withIntermediateDirectories: true)

        // When
        let result = try run(["gallery", "--server", server.baseURL.absoluteString, "--cache", folder.path])

        // Then
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(finalCells(result.lines).count, 6)
        XCTAssertTrue(finalCells(result.lines).allSatisfy { $0["state"] as? String == "loaded" }, "\(finalCells(result.lines))")
    }

    func test_feed_onAReadOnlyFileSystem_showsTheCachedTweets_andSaysTheyCannotBeUpdated() throws {
        // Given a cache filled by a first run
        try LinuxOnly.require("unshare -m (a read-only bind mount in a mount namespace of its own)")
        let cacheFolder = folder.appendingPathComponent("db")
        let database = cacheFolder.appendingPathComponent("feed.sqlite")
        let arguments = try feedArguments(database: database)
        let first = try run(arguments)
        XCTAssertEqual(first.status, 0, first.errors)
        let cachedIDs = try XCTUnwrap(first.finalTweets).compactMap { $0["id"] as? String }
        XCTAssertEqual(cachedIDs.count, 40)

        // When the folder is mounted read-only (a bind mount in a mount namespace of the run's
        // own: read-only for root too, gone when the run ends)
        let readOnly = ["/usr/bin/unshare", "-m", "sh", "-c", "mount --bind -o ro \"$0\" \"$0\" && exec \"$@\"", cacheFolder.path]
        let result = try run(arguments, launcher: readOnly)

        // Then the cached tweets come first, the refresh works, the message says why nothing is kept
        XCTAssertEqual(result.status, 0, result.errors)
        let firstShown = result.lines.first { $0["event"] as? String == "tweets" }?["tweets"] as? [[String: Any]]
        XCTAssertEqual(firstShown?.compactMap { $0["id"] as? String }, cachedIDs)
        let messages = result.lines.filter { $0["event"] as? String == "message" }.map { $0["text"] as? String }
        XCTAssertEqual(messages.last, "Saved tweets cannot be updated on this device", "\(messages)")
        XCTAssertTrue(result.errors.contains("read-only"), result.errors)
    }

    // MARK: - Item: the gallery settles at once when its list fails

    func test_gallery_whenTheListIsRefused_settlesAtOnce() throws {
        // Given a list answered with a 400 (an unknown scenario), nothing cached
        // When
        let result = try run([
            "gallery", "--server", server.baseURL.absoluteString, "--scenario", "no-such-scenario", "--cache", folder.path,
            "--timeout", "60", "--lang", "en",
        ])

        // Then it ends at once (not after the 60 s timeout), says why, and shows no cells
        XCTAssertLessThan(result.seconds, 10, result.errors)
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertTrue(result.errors.contains("the gallery list could not be loaded"), result.errors)
        XCTAssertTrue(result.lines.contains { $0["event"] as? String == "banner" && $0["text"] is String }, "\(result.lines)")
        XCTAssertTrue(finalCells(result.lines).isEmpty)
    }

    func test_gallery_whenTheServerRefusesConnections_settlesAtOnce() throws {
        // Given a port nobody listens on any more, nothing cached
        let refused = server.baseURL.absoluteString
        server.stop()

        // When
        let result = try run(["gallery", "--server", refused, "--cache", folder.path, "--timeout", "60", "--lang", "en"])

        // Then
        XCTAssertLessThan(result.seconds, 10, result.errors)
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertTrue(result.errors.contains("No Internet connection"), result.errors)
        server = try MockServer.start()  // for tearDown
    }

    // MARK: - Items: failed avatars are final; --once prints the final state

    /// Fills the cache at `database` with three tweets by users whose avatars fail at once: a
    /// `javascript:` URL, a `file:` URL, and one too large (2 MB, over the 1 MB avatar limit).
    private func cacheTweetsWithFailingAvatars(at database: URL) async throws {
        let opened = try await FeedDatabase.open(at: database)
        let urls = [
            "javascript:alert(1)", "file:///etc/passwd", server.url("/images/1.png?bytes=2000000").absoluteString,
        ]
        let tweets = urls.enumerated().map { index, url in
            Tweet(
                id: Int64(index + 1), text: "cached \(index + 1)", createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(index)),
                author: TwitterUser(id: Int64(900 + index), name: "User \(index)", screenName: "user\(index)", avatarURL: url))
        }
        try await TweetStore(database: opened).save(tweets)
    }

    func test_feedOnce_withAvatarsThatFailAtOnce_endsAtOnce() async throws {
        // Given
        let database = folder.appendingPathComponent("feed.sqlite")
        try await cacheTweetsWithFailingAvatars(at: database)

        // When
        let result = try run(try feedArguments(database: database))

        // Then it does not wait for the failed avatars (it waited 10 s for them)
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertLessThan(result.seconds, 5, result.errors)
        let tweets = try XCTUnwrap(result.finalTweets)
        XCTAssertEqual(tweets.count, 43)
        XCTAssertEqual(tweets.suffix(3).map { $0["avatar"] as? String }, ["placeholder", "placeholder", "placeholder"])
        XCTAssertTrue(tweets.prefix(40).allSatisfy { $0["avatar"] as? String == "image" }, "\(tweets.prefix(40))")
    }

    func test_feedOnce_alwaysPrintsTheFetchedTweetsBeforeItExits() async throws {
        // It exited before printing them in about 1 run in 12; each run here starts from the
        // same cache (three tweets whose avatars fail at once) and must end with all 43.
        let template = folder.appendingPathComponent("template.sqlite")
        try await cacheTweetsWithFailingAvatars(at: template)
        for round in 0..<12 {
            let database = folder.appendingPathComponent("round\(round).sqlite")
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: template.path + suffix) {
                try FileManager.default.copyItem(atPath: template.path + suffix, toPath: database.path + suffix)
            }
            let result = try run(try feedArguments(database: database))
            XCTAssertEqual(result.status, 0, "round \(round): \(result.errors)")
            XCTAssertEqual(result.finalTweets?.count, 43, "round \(round)")
        }
    }
}
