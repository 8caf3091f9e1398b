import Foundation
import Gallery
import ImageCache
import ImageCodec
import TestSupport
import XCTest

/// The offline banner, the retry when the network comes back, and a list that cannot be had.
final class GalleryPresenterConnectivityTests: XCTestCase {
    @MainActor
    func test_offline_showsTheBanner_andOnlineHidesIt() async {
        // Given online
        let gallery = GalleryFixture()
        await gallery.start()
        await eventually { gallery.connectivity.subscriberCount == 1 }
        await settle()
        XCTAssertEqual(gallery.view.banners, [], "online from the start: no banner call")
        // When
        gallery.connectivity.send(false)
        // Then
        await eventually { gallery.view.banners == ["No Internet connection"] }
        // When
        gallery.connectivity.send(true)
        // Then
        await eventually { gallery.view.banners == ["No Internet connection", nil] }
    }

    @MainActor
    func test_offlineAtLaunch_showsTheBannerInTheConfiguredLanguage() async {
        // Given
        let gallery = GalleryFixture(connectivity: MockConnectivityMonitor(initial: false), language: .ru)
        // When
        await gallery.start()
        // Then
        await eventually { gallery.view.banners == ["Нет соединения с Интернетом"] }
    }

    @MainActor
    func test_backOnline_retriesOnlyTheCellsThatFailedOfflineTimedOutOrConnectionLost() async {
        // Given six failures of every kind, each working on its second try
        let loader = MockImageLoader()
        let urls = GalleryFixture.urls
        let failures: [ImageLoadError] = [
            .network(.offline), .network(.timedOut), .network(.connectionLost), .network(.httpStatus(404)), .broken, .tooLarge,
        ]
        for (url, failure) in zip(urls, failures) { loader.script(url, .fail(failure), .succeed(.network)) }
        let gallery = GalleryFixture(loader: loader)
        await gallery.start()
        await eventually { gallery.presenter.cells.allSatisfy(\.state.isFailed) }
        gallery.connectivity.send(false)
        await eventually { gallery.view.banners == ["No Internet connection"] }
        // When
        gallery.connectivity.send(true)
        // Then
        await gallery.waitUntilLoaded(0..<3)
        await settle()
        XCTAssertTrue((3..<6).allSatisfy { gallery.state($0).isFailed })
        XCTAssertEqual(urls.map { loader.calls(for: $0).count }, [2, 2, 2, 1, 1, 1])
        XCTAssertTrue(loader.calls.allSatisfy { $0.options == ImageLoadOptions(targetSize: PixelSize(side: 355)) }, "a normal load, not a reload")
    }

    @MainActor
    func test_backOnline_failedCellOffScreen_retriesWhenItBecomesVisible() async {
        // Given the phone screen, cell 1 failed offline, then scrolled away
        let loader = MockImageLoader()
        let second = GalleryFixture.urls[1]
        loader.script(second, .fail(.network(.offline)), .succeed(.network))
        let gallery = GalleryFixture(loader: loader)
        await gallery.start(GalleryFixture.phone)
        await eventually { gallery.state(1).isFailed }
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        // When
        gallery.connectivity.send(false)
        gallery.connectivity.send(true)
        await eventually { gallery.view.banners == ["No Internet connection", nil] }
        await settle()
        // Then nothing yet
        XCTAssertEqual(loader.calls(for: second).count, 1)
        XCTAssertEqual(gallery.state(1), .loading)
        // When it comes back into view
        gallery.presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 667)
        // Then
        await gallery.waitUntilLoaded([1])
        XCTAssertEqual(loader.calls(for: second).count, 2)
    }

    @MainActor
    func test_listFailure_showsNoCellsAndTheMessage_andPullToRefreshTriesAgain() async {
        // Given a list that cannot be fetched the first time
        let list = ScriptedGalleryList(.failure(.network(.offline)), .success(GalleryFixture.urls))
        let gallery = GalleryFixture(list: list)
        // When
        gallery.presenter.viewDidLoad()
        gallery.presenter.viewDidResize(width: 375, height: 10_000)
        // Then
        await eventually { gallery.view.banners == ["No Internet connection"] }
        XCTAssertEqual(gallery.presenter.cells, [])
        XCTAssertTrue(gallery.view.calls.contains(.display([])))
        // When
        gallery.presenter.didPullToRefresh()
        // Then
        await gallery.waitUntilLoaded(0..<6)
        await eventually { gallery.view.endRefreshingCount == 1 }
        XCTAssertEqual(gallery.view.banners, ["No Internet connection", nil])
        XCTAssertEqual(list.callCount, 2)
        XCTAssertTrue(gallery.loader.calls.allSatisfy { $0.options.reload }, "a refresh loads from the network")
    }

    @MainActor
    func test_listFailure_messageFollowsTheError() async {
        // Given
        let cases: [(GalleryListError, String)] = [
            (.network(.timedOut), "Waited too long / the server is not responding"),
            (.network(.httpStatus(503)), "The server returned an error"),
            (.malformed("not JSON"), "The image at this URL is unavailable"),
        ]
        for (error, message) in cases {
            let gallery = GalleryFixture(list: ScriptedGalleryList(.failure(error)))
            // When
            gallery.presenter.viewDidLoad()
            // Then
            await eventually("\(error)") { gallery.view.banners == [message] }
        }
    }

    @MainActor
    func test_listFailureOnRefresh_keepsTheListItHad() async {
        // Given
        let list = ScriptedGalleryList(.success(GalleryFixture.urls), .failure(.network(.offline)))
        let gallery = GalleryFixture(list: list)
        await gallery.startAllLoaded()
        gallery.remove(at: 0)
        // When
        gallery.presenter.didPullToRefresh()
        // Then
        await eventually { gallery.view.endRefreshingCount == 1 }
        await gallery.waitUntilLoaded(0..<6)
        XCTAssertEqual(gallery.presenter.cells.map(\.id), GalleryFixture.urls.map(\.absoluteString))
        XCTAssertEqual(gallery.view.banners, [])
    }
}
