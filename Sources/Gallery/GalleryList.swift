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
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeouts: timeouts, maxBytes: Self.maxBytes))
        } catch .cancelled {
            throw .network(.cancelled)
        } catch {
            if let cached = cachedList() { return cached }
            throw .network(error)
        }
        let urls = try Self.parse(response.body)
        store(urls)
        return urls
    }

    /// The URLs of a `{"images":[…]}` body; every entry must be an absolute http(s) URL.
    static func parse(_ body: Data) throws(GalleryListError) -> [URL] {
        struct Body: Decodable { let images: [String] }
        let decoded: Body
        do {
            decoded = try JSONDecoder().decode(Body.self, from: body)
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
        return urls
    }

    /// The list last written to the cache file, if it is there and readable.
    private func cachedList() -> [URL]? {
        guard let data = try? Data(contentsOf: cacheFile) else { return nil }
        return try? Self.parse(data)
    }

    /// Writes `urls` to the cache file as `{"images":[…]}`; a failure only means the list is
    /// not cached, so it is logged, not thrown.
    private func store(_ urls: [URL]) {
        struct Body: Encodable { let images: [String] }
        do {
            let body = try JSONEncoder().encode(Body(images: urls.map(\.absoluteString)))
            try FileManager.default.createDirectory(
                at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body.write(to: cacheFile, options: .atomic)
        } catch {
            Self.logger.warning(
                "the gallery list could not be cached",
                metadata: ["file": "\(cacheFile.path)", "images": "\(urls.count)", "error": "\(error)"])
        }
    }
}
