import Foundation

/// The targets Package.swift declares and the modules each depends on, as SwiftPM itself reads
/// them: `swift package dump-package` (a child process, about a second when idle) rather than a
/// parse of the manifest's text, so a computed list or a comment in a dependency list cannot
/// fool the check.
struct PackageManifest {
    /// One target of the manifest.
    struct Target {
        /// `regular`, `executable`, `test`, `system`, …
        let kind: String
        let name: String
        /// Its sources, relative to the package root (SwiftPM's default when the manifest gives none).
        let folder: String
        /// The modules its dependencies bring, by name (a product's name is its module's here).
        let dependencies: Set<String>
    }

    let targets: [Target]

    /// The manifest of the package at `root`, read by the `swift` on the PATH. The scratch folder
    /// is a temporary one, so a `swift test` holding `.build` does not block it.
    static func load(packageAt root: URL) throws -> PackageManifest {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "architecture-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "dump-package", "--package-path", root.path(percentEncoded: false),
            "--scratch-path", scratch.path(percentEncoded: false),
        ]
        // Standard error goes to a file, so neither pipe can fill while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appending(path: "architecture-dump-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path(percentEncoded: false), contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        do {
            try process.run()
        } catch {
            throw Unreadable(description: "could not run `swift package dump-package`: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Unreadable(description: "`swift package dump-package` failed (\(process.terminationStatus)): \(message)")
        }
        return try decode(data)
    }

    /// The manifest from `swift package dump-package`'s JSON.
    static func decode(_ json: Data) throws -> PackageManifest {
        let dump: Dump
        do {
            dump = try JSONDecoder().decode(Dump.self, from: json)
        } catch {
            throw Unreadable(description: "`swift package dump-package` printed JSON this test cannot read: \(error)")
        }
        return PackageManifest(targets: dump.targets.map { target in
            let folder = target.path ?? "\(target.type == "test" ? "Tests" : "Sources")/\(target.name)"
            return Target(kind: target.type, name: target.name, folder: folder, dependencies: Set(target.dependencies.map(\.module)))
        })
    }

    // The parts of the dump this test reads.
    private struct Dump: Decodable {
        let targets: [DumpTarget]
    }

    private struct DumpTarget: Decodable {
        let name: String
        let type: String
        let path: String?
        let dependencies: [DumpDependency]
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
    /// `{"product": [name, package, moduleAliases, condition]}`: the name comes first in each.
    private struct DumpDependency: Decodable {
        let module: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an empty dependency"))
            }
            var values = try container.nestedUnkeyedContainer(forKey: key)
            module = try values.decode(String.self)
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
