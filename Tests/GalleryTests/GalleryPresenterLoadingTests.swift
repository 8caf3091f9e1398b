import Foundation
import Gallery
import ImageCache
import ImageCodec
import Messages
import TestSupport
import XCTest

/// A cell loads when visible, shows what came of it, and lets go when it leaves the screen.
final class GalleryPresenterLoadingTests: XCTestCase {
    @MainActor
    func test_viewDidLoad_displaysSixLoadingCellsThenLoadsOnlyTheVisibleOnes() async {
        // Given
        let gallery = GalleryFixture(loader: MockImageLoader(default: .hang))
        // When
        await gallery.start(GalleryFixture.phone)
        await eventually { gallery.loader.calls.count == 2 }
        await settle()
        // Then
        let ids = GalleryFixture.urls.map(\.absoluteString)
        XCTAssertEqual(gallery.view.calls.first, .apply(GalleryLayout(containerWidth: 375)))
        XCTAssertTrue(gallery.view.calls.contains(.display(ids.map { GalleryCellViewModel(id: $0, state: .loading) })))
        XCTAssertEqual(Set(gallery.loader.calls.map(\.url)), Set(GalleryFixture.urls.prefix(2)))
        XCTAssertTrue(
            gallery.loader.calls.allSatisfy { $0.options == ImageLoadOptions(priority: .visible, reload: false, targetSize: PixelSize(side: 355)) },
            "\(gallery.loader.calls.map(\.options))")
    }

    @MainActor
    func test_load_asksForTheCellsSideInPixels() async {
        // Given a screen of two pixels per point
        let gallery = GalleryFixture(loader: MockImageLoader(default: .hang), displayScale: 2)
        // When
        await gallery.start(GalleryFixture.phone)
        await eventually { gallery.loader.calls.count == 2 }
        // Then the 355-point cells load their images at 710×710 pixels
        XCTAssertEqual(gallery.loader.calls.map(\.options.targetSize), [PixelSize(side: 710), PixelSize(side: 710)])
        // When the screen is landscape: 647-point cells
        let landscape = GalleryFixture(loader: MockImageLoader(default: .hang), displayScale: 2)
        await landscape.start((width: 667, height: 375))
        await eventually { !landscape.loader.calls.isEmpty }
        // Then
        XCTAssertEqual(landscape.loader.calls.first?.options.targetSize, PixelSize(side: 1294))
    }

    @MainActor
    func test_load_success_showsTheImageItsSizeAndWhereItCameFrom() async {
        // Given
        let loader = MockImageLoader(default: .succeed(.network))
        loader.script(GalleryFixture.urls[1], .succeed(.disk))
        loader.script(GalleryFixture.urls[2], .succeed(.memory))
        let gallery = GalleryFixture(loader: loader)
        // When
        await gallery.startAllLoaded()
        // Then
        guard case .loaded(let image) = gallery.state(1) else { return XCTFail("cell 1 is \(gallery.state(1))") }
        XCTAssertEqual([image.width, image.height], [4, 3])
        XCTAssertEqual((0..<3).map { gallery.state($0).loadedSource }, [.network, .disk, .memory])
        XCTAssertTrue(gallery.view.calls.contains(.update(gallery.presenter.cells[1], at: 1)))
    }

    @MainActor
    func test_load_failures_showTheExactMessagesAndHints() async {
        // Given
        let loader = MockImageLoader()
        let urls = GalleryFixture.urls
        loader.script(urls[0], .fail(.network(.httpStatus(404))))
        loader.script(urls[1], .fail(.broken))
        loader.script(urls[2], .fail(.tooLarge))
        loader.script(urls[3], .fail(.network(.timedOut)))
        loader.script(urls[4], .fail(.network(.offline)))
        loader.script(urls[5], .fail(.network(.connectionLost)))
        let gallery = GalleryFixture(loader: loader)
        // When
        await gallery.start()
        await eventually { gallery.presenter.cells.allSatisfy(\.state.isFailed) }
        // Then
        XCTAssertEqual(
            gallery.presenter.cells.map(\.state),
            [
                .failed(message: "The image at this URL is unavailable", hint: nil),
                .failed(message: "The image is damaged", hint: nil),
                .failed(message: "The image is too large", hint: nil),
                .failed(message: "Waited too long / the server is not responding", hint: "Pull down to refresh"),
                .failed(message: "No Internet connection", hint: "Pull down to refresh"),
                .failed(message: "Waited too long / the server is not responding", hint: "Pull down to refresh"),
            ])
    }

    @MainActor
    func test_load_failure_speaksTheConfiguredLanguage() async {
        // Given
        let loader = MockImageLoader()
        loader.script(GalleryFixture.urls[0], .fail(.network(.timedOut)))
        loader.script(GalleryFixture.urls[1], .fail(.unavailable))
        let gallery = GalleryFixture(loader: loader, language: .ru)
        // When
        await gallery.start()
        await eventually { gallery.state(0).isFailed && gallery.state(1).isFailed }
        // Then
        XCTAssertEqual(
            gallery.state(0), .failed(message: "Слишком долгое ожидание / сервер не отвечает", hint: "Потяните вниз, чтобы обновить"))
        XCTAssertEqual(gallery.state(1), .failed(message: "Изображение по заданному URL недоступно", hint: nil))
    }

    @MainActor
    func test_load_cancelledByTheLoader_showsNothingNew() async {
        // Given
        let loader = MockImageLoader()
        loader.script(GalleryFixture.urls[0], .fail(.cancelled))
        let gallery = GalleryFixture(loader: loader)
        // When
        await gallery.start()
        await gallery.waitUntilLoaded(1..<6)
        await settle()
        // Then
        XCTAssertEqual(gallery.state(0), .loading)
        XCTAssertFalse(gallery.view.calls.contains { if case .update(_, at: 0) = $0 { true } else { false } })
    }

    @MainActor
    func test_scroll_cellLeavingTheScreen_cancelsItsLoadAndDropsItsImage() async {
        // Given cells 0 and 1 on screen, loading
        let gallery = GalleryFixture(loader: MockImageLoader(default: .hang))
        await gallery.startOnPhoneWaiting()
        // When the screen shows 1000..<1667: cells 2, 3 and 4
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        // Then
        let urls = GalleryFixture.urls
        await eventually { Set(gallery.loader.drops) == Set(urls[0...1]) }
        XCTAssertEqual(Set(gallery.loader.cancellations), Set(urls[0...1]))
        await eventually { gallery.loader.calls.count == 5 }
        XCTAssertEqual(Set(gallery.loader.calls.map(\.url)), Set(urls[0...4]))
        XCTAssertEqual(gallery.state(0), .loading, "a cancelled load shows nothing new")
        XCTAssertEqual(gallery.state(1), .loading)
    }

    @MainActor
    func test_scroll_cancelledCellComingBack_loadsAgain() async {
        // Given cell 0 loading, then scrolled away (cancelled)
        let gallery = GalleryFixture(loader: MockImageLoader(default: .hang))
        await gallery.start(GalleryFixture.phone)
        let first = GalleryFixture.urls[0]
        await eventually { gallery.loader.waitingCount(for: first) == 1 }
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        await eventually { gallery.loader.cancellations.contains(first) }
        // When
        gallery.loader.script(first, .succeed(.disk))
        gallery.presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 667)
        // Then
        await gallery.waitUntilLoaded([0])
        XCTAssertEqual(gallery.loader.calls(for: first).count, 2)
        XCTAssertEqual(gallery.state(0).loadedSource, .disk)
    }

    @MainActor
    func test_scroll_loadedCellLeavingTheScreen_dropsItsImageAndReloadsItWhenBack() async {
        // Given
        let gallery = GalleryFixture()
        await gallery.start(GalleryFixture.phone)
        await gallery.waitUntilLoaded(0..<2)
        let first = GalleryFixture.urls[0]
        // When
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        // Then
        await eventually { gallery.loader.drops.contains(first) }
        XCTAssertEqual(gallery.state(0), .loading, "its pixels are gone with the dropped image")
        XCTAssertEqual(gallery.loader.cancellations, [], "nothing was in flight")
        // When it comes back
        gallery.loader.script(first, .succeed(.disk))
        gallery.presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 667)
        // Then
        await gallery.waitUntilLoaded([0])
        XCTAssertEqual(gallery.state(0).loadedSource, .disk)
        XCTAssertEqual(gallery.loader.calls(for: first).count, 2)
    }

    @MainActor
    func test_rotation_appliesTheNewLayoutAndFollowsWhatIsVisible() async {
        // Given portrait: cells 0 and 1 on screen, loading
        let gallery = GalleryFixture(loader: MockImageLoader(default: .hang))
        await gallery.startOnPhoneWaiting()
        // When landscape: 667 wide, 375 tall — cell 0 (647 pt) fills the screen
        gallery.presenter.viewDidResize(width: 667, height: 375)
        // Then
        XCTAssertEqual(gallery.view.calls.last { if case .apply = $0 { true } else { false } }, .apply(GalleryLayout(containerWidth: 667)))
        XCTAssertEqual(gallery.presenter.layout.cellSide, 647)
        await eventually { gallery.loader.drops == [GalleryFixture.urls[1]] }
        XCTAssertEqual(gallery.loader.cancellations, [GalleryFixture.urls[1]])
    }

    @MainActor
    func test_loads_runOffTheMainThread() async {
        // Given
        let list = ScriptedGalleryList(.success(GalleryFixture.urls))
        let gallery = GalleryFixture(list: list)
        // When
        await gallery.startAllLoaded()
        gallery.presenter.visibleAreaDidChange(scrollOffset: 5000, viewportHeight: 667)
        await eventually { gallery.loader.drops.count == 6 }
        // Then
        XCTAssertEqual(gallery.loader.loadsOnMainThread, 0)
        XCTAssertEqual(list.calledOnMainThread, [false])
    }

    @MainActor
    func test_list_withMoreThanSixOrRepeatedURLs_showsTheFirstSixDistinct() async {
        // Given
        let urls = GalleryFixture.urls
        let list = FixedGalleryList(urls: [urls[0], urls[0]] + urls + [URL(string: "http://images.test/7.png")!])
        let gallery = GalleryFixture(list: list)
        // When
        await gallery.start()
        // Then
        XCTAssertEqual(gallery.presenter.cells.map(\.id), urls.map(\.absoluteString))
    }

    @MainActor
    func test_module_holdsTheViewWeaklyAndTheInteractorHoldsThePresenterWeakly() async {
        // Given a module built by its router, with cell 0's load in flight
        let loader = MockImageLoader()
        let first = GalleryFixture.urls[0]
        loader.script(first, .hang)
        var view: SpyGalleryView? = SpyGalleryView()
        weak let weakView = view
        let dependencies = GalleryDependencies(
            images: loader, list: FixedGalleryList(urls: GalleryFixture.urls), connectivity: MockConnectivityMonitor(),
            language: .en)
        var presenter: GalleryPresenter? = GalleryRouter.makeModule(view: view!, dependencies: dependencies)
        weak let weakPresenter = presenter
        presenter?.viewDidLoad()
        presenter?.viewDidResize(width: GalleryFixture.phone.width, height: GalleryFixture.phone.height)
        await eventually { loader.waitingCount(for: first) == 1 }
        // When
        view = nil
        // Then
        XCTAssertNil(weakView)
        presenter?.viewDidLoad()  // a presenter without a view does not trap
        // When
        presenter = nil
        // Then the presenter goes, and so does the interactor: its end cancels the load in flight
        XCTAssertNil(weakPresenter)
        await eventually { loader.cancellations.contains(first) }
    }

    @MainActor
    func test_scroll_leavingAndComingBackAtOnce_keepsTheNewLoadsImage() async {
        // Given cell 0 loading
        let loader = MockImageLoader()
        let first = GalleryFixture.urls[0]
        loader.script(first, .hang, .succeed(.disk))
        let gallery = GalleryFixture(loader: loader)
        await gallery.start(GalleryFixture.phone)
        await eventually { loader.waitingCount(for: first) == 1 }
        // When it leaves and comes back before the cancelled load has ended
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        gallery.presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 667)
        // Then the new load shows and its image is not dropped
        await gallery.waitUntilLoaded([0])
        await settle()
        XCTAssertEqual(loader.cancellations, [first])
        XCTAssertFalse(loader.drops.contains(first), "the cell is on screen again")
        XCTAssertEqual(gallery.state(0).loadedSource, .disk)
    }
}
