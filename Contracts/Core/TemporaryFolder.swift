package import Foundation

/// Runs `body` with a new empty folder under the temporary directory, deleted afterwards (the
/// suites that need files share it); `prefix` names the folder's parent (`prefix-UUID`).
package func withTemporaryFolder(prefix: String = "DiskCaching", _ body: (URL) async -> String?) async -> String? {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("cache")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        return "could not create a temporary folder: \(error)"
    }
    defer { try? FileManager.default.removeItem(at: parent) }
    return await body(folder)
}
