import Foundation
import GRDB
import Storage
import XCTest

/// `StorageError` keeps SQLite's result code, and the open's "environment or unusable file"
/// decision is made on it (the errors of real opens and writes: `FeedDatabaseTests`,
/// `FeedDatabaseReadOnlyTests`).
final class StorageErrorTests: XCTestCase {
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
}
