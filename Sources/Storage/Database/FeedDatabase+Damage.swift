import Foundation
import GRDB
import Logging

// What becomes of a damaged file: the background `quick_check` of a large file and the marker it
// leaves for the next open (`NAME.damaged`), and the move aside of a file that cannot be used.
extension FeedDatabase {
    /// Where the background check records damage for the next open: `NAME.damaged`.
    static func damageMarkerURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged")
    }

    /// The reason recorded by an earlier background check, when its marker is there and the
    /// database file still is (a marker without a file is stale: it is deleted).
    static func takeDamageMarker(for url: URL, logger: Logger) -> String? {
        let marker = damageMarkerURL(for: url)
        let manager = FileManager.default
        guard manager.fileExists(atPath: marker.path) else { return nil }
        guard manager.fileExists(atPath: url.path) else {
            removeDamageMarker(for: url, logger: logger)
            return nil
        }
        let recorded = (try? String(contentsOf: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let recorded, !recorded.isEmpty else { return "an earlier integrity check found damage" }
        return recorded
    }

    static func removeDamageMarker(for url: URL, logger: Logger) {
        let marker = damageMarkerURL(for: url)
        guard FileManager.default.fileExists(atPath: marker.path) else { return }
        do {
            try FileManager.default.removeItem(at: marker)
        } catch {
            logger.warning(
                "cannot delete the feed cache's damage marker",
                metadata: ["path": "\(marker.path)", "error": "\(error.localizedDescription)"])
        }
    }

    /// How long after `open` the background check starts.
    static let backgroundCheckDelay: Duration = .milliseconds(100)

    /// Runs the whole `quick_check` on a read connection, off the main actor; on damage logs a
    /// warning and writes the marker. Returns the problem, or nil.
    static func startBackgroundCheck(url: URL, pool: DatabasePool, logger: Logger) -> Task<String?, Never> {
        Task.detached(priority: .utility) {
            // Let the first screen's reads, which follow the open, go first: on 2 cores a check
            // started at once made opening an 11 MB cache and reading 50 tweets take 8-9 ms
            // instead of 2-5 (release, medians).
            do { try await Task.sleep(for: backgroundCheckDelay) } catch { return nil }
            let problems: [String]
            do {
                problems = try await pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            } catch {
                if error is CancellationError { return nil }
                if let error = error as? DatabaseError,
                    error.resultCode == .SQLITE_INTERRUPT || StorageError.isEnvironmentCode(error.extendedResultCode)
                {
                    logger.warning(
                        "feed cache integrity check could not run", metadata: ["path": "\(url.path)", "error": "\(error)"])
                    return nil
                }
                problems = [StorageError.reason(of: error)]
            }
            guard problems != ["ok"] else { return nil }
            let reason = "quick_check: " + problems.prefix(3).joined(separator: "; ")
            logger.warning("feed cache failed its integrity check", metadata: ["path": "\(url.path)", "problems": "\(reason)"])
            do {
                try Data(reason.utf8).write(to: damageMarkerURL(for: url), options: .atomic)
            } catch {
                logger.error(
                    "cannot write the feed cache's damage marker",
                    metadata: ["path": "\(url.path)", "error": "\(error.localizedDescription)"])
            }
            return reason
        }
    }


    /// Renames the file and its `-wal`, `-shm` and `-journal` companions to
    /// `NAME.unusable-DATE[-wal…]`; returns the new main file's URL.
    static func moveAside(_ url: URL, reason: String) throws(StorageError) -> URL {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            .replacingOccurrences(of: ":", with: "")
        let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).unusable-\(stamp)")
        let manager = FileManager.default
        do {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let source = URL(fileURLWithPath: url.path + suffix)
                guard manager.fileExists(atPath: source.path) else { continue }
                try manager.moveItem(at: source, to: URL(fileURLWithPath: aside.path + suffix))
            }
        } catch {
            throw StorageError(
                .cannotOpen, "the feed cache at \(url.path) is unusable (\(reason)) and could not be moved aside: \(error.localizedDescription)")
        }
        return aside
    }
}
