package import Foundation
package import MockServer

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

extension Contract {
    /// A contract whose check runs in a fresh temporary cache folder of its own, removed
    /// afterwards (``withTemporaryFolder(prefix:_:)``): the set-up most cache and loader rules share.
    package static func inTemporaryFolder(
        id: String, rule: String, check: @escaping @Sendable (Subject, MockServer, URL) async -> String?
    ) -> Contract {
        Contract(id: id, rule: rule) { subject, server in
            await withTemporaryFolder { folder in await check(subject, server, folder) }
        }
    }

    /// ``inTemporaryFolder(id:rule:check:)`` for a check that needs no server.
    package static func localInTemporaryFolder(
        id: String, rule: String, check: @escaping @Sendable (Subject, URL) async -> String?
    ) -> Contract {
        Contract(id: id, rule: rule) { (subject: Subject) in
            await withTemporaryFolder { folder in await check(subject, folder) }
        }
    }
}
