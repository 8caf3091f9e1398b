public import ContractsCore
import Foundation
import Gallery
import Messages
import MockServer

/// The presenter-level rules any implementation of the gallery screen keeps, checked through a
/// spy view the suite supplies, against the mock server's `gallery.json` scenarios (deadlines
/// scaled: connect 2 s, stall 4 s, total 8 s; texts in English).
public enum GalleryRulesContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<GalleryRulesSubject>] = [
        mixedScenario, stallTimesOutInTime, loadsOnlyVisible, offlineBannerAndRecovery, tapRemovesLoadedCell,
        tapIgnoredUnlessLoaded, refreshRestoresAll, reusedCellNeverShowsOldImage, completionsRunOnce, unsupportedFormatMessage,
    ]

    public static let mixedScenario = Contract<GalleryRulesSubject>(
        id: "gallery.mixedScenario",
        rule: "The mixed scenario shows the two good images and, in each failing cell, its exact message: brokenImage, imageUnavailable, imageTooLarge, timedOut + Pull down to refresh."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "mixed") { run in
            if let problem = await run.settle() { return problem }
            let expected: [(String, GalleryCellState?)] = [
                ("the fine image", nil), ("the slow image (3 s, within the deadline)", nil),
                ("the corrupt image", .failed(message: Expected.text(.brokenImage), hint: nil)),
                ("the missing image", .failed(message: Expected.text(.imageUnavailable), hint: nil)),
                ("the oversized image", .failed(message: Expected.text(.imageTooLarge), hint: nil)),
                ("the stalled image", .failed(message: Expected.text(.timedOut), hint: Expected.hint)),
            ]
            for (index, (what, state)) in expected.enumerated() {
                let shown = run.view.cells[index].state
                if let state, shown != state { return "\(what) (cell \(index)) shows \(shown.summary), expected \(state.summary)" }
                if state == nil, !shown.isLoaded { return "\(what) (cell \(index)) shows \(shown.summary), expected the image" }
            }
            return nil
        }
    }

    public static let stallTimesOutInTime = Contract<GalleryRulesSubject>(
        id: "gallery.stallTimesOutInTime",
        rule: "A cell whose image stalls shows timedOut + Pull down to refresh once the 4 s stall deadline passes: not before, at most 6.5 s after it became visible."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "mixed", visible: false) { run in
            let stalled = run.view.cells[5].id
            let visibleAt = ContinuousClock.now
            run.output.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
            let failed = await waitOnMain(within: .seconds(8)) {
                run.view.changes.contains { $0.id == stalled && $0.state != .loading }
            }
            guard failed, let change = run.view.changes.first(where: { $0.id == stalled && $0.state != .loading }) else {
                return "the stalled cell still shows \(run.view.cells[5].state.summary) 8 s after it became visible"
            }
            let after = change.at - visibleAt
            let expected = GalleryCellState.failed(message: Expected.text(.timedOut), hint: Expected.hint)
            if change.state != expected { return "the stalled cell shows \(change.state.summary), expected \(expected.summary)" }
            if after < .milliseconds(3_950) { return "the stalled cell failed \(after) after it became visible, before the 4 s stall deadline" }
            if after > .milliseconds(6_500) { return "the stalled cell failed \(after) after it became visible, over 6.5 s" }
            return nil
        }
    }

    public static let loadsOnlyVisible = Contract<GalleryRulesSubject>(
        id: "gallery.loadsOnlyVisible",
        rule: "Only cells reported visible are requested: with cells 1–2 on screen the server sees exactly those two images; scrolling to 5–6 loads those."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "default", visible: false) { run in
            // 400 wide: cells are 380 pt, one every 390 pt from y = 10; 780 pt show cells 0 and 1.
            run.output.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 780)
            guard await waitOnMain(within: .seconds(5), { run.view.cells.prefix(2).allSatisfy { $0.state.isLoaded } }) else {
                return "cells 1 and 2 (on screen) show \(run.view.cells.prefix(2).map(\.state.summary)) after 5 s"
            }
            try? await Task.sleep(for: .milliseconds(300))
            let first = Set(requestedImages(server))
            if first != ["/images/1.png", "/images/2.jpg"] {
                return "with cells 1–2 on screen the server was asked for \(first.sorted())"
            }
            run.output.visibleAreaDidChange(scrollOffset: 1_560, viewportHeight: 780)
            guard await waitOnMain(within: .seconds(5), { run.view.cells.suffix(2).allSatisfy { $0.state.isLoaded } }) else {
                return "after scrolling, cells 5 and 6 show \(run.view.cells.suffix(2).map(\.state.summary)) after 5 s"
            }
            let second = Set(requestedImages(server))
            let expected: Set = ["/images/1.png", "/images/2.jpg", "/images/5.png", "/images/6.jpg"]
            return second == expected ? nil : "after scrolling to cells 5–6 the server was asked for \(second.sorted())"
        }
    }

    public static let offlineBannerAndRecovery = Contract<GalleryRulesSubject>(
        id: "gallery.offlineBannerAndRecovery",
        rule: "Offline, cells fail with offline + Pull down to refresh and the offline banner shows; back online, the banner goes and the failed cells reload by themselves."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "default", visible: false) { run in
            do { try server.setOffline(true) } catch { return "the server could not go offline: \(error)" }
            run.output.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
            if let problem = await run.settle(within: .seconds(8)) { return problem }
            let offline = GalleryCellState.failed(message: Expected.text(.offline), hint: Expected.hint)
            if let cell = run.view.cells.first(where: { $0.state != offline }) {
                return "offline, a cell shows \(cell.state.summary), expected \(offline.summary)"
            }
            guard await waitOnMain(within: .seconds(3), { run.view.banner == Expected.text(.offline) }) else {
                return "offline, the banner shows \(run.view.banner.map { "\"\($0)\"" } ?? "nothing") after 3 s"
            }
            do { try server.setOffline(false) } catch { return "the server could not come back: \(error)" }
            guard await waitOnMain(within: .seconds(5), { run.view.banner == nil }) else {
                return "back online, the banner still shows after 5 s"
            }
            guard await waitOnMain(within: .seconds(8), { run.view.cells.allSatisfy { $0.state.isLoaded } }) else {
                return "back online, the cells show \(run.view.cells.map(\.state.summary)) after 8 s without any user action"
            }
            return nil
        }
    }

    public static let tapRemovesLoadedCell = Contract<GalleryRulesSubject>(
        id: "gallery.tapRemovesLoadedCell",
        rule: "A tap on a loaded cell animates it out to the right, then moves the cells below up one slot, then the cell is gone; taps during the animation do nothing."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "default") { run in
            if let problem = await run.allLoaded() { return problem }
            let ids = run.view.cells.map(\.id)
            run.view.holdsAnimations = true
            let before = run.view.calls.count
            run.output.didTapCell(at: 2)
            run.output.didTapCell(at: 3)
            var sequence = Array(run.view.callsOnly[before...])
            guard sequence == [.animateRemoval(index: 2)] else {
                return "a tap on loaded cell 3 (then one on cell 4 during its animation) made the view \(GallerySpyView.describe(sequence)); expected only: slide cell 3 out"
            }
            _ = run.view.finishAnimation()
            sequence = Array(run.view.callsOnly[before...])
            guard sequence == [.animateRemoval(index: 2), .moveCellsUp(below: 2)] else {
                return "after cell 3 slid out the view was told to \(GallerySpyView.describe(sequence)); expected: slide cell 3 out, then move the cells below cell 3 up"
            }
            run.output.didTapCell(at: 4)
            _ = run.view.finishAnimation()
            _ = await waitOnMain(within: .seconds(1)) { run.view.cells.count == 5 }
            let left = run.view.cells.map(\.id)
            var expected = ids
            expected.remove(at: 2)
            if left != expected { return "after the animations the cells are \(left.count): \(left), expected the 5 others in order" }
            let extra = run.view.callsOnly[before...].filter { if case .animateRemoval = $0 { return true } else { return false } }
            return extra.count == 1 ? nil : "taps during the animation started \(extra.count - 1) more removals"
        }
    }

    public static let tapIgnoredUnlessLoaded = Contract<GalleryRulesSubject>(
        id: "gallery.tapIgnoredUnlessLoaded",
        rule: "A tap on a cell still loading or failed does nothing: no animation, the cells stay."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "mixed") { run in
            try? await Task.sleep(for: .milliseconds(200))
            guard run.view.cells[1].state == .loading else {
                return "the 3 s slow image already shows \(run.view.cells[1].state.summary) after 200 ms"
            }
            let isRemoval = { (call: GallerySpyView.Call) -> Bool in
                switch call {
                case .animateRemoval, .moveCellsUp: return true
                default: return false
                }
            }
            var before = run.view.calls.count
            run.output.didTapCell(at: 1)  // still loading
            try? await Task.sleep(for: .milliseconds(100))
            var removals = run.view.callsOnly[before...].filter(isRemoval)
            if !removals.isEmpty { return "a tap on cell 2, still loading, made the view \(GallerySpyView.describe(removals))" }
            if let problem = await run.settle() { return problem }
            before = run.view.calls.count
            run.output.didTapCell(at: 2)  // failed: broken image
            run.output.didTapCell(at: 3)  // failed: missing
            try? await Task.sleep(for: .milliseconds(200))
            removals = run.view.callsOnly[before...].filter(isRemoval)
            if !removals.isEmpty { return "taps on cells 3 and 4, which failed, made the view \(GallerySpyView.describe(removals))" }
            return run.view.cells.count == 6 ? nil : "after taps on loading and failed cells \(run.view.cells.count) cells are left"
        }
    }

    public static let refreshRestoresAll = Contract<GalleryRulesSubject>(
        id: "gallery.refreshRestoresAll",
        rule: "Pull-to-refresh shows the initial 6 cells again without animation, requests every image again, and ends refreshing once all have settled."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "default") { run in
            if let problem = await run.allLoaded() { return problem }
            let initial = run.view.cells.map(\.id)
            run.output.didTapCell(at: 0)
            guard await waitOnMain(within: .seconds(2), { run.view.cells.count == 5 }) else { return "a tap did not remove a loaded cell" }
            server.resetJournal()
            let before = run.view.calls.count
            run.output.didPullToRefresh()
            guard await waitOnMain(within: .seconds(8), { run.view.callsOnly[before...].contains(.endRefreshing) }) else {
                return "refreshing did not end within 8 s"
            }
            let during = Array(run.view.callsOnly[before...])
            if during.contains(where: { if case .animateRemoval = $0 { true } else if case .moveCellsUp = $0 { true } else { false } }) {
                return "the refresh animated: the view was told to \(GallerySpyView.describe(during))"
            }
            guard run.view.displays.last.map({ $0.map(\.id) }) == initial || run.view.cells.map(\.id) == initial else {
                return "after the refresh the cells are \(run.view.cells.map(\.id)), expected the initial 6"
            }
            if run.view.settledAtLastEndRefreshing != true { return "refreshing ended while cells were still loading: \(run.view.cells.map(\.state.summary))" }
            let requested = Set(requestedImages(server))
            let paths = Set(initial.compactMap { URL(string: $0)?.path })
            return paths.isSubset(of: requested) ? nil : "the refresh requested \(requested.sorted()), not every image \(paths.sorted())"
        }
    }

    public static let reusedCellNeverShowsOldImage = Contract<GalleryRulesSubject>(
        id: "gallery.reusedCellNeverShowsOldImage",
        rule: "A cell reused for another image never shows the old one: when a removal moves a cell still loading up one slot, its image arrives in its new slot, never in the slot it left."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "mixed") { run in
            guard await waitOnMain(within: .seconds(2.5), { run.view.cells[0].state.isLoaded }) else {
                return "the fine image (cell 1) shows \(run.view.cells[0].state.summary) after 2.5 s, expected it loaded"
            }
            let slow = run.view.cells[1].id
            let next = run.view.cells[2].id
            // The slow image answers 3 s after its request: it is still on its way.
            guard run.view.cells[1].state == .loading else {
                return "the 3 s slow image (cell 2) already shows \(run.view.cells[1].state.summary) before cell 1 could be removed"
            }
            let before = run.view.updates.count
            run.output.didTapCell(at: 0)
            guard await waitOnMain(within: .seconds(2), { run.view.cells.count == 5 }) else {
                return "a tap on loaded cell 1 did not remove it within 2 s: \(run.view.cells.count) cells"
            }
            guard run.view.cells[0].id == slow, run.view.cells[1].id == next else {
                return "after removing cell 1 the cells are \(run.view.cells.map { shortName($0.id) }), expected the slow image first"
            }
            let arrived = await waitOnMain(within: .seconds(8)) {
                run.view.updates[before...].contains { $0.cell.id == slow && $0.cell.state != .loading }
            }
            try? await Task.sleep(for: .milliseconds(200))  // A late second delivery would land by now.
            if let wrong = run.view.misplaced.first {
                let slot = wrong.shown.map { "which now shows \(shortName($0))" } ?? "which no longer exists"
                return "the image of \(shortName(wrong.delivered.id)) (\(wrong.delivered.state.summary)) was shown in cell \(wrong.index + 1), \(slot)"
            }
            guard arrived, run.view.cells[0].state.isLoaded else {
                return "the slow image, moved up to cell 1, shows \(run.view.cells[0].state.summary) 8 s after the removal, expected its image"
            }
            return nil
        }
    }

    public static let completionsRunOnce = Contract<GalleryRulesSubject>(
        id: "gallery.completionsRunOnce",
        rule: "Each completion runs exactly once: every image load ends in exactly one update of its cell (none twice, none dropped), and a removal's two animation completions lead to one move-up and one redisplay."
    ) { subject, server in
        await withGalleryRun(subject, server, scenario: "default") { run in
            guard await waitOnMain(within: .seconds(8), { run.view.allSettled }) else {
                let stuck = run.view.cells.indices.filter { run.view.cells[$0].state == .loading }.map { $0 + 1 }
                return "cells \(stuck) still show a spinner 8 s after they became visible: their loads' results never reached them"
            }
            try? await Task.sleep(for: .milliseconds(300))  // A second delivery would land by now.
            for (index, cell) in run.view.cells.enumerated() {
                let settled = run.view.updates.filter { $0.cell.id == cell.id && $0.cell.state != .loading }.count
                if settled != 1 { return "cell \(index + 1) was updated with its load's result \(settled) times, expected once" }
            }
            run.view.holdsAnimations = true
            let before = run.view.calls.count
            run.output.didTapCell(at: 2)
            var finished = 0
            while run.view.finishAnimation() {
                finished += 1
                if finished > 4 { break }
            }
            try? await Task.sleep(for: .milliseconds(200))
            while run.view.finishAnimation() { finished += 1 }
            let calls = Array(run.view.callsOnly[before...])
            let expected: [GallerySpyView.Call] = [.animateRemoval(index: 2), .moveCellsUp(below: 2), .display(count: 5)]
            guard calls == expected else {
                return "a tap on loaded cell 3 made the view \(GallerySpyView.describe(calls)); expected: \(GallerySpyView.describe(expected))"
            }
            return nil
        }
    }
}
