import Foundation
import Messages

extension GalleryPresenter {
    /// Which page is shown, how many there are, and which one was asked for last.
    struct Paging {
        /// The page shown, from 1.
        var page = 1
        /// The list's page count; `nil` for a list that does not page.
        var pageCount: Int?
        /// The page asked of the interactor whose answer has not come yet.
        var requested: Int?

        /// No other page than the shown one is on its way (a refresh of the shown one may be).
        var isIdle: Bool { requested == nil || requested == page }
    }

    /// Fetches the next page of a list that pages, unless it is the last or a page is on its way.
    public func didTapNextPage() { turn(to: paging.page + 1) }

    /// Fetches the previous page of a list that pages, unless it is the first or a page is on its way.
    public func didTapPreviousPage() { turn(to: paging.page - 1) }

    private func turn(to number: Int) {
        guard let count = paging.pageCount, (1...max(1, count)).contains(number), number != paging.page, paging.isIdle
        else { return }
        paging.requested = number
        interactor.loadList(page: number)
        showPaging()
    }

    /// Takes an arrived page's number and count; `true` when it is another page than the one
    /// shown (its cells then replace the others even if the URLs happen to be the same).
    func acceptPage(_ page: GalleryPage) -> Bool {
        paging.requested = nil
        paging.pageCount = page.pageCount
        let turned = page.number != paging.page
        paging.page = page.number
        if turned { scrollOffset = 0 }
        return turned
    }

    /// When `error` answers Next or Previous (not the shown page's own load or refresh): the shown
    /// page stays, the banner says why, and `true` is returned.
    func pageRequestFailed(_ error: GalleryListError) -> Bool {
        guard let requested = paging.requested else { return false }
        paging.requested = nil
        guard requested != paging.page else { return false }
        listFailureText = FailureMessages.galleryList(for: error)?.text(in: language)
        showPaging()
        return true
    }

    /// Hands the view the paging controls, or `nil` for a list that does not page.
    func showPaging() {
        guard let count = paging.pageCount, count > 0 else {
            view?.showPaging(nil)
            return
        }
        let idle = paging.isIdle
        view?.showPaging(GalleryPagingViewModel(
            page: paging.page, pageCount: count, status: Self.pageStatus(paging.page, of: count, in: language),
            canGoBack: idle && paging.page > 1, canGoForward: idle && paging.page < count))
    }

    /// "Page 2 of 8" in `language`.
    static func pageStatus(_ page: Int, of count: Int, in language: Language) -> String {
        switch language {
        case .en: "Page \(page) of \(count)"
        case .ru: "Страница \(page) из \(count)"
        }
    }
}
