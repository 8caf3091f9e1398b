import AppWireframe
import FeedScreen
import Foundation
import Gallery
import MockServer
import Settings
import XCTest

/// A gallery view that keeps what it is shown and finishes animations at once.
@MainActor
final class GalleryScreen: GalleryView {
    private(set) var cells: [GalleryCellViewModel] = []
    private(set) var banner: String?
    private(set) var refreshesEnded = 0

    func display(_ cells: [GalleryCellViewModel]) { self.cells = cells }
    func update(_ cell: GalleryCellViewModel, at index: Int) { if cells.indices.contains(index) { cells[index] = cell } }
    func apply(_ layout: GalleryLayout) {}
    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void) { completion() }
    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void) { completion() }
    func showBanner(_ text: String?) { banner = text }
    func endRefreshing() { refreshesEnded += 1 }

    var settled: Bool { cells.count == 6 && cells.allSatisfy { $0.state != .loading } }
    var sources: [String] {
        cells.map { if case .loaded(let image) = $0.state { "\(image.source)" } else { "-" } }
    }
}

/// A feed view (and settings view) that keeps what it is shown.
@MainActor
final class FeedScreen: FeedView, SettingsView {
    private(set) var tweets: [TweetViewModel] = []
    private(set) var countdown: String?
    private(set) var messages: [String?] = []
    private(set) var settings: SettingsViewModel?
    var onFirstTweets: (@MainActor () -> Void)?

    func display(_ tweets: [TweetViewModel]) {
        self.tweets = tweets
        if !tweets.isEmpty, let first = onFirstTweets {
            onFirstTweets = nil
            first()
        }
    }

    func showCountdown(_ text: String) { countdown = text }
    func showMessage(_ text: String?) { messages.append(text) }
    func display(_ settings: SettingsViewModel) { self.settings = settings }
}

/// A temporary folder for one test, deleted afterwards.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AppWireframeTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// A whole-stack test with its own mock server and temporary folder, both gone after each test.
@MainActor
class ServerAndFolderTestCase: XCTestCase {
    var server: MockServer!
    var folder: URL!

    override func setUp() async throws {
        server = try MockServer.start()
        folder = try temporaryFolder()
    }

    override func tearDown() async throws {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
