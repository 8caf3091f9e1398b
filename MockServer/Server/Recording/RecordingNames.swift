import Foundation

/// The names the recorder gives mappings and files, safe whatever the URL: WireMock's name from
/// the URL's path (`/img/x.png` → `img_xpng`: `/` becomes `_`, anything but ASCII letters, digits
/// and `_` is dropped, so no `..`, separator, control character or non-ASCII letter survives),
/// cut to ``nameLimit`` characters; files are `NAME-ID.EXT`.
enum RecordingNames {
    /// Longest name kept from a URL (file names stay well under the 255 bytes a name may have).
    static let nameLimit = 100

    /// WireMock's mapping name for `url` (path and query, percent-encoded).
    static func mappingName(url: String) -> String {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        var name = ""
        for scalar in path.unicodeScalars.drop(while: { $0 == "/" }) {
            guard name.count < nameLimit else { break }
            if scalar == "/" {
                name.append("_")
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                name.unicodeScalars.append(scalar)
            }
        }
        return name
    }

    /// Whether a body of `contentType` is text (kept as `body`, written with a text extension).
    static func isText(contentType: String) -> Bool {
        let type = contentType.lowercased()
        return type.hasPrefix("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript")
            || type.contains("x-www-form-urlencoded")
    }

    /// The extension of a body file of `contentType`: the subtype's (`json`, `png`, `html`…),
    /// else `txt` for text and `bin` for bytes.
    static func fileExtension(contentType: String, isText: Bool) -> String {
        let type = contentType.lowercased().prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        let known: [String: String] = [
            "application/json": "json", "text/plain": "txt", "text/html": "html", "text/css": "css", "text/csv": "csv",
            "application/xml": "xml", "text/xml": "xml", "application/javascript": "js", "text/javascript": "js",
            "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
            "image/heic": "heic", "image/svg+xml": "svg", "application/pdf": "pdf",
        ]
        if let known = known[type] { return known }
        if type.hasSuffix("+json") { return "json" }
        return isText ? "txt" : "bin"
    }
}
