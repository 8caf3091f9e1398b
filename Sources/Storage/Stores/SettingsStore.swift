import GRDB

/// The feed's settings in its SQLite database (``FeedDatabase``), one row per setting.
///
/// A stored value this build cannot read (a newer or damaged row) reads as the default and is
/// logged; it is never a crash.
public final class SettingsStore: SettingsStoring {
    private static let showsAvatarsKey = "showsAvatars"
    private let database: FeedDatabase

    /// A store on `database`.
    public init(database: FeedDatabase) {
        self.database = database
    }

    public func load() async throws(StorageError) -> FeedSettings {
        let raw: String?
        do {
            raw = try await database.pool.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.showsAvatarsKey])
            }
        } catch {
            throw StorageError(.readFailed, "reading settings from \(database.url.path) failed", cause: error)
        }
        var settings = FeedSettings.default
        switch raw {
        case nil: break
        case "1": settings.showsAvatars = true
        case "0": settings.showsAvatars = false
        case let other?:
            database.logger.warning("unreadable setting, using the default", metadata: ["key": "\(Self.showsAvatarsKey)", "value": "\(other)"])
        }
        return settings
    }

    public func save(_ settings: FeedSettings) async throws(StorageError) {
        do {
            try await database.pool.write { db in
                try db.execute(
                    sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [Self.showsAvatarsKey, settings.showsAvatars ? "1" : "0"])
            }
        } catch {
            throw StorageError(.writeFailed, "saving settings to \(database.url.path) failed", cause: error)
        }
    }
}
