/// The composition root: builds each screen with its dependencies (see issue 6).
enum AppWireframeNamespace {}
