/// A screen of the web front end, as the page's navigation shows it.
public enum WebScreen: String, Sendable, Hashable, CaseIterable {
    /// The first screen: a way to the gallery and to the feed.
    case home
    /// The gallery of six images.
    case gallery
    /// The tweet feed.
    case feed
    /// The feed's settings, pushed from the feed.
    case settings
}
