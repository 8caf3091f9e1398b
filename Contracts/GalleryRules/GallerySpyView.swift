import ContractsCore
import Foundation
import Gallery

/// The suite's gallery view: records every call with its time, keeps the cells as a real view
/// would, and runs animation completions at once — or holds them while `holdsAnimations`.
@MainActor
final class GallerySpyView: GalleryView {
    /// One call the presenter made, printed in plain words for violation sentences ("display 5
    /// cells"); cells are numbered from 1, as a user counts them.
    enum Call: Equatable, CustomStringConvertible {
        case display(count: Int)
        case update(index: Int)
        case layout(width: Double)
        case animateRemoval(index: Int)
        case moveCellsUp(below: Int)
        case banner(String?)
        case endRefreshing

        var description: String {
            switch self {
            case .display(let count): return "display \(count) \(count == 1 ? "cell" : "cells")"
            case .update(let index): return "update cell \(index + 1)"
            case .layout(let width): return "lay out for a width of \(width.formatted()) pt"
            case .animateRemoval(let index): return "slide cell \(index + 1) out"
            case .moveCellsUp(let index): return "move the cells below cell \(index + 1) up"
            case .banner(let text): return text.map { "show the banner \"\($0)\"" } ?? "hide the banner"
            case .endRefreshing: return "end refreshing"
            }
        }
    }

    private(set) var calls: [(call: Call, at: ContinuousClock.Instant)] = []
    private(set) var cells: [GalleryCellViewModel] = []
    private(set) var banner: String?
    private(set) var displays: [[GalleryCellViewModel]] = []
    /// When each cell id last changed state, and to what.
    private(set) var changes: [(id: String, state: GalleryCellState, at: ContinuousClock.Instant)] = []
    /// Every ``update(_:at:)``, in order.
    private(set) var updates: [(index: Int, cell: GalleryCellViewModel)] = []
    /// The updates that reached a slot showing another image's cell (`shown`: that cell's id),
    /// or no slot at all (`shown` nil): a reused cell would show them.
    private(set) var misplaced: [(index: Int, shown: String?, delivered: GalleryCellViewModel)] = []
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
        updates.append((index, cell))
        if cells.indices.contains(index) {
            if cells[index].id != cell.id { misplaced.append((index, shown: cells[index].id, delivered: cell)) }
            cells[index] = cell
        } else {
            misplaced.append((index, shown: nil, delivered: cell))
        }
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

    /// `calls` in plain words, in order: "slide cell 3 out, then move the cells below cell 3 up";
    /// "no call" when empty.
    static func describe<S: Sequence<Call>>(_ calls: S) -> String {
        let words = calls.map(\.description)
        return words.isEmpty ? "no call" : words.joined(separator: ", then ")
    }

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
