#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif
import Foundation

/// Runs `body` with `TMPDIR` pointing at a new empty folder and returns what is left in that
/// folder afterwards (then deletes it and restores `TMPDIR`). Foundation puts what it writes on
/// the side there (`FileManager`'s item-replacement folders, `temporaryDirectory`), so a code
/// path that leaves junk in /tmp returns a non-empty list. Tests run one at a time in the process.
public func leftoversInTemporaryDirectory(during body: () async throws -> Void) async throws -> [String] {
    let fresh = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tmpdir-probe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
    let previous = ProcessInfo.processInfo.environment["TMPDIR"]
    setenv("TMPDIR", fresh.path + "/", 1)
    defer {
        if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
        try? FileManager.default.removeItem(at: fresh)
    }
    try await body()
    return try FileManager.default.contentsOfDirectory(atPath: fresh.path)
}
