import Foundation
import Gallery
import ImageCache
import ImageCodec

/// The gallery screen on the page: every ``GalleryView`` call becomes one `gallery.*` event on
/// the session's stream. Loaded cells carry the URL of their image (`/image?url=…&v=…`), which
/// the server answers from the pipeline's caches; the view only remembers which cells are loaded.
@MainActor
final class GalleryWebView: GalleryView {
    /// The cells as last shown, in order.
    private(set) var cells: [GalleryCellViewModel] = []
    private let session: WebSession
    /// Per image URL: bumped each time its cell becomes loaded, so the page fetches the new bytes.
    private var versions: [String: Int] = [:]
    private var loadedIDs: Set<String> = []

    /// A view drawing into `session`'s page.
    init(session: WebSession) {
        self.session = session
    }

    /// The decoded image of the loaded cell whose image URL is `id`, or `nil` when that cell is
    /// not shown loaded.
    func loadedImage(id: String) -> DecodedImage? {
        for cell in cells where cell.id == id {
            if case .loaded(let image) = cell.state { return image.image }
        }
        return nil
    }

    func display(_ cells: [GalleryCellViewModel]) {
        self.cells = cells
        let payload = cells.enumerated().map { self.payload(for: $0.element, position: $0.offset, count: cells.count) }
        session.send(ServerSentEvent("gallery.display", ["cells": payload]))
    }

    func update(_ cell: GalleryCellViewModel, at index: Int) {
        guard cells.indices.contains(index) else { return }
        cells[index] = cell
        session.send(ServerSentEvent("gallery.update", Update(index: index, cell: payload(for: cell, position: index, count: cells.count))))
    }

    func apply(_ layout: GalleryLayout) {
        session.send(ServerSentEvent("gallery.layout", Layout(
            containerWidth: layout.containerWidth, cellSide: layout.cellSide, inset: GalleryLayout.inset,
            spacing: GalleryLayout.spacing)))
    }

    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) {
        let number = session.register(completion)
        session.send(ServerSentEvent("gallery.animateRemoval", Animation(index: index, completion: number)))
    }

    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) {
        let number = session.register(completion)
        session.send(ServerSentEvent("gallery.moveCellsUp", Move(below: index, completion: number)))
    }

    func showBanner(_ text: String?) {
        session.send(ServerSentEvent("gallery.banner", TextPayload(text: text)))
    }

    func endRefreshing() {
        session.send(ServerSentEvent("gallery.endRefreshing", EmptyPayload()))
    }

    /// `gallery.paging`: the page's status and which of "Previous page" and "Next page" work;
    /// `{"pages":0}` hides the controls (a list that does not page).
    func showPaging(_ paging: GalleryPagingViewModel?) {
        let payload = paging.map {
            Paging(page: $0.page, pages: $0.pageCount, status: $0.status, canGoBack: $0.canGoBack, canGoForward: $0.canGoForward)
        } ?? Paging(page: 0, pages: 0, status: "", canGoBack: false, canGoForward: false)
        session.send(ServerSentEvent("gallery.paging", payload))
    }

    /// The cell as the page draws it.
    private func payload(for cell: GalleryCellViewModel, position: Int, count: Int) -> Cell {
        var drawn = content(for: cell)
        drawn.caption = cell.caption.map { Caption(title: $0.title, advice: $0.advice) }
        return drawn
    }

    /// The cell's state as the page draws it.
    private func content(for cell: GalleryCellViewModel) -> Cell {
        switch cell.state {
        case .loading:
            loadedIDs.remove(cell.id)
            return Cell(id: cell.id, state: "loading")
        case .failed(let message, let hint):
            loadedIDs.remove(cell.id)
            return Cell(id: cell.id, state: "failed", message: message, hint: hint)
        case .loaded(let image):
            if loadedIDs.insert(cell.id).inserted { versions[cell.id, default: 0] += 1 }
            return Cell(
                id: cell.id, state: "loaded", image: Self.imagePath(id: cell.id, version: versions[cell.id, default: 1]),
                width: image.width, height: image.height, source: "\(image.source)")
        }
    }

    /// `/image?url=<id>&v=<version>`, the id percent-encoded as a query value.
    static func imagePath(id: String, version: Int) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let encoded = id.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return "/image?url=\(encoded)&v=\(version)"
    }

    /// A cell as the page gets it: absent fields are left out, but `hint` is always present in
    /// failed cells (null when there is none).
    private struct Cell: Encodable {
        let id: String
        let state: String
        var image: String?
        var width: Int?
        var height: Int?
        var source: String?
        var message: String?
        var hint: NullWhenNil<String>?
        var caption: Caption?

        init(id: String, state: String, image: String? = nil, width: Int? = nil, height: Int? = nil, source: String? = nil,
             message: String? = nil, hint: String? = nil) {
            (self.id, self.state, self.image, self.width, self.height) = (id, state, image, width, height)
            (self.source, self.message) = (source, message)
            self.hint = state == "failed" ? NullWhenNil(value: hint) : nil
        }
    }

    /// An optional written as JSON null when it is nil, where a plain optional field is left out.
    private struct NullWhenNil<Value: Encodable>: Encodable {
        let value: Value?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    private struct Caption: Encodable { let title: String, advice: String }
    private struct Paging: Encodable { let page: Int, pages: Int, status: String, canGoBack: Bool, canGoForward: Bool }
    private struct Update: Encodable { let index: Int, cell: Cell }
    private struct Layout: Encodable { let containerWidth: Double, cellSide: Double, inset: Double, spacing: Double }
    private struct Animation: Encodable { let index: Int, completion: Int }
    private struct Move: Encodable { let below: Int, completion: Int }

}
