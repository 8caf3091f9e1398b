import Foundation
import Synchronization

/// The dashboard's files (`Dashboard/Page/`: HTML, CSS, one JavaScript module per panel), shipped
/// as a resource of the MockServer target and read once, on first use, through `Bundle.module`.
///
/// Only the files found there are served, by their path relative to `Page/`; nothing else can
/// be named (no `..`, no other directory).
final class DashboardFiles: Sendable {
    /// One file, ready to send.
    struct File: Sendable {
        let bytes: SharedBytes
        let contentType: String
    }

    /// Why the files cannot be served.
    struct Unavailable: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The name of the resource folder inside the bundle.
    static let folder = "Page"
    /// SwiftPM's resource bundle of this target, beside the executable (`swift build` puts it
    /// there; a copied binary must take it along).
    static let bundleNames = ["Testbed_MockServer.resources", "Testbed_MockServer.bundle"]

    private let loaded = Mutex<Result<[String: File], Unavailable>?>(nil)

    /// The file at `path` (relative to `Page/`, e.g. `index.html`, `js/status.js`), `nil` when
    /// there is none, or why the files cannot be read at all.
    func file(_ path: String) -> Result<File?, Unavailable> {
        let all = loaded.withLock { cached in
            if let cached { return cached }
            let result = Self.load()
            cached = result
            return result
        }
        return all.map { $0[path] }
    }

    /// This target's resource bundle, without the `fatalError` of `Bundle.module` when it is missing.
    private static func resourceBundle() -> Result<Bundle, Unavailable> {
        #if canImport(Darwin)
        // Under `swift test` on a Mac, or in an Xcode test host, `Bundle.main` is xctest's or the
        // host app's: SwiftPM puts the resource bundle beside the test bundle, Xcode copies it into
        // the bundle that links this module. So look there too, as SwiftPM's and Xcode's
        // `Bundle.module` accessors do, and open the bundle found.
        let linkedInto = Bundle(for: DashboardFiles.self)
        let places = [
            Bundle.main.bundleURL, Bundle.main.resourceURL, linkedInto.bundleURL.deletingLastPathComponent(), linkedInto.resourceURL,
        ].compactMap { $0 }
        for place in places {
            for name in bundleNames {
                if let bundle = Bundle(url: place.appendingPathComponent(name)) { return .success(bundle) }
            }
        }
        let searched = places.map(\.path).joined(separator: ", ")
        return .failure(Unavailable(description: "the dashboard's files (\(bundleNames[0])) are in none of \(searched)"))
        #else
        // `Bundle.module` stops the process when its bundle is missing: look first.
        let beside = Bundle.main.bundleURL
        guard bundleNames.contains(where: { FileManager.default.fileExists(atPath: beside.appendingPathComponent($0).path) }) else {
            return .failure(Unavailable(description: "the dashboard's files (\(bundleNames[0])) are not beside \(beside.path)"))
        }
        return .success(Bundle.module)
        #endif
    }

    /// Reads every file under `Page/`.
    private static func load() -> Result<[String: File], Unavailable> {
        let bundle: Bundle
        switch resourceBundle() {
        case .success(let found): bundle = found
        case .failure(let unavailable): return .failure(unavailable)
        }
        guard let root = bundle.url(forResource: folder, withExtension: nil) else {
            return .failure(Unavailable(description: "the resource bundle holds no \(folder) folder"))
        }
        var files: [String: File] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = try? Data(contentsOf: url)
            else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let relative = String(full.dropFirst(prefix.count))
            files[relative] = File(bytes: SharedBytes(data), contentType: contentType(of: relative))
        }
        guard files["index.html"] != nil else {
            return .failure(Unavailable(description: "the dashboard's index.html is missing from \(root.path)"))
        }
        return .success(files)
    }

    /// The media type for a file name's extension.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
