import ContractsCore
import Foundation
import Gallery
import Messages
import MockServer
import Networking

/// The deadlines every gallery check uses. The stall deadline runs from the connection, before
/// the status line, so it must outlast the mixed scenario's 3 s delay: 4 s.
let galleryTimeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(4), total: .seconds(8))

/// A gallery module the suite is driving.
@MainActor
final class GalleryRun {
    let view = GallerySpyView()
    let output: any GalleryViewOutput
    let setup: GalleryRulesSetup
    let server: MockServer

    init(_ subject: GalleryRulesSubject, server: MockServer, scenario: String, folder: URL) {
        self.server = server
        setup = GalleryRulesSetup(
            listURL: server.url("/gallery.json?scenario=\(scenario)"), healthURL: server.url("/health"), cacheFolder: folder,
            timeouts: galleryTimeouts, probeInterval: .milliseconds(100), language: .en)
        output = subject.makeGallery(view, setup)
    }

    /// Has the server render the six images first (a first render takes 0.3 s or more, which
    /// must not count against a deadline), then: viewDidLoad, a 400-wide container (2400 tall, or
    /// 1 pt tall when not `visible`), waits for
    /// the six cells; with `visible`, reports the whole column as on screen. `nil`, or what
    /// went wrong.
    func start(visible: Bool = true) async -> String? {
        await warmUp(server)
        output.viewDidLoad()
        // A container 1 pt tall shows no cell yet (a presenter may load what the container shows).
        output.viewDidResize(width: 400, height: visible ? 2400 : 1)
        guard await waitOnMain(within: .seconds(5), { self.view.cells.count == 6 }) else {
            return "after viewDidLoad the view shows \(view.cells.count) cells within 5 s, expected 6"
        }
        if visible { output.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400) }
        return nil
    }

    /// Waits until every cell shows its image.
    func allLoaded(within timeout: Duration = .seconds(8)) async -> String? {
        await waitOnMain(within: timeout) { self.view.cells.allSatisfy { $0.state.isLoaded } }
            ? nil : "the images did not all load within \(timeout): \(view.cells.map(\.state.summary))"
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

/// The set-up every gallery rule shares: a module of `subject` over the `scenario` list, its
/// cache in a new temporary folder, started (``GalleryRun/start(visible:)``); then `body` on the
/// main actor. `nil`, or what went wrong.
func withGalleryRun(
    _ subject: GalleryRulesSubject, _ server: MockServer, scenario: String, visible: Bool = true,
    _ body: @MainActor @escaping (GalleryRun) async -> String?
) async -> String? {
    await withGalleryFolder { folder in
        let run = GalleryRun(subject, server: server, scenario: scenario, folder: folder)
        if let problem = await run.start(visible: visible) { return problem }
        return await body(run)
    }
}

/// Runs `body` with a new temporary folder on the main actor.
private func withGalleryFolder(_ body: @MainActor @escaping (URL) async -> String?) async -> String? {
    await withTemporaryFolder { folder in await body(folder) }
}

/// The image paths the server was asked for (journal), without queries.
func requestedImages(_ server: MockServer) -> [String] {
    server.requests.map(\.path).filter { $0.hasPrefix("/images/") }
}

/// Renders the gallery's images once, then clears the journal (the rules read it).
///
/// The reads block for as long as the server renders (0.3 s or more per image), so they run on
/// a thread of their own: on one of the two threads of Swift's cooperative pool they would hold
/// up every other check running beside this one (the matrix runs the twins side by side) —
/// their deadlines fired on time but their results waited seconds to be delivered.
func warmUp(_ server: MockServer) async {
    let port = server.port
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            for path in ["/images/1.png", "/images/2.jpg", "/images/2.png", "/images/3.png", "/images/4.jpg", "/images/5.png", "/images/6.png", "/images/6.jpg"] {
                _ = ReferenceHTTP.blockingBody(port: port, pathAndQuery: path)
            }
            done.resume()
        }
        thread.start()
    }
    server.resetJournal()
}

/// An image's path and query, as violation sentences name it (`/images/2.png?delay=3000`).
func shortName(_ id: String) -> String {
    guard let url = URL(string: id) else { return id }
    return url.path + (url.query.map { "?\($0)" } ?? "")
}
