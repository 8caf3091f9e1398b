import Foundation

/// The page's files (HTML, CSS, JavaScript), read once from the package's resources: served as
/// they are, by name only, so no request can reach another file.
struct PageAssets: Sendable {
    /// One file and its media type.
    struct Asset: Sendable {
        let data: Data
        let mimeType: String
    }

    /// The files by name (`index.html`, `app.js`, …).
    let files: [String: Asset]

    /// The files of the `Page` resource folder.
    /// - Throws: ``WebServerError/missingAssets(_:)`` when the folder or `index.html` is missing.
    static func load(from bundle: Bundle = .module) throws(WebServerError) -> PageAssets {
        guard let folder = bundle.url(forResource: "Page", withExtension: nil),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { throw .missingAssets("no Page folder in \(bundle.bundlePath)") }
        var files: [String: Asset] = [:]
        for name in names {
            guard let type = mimeTypes[(name as NSString).pathExtension.lowercased()],
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
            else { continue }
            files[name] = Asset(data: data, mimeType: type)
        }
        guard files["index.html"] != nil else { throw .missingAssets("no index.html in \(folder.path)") }
        return PageAssets(files: files)
    }

    private static let mimeTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon", "json": "application/json",
    ]
}
