import Foundation
import ImageCache

/// The presenter's record of one cell: what it shows and where its load stands.
struct GalleryCell {
    /// Where the cell's load stands.
    enum Activity: Equatable {
        /// Nothing in flight and nothing shown yet: loads when visible.
        case idle
        /// A load is in flight.
        case loading
        /// Loaded or failed: nothing to do until a refresh, a retry or leaving the screen.
        case settled
    }

    let url: URL
    var state: GalleryCellState = .loading
    var activity: Activity = .idle
    /// The last failure, while the cell shows it.
    var failure: ImageLoadError?
    /// Pull-to-refresh asked for a fresh copy that has not been loaded yet.
    var needsReload: Bool

    init(url: URL, needsReload: Bool) {
        self.url = url
        self.needsReload = needsReload
    }

    var viewModel: GalleryCellViewModel { GalleryCellViewModel(id: url.absoluteString, state: state) }

    /// Whether the cell failed in a way coming back online can fix (offline, timedOut,
    /// connectionLost).
    var failedTransiently: Bool {
        guard case .network(let error) = failure else { return false }
        return error.isTransient
    }

    /// Back to "loads when visible", showing a spinner.
    mutating func reset() {
        state = .loading
        activity = .idle
        failure = nil
    }
}
