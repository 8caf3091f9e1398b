import Foundation

/// The `__files/` folder of a root directory, where `bodyFileName` points.
struct StubFiles: Sendable {
    /// Largest body file served, in bytes.
    static let maximumFileSize = 100 * 1024 * 1024

    /// The folder (standardized, symlinks resolved).
    let folder: URL

    /// The `__files` folder of `root`.
    init(root: URL) {
        folder = root.appendingPathComponent("__files", isDirectory: true).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Whether `name` stays inside the folder by its spelling: relative, no `..` component, no
    /// NUL byte (checked again against the real path when read).
    static func isContained(_ name: String) -> Bool {
        guard !name.hasPrefix("/"), !name.utf8.contains(0) else { return false }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        return !components.contains("..")
    }

    /// Why a file cannot be served.
    enum Problem: Error, Sendable, Equatable {
        /// The name leaves the folder (directly or through a symbolic link).
        case outside
        /// There is no such file (or it is a folder).
        case missing
        /// The file is larger than ``maximumFileSize``.
        case tooLarge(Int)
        /// The file exists but could not be read.
        case unreadable(String)
    }

    /// The bytes of `name`, when it is a regular file inside the folder.
    func read(_ name: String) -> Result<Data, Problem> {
        guard Self.isContained(name) else { return .failure(.outside) }
        let file = folder.appendingPathComponent(name).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(folder.path + "/") else { return .failure(.outside) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(.missing)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size > Self.maximumFileSize {
            return .failure(.tooLarge(size))
        }
        do {
            return .success(try Data(contentsOf: file))
        } catch {
            return .failure(.unreadable("\(error.localizedDescription)"))
        }
    }
}
