import Contracts
import FeedData
import FeedScreen
import Foundation
import Gallery
import Messages
import Networking
import Storage

// Broken twins of the screens: our modules with one thing changed — a proxy between the
// presenter and the suite's view (or in front of the presenter), a bad knob, or a wrapped
// service — so each presenter rule can be shown to fail.

/// The gallery flaws.
enum GalleryFlaw: String, CaseIterable {
    /// Every failure shows "Error", no hint (so every rule that reads a failure's text fails:
    /// `gallery.stallTimesOutInTime`, `gallery.offlineBannerAndRecovery`).
    case genericErrors
    /// Deadlines ten times the configured ones (the `mixed` scenario's stalled image then never
    /// settles within the rules' waits: `gallery.mixedScenario`, `gallery.tapIgnoredUnlessLoaded`).
    case slowDeadlines
    /// Loads every cell, visible or not.
    case loadsEverything
    /// Never hears that the network went or came back.
    case ignoresConnectivity
    /// Removes a tapped cell at once, without the two animations (so it also breaks
    /// `gallery.completionsRunOnce`: no animation completion ever runs).
    case removesWithoutAnimation
    /// Removes whatever cell is tapped, loaded or not — in the view only: the presenter keeps
    /// its six cells, so its later updates address slots of that longer list (it also breaks
    /// `gallery.tapRemovesLoadedCell` and `gallery.reusedCellNeverShowsOldImage`).
    case removesAnyCell
    /// Pull-to-refresh shows the cells again but loads nothing.
    case refreshWithoutReload
    /// Sends each cell's update to the slot the cell had when the list was first shown, like a
    /// view that keeps a cell's index from when its load began: after a removal moved the cells
    /// up, a late image lands in the slot below its own, which now shows the next image.
    case updatesByFirstIndex
    /// Runs each load's completion twice: every image or failure reaches the view twice, as
    /// with a presenter that handles a result once per requester of a coalesced load.
    case completesTwice
    /// Shows an image format without a decoder as a damaged image, as the message table did
    /// before it had a message of its own for that.
    case unsupportedShownAsBroken

    var subject: GalleryRulesSubject {
        GalleryRulesSubject(name: "BrokenGallery(\(rawValue))") { view, setup in
            let proxy = GalleryViewProxy(target: view, flaw: self)
            let presenter: GalleryPresenter
            switch self {
            case .slowDeadlines: presenter = OurScreens.gallery(view: proxy, setup: setup, timeoutScale: 10)
            case .ignoresConnectivity: presenter = OurScreens.gallery(view: proxy, setup: setup, connectivity: AlwaysOnline())
            default: presenter = OurScreens.gallery(view: proxy, setup: setup)
            }
            return GalleryOutputProxy(presenter: presenter, view: proxy, flaw: self)
        }
    }
}

/// Forwards to the suite's view, changing what the flaw changes; remembers the first full list.
@MainActor
final class GalleryViewProxy: GalleryView {
    let target: any GalleryView
    let flaw: GalleryFlaw
    /// The last full list of six cells, as they were last shown.
    var initialCells: [GalleryCellViewModel] = []

    init(target: any GalleryView, flaw: GalleryFlaw) {
        self.target = target
        self.flaw = flaw
    }

    private func mangle(_ cell: GalleryCellViewModel) -> GalleryCellViewModel {
        guard case .failed(let message, let hint) = cell.state else { return cell }
        switch flaw {
        case .genericErrors:
            return GalleryCellViewModel(id: cell.id, state: .failed(message: "Error", hint: nil))
        case .unsupportedShownAsBroken where message == UserMessage.unsupportedFormat.text(in: .en):
            return GalleryCellViewModel(id: cell.id, state: .failed(message: UserMessage.brokenImage.text(in: .en), hint: hint))
        default:
            return cell
        }
    }

    /// The cells as shown, kept while all six are there.
    private var shown: [GalleryCellViewModel] = []
    /// Each cell's index in the first list shown (``GalleryFlaw/updatesByFirstIndex``).
    private var firstIndex: [String: Int] = [:]

    func display(_ cells: [GalleryCellViewModel]) {
        shown = cells
        if cells.count == 6 { initialCells = cells }
        if firstIndex.isEmpty, !cells.isEmpty {
            for (index, cell) in cells.enumerated() { firstIndex[cell.id] = index }
        }
        target.display(cells.map(mangle))
    }

    func update(_ cell: GalleryCellViewModel, at index: Int) {
        if shown.indices.contains(index) { shown[index] = cell }
        if shown.count == 6 { initialCells = shown }
        let slot = flaw == .updatesByFirstIndex ? firstIndex[cell.id] ?? index : index
        target.update(mangle(cell), at: slot)
        if flaw == .completesTwice, cell.state != .loading { target.update(mangle(cell), at: slot) }
    }
    func apply(_ layout: GalleryLayout) { target.apply(layout) }

    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) {
        flaw == .removesWithoutAnimation ? completion() : target.animateRemoval(at: index, completion: completion)
    }

    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) {
        flaw == .removesWithoutAnimation ? completion() : target.moveCellsUp(below: index, completion: completion)
    }

    func showBanner(_ text: String?) { target.showBanner(text) }
    func endRefreshing() { target.endRefreshing() }
}

/// Stands in front of our presenter, handling what the flaw handles itself.
@MainActor
final class GalleryOutputProxy: GalleryViewOutput {
    let presenter: GalleryPresenter
    let view: GalleryViewProxy
    let flaw: GalleryFlaw

    init(presenter: GalleryPresenter, view: GalleryViewProxy, flaw: GalleryFlaw) {
        self.presenter = presenter
        self.view = view
        self.flaw = flaw
    }

    func viewDidLoad() { presenter.viewDidLoad() }
    func viewDidResize(width: Double, height: Double) { presenter.viewDidResize(width: width, height: height) }

    func visibleAreaDidChange(scrollOffset: Double, viewportHeight: Double) {
        flaw == .loadsEverything
            ? presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 1_000_000)
            : presenter.visibleAreaDidChange(scrollOffset: scrollOffset, viewportHeight: viewportHeight)
    }

    func didTapCell(at index: Int) {
        guard flaw == .removesAnyCell else { return presenter.didTapCell(at: index) }
        var cells = presenter.cells
        guard cells.indices.contains(index) else { return }
        cells.remove(at: index)
        let target = view.target
        target.animateRemoval(at: index) {
            target.moveCellsUp(below: index) { target.display(cells) }
        }
    }

    func didPullToRefresh() {
        guard flaw == .refreshWithoutReload else { return presenter.didPullToRefresh() }
        view.target.display(view.initialCells)
        view.target.endRefreshing()
    }
}

/// A connectivity monitor that always says online and never changes.
struct AlwaysOnline: ConnectivityMonitor {
    var isOnline: Bool { get async { true } }
    func changes() -> AsyncStream<Bool> {
        AsyncStream { continuation in continuation.yield(true) }
    }
}

/// The feed flaws.
enum FeedFlaw: String, CaseIterable {
    /// Asks the server before showing the cache.
    case fetchesFirst
    /// Refreshes every 30 s.
    case refreshesEvery30s
    /// Updates the countdown every 5 s only.
    case countdownEvery5s
    /// Does not wait for a refresh's request to end (the next may start meanwhile).
    case doesNotAwaitRequests
    /// Clears the tweets when a refresh fails.
    case clearsOnFailure
    /// Never shows avatars.
    case neverShowsAvatars
    /// Shows (and fetches) avatars whatever the setting.
    case ignoresAvatarSetting

    var subject: FeedRulesSubject {
        FeedRulesSubject(name: "BrokenFeed(\(rawValue))") { view, setup in
            let proxy = FeedViewProxy(target: view, flaw: self)
            return FeedOutputHolder(presenter: try await build(proxy, setup), view: proxy)
        }
    }

    @MainActor
    private func build(_ proxy: FeedViewProxy, _ setup: FeedRulesSetup) async throws -> FeedPresenter {
        switch self {
        case .fetchesFirst:
            let client = TwitterClient(
                configuration: .init(baseURL: setup.serverBaseURL, endpoint: .search(query: setup.query)),
                token: try BearerToken(setup.token), http: CurlHTTPClient(), logger: OurScreens.quiet)
            _ = try? await client.fetchPage(sinceID: nil)
            return try await OurScreens.feed(view: proxy, setup: setup)
        case .refreshesEvery30s:
            return try await OurScreens.feed(view: proxy, setup: setup, refreshInterval: .seconds(30))
        case .doesNotAwaitRequests:
            return try await OurScreens.feed(view: proxy, setup: setup, wrapSource: { NonWaitingSource(real: $0) })
        case .neverShowsAvatars:
            return try await OurScreens.feed(view: proxy, setup: setup, wrapSettings: { FixedAvatarSetting(real: $0, showsAvatars: false) })
        case .ignoresAvatarSetting:
            return try await OurScreens.feed(view: proxy, setup: setup, wrapSettings: { FixedAvatarSetting(real: $0, showsAvatars: true) })
        case .countdownEvery5s, .clearsOnFailure:
            return try await OurScreens.feed(view: proxy, setup: setup)
        }
    }
}

/// Keeps a feed twin's view proxy alive (the presenter holds its view weakly) and forwards the
/// view's events to the presenter.
@MainActor
final class FeedOutputHolder: FeedViewOutput {
    let presenter: FeedPresenter
    let view: FeedViewProxy

    init(presenter: FeedPresenter, view: FeedViewProxy) {
        self.presenter = presenter
        self.view = view
    }

    func viewDidLoad() { presenter.viewDidLoad() }
    func viewWillAppear() { presenter.viewWillAppear() }
    func didTapSettings() { presenter.didTapSettings() }
    func viewWillClose() { presenter.viewWillClose() }
}

/// Forwards to the suite's view, changing what the flaw changes.
@MainActor
final class FeedViewProxy: FeedView {
    let target: any FeedView
    let flaw: FeedFlaw

    init(target: any FeedView, flaw: FeedFlaw) {
        self.target = target
        self.flaw = flaw
    }

    func display(_ tweets: [TweetViewModel]) { target.display(tweets) }

    func showCountdown(_ text: String) {
        if flaw == .countdownEvery5s, let seconds = text.split(separator: " ").compactMap({ Int($0) }).first, seconds % 5 != 0 { return }
        target.showCountdown(text)
    }

    func showMessage(_ text: String?) {
        target.showMessage(text)
        if flaw == .clearsOnFailure, text != nil { target.display([]) }
    }
}

/// Returns an empty page at once and lets the real request run on (its tweets are lost).
struct NonWaitingSource: FeedSource {
    let real: any FeedSource

    func fetchPage(sinceID: Int64?) async throws(FeedSourceError) -> TwitterPage {
        let real = real
        Task { _ = try? await real.fetchPage(sinceID: sinceID) }
        return TwitterPage(tweets: [])
    }
}

/// Settings whose avatar switch is fixed, whatever was saved.
struct FixedAvatarSetting: SettingsStoring {
    let real: any SettingsStoring
    let showsAvatars: Bool

    func load() async throws(StorageError) -> FeedSettings { FeedSettings(showsAvatars: showsAvatars) }
    func save(_ settings: FeedSettings) async throws(StorageError) { try await real.save(settings) }
}
