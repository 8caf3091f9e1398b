/// Assembles the gallery module. The gallery navigates nowhere, so the router's only job is
/// the wiring: view → presenter (weakly held view) → interactor (weakly held output).
public enum GalleryRouter {
    /// Builds the module for `view`: a ``GalleryPresenter`` over a ``GalleryInteractor`` using
    /// `dependencies`. The caller keeps the presenter alive (in an app, the view holds it) and
    /// calls ``GalleryPresenter/viewDidLoad()`` when the view is ready.
    @MainActor
    public static func makeModule(view: any GalleryView, dependencies: GalleryDependencies) -> GalleryPresenter {
        let interactor = GalleryInteractor(
            images: dependencies.images, list: dependencies.list, connectivity: dependencies.connectivity)
        return GalleryPresenter(
            view: view, interactor: interactor, language: dependencies.language, displayScale: dependencies.displayScale)
    }
}
