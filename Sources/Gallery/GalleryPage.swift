public import Foundation

/// One page of the gallery's list: its image URLs, what each one is (when the list says), and
/// where the page stands among the others.
///
/// A list that does not page (the server's `default` and `mixed` scenarios, a
/// ``FixedGalleryList``) is one page with ``pageCount`` `nil`: the gallery then shows no paging
/// controls. The zoo scenario pages through every variant six at a time and names each image.
public struct GalleryPage: Sendable, Hashable {
    /// The page's number, from 1.
    public let number: Int
    /// How many pages the list has, as the server said; `nil` when the list does not page.
    public let pageCount: Int?
    /// The image URLs, in cell order.
    public let urls: [URL]
    /// What the list says about its images, by URL (the zoo: each variant's name and advice).
    public let captions: [URL: GalleryCaption]

    /// A page of `urls`.
    public init(number: Int = 1, pageCount: Int? = nil, urls: [URL], captions: [URL: GalleryCaption] = [:]) {
        self.number = max(1, number)
        self.pageCount = pageCount.map { max(0, $0) }
        self.urls = urls
        self.captions = captions
    }
}

/// What a list says about one of its images, shown with its cell: the zoo's variant name and
/// what a good loader does with it.
public struct GalleryCaption: Sendable, Hashable {
    /// The image's name, e.g. `jpg exif-6`.
    public let title: String
    /// What a good loader does with it, e.g. `shows it upright`; empty when the list gives none.
    public let advice: String

    /// A caption.
    public init(title: String, advice: String) {
        self.title = title
        self.advice = advice
    }
}

/// The paging controls as the view shows them: which page is shown, and whether Previous page and
/// Next page can be used. Shown only for a list that pages.
public struct GalleryPagingViewModel: Sendable, Hashable {
    /// The page shown, from 1.
    public let page: Int
    /// How many pages there are.
    public let pageCount: Int
    /// The status line, e.g. "Page 2 of 8" ("Страница 2 из 8").
    public let status: String
    /// Whether "Previous page" does something now.
    public let canGoBack: Bool
    /// Whether "Next page" does something now.
    public let canGoForward: Bool

    /// Creates the model.
    public init(page: Int, pageCount: Int, status: String, canGoBack: Bool, canGoForward: Bool) {
        self.page = page
        self.pageCount = pageCount
        self.status = status
        self.canGoBack = canGoBack
        self.canGoForward = canGoForward
    }
}
