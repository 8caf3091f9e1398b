import AppWireframe
import Foundation
import ImageCodec
import MockServer
import TestSupport
import XCTest

@testable import WebApp

/// The front end between the page and the presenters: sessions, forwarding, refusals, and the
/// animations' completions, against the real screens and an in-process mock server.
@MainActor
final class WebFrontEndTests: XCTestCase {
    private var server: MockServer!
    private var folder: URL!
    private var app: AppWireframe!

    override func setUp() async throws {
        server = try MockServer.start()
        folder = try temporaryFolder()
        app = makeApp(server: server, folder: folder)
    }

    override func tearDown() async throws {
        await app.shutDown()
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A page on the gallery, 390 px wide, every cell settled.
    private func openGallery(_ frontEnd: WebFrontEnd) async -> (WebSession, PageRecorder) {
        let session = frontEnd.openSession()
        let page = PageRecorder(session)
        XCTAssertEqual(frontEnd.post(#"{"type":"open","screen":"gallery"}"#, to: session), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.resize","width":390,"height":844}"#, to: session), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.load"}"#, to: session), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.visible","offset":0,"height":2400}"#, to: session), .accepted)
        await eventually(timeout: 15, "the cells never settled") { Self.states(page).filter { $0 == "loaded" }.count == 6 }
        return (session, page)
    }

    /// The cells' states as the page would draw them after every event so far.
    private static func states(_ page: PageRecorder) -> [String] {
        var cells: [String] = []
        for event in page.events {
            if event.name == "gallery.display", let list = event.json["cells"] as? [[String: Any]] {
                cells = list.map { $0["state"] as? String ?? "?" }
            } else if event.name == "gallery.update", let index = event.json["index"] as? Int,
                let cell = event.json["cell"] as? [String: Any], cells.indices.contains(index) {
                cells[index] = cell["state"] as? String ?? "?"
            }
        }
        return cells
    }

    func test_aNewPage_getsHelloThenTheFirstScreen() async {
        // When
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let session = frontEnd.openSession()
        let page = PageRecorder(session)
        // Then
        await eventually { page.events.count >= 2 }
        XCTAssertEqual(page.events.first?.name, "hello")
        XCTAssertEqual(page.events.first?.json["session"] as? String, session.id)
        XCTAssertEqual(page.events.first?.json["language"] as? String, "en")
        XCTAssertEqual((page.events.first?.json["strings"] as? [String: String])?["refresh"], "Refresh")
        XCTAssertEqual(page.events[1].name, "nav")
        XCTAssertEqual(page.events[1].json["stack"] as? [String], ["home"])
        XCTAssertEqual(session.id.count, 32)
    }

    func test_gallery_layoutFromThePresenter_andImagesFromTheDiskCache() async throws {
        // Given
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        // When
        let (_, page) = await openGallery(frontEnd)
        // Then
        XCTAssertEqual(page.last("nav")?["stack"] as? [String], ["home", "gallery"])
        XCTAssertEqual(page.last("gallery.layout")?["cellSide"] as? Double, 370)
        let loaded = page.named("gallery.update").compactMap { $0.json["cell"] as? [String: Any] }
        let first = try XCTUnwrap(loaded.first { ($0["id"] as? String)?.hasSuffix("/images/1.png") == true })
        XCTAssertEqual(first["image"] as? String, GalleryWebView.imagePath(id: first["id"] as? String ?? "", version: 1))
        guard case .encoded(let bytes, let type)? = await frontEnd.image(for: first["id"] as? String ?? "") else {
            return XCTFail("a loaded cell's image is served from the disk cache")
        }
        XCTAssertEqual(type, "image/png")
        // The page gets the downloaded bytes; the cell holds them decoded for its 370-pixel side.
        let served = try ImageCodec.probe(bytes)
        XCTAssertEqual([served.width, served.height], [1024, 768])
        XCTAssertEqual([first["width"] as? Int, first["height"] as? Int], [494, 370])
        let missing = await frontEnd.image(for: "http://127.0.0.1:1/not-a-cell.png")
        XCTAssertNil(missing, "only images of cells shown loaded are served")
    }

    func test_tap_waitsForThePageToEndEachAnimation() async throws {
        // Given
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let (session, page) = await openGallery(frontEnd)
        // When
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.tap","index":0}"#, to: session), .accepted)
        await eventually { !page.named("gallery.animateRemoval").isEmpty }
        let removal = try XCTUnwrap(page.last("gallery.animateRemoval")?["completion"] as? Int)
        try await Task.sleep(for: .milliseconds(100))
        // Then: nothing moves until the page says the cell is gone
        XCTAssertTrue(page.named("gallery.moveCellsUp").isEmpty)
        XCTAssertEqual(frontEnd.post(#"{"type":"done","completion":\#(removal)}"#, to: session), .accepted)
        await eventually { !page.named("gallery.moveCellsUp").isEmpty }
        let move = try XCTUnwrap(page.last("gallery.moveCellsUp")?["completion"] as? Int)
        XCTAssertEqual(page.last("gallery.moveCellsUp")?["below"] as? Int, 0)
        XCTAssertEqual(frontEnd.post(#"{"type":"done","completion":\#(move)}"#, to: session), .accepted)
        await eventually { (page.last("gallery.display")?["cells"] as? [Any])?.count == 5 }
        if case .notShown = frontEnd.post(#"{"type":"done","completion":\#(move)}"#, to: session) {} else {
            XCTFail("a completion runs once")
        }
    }

    func test_aPageThatNeverEndsItsAnimation_doesNotStallTheGallery() async throws {
        // Given: the server stops waiting after 300 ms
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger(), completionTimeout: .milliseconds(300))
        let (session, page) = await openGallery(frontEnd)
        // When
        let start = ContinuousClock.now
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.tap","index":1}"#, to: session), .accepted)
        await eventually { !page.named("gallery.moveCellsUp").isEmpty }
        // Then
        let waited = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(290))
        XCTAssertLessThan(waited, .seconds(5))
    }

    func test_malformedEvents_areRefusedWithTheReason_andTheScreenKeepsWorking() async throws {
        // Given
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let (session, page) = await openGallery(frontEnd)
        // When
        let refusals = ["nope", #"{"type":"gallery.tap","index":-1}"#, #"{"type":"gallery.zoom"}"#, "{}"].map {
            frontEnd.post($0, to: session)
        }
        // Then
        XCTAssertEqual(refusals, [
            .malformed("the body is not a JSON object"), .malformed("'index' must be a whole number from 0 to 1000000"),
            .malformed("there is no event of type 'gallery.zoom'"), .malformed("the event has no 'type'"),
        ])
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.tap","index":2}"#, to: session), .accepted)
        await eventually { page.last("gallery.animateRemoval")?["index"] as? Int == 2 }
    }

    func test_eventsForAScreenNotShown_areRefused() async {
        // Given: the first screen
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let session = frontEnd.openSession()
        // Then
        for json in [#"{"type":"gallery.tap","index":0}"#, #"{"type":"feed.load"}"#, #"{"type":"settings.toggle","on":true}"#,
                     #"{"type":"back"}"#, #"{"type":"done","completion":1}"#] {
            guard case .notShown = frontEnd.post(json, to: session) else { return XCTFail("\(json) is accepted on the first screen") }
        }
        XCTAssertEqual(app.stack, [])
    }

    func test_aNewPage_replacesTheOld() async {
        // Given
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let (old, oldPage) = await openGallery(frontEnd)
        // When
        let new = frontEnd.openSession()
        let newPage = PageRecorder(new)
        // Then
        await eventually { oldPage.ended }
        XCTAssertEqual(oldPage.events.last?.name, "closed")
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.refresh"}"#, to: old), .superseded)
        XCTAssertEqual(frontEnd.receive(Data(#"{"type":"back"}"#.utf8), session: "0123"), .unknownSession)
        XCTAssertEqual(app.stack, [], "the new page starts on the first screen")
        await eventually { newPage.last("nav") != nil }
        XCTAssertEqual(newPage.last("nav")?["stack"] as? [String], ["home"])
        XCTAssertEqual(frontEnd.post(#"{"type":"open","screen":"gallery"}"#, to: new), .accepted)
    }

    func test_aReconnect_neverSupersedesANewerPage_butResumesItsOwn() async {
        // Given: the page a person opened last (after a restart, say), and an older one reconnecting
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let newest = frontEnd.openSession()
        let newestPage = PageRecorder(newest)
        await eventually { newestPage.last("nav") != nil }
        XCTAssertEqual(newestPage.named("hello").first?.id, newest.id, "the hello's id is what a reconnect sends back")
        XCTAssertEqual(frontEnd.post(#"{"type":"open","screen":"gallery"}"#, to: newest), .accepted)
        // When
        let reconnect = frontEnd.openSession(resuming: "0123456789abcdef0123456789abcdef")
        let reconnectPage = PageRecorder(reconnect)
        // Then: the reconnecting page is told it was replaced; the newest page keeps its session and screen
        await eventually { reconnectPage.ended }
        XCTAssertEqual(reconnectPage.events.map(\.name), ["closed"])
        XCTAssertTrue(reconnect.isClosed)
        XCTAssertFalse(newest.isClosed)
        XCTAssertEqual(app.stack, [.gallery])
        XCTAssertEqual(frontEnd.post(#"{"type":"gallery.load"}"#, to: newest), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"back"}"#, to: reconnect), .unknownSession)

        // When: the newest page itself reconnects (its stream broke)
        let again = frontEnd.openSession(resuming: newest.id)
        let againPage = PageRecorder(again)
        // Then: it gets a fresh session, and its old stream just ends, without `closed`
        await eventually { newestPage.ended && againPage.last("nav") != nil }
        XCTAssertFalse(newestPage.events.contains { $0.name == "closed" })
        XCTAssertFalse(again.isClosed)
        XCTAssertEqual(againPage.last("nav")?["stack"] as? [String], ["home"])
    }

    func test_feedAndSettings_theSwitchHidesAvatarsAtOnce() async throws {
        // Given
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger())
        let session = frontEnd.openSession()
        let page = PageRecorder(session)
        XCTAssertEqual(frontEnd.post(#"{"type":"open","screen":"feed"}"#, to: session), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"feed.load"}"#, to: session), .accepted)
        let avatars = { (page.last("feed.display")?["tweets"] as? [[String: Any]] ?? []).compactMap { $0["avatar"] as? String } }
        await eventually(timeout: 15, "no avatar arrived") { avatars().contains { $0.hasPrefix("data:image/") } }
        XCTAssertNotNil(page.last("feed.countdown")?["text"] as? String)
        // When
        XCTAssertEqual(frontEnd.post(#"{"type":"feed.settings"}"#, to: session), .accepted)
        await eventually { page.last("settings.display") != nil }
        XCTAssertEqual(page.last("nav")?["stack"] as? [String], ["home", "feed", "settings"])
        XCTAssertEqual(page.last("settings.display")?["showsAvatars"] as? Bool, true)
        XCTAssertEqual(frontEnd.post(#"{"type":"settings.toggle","on":false}"#, to: session), .accepted)
        XCTAssertEqual(frontEnd.post(#"{"type":"back"}"#, to: session), .accepted)
        // Then
        await eventually { page.last("nav")?["stack"] as? [String] == ["home", "feed"] }
        await eventually { !avatars().isEmpty && avatars().allSatisfy { $0 == "hidden" } }
        XCTAssertEqual(frontEnd.post(#"{"type":"back"}"#, to: session), .accepted)
        await eventually { page.last("nav")?["stack"] as? [String] == ["home"] }
    }
}
