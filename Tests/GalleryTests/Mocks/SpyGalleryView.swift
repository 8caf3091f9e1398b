import Gallery

/// A view that records every call in order and holds the animation completions, so a test
/// decides when an animation ends.
@MainActor
final class SpyGalleryView: GalleryView {
    enum Call: Equatable {
        case display([GalleryCellViewModel])
        case update(GalleryCellViewModel, at: Int)
        case apply(GalleryLayout)
        case animateRemoval(at: Int)
        case moveCellsUp(below: Int)
        case showBanner(String?)
        case endRefreshing
    }

    private(set) var calls: [Call] = []
    private var removalCompletions: [@MainActor () -> Void] = []
    private var moveUpCompletions: [@MainActor () -> Void] = []

    func display(_ cells: [GalleryCellViewModel]) { calls.append(.display(cells)) }
    func update(_ cell: GalleryCellViewModel, at index: Int) { calls.append(.update(cell, at: index)) }
    func apply(_ layout: GalleryLayout) { calls.append(.apply(layout)) }
    func showBanner(_ text: String?) { calls.append(.showBanner(text)) }
    func endRefreshing() { calls.append(.endRefreshing) }

    /// Every paging model shown, in order (kept apart from ``calls``, which other tests compare whole).
    private(set) var pagings: [GalleryPagingViewModel?] = []
    func showPaging(_ paging: GalleryPagingViewModel?) { pagings.append(paging) }

    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) {
        calls.append(.animateRemoval(at: index))
        removalCompletions.append(completion)
    }

    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) {
        calls.append(.moveCellsUp(below: index))
        moveUpCompletions.append(completion)
    }

    /// Ends the oldest pending slide-out; returns whether there was one.
    @discardableResult
    func finishRemovalAnimation() -> Bool {
        guard !removalCompletions.isEmpty else { return false }
        removalCompletions.removeFirst()()
        return true
    }

    /// Ends the oldest pending move-up; returns whether there was one.
    @discardableResult
    func finishMoveUpAnimation() -> Bool {
        guard !moveUpCompletions.isEmpty else { return false }
        moveUpCompletions.removeFirst()()
        return true
    }

    /// Forgets the calls so far (a test's "when" starts from a clean record).
    func clearCalls() { calls = [] }

    var displayCount: Int { calls.filter { if case .display = $0 { true } else { false } }.count }
    var endRefreshingCount: Int { calls.filter { $0 == .endRefreshing }.count }
    var banners: [String?] { calls.compactMap { if case .showBanner(let text) = $0 { text } else { nil } } }
    var animationCalls: [Call] {
        calls.filter {
            switch $0 {
            case .animateRemoval, .moveCellsUp: true
            default: false
            }
        }
    }
}
