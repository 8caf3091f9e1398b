import Foundation
import FeedData
import Storage
import TestSupport
import XCTest

/// A test case with a fresh temporary folder for database files, deleted afterwards.
class StorageTestCase: TemporaryFolderTestCase {

    var databaseURL: URL { folder.appendingPathComponent("feed.sqlite") }

    func openDatabase() async throws -> FeedDatabase {
        try await FeedDatabase.open(at: databaseURL)
    }

    /// Saves one tweet by `author` in a new ``TweetStore`` and returns the author it reads back.
    func authorReadBack(_ author: TwitterUser) async throws -> TwitterUser? {
        let store = TweetStore(database: try await openDatabase())
        try await store.save([Tweet(id: 1, text: "t", createdAt: Date(timeIntervalSince1970: 0), author: author)])
        return try await store.latest(limit: 1).first?.author
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
