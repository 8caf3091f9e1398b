import Foundation
import FeedData
import Storage
import XCTest

/// A test case with a fresh temporary folder for database files, deleted afterwards.
class StorageTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("StorageTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    var databaseURL: URL { folder.appendingPathComponent("feed.sqlite") }

    func openDatabase() async throws -> FeedDatabase {
        try await FeedDatabase.open(at: databaseURL)
    }
}

/// Tweets for tests: ids above 2^53 like Twitter's, authors cycling through `users` users.
enum Fixture {
    static let base: Int64 = 1_800_000_000_000_000_000

    static func user(_ index: Int) -> TwitterUser {
        TwitterUser(
            id: 9_000 + Int64(index), name: "User \(index)", screenName: "user\(index)",
            avatarURL: "http://127.0.0.1/avatars/user\(index).png")
    }

    static func tweet(_ offset: Int64, user: Int = 0, text: String? = nil) -> Tweet {
        Tweet(
            id: base + offset, text: text ?? "tweet \(offset) 🚀",
            createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(offset)), author: Self.user(user))
    }

    static func tweets(_ offsets: some Sequence<Int64>, users: Int = 3) -> [Tweet] {
        offsets.map { tweet($0, user: Int($0 % Int64(users))) }
    }
}
