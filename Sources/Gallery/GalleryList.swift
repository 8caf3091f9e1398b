public import Foundation
import Logging
public import Networking

/// The gallery's list from the server: `GET gallery.json` (`{"images":[absolute URLs]}`),
/// kept in a file so the list is known after a restart without network.
///
/// A fetched list is written to `cacheFile` (atomically, same JSON shape) before it is returned.
/// When the request fails (offline, timed out, an HTTP error…) the cached list is returned if
/// there is one, else the failure is thrown as ``GalleryListError/network(_:)``. A body that is
/// not such a list is ``GalleryListError/malformed(_:)`` (the cache is neither used nor changed).
/// A cancelled request is thrown as `.network(.cancelled)` without reading the cache.
public struct GalleryList: GalleryListProviding {
    /// The most bytes read from `gallery.json`: a list of six URLs is far smaller.
    public static let maxBytes = 1024 * 1024

    private let client: any HTTPClient
    private let url: URL
    private let cacheFile: URL
    private let timeouts: RequestTimeouts
    private static let logger = Logger(label: "Gallery.GalleryList")

    /// Creates the list source.
    /// - Parameters:
    ///   - client: sends the request.
    ///   - url: the server's `gallery.json`, with its `?scenario=` if any.
    ///   - cacheFile: where the last fetched list is kept (its folder is created when missing).
    ///   - timeouts: deadlines of the request.
    public init(client: any HTTPClient, url: URL, cacheFile: URL, timeouts: RequestTimeouts = .default) {
        self.client = client
        self.url = url
        self.cacheFile = cacheFile
        self.timeouts = timeouts
    }

    /// The server's list, or the cached one when the server cannot be reached.
    public func imageURLs() async throws(GalleryListError) -> [URL] {
        try await page(1).urls
    }

    /// Page `number` of the server's list (`&page=N` added for pages after the first), or its
    /// cached copy when the server cannot be reached. Each page is cached in its own file.
    public func page(_ number: Int) async throws(GalleryListError) -> GalleryPage {
        let number = max(1, number)
        let file = cacheFile(page: number)
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: pageURL(number), timeouts: timeouts, maxBytes: Self.maxBytes))
        } catch .cancelled {
            throw .network(.cancelled)
        } catch {
            if let cached = cachedPage(file) { return cached }
            throw .network(error)
        }
        let page = try Self.parse(response.body, number: number)
        store(response.body, page: page, in: file)
        return page
    }

    /// `url`, with `page=N` among its query items for pages after the first.
    func pageURL(_ number: Int) -> URL {
        guard number > 1, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "page" }
        items.append(URLQueryItem(name: "page", value: String(number)))
        components.queryItems = items
        return components.url ?? url
    }

    /// The cache file of page `number`: the one given for page 1, `NAME-page-N.EXT` beside it after.
    private func cacheFile(page number: Int) -> URL {
        guard number > 1 else { return cacheFile }
        let name = cacheFile.deletingPathExtension().lastPathComponent + "-page-\(number)"
        let ext = cacheFile.pathExtension
        return cacheFile.deletingLastPathComponent().appendingPathComponent(ext.isEmpty ? name : name + "." + ext)
    }

    /// The URLs of a `{"images":[…]}` body; every entry must be an absolute http(s) URL.
    static func parse(_ body: Data) throws(GalleryListError) -> [URL] {
        try parse(body, number: 1).urls
    }

    /// Page `number` from a `{"images":[…]}` body, with the optional `captions` (one
    /// `{"title","advice"}` object per image, in the same order; entries that are not such
    /// objects are ignored) and `pages` (the page count) of a list that pages.
    static func parse(_ body: Data, number: Int) throws(GalleryListError) -> GalleryPage {
        let decoded: GalleryListBody
        do {
            decoded = try JSONDecoder().decode(GalleryListBody.self, from: body)
        } catch {
            throw .malformed("not a JSON object with an \"images\" array of strings")
        }
        var urls: [URL] = []
        for text in decoded.images {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host != nil
            else { throw .malformed("\"\(text)\" is not an absolute http(s) URL") }
            urls.append(url)
        }
        var captions: [URL: GalleryCaption] = [:]
        for (url, caption) in zip(urls, decoded.captions ?? []) {
            if let caption = caption.value { captions[url] = caption }
        }
        return GalleryPage(number: number, pageCount: decoded.pages, urls: urls, captions: captions)
    }

    /// The page last written to `file`, if it is there and readable.
    private func cachedPage(_ file: URL) -> GalleryPage? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let number = file == cacheFile ? 1 : Int(file.deletingPathExtension().lastPathComponent.split(separator: "-").last ?? "") ?? 1
        return try? Self.parse(data, number: number)
    }

    /// Writes the page's body to `file` (it parsed, so it is a list); a failure only means the
    /// page is not cached, so it is logged, not thrown.
    private func store(_ body: Data, page: GalleryPage, in file: URL) {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body.write(to: file, options: .atomic)
        } catch {
            Self.logger.warning(
                "the gallery list could not be cached",
                metadata: ["file": "\(file.path)", "images": "\(page.urls.count)", "error": "\(error)"])
        }
    }
}
