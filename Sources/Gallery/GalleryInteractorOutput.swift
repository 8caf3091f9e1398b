import Foundation
import ImageCache

/// What ``GalleryInteractor`` reports, on the main actor; implemented by ``GalleryPresenter``.
/// The interactor holds its output weakly.
@MainActor
protocol GalleryInteractorOutput: AnyObject {
    /// A page of the gallery's list arrived (from the server, its cached copy, or a fixed list).
    func interactorDidLoadList(_ page: GalleryPage)
    /// The gallery's list is not available.
    func interactorDidFailLoadingList(_ error: GalleryListError)
    /// The image for `url` is loaded.
    func interactorDidLoadImage(_ image: LoadedImage, for url: URL)
    /// The image for `url` failed to load (``ImageLoadError/cancelled`` only when the loader
    /// cancelled it by itself: loads the interactor was asked to cancel report nothing).
    func interactorDidFailLoadingImage(_ error: ImageLoadError, for url: URL)
    /// The connectivity monitor's state: the current one first, then each change.
    func interactorDidUpdateConnectivity(isOnline: Bool)
}
