import Foundation
import GRDB
import Storage
import XCTest

/// `StorageError` keeps SQLite's result code, and the open's "environment or unusable file"
/// decision is made on it.
final class StorageErrorTests: StorageTestCase {
    func test_resultCode_isThePrimaryCode_andSwitchesMatchExtendedCodes() {
        // Given
        let error = StorageError(.writeFailed, "saving failed: 10 (disk I/O error): disk I/O error", resultCode: .SQLITE_IOERR_WRITE)
        // Then
        XCTAssertEqual(error.extendedResultCode, .SQLITE_IOERR_WRITE)
        XCTAssertEqual(error.resultCode, .SQLITE_IOERR)
        switch error.extendedResultCode {
        case .SQLITE_IOERR?: break
        default: XCTFail("a switch on the extended code matches its primary code")
        }
        XCTAssertEqual(error.description, "saving failed: 10 (disk I/O error): disk I/O error")
    }

    func test_isEnvironmentFailure_followsTheResultCode() {
        let environment: [ResultCode] = [
            .SQLITE_CANTOPEN, .SQLITE_CANTOPEN_ISDIR, .SQLITE_IOERR, .SQLITE_IOERR_WRITE, .SQLITE_FULL, .SQLITE_READONLY,
            .SQLITE_READONLY_DBMOVED, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_PERM, .SQLITE_NOMEM, .SQLITE_AUTH,
        ]
        for code in environment {
            XCTAssertTrue(StorageError(.cannotOpen, "x", resultCode: code).isEnvironmentFailure, "\(code)")
        }
        for code: ResultCode in [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_ERROR, .SQLITE_CONSTRAINT, .SQLITE_SCHEMA] {
            XCTAssertFalse(StorageError(.cannotOpen, "x", resultCode: code).isEnvironmentFailure, "\(code)")
        }
        XCTAssertFalse(StorageError(.invalidArgument, "x").isEnvironmentFailure, "no code: not SQLite's")
    }

    func test_equality_includesTheResultCode() {
        let full = StorageError(.writeFailed, "x", resultCode: .SQLITE_FULL)
        XCTAssertEqual(full, StorageError(.writeFailed, "x", resultCode: .SQLITE_FULL))
        XCTAssertNotEqual(full, StorageError(.writeFailed, "x", resultCode: .SQLITE_IOERR))
        XCTAssertNotEqual(full, StorageError(.writeFailed, "x"))
        XCTAssertEqual(Set([full, StorageError(.writeFailed, "x", resultCode: .SQLITE_FULL)]).count, 1)
    }

    func test_open_aFolderAtThePath_keepsSQLiteCantOpen() async throws {
        // Given
        try FileManager.default.createDirectory(at: databaseURL, withIntermediateDirectories: true)
        // When / Then: an environment failure (nothing moved aside), with SQLite's code
        do {
            _ = try await FeedDatabase.open(at: databaseURL)
            XCTFail("a folder opened as a database")
        } catch {
            XCTAssertEqual(error.kind, .cannotOpen)
            XCTAssertEqual(error.resultCode, .SQLITE_CANTOPEN, error.description)
            XCTAssertTrue(error.isEnvironmentFailure)
            XCTAssertTrue(error.description.contains(databaseURL.path), error.description)
        }
    }

    func test_writeToAReadOnlyDatabase_keepsSQLiteReadOnly() async throws {
        // Given
        let writable = try await openDatabase()
        try await TweetStore(database: writable).save(Fixture.tweets(1...2))
        let database = try await FeedDatabase.openReadOnly(at: databaseURL)
        // When / Then
        do {
            try await TweetStore(database: database).save([Fixture.tweet(3)])
            XCTFail("a read-only database took a write")
        } catch {
            XCTAssertEqual(error.kind, .writeFailed)
            XCTAssertEqual(error.resultCode, .SQLITE_READONLY, error.description)
            XCTAssertTrue(
                error.description.hasPrefix("saving 1 tweets to \(databaseURL.path) failed: 8 (attempt to write a readonly database)"),
                error.description)
        }
    }

    func test_openReadOnly_ofAFileThatIsNotADatabase_keepsSQLiteNotADB() async throws {
        // Given
        try Data("not a database, at all; long enough to be read as a header".utf8).write(to: databaseURL)
        // When / Then: the file is the problem, not the place
        do {
            _ = try await FeedDatabase.openReadOnly(at: databaseURL)
            XCTFail("opened garbage")
        } catch {
            XCTAssertEqual(error.kind, .cannotOpen)
            XCTAssertEqual(error.resultCode, .SQLITE_NOTADB, error.description)
            XCTAssertFalse(error.isEnvironmentFailure)
        }
    }
}
