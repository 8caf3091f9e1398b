import ContractsCore
import Foundation
import Gallery

/// The suite's gallery view: records every call with its time, keeps the cells as a real view
/// would, and runs animation completions at once — or holds them while `holdsAnimations`.
@MainActor
final class GallerySpyView: GalleryView {
    enum Call: Equatable {
        case display(count: Int)
        case update(index: Int)
        case layout(width: Double)
        case animateRemoval(index: Int)
        case moveCellsUp(below: Int)
        case banner(String?)
        case endRefreshing
    }

    private(set) var calls: [(call: Call, at: ContinuousClock.Instant)] = []
    private(set) var cells: [GalleryCellViewModel] = []
    private(set) var banner: String?
    private(set) var displays: [[GalleryCellViewModel]] = []
    /// When each cell id last changed state, and to what.
    private(set) var changes: [(id: String, state: GalleryCellState, at: ContinuousClock.Instant)] = []
    var holdsAnimations = false
    private var held: [@MainActor () -> Void] = []

    func display(_ cells: [GalleryCellViewModel]) {
        record(.display(count: cells.count))
        self.cells = cells
        displays.append(cells)
        for cell in cells { changes.append((cell.id, cell.state, .now)) }
    }

    func update(_ cell: GalleryCellViewModel, at index: Int) {
        record(.update(index: index))
        if cells.indices.contains(index) { cells[index] = cell }
        changes.append((cell.id, cell.state, .now))
    }

    func apply(_ layout: GalleryLayout) { record(.layout(width: layout.containerWidth)) }

    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) {
        record(.animateRemoval(index: index))
        holdsAnimations ? held.append(completion) : completion()
    }

    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) {
        record(.moveCellsUp(below: index))
        holdsAnimations ? held.append(completion) : completion()
    }

    func showBanner(_ text: String?) {
        record(.banner(text))
        banner = text
    }

    func endRefreshing() {
        record(.endRefreshing)
        settledAtLastEndRefreshing = allSettled
    }

    /// Whether every cell had settled when ``endRefreshing()`` was last called.
    private(set) var settledAtLastEndRefreshing: Bool?

    /// Runs the oldest held completion; `false` when none is held.
    func finishAnimation() -> Bool {
        guard !held.isEmpty else { return false }
        held.removeFirst()()
        return true
    }

    private func record(_ call: Call) { calls.append((call, .now)) }

    var callsOnly: [Call] { calls.map(\.call) }

    /// Whether no cell shows a spinner.
    var allSettled: Bool { !cells.isEmpty && cells.allSatisfy { $0.state != .loading } }
}

extension GalleryCellState {
    var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }

    /// A short description for violation sentences.
    var summary: String {
        switch self {
        case .loading: return "loading"
        case .loaded(let image): return "loaded \(image.width)×\(image.height) from \(image.source)"
        case .failed(let message, let hint): return "failed \"\(message)\"" + (hint.map { " + \"\($0)\"" } ?? "")
        }
    }
}
