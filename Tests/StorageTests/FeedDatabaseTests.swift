import Foundation
import GRDB
import Logging
import Storage
import TestSupport
import XCTest

final class FeedDatabaseTests: StorageTestCase {
    func test_open_garbageFile_movesItAsideAndStartsEmpty() async throws {
        // Given
        let garbage = Data("this is not a database, just text that happens to be here\n".utf8)
        try garbage.write(to: databaseURL)
        // When
        let database = try await openDatabase()
        // Then
        let recovery = try XCTUnwrap(database.recovery, "the recovery is surfaced")
        XCTAssertEqual(try Data(contentsOf: recovery.movedAsideTo), garbage, "the bad file is kept aside, not deleted")
        XCTAssertTrue(recovery.description.contains(recovery.movedAsideTo.path))
        let store = TweetStore(database: database)
        try await store.save(Fixture.tweets(1...3))
        let latest = try await store.latest(limit: 10)
        XCTAssertEqual(latest.count, 3, "the new cache works")
        let reopened = try await openDatabase()
        XCTAssertNil(reopened.recovery, "a good file is not recovered again")
    }

    func test_open_garbageFile_logsTheRecoveryAsAWarning() async throws {
        // Given
        try Data(repeating: 0x42, count: 5_000).write(to: databaseURL)
        let lines = LogCapture()
        // When
        let database = try await FeedDatabase.open(at: databaseURL, logger: lines.logger())
        // Then
        let recovery = try XCTUnwrap(database.recovery)
        let warnings = lines.lines.filter { $0.hasPrefix("warning") }
        XCTAssertEqual(warnings.count, 1, "\(lines.lines)")
        XCTAssertTrue(warnings.first?.contains(recovery.movedAsideTo.path) == true, "\(warnings)")
    }

    func test_open_damagedPages_failsQuickCheckAndIsRecovered() async throws {
        // Given a real database whose pages after the first are overwritten
        do {
            let database = try await openDatabase()
            try await TweetStore(database: database).save(Fixture.tweets(1...500))
        }
        try checkpointAndClose()
        let handle = try FileHandle(forUpdating: databaseURL)
        let size = try handle.seekToEnd()
        XCTAssertGreaterThan(size, 8192)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()
        // When
        let database = try await openDatabase()
        // Then
        XCTAssertNotNil(database.recovery)
        let latest = try await TweetStore(database: database).latest(limit: 10)
        XCTAssertEqual(latest, [])
    }

    func test_open_schemaFromANewerBuild_isRecovered() async throws {
        // Given a file that records a migration this build does not know
        do {
            let queue = try DatabaseQueue(path: databaseURL.path)
            try await queue.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1-tweets'), ('v2-avatars'), ('v3-settings'), ('v9-future')")
            }
        }
        // When
        let database = try await openDatabase()
        // Then
        XCTAssertEqual(database.recovery?.reason, "the schema is newer than this build understands")
    }

    func test_open_aFolderAtThePath_throwsCannotOpenAndMovesNothing() async throws {
        try FileManager.default.createDirectory(at: databaseURL, withIntermediateDirectories: true)
        do {
            _ = try await FeedDatabase.open(at: databaseURL)
            XCTFail("a folder opened as a database")
        } catch {
            XCTAssertEqual(error.kind, .cannotOpen)
            XCTAssertTrue(error.description.contains(databaseURL.path), error.description)
            XCTAssertEqual(error.resultCode, .SQLITE_CANTOPEN, "SQLite's code is kept")
            XCTAssertTrue(error.isEnvironmentFailure)
        }
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: databaseURL.path, isDirectory: &isFolder) && isFolder.boolValue)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["feed.sqlite"])
    }

    func test_open_createsMissingFolders() async throws {
        let nested = folder.appendingPathComponent("a/b/feed.sqlite")
        let database = try await FeedDatabase.open(at: nested)
        try await SettingsStore(database: database).save(FeedSettings(showsAvatars: false))
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested.path))
    }

    /// Files left at every earlier schema version open, keep their rows, and reach the current one.
    func test_open_migratesFromEveryEarlierVersion() async throws {
        let versions = ["v1-tweets", "v2-avatars", "v3-settings"]
        for (index, version) in versions.enumerated() {
            let url = folder.appendingPathComponent("from-\(version).sqlite")
            // Given a file migrated only up to `version`, by the migrations as they shipped
            let queue = try DatabaseQueue(path: url.path)
            try ShippedMigrations.migrator.migrate(queue, upTo: version)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO user VALUES (1, 'Old', 'old', NULL)")
                try db.execute(sql: "INSERT INTO tweet VALUES (42, 'kept', 1000, 1)")
                if index >= 1 { try db.execute(sql: "INSERT INTO avatar VALUES ('u', x'0102', 2, 5)") }
                if index >= 2 { try db.execute(sql: "INSERT INTO setting VALUES ('showsAvatars', '0')") }
            }
            try queue.close()
            // When
            let database = try await FeedDatabase.open(at: url)
            // Then
            XCTAssertNil(database.recovery, "from \(version)")
            let latest = try await TweetStore(database: database).latest(limit: 5)
            XCTAssertEqual(latest.map(\.text), ["kept"], "from \(version)")
            let avatar = try await AvatarStore(database: database).avatar(for: "u")
            XCTAssertEqual(avatar, index >= 1 ? Data([1, 2]) : nil, "from \(version)")
            let settings = try await SettingsStore(database: database).load()
            XCTAssertEqual(settings.showsAvatars, index < 2, "from \(version)")
            try await SettingsStore(database: database).save(FeedSettings(showsAvatars: true))
        }
    }

    private func checkpointAndClose() throws {
        let queue = try DatabaseQueue(path: databaseURL.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }
}

/// The schema as each version shipped, written out again: a test that used the production
/// migrator would follow any edit to an old migration and never notice it.
enum ShippedMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-tweets") { db in
            try db.execute(sql: """
                CREATE TABLE user (id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, screenName TEXT NOT NULL, avatarURL TEXT);
                CREATE TABLE tweet (id INTEGER PRIMARY KEY NOT NULL, text TEXT NOT NULL, createdAt REAL NOT NULL,
                    authorID INTEGER NOT NULL REFERENCES user(id));
                CREATE INDEX tweet_authorID ON tweet(authorID);
                """)
        }
        migrator.registerMigration("v2-avatars") { db in
            try db.execute(sql: """
                CREATE TABLE avatar (url TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL, size INTEGER NOT NULL, lastAccess REAL NOT NULL);
                CREATE INDEX avatar_lastAccess ON avatar(lastAccess);
                """)
        }
        migrator.registerMigration("v3-settings") { db in
            try db.execute(sql: "CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        }
        return migrator
    }
}

