import Foundation
import ImageCache

/// The presenter's record of one cell: where its load stands, and so what it shows.
///
/// One ``Phase`` instead of separate flags, so a cell cannot be "loaded with a failure" or
/// "failed while a load is in flight".
struct GalleryCell {
    /// Where the cell's load stands.
    enum Phase {
        /// Shows a spinner; nothing in flight: loads when it becomes visible. `reload`:
        /// pull-to-refresh asked for a fresh copy that has not been loaded yet.
        case waiting(reload: Bool)
        /// Shows a spinner while a load (a fresh copy when `reload`) is in flight.
        case loading(reload: Bool)
        /// Shows the image; nothing to do until a refresh or leaving the screen.
        case loaded(GalleryImageViewModel)
        /// Shows why `error` happened (`message`, and `hint` for the failures a refresh can
        /// fix); nothing to do until a refresh or a retry when back online.
        case failed(ImageLoadError, message: String, hint: String?)
    }

    let url: URL
    var phase: Phase
    /// What the list says the image is.
    let caption: GalleryCaption?

    /// A cell that loads when visible (a fresh copy when `reload`).
    init(url: URL, reload: Bool, caption: GalleryCaption? = nil) {
        self.url = url
        self.phase = .waiting(reload: reload)
        self.caption = caption
    }

    /// What the view shows for this cell.
    var viewModel: GalleryCellViewModel {
        let state: GalleryCellState
        switch phase {
        case .waiting, .loading: state = .loading
        case .loaded(let image): state = .loaded(image)
        case .failed(_, let message, let hint): state = .failed(message: message, hint: hint)
        }
        return GalleryCellViewModel(id: url.absoluteString, state: state, caption: caption)
    }

    /// Whether a load is in flight.
    var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Whether the cell failed in a way coming back online can fix (offline, timedOut,
    /// connectionLost).
    var failedTransiently: Bool {
        guard case .failed(.network(let error), _, _) = phase else { return false }
        return error.isTransient
    }
}
