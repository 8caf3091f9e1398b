import FeedScreen
import Foundation
import Gallery
import ImageCache
import Settings

/// Writes one JSON object per line on standard output (sorted keys, so lines are stable).
@MainActor
final class JSONLines {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func emit(_ value: some Encodable) {
        guard let data = try? encoder.encode(value) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// The gallery view of `testbed gallery`: prints every update as a JSON line and keeps the
/// cells, so the command knows when they have settled.
@MainActor
final class RecordingGalleryView: GalleryView {
    struct Cell: Encodable {
        let id: String
        let state: String
        let width: Int?
        let height: Int?
        let source: String?
        let message: String?
        let hint: String?
        /// The list's caption: the zoo's variant (`jpg exif-6`) and what a good loader does.
        let caption: String?
        let advice: String?

        init(_ cell: GalleryCellViewModel) {
            id = cell.id
            (caption, advice) = (cell.caption?.title, cell.caption?.advice)
            switch cell.state {
            case .loading:
                (state, width, height, source, message, hint) = ("loading", nil, nil, nil, nil, nil)
            case .loaded(let image):
                (state, width, height, source, message, hint) = ("loaded", image.width, image.height, "\(image.source)", nil, nil)
            case .failed(let text, let tip):
                (state, width, height, source, message, hint) = ("failed", nil, nil, nil, text, tip)
            }
        }
    }

    struct Line: Encodable {
        let event: String
        var cells: [Cell]?
        var index: Int?
        var cell: Cell?
        var text: String?
        var width: Double?
        var page: Int?
        var pages: Int?
        var canGoBack: Bool?
        var canGoForward: Bool?
    }

    private let out: JSONLines
    private(set) var cells: [GalleryCellViewModel] = []
    private(set) var refreshing = false
    /// Whether the presenter has displayed a list yet: the list's cells, or none when the list
    /// could not be had (its failure is then on the banner).
    private(set) var displayed = false

    init(out: JSONLines) { self.out = out }

    /// Every cell displayed has loaded or failed; a list that failed (no cells) is settled too.
    var settled: Bool { displayed && cells.allSatisfy { $0.state != .loading } }

    /// The list could not be loaded: no cells were displayed.
    var listFailed: Bool { displayed && cells.isEmpty }

    func display(_ cells: [GalleryCellViewModel]) {
        displayed = true
        self.cells = cells
        out.emit(Line(event: "display", cells: cells.map(Cell.init)))
    }

    func update(_ cell: GalleryCellViewModel, at index: Int) {
        if cells.indices.contains(index) { cells[index] = cell }
        out.emit(Line(event: "update", index: index, cell: Cell(cell)))
    }

    func apply(_ layout: GalleryLayout) { out.emit(Line(event: "layout", width: layout.containerWidth)) }

    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) {
        out.emit(Line(event: "animateRemoval", index: index))
        completion()
    }

    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) {
        out.emit(Line(event: "moveCellsUp", index: index))
        completion()
    }

    func showBanner(_ text: String?) {
        banner = text
        out.emit(Line(event: "banner", text: text))
    }

    /// The banner's text, `nil` when hidden.
    private(set) var banner: String?

    func endRefreshing() {
        refreshing = false
        out.emit(Line(event: "endRefreshing"))
    }

    func beginRefreshing() { refreshing = true }

    /// The paging controls as last shown; `nil` for a list that does not page.
    private(set) var paging: GalleryPagingViewModel?

    func showPaging(_ paging: GalleryPagingViewModel?) {
        guard paging != self.paging else { return }
        self.paging = paging
        guard let paging else { return out.emit(Line(event: "paging")) }
        out.emit(Line(
            event: "paging", text: paging.status, page: paging.page, pages: paging.pageCount, canGoBack: paging.canGoBack,
            canGoForward: paging.canGoForward))
    }
}

/// The feed view of `testbed feed`: prints every update as a JSON line.
@MainActor
final class RecordingFeedView: FeedView, SettingsView {
    struct TweetLine: Encodable {
        let id: String
        let user: String
        let screenName: String
        let text: String
        let avatar: String
        let avatarBytes: Int?

        init(_ tweet: TweetViewModel) {
            id = String(tweet.id)
            user = tweet.userName
            screenName = tweet.screenName
            text = tweet.text
            switch tweet.avatar {
            case .hidden: (avatar, avatarBytes) = ("hidden", nil)
            case .placeholder: (avatar, avatarBytes) = ("placeholder", nil)
            case .image(let bytes): (avatar, avatarBytes) = ("image", bytes.count)
            }
        }
    }

    struct Line: Encodable {
        let event: String
        var tweets: [TweetLine]?
        var text: String?
        var showsAvatars: Bool?
    }

    private let out: JSONLines

    init(out: JSONLines) { self.out = out }

    func display(_ tweets: [TweetViewModel]) {
        out.emit(Line(event: "tweets", tweets: tweets.map(TweetLine.init)))
    }

    func showCountdown(_ text: String) { out.emit(Line(event: "countdown", text: text)) }

    func showMessage(_ text: String?) { out.emit(Line(event: "message", text: text)) }

    func display(_ settings: SettingsViewModel) { out.emit(Line(event: "settings", showsAvatars: settings.showsAvatars)) }
}
