import Foundation
import Gallery
import TestSupport
import XCTest

/// A list that pages (the zoo): Next page and Previous page replace the cells with that page's,
/// each cell carries its caption, and pull-to-refresh reloads the page shown.
@MainActor
final class GalleryPresenterPagingTests: XCTestCase {
    private func urls(_ gallery: GalleryFixture) -> [URL] { gallery.presenter.cells.compactMap { URL(string: $0.id) } }

    func test_pagedList_showsCaptionsAndPaging_nextAndPreviousReplaceTheCells() async {
        // Given a list of three pages (6, 6 and 2 images)
        let list = PagedGalleryList(pageSizes: [6, 6, 2])
        let gallery = GalleryFixture(list: list)
        await gallery.start()
        // Then page 1 is shown with its captions, and only Next page works
        XCTAssertEqual(urls(gallery), list.pages[0])
        XCTAssertEqual(gallery.presenter.cells.map { $0.caption?.title }, list.pages[0].map { "png \($0.lastPathComponent)" })
        XCTAssertEqual(gallery.view.pagings.last, GalleryPagingViewModel(
            page: 1, pageCount: 3, status: "Page 1 of 3", canGoBack: false, canGoForward: true))

        // When Next page is chosen twice
        gallery.presenter.didTapNextPage()
        XCTAssertEqual(gallery.view.pagings.last??.canGoForward, false, "no second turn while a page is on its way")
        gallery.presenter.didTapNextPage()
        await eventually("page 2 is shown") { self.urls(gallery) == list.pages[1] }
        // Then only one turn happened, and page 2's cells load
        XCTAssertEqual(list.asked, [1, 2])
        XCTAssertEqual(gallery.view.pagings.last, GalleryPagingViewModel(
            page: 2, pageCount: 3, status: "Page 2 of 3", canGoBack: true, canGoForward: true))
        await gallery.waitUntilLoaded(0..<6)

        // When the last page is reached, Next page does nothing more
        gallery.presenter.didTapNextPage()
        await eventually("page 3 is shown") { self.urls(gallery) == list.pages[2] }
        XCTAssertEqual(gallery.view.pagings.last??.canGoForward, false)
        gallery.presenter.didTapNextPage()
        XCTAssertEqual(list.asked, [1, 2, 3])

        // When Previous page is chosen, page 2 comes back
        gallery.presenter.didTapPreviousPage()
        await eventually("page 2 is shown again") { self.urls(gallery) == list.pages[1] }
        XCTAssertEqual(gallery.view.pagings.last??.page, 2)
    }

    func test_listThatDoesNotPage_showsNoPaging_andNextPageDoesNothing() async {
        // Given the plain six-image list
        let list = ScriptedGalleryList(.success(GalleryFixture.urls))
        let gallery = GalleryFixture(list: list)
        await gallery.start()
        // When
        gallery.presenter.didTapNextPage()
        gallery.presenter.didTapPreviousPage()
        // Then
        XCTAssertEqual(gallery.view.pagings.last, .some(nil))
        XCTAssertEqual(list.callCount, 1)
        XCTAssertTrue(gallery.presenter.cells.allSatisfy { $0.caption == nil })
    }

    func test_nextPageFailing_keepsThePageShown_andTheBannerSaysWhy() async {
        // Given page 2 cannot be had
        let list = PagedGalleryList(pageSizes: [6, 6])
        list.fail(page: 2)
        let gallery = GalleryFixture(list: list)
        await gallery.start()
        // When
        gallery.presenter.didTapNextPage()
        await eventually("the banner says why") { gallery.view.banners.last??.isEmpty == false }
        // Then page 1 stays, and Next page can be tried again
        XCTAssertEqual(urls(gallery), list.pages[0])
        XCTAssertEqual(gallery.view.pagings.last??.page, 1)
        XCTAssertEqual(gallery.view.pagings.last??.canGoForward, true)
    }

    func test_pullToRefresh_onPage2_reloadsPage2() async {
        // Given page 2 shown and loaded
        let list = PagedGalleryList(pageSizes: [6, 6])
        let gallery = GalleryFixture(list: list)
        await gallery.start()
        gallery.presenter.didTapNextPage()
        await eventually("page 2 is shown") { self.urls(gallery) == list.pages[1] }
        await gallery.waitUntilLoaded(0..<6)
        // When
        gallery.presenter.didPullToRefresh()
        await eventually("the refresh ends") { gallery.view.endRefreshingCount == 1 }
        // Then page 2 was asked for again, and its cells were reloaded fresh
        XCTAssertEqual(list.asked, [1, 2, 2])
        XCTAssertEqual(urls(gallery), list.pages[1])
        XCTAssertTrue(list.pages[1].allSatisfy { url in gallery.loader.calls(for: url).last?.options.reload == true })
        XCTAssertEqual(gallery.view.pagings.last??.page, 2)
    }
}
