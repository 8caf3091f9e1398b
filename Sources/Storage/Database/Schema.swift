import GRDB

/// The database schema, one migration per feature, in the order they shipped. A migration is
/// never edited once released: change the schema with a new one (tests open files left at
/// every earlier version).
enum Schema {
    /// Identifiers of every migration, oldest first.
    static let versions = migrations.map(\.id)

    /// Every migration, oldest first: its identifier and its SQL. Each runs once per file, in a
    /// transaction of its own.
    private static let migrations: [(id: String, sql: String)] = [
        ("v1-tweets", """
        CREATE TABLE user (
            id INTEGER PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            screenName TEXT NOT NULL,
            avatarURL TEXT
        );
        CREATE TABLE tweet (
            id INTEGER PRIMARY KEY NOT NULL,
            text TEXT NOT NULL,
            createdAt REAL NOT NULL,
            authorID INTEGER NOT NULL REFERENCES user(id)
        );
        CREATE INDEX tweet_authorID ON tweet(authorID);
        """),
        ("v2-avatars", """
        CREATE TABLE avatar (
            url TEXT PRIMARY KEY NOT NULL,
            data BLOB NOT NULL,
            size INTEGER NOT NULL,
            lastAccess REAL NOT NULL
        );
        CREATE INDEX avatar_lastAccess ON avatar(lastAccess);
        """),
        ("v3-settings", "CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"),
    ]

    /// The migrator that brings any earlier file to the current schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (id, sql) in migrations {
            migrator.registerMigration(id) { db in try db.execute(sql: sql) }
        }
        return migrator
    }
}
