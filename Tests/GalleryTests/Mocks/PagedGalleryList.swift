import Foundation
import Gallery
import Synchronization

/// A list that pages: `pages[n - 1]` is page n, each URL captioned with its file name; the pages in
/// `failing` fail offline. Records the pages asked for.
final class PagedGalleryList: GalleryListProviding {
    private struct State {
        var failing: Set<Int> = []
        var asked: [Int] = []
    }

    let pages: [[URL]]
    private let state = Mutex(State())

    init(pageSizes: [Int]) {
        var next = 0
        pages = pageSizes.map { size in
            (0..<size).map { _ in
                next += 1
                return URL(string: "http://zoo.test/images/\(next).png")!
            }
        }
    }

    var asked: [Int] { state.withLock { $0.asked } }

    func fail(page: Int) { state.withLock { _ = $0.failing.insert(page) } }

    func imageURLs() async throws(GalleryListError) -> [URL] { try await page(1).urls }

    func page(_ number: Int) async throws(GalleryListError) -> GalleryPage {
        let fails = state.withLock { state in
            state.asked.append(number)
            return state.failing.contains(number)
        }
        if fails { throw .network(.offline) }
        let urls = pages.indices.contains(number - 1) ? pages[number - 1] : []
        let captions = Dictionary(uniqueKeysWithValues: urls.map { ($0, GalleryCaption(title: "png \($0.lastPathComponent)", advice: "shows it")) })
        return GalleryPage(number: number, pageCount: pages.count, urls: urls, captions: captions)
    }
}
