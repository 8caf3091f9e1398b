import Foundation
import Gallery
import ImageCache
import Messages
import TestSupport
import XCTest

/// A gallery module over a spy view, a scripted loader, a driven connectivity monitor and a
/// fixed (or scripted) list of six URLs.
@MainActor
final class GalleryFixture {
    static let urls = (1...6).map { URL(string: "http://images.test/\($0).png")! }
    /// iPhone 8 portrait: cells are 355 pt, the screen shows cells 0 and 1.
    static let phone = (width: 375.0, height: 667.0)
    /// A viewport tall enough to show all six cells.
    static let tall = (width: 375.0, height: 10_000.0)

    let view = SpyGalleryView()
    let loader: MockImageLoader
    let connectivity: MockConnectivityMonitor
    let presenter: GalleryPresenter
    var urls: [URL] { Self.urls }

    init(
        loader: MockImageLoader = MockImageLoader(), list: (any GalleryListProviding)? = nil,
        connectivity: MockConnectivityMonitor = MockConnectivityMonitor(initial: true), language: Language = .en,
        displayScale: Double = 1
    ) {
        self.loader = loader
        self.connectivity = connectivity
        let dependencies = GalleryDependencies(
            images: loader, list: list ?? FixedGalleryList(urls: Self.urls), connectivity: connectivity, language: language,
            displayScale: displayScale)
        presenter = GalleryRouter.makeModule(view: view, dependencies: dependencies)
    }

    /// The view loads and lays out at `size`; returns once the six cells are shown.
    func start(_ size: (width: Double, height: Double) = tall, file: StaticString = #filePath, line: UInt = #line) async {
        presenter.viewDidLoad()
        presenter.viewDidResize(width: size.width, height: size.height)
        await eventually("the six cells are shown", file: file, line: line) { self.presenter.cells.count == 6 }
    }

    /// Waits until every cell in `indices` is loaded.
    func waitUntilLoaded(_ indices: some Sequence<Int>, file: StaticString = #filePath, line: UInt = #line) async {
        let indices = Array(indices)
        await eventually("cells \(indices) load", file: file, line: line) {
            indices.allSatisfy { self.presenter.cells.indices.contains($0) && self.presenter.cells[$0].state.isLoaded }
        }
    }

    /// Starts with every cell on screen and returns once all six are loaded: the state most
    /// tap and refresh tests begin from.
    func startAllLoaded(file: StaticString = #filePath, line: UInt = #line) async {
        await start(file: file, line: line)
        await waitUntilLoaded(0..<6, file: file, line: line)
    }

    /// A fresh fixture started with all six cells loaded and the view's calls so far forgotten,
    /// so a test sees only what its own taps cause.
    static func allLoadedQuiet(file: StaticString = #filePath, line: UInt = #line) async -> GalleryFixture {
        let gallery = GalleryFixture()
        await gallery.startAllLoaded(file: file, line: line)
        gallery.view.clearCalls()
        return gallery
    }

    /// Starts on a phone screen (cells 0 and 1 visible) and returns once cell 1's load waits at
    /// the loader, which must hold it (`.hang`).
    func startOnPhoneWaiting(file: StaticString = #filePath, line: UInt = #line) async {
        await start(Self.phone, file: file, line: line)
        await eventually("cell 1's load waits at the loader", file: file, line: line) { self.loader.waitingCount(for: Self.urls[1]) == 1 }
    }

    /// Removes the cell at `index` and plays both animations to the end.
    func remove(at index: Int) {
        presenter.didTapCell(at: index)
        view.finishRemovalAnimation()
        view.finishMoveUpAnimation()
    }

    func state(_ index: Int) -> GalleryCellState { presenter.cells[index].state }
}

extension GalleryCellState {
    var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }

    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    var loadedSource: LoadedImage.Source? {
        if case .loaded(let image) = self { return image.source }
        return nil
    }
}
