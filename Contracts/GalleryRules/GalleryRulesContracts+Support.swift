import Foundation
import Gallery
import Messages
import MockServer
import Networking

/// The deadlines every gallery check uses.
let galleryTimeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(1), total: .seconds(5))

/// A gallery module the suite is driving.
@MainActor
final class GalleryRun {
    let view = GallerySpyView()
    let output: any GalleryViewOutput
    let setup: GalleryRulesSetup

    init(_ subject: GalleryRulesSubject, server: MockServer, scenario: String, folder: URL) {
        setup = GalleryRulesSetup(
            listURL: server.url("/gallery.json?scenario=\(scenario)"), healthURL: server.url("/health"), cacheFolder: folder,
            timeouts: galleryTimeouts, probeInterval: .milliseconds(100), language: .en)
        output = subject.makeGallery(view, setup)
    }

    /// viewDidLoad, a 400 × 2400 container, then waits for the six cells; with `visible`,
    /// reports the whole column as on screen. `nil`, or what went wrong.
    func start(visible: Bool = true) async -> String? {
        output.viewDidLoad()
        output.viewDidResize(width: 400, height: 2400)
        guard await waitOnMain(within: .seconds(5), { self.view.cells.count == 6 }) else {
            return "after viewDidLoad the view shows \(view.cells.count) cells within 5 s, expected 6"
        }
        if visible { output.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400) }
        return nil
    }

    /// Waits until no cell is loading.
    func settle(within timeout: Duration = .seconds(15)) async -> String? {
        await waitOnMain(within: timeout) { self.view.allSettled }
            ? nil : "cells still loading after \(timeout): \(view.cells.map(\.state.summary))"
    }
}

/// The texts the suite expects, in English.
enum Expected {
    static func text(_ message: UserMessage) -> String { message.text(in: .en) }
    static let hint = text(.pullToRefresh)
}

/// Runs `body` with a new temporary folder on the main actor.
func withGalleryFolder(_ body: @MainActor @escaping (URL) async -> String?) async -> String? {
    await withTemporaryFolder { folder in await body(folder) }
}

/// The image paths the server was asked for (journal), without queries.
func requestedImages(_ server: MockServer) -> [String] {
    server.requests.map(\.path).filter { $0.hasPrefix("/images/") }
}
