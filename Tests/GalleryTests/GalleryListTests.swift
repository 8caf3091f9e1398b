import Foundation
import Gallery
import Networking
import TestSupport
import XCTest

/// `gallery.json` through an HTTP client, with the copy on disk that keeps the offline rule
/// after a restart.
final class GalleryListTests: TemporaryFolderTestCase {
    private var cacheFile: URL { folder.appendingPathComponent("lists/gallery.json") }
    private let url = URL(string: "http://server.test/gallery.json?scenario=mixed")!
    private let images = (1...6).map { "http://server.test/images/\($0).png" }

    /// The list creates its cache's folder (one test puts a file in its way first).
    override var createsFolder: Bool { false }

    private func body(_ urls: [String]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["images": urls])
    }

    private func error(_ list: GalleryList) async -> GalleryListError? {
        do throws(GalleryListError) {
            _ = try await list.imageURLs()
            return nil
        } catch {
            return error
        }
    }

    func test_fetch_returnsTheURLsAndCachesThem() async throws {
        // Given
        let client = ScriptedHTTPClient(.success(body(images)))
        let list = GalleryList(client: client, url: url, cacheFile: cacheFile, timeouts: .default.scaled(by: 0.1))
        // When
        let urls = try await list.imageURLs()
        // Then
        XCTAssertEqual(urls.map(\.absoluteString), images)
        XCTAssertEqual(client.requests.map(\.url), [url])
        XCTAssertEqual(client.requests.first?.timeouts, RequestTimeouts.default.scaled(by: 0.1))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: [String]]
        XCTAssertEqual(stored, ["images": images])
    }

    func test_fetch_cachesTheListWithoutLeavingAFolderInTheTemporaryDirectory() async throws {
        // Given a list already cached, so the second fetch replaces the file
        let client = ScriptedHTTPClient(.success(body(images)), .success(body(Array(images.prefix(2)))))
        let list = GalleryList(client: client, url: url, cacheFile: cacheFile)
        _ = try await list.imageURLs()
        // When
        let leftovers = try await leftoversInTemporaryDirectory { _ = try await list.imageURLs() }
        // Then the file was replaced, and nothing was left behind, neither in TMPDIR nor beside it
        XCTAssertEqual(leftovers, [])
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: [String]]
        XCTAssertEqual(stored, ["images": Array(images.prefix(2))])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cacheFile.deletingLastPathComponent().path), ["gallery.json"])
    }

    func test_networkFailure_afterARestart_returnsTheCachedList() async throws {
        // Given a list fetched by an earlier run
        _ = try await GalleryList(client: ScriptedHTTPClient(.success(body(images))), url: url, cacheFile: cacheFile).imageURLs()
        for failure: NetworkError in [.offline, .timedOut, .connectionLost, .httpStatus(500)] {
            // When this run has no network
            let list = GalleryList(client: ScriptedHTTPClient(.failure(failure)), url: url, cacheFile: cacheFile)
            let urls = try await list.imageURLs()
            // Then
            XCTAssertEqual(urls.map(\.absoluteString), images, "\(failure)")
        }
    }

    func test_networkFailure_withoutACachedList_throwsTheNetworkError() async {
        // Given
        let list = GalleryList(client: ScriptedHTTPClient(.failure(.offline)), url: url, cacheFile: cacheFile)
        // When
        let error = await error(list)
        // Then
        XCTAssertEqual(error, .network(.offline))
    }

    func test_cancelled_throwsCancelledEvenWithACachedList() async throws {
        // Given
        _ = try await GalleryList(client: ScriptedHTTPClient(.success(body(images))), url: url, cacheFile: cacheFile).imageURLs()
        let list = GalleryList(client: ScriptedHTTPClient(.failure(.cancelled)), url: url, cacheFile: cacheFile)
        // When
        let error = await error(list)
        // Then
        XCTAssertEqual(error, .network(.cancelled))
    }

    func test_unreadableBody_isMalformedAndLeavesTheCacheAlone() async throws {
        // Given a cached list
        _ = try await GalleryList(client: ScriptedHTTPClient(.success(body(images))), url: url, cacheFile: cacheFile).imageURLs()
        let bodies = [
            Data("{\"images\": [1, 2]".utf8), Data("[]".utf8), Data("{\"pictures\":[]}".utf8),
            body(["not a url"]), body(["/images/1.png"]), body(["ftp://server.test/1.png"]), Data(),
        ]
        for bad in bodies {
            // When
            let error = await error(GalleryList(client: ScriptedHTTPClient(.success(bad)), url: url, cacheFile: cacheFile))
            // Then
            guard case .malformed = error else { return XCTFail("\(String(decoding: bad, as: UTF8.self)): \(String(describing: error))") }
        }
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: [String]]
        XCTAssertEqual(stored, ["images": images])
    }

    func test_unwritableCache_stillReturnsTheList() async throws {
        // Given a cache path whose folder is a file
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let list = GalleryList(
            client: ScriptedHTTPClient(.success(body(images))), url: url, cacheFile: blocker.appendingPathComponent("gallery.json"))
        // When
        let urls = try await list.imageURLs()
        // Then
        XCTAssertEqual(urls.count, 6)
    }

    func test_corruptCache_isIgnored() async throws {
        // Given
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: cacheFile)
        let list = GalleryList(client: ScriptedHTTPClient(.failure(.offline)), url: url, cacheFile: cacheFile)
        // When
        let error = await error(list)
        // Then
        XCTAssertEqual(error, .network(.offline))
    }

    func test_fixedList_returnsItsURLs() async throws {
        let urls = images.compactMap(URL.init(string:))
        let fetched = try await FixedGalleryList(urls: urls).imageURLs()
        XCTAssertEqual(fetched, urls)
    }
}

/// A list that pages: `page=N` in the URL, the captions and page count read, each page cached.
final class GalleryListPagingTests: TemporaryFolderTestCase {
    private var cacheFile: URL { folder.appendingPathComponent("gallery.json") }
    private let url = URL(string: "http://server.test/gallery.json?scenario=zoo")!

    private func body(_ page: Int) -> Data {
        let images = (1...2).map { "http://server.test/images/\($0 + 2 * page).jpg?variant=v\($0)" }
        let captions: [Any] = [["title": "jpeg v1", "advice": "shows it"], "not an object"]
        return try! JSONSerialization.data(withJSONObject: ["images": images, "captions": captions, "page": page, "pages": 4])
    }

    func test_page2_asksWithPage2_readsCaptionsAndCount_andIsCachedApart() async throws {
        // Given
        let client = ScriptedHTTPClient(.success(body(1)), .success(body(2)), .failure(.offline))
        let list = GalleryList(client: client, url: url, cacheFile: cacheFile)
        // When
        let first = try await list.page(1)
        let second = try await list.page(2)
        let offline = try await list.page(2)
        // Then
        XCTAssertEqual(client.requests.map(\.url.absoluteString), [
            url.absoluteString, url.absoluteString + "&page=2", url.absoluteString + "&page=2",
        ])
        XCTAssertEqual(second.number, 2)
        XCTAssertEqual(second.pageCount, 4)
        XCTAssertEqual(second.captions[second.urls[0]], GalleryCaption(title: "jpeg v1", advice: "shows it"))
        XCTAssertNil(second.captions[second.urls[1]], "an entry that is not a caption is left out")
        XCTAssertEqual(offline, second, "page 2 from its own cached copy")
        XCTAssertNotEqual(first.urls, second.urls)
    }
}
