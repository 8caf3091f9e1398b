import AppWireframe
import Foundation
import MockServer
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import WebApp

/// The HTTP side: routes, status codes, headers, the event stream, on a real socket (port 0).
@MainActor
final class WebServerTests: XCTestCase {
    private var mock: MockServer!
    private var folder: URL!
    private var app: AppWireframe!
    private var serving: Task<Void, any Error>!
    private var port = 0

    override func setUp() async throws {
        mock = try MockServer.start()
        folder = try temporaryFolder()
        app = makeApp(server: mock, folder: folder)
        // Keep-alive every 200 ms: a page that left is noticed at the next write.
        let frontEnd = WebFrontEnd(app: app, logger: silentLogger(), keepAliveInterval: .milliseconds(200))
        let server = try WebServer(frontEnd: frontEnd, port: 0, logger: silentLogger())
        let (ready, announce) = AsyncStream.makeStream(of: Int.self)
        serving = Task { try await server.run { port in announce.yield(port) } }
        var ports = ready.makeAsyncIterator()
        port = await ports.next() ?? 0
        XCTAssertGreaterThan(port, 0)
    }

    override func tearDown() async throws {
        serving.cancel()
        _ = await serving.result
        await app.shutDown()
        mock.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func request(_ path: String, method: String = "GET", body: String? = nil, type: String? = "application/json")
        async throws -> (Int, [String: String], Data)
    {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let body { request.httpBody = Data(body.utf8) }
        if let type { request.setValue(type, forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return (http.statusCode, headers, data)
    }

    /// Opens `/events` on a plain socket and reads until the `hello` event: the session id.
    private func openStream() async throws -> (fd: Int32, session: String) {
        let (fd, text) = await readStream()
        XCTAssertTrue(text.lowercased().contains("content-type: text/event-stream"), text)
        let session = try XCTUnwrap(text.firstMatch(of: /"session":"([0-9a-f]+)"/)?.1, text)
        XCTAssertTrue(text.contains("id: \(session)\nevent: hello\n"), "the hello carries the session as its id: \(text)")
        return (fd, String(session))
    }

    /// Sends `GET path` with `headers` on a plain socket; reads until the first screen (`"stack"`)
    /// or `closed` arrives, or the stream ends.
    private func readStream(_ path: String = "/events", headers: String = "") async -> (fd: Int32, text: String) {
        guard let fd = try? Loopback.connect(port: port) else { return (-1, "") }
        let port = self.port
        let text = await Task.detached { () -> String in
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\(headers)\r\n"
            _ = request.withCString { send(fd, $0, strlen($0), 0) }
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: received, as: UTF8.self).contains("\"stack\""),
                !String(decoding: received, as: UTF8.self).contains("event: closed") {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
            }
            return String(decoding: received, as: UTF8.self)
        }.value
        return (fd, text)
    }

    func test_thePage_isServedWithAStrictPolicy() async throws {
        let (status, headers, body) = try await request("/")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(headers["content-security-policy"], "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
        XCTAssertEqual(headers["x-content-type-options"], "nosniff")
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("<html"))
        let (missing, _, _) = try await request("/assets/nothing.js")
        XCTAssertEqual(missing, 404)
        let (escape, _, _) = try await request("/assets/..%2F..%2FPackage.swift")
        XCTAssertEqual(escape, 404)
    }

    func test_posts_getTheRightStatus() async throws {
        // Given
        let (fd, session) = try await openStream()
        defer { close(fd) }
        let path = "/session/\(session)/events"
        // Then
        let (accepted, _, _) = try await request(path, method: "POST", body: #"{"type":"open","screen":"gallery"}"#)
        XCTAssertEqual(accepted, 204)
        let (malformed, _, reason) = try await request(path, method: "POST", body: #"{"type":"gallery.tap","index":"x"}"#)
        XCTAssertEqual(malformed, 400)
        XCTAssertEqual(String(decoding: reason, as: UTF8.self), #"{"error":"'index' must be a whole number"}"#)
        let (notShown, _, _) = try await request(path, method: "POST", body: #"{"type":"feed.load"}"#)
        XCTAssertEqual(notShown, 409)
        let (unknown, _, _) = try await request("/session/abc/events", method: "POST", body: #"{"type":"back"}"#)
        XCTAssertEqual(unknown, 404)
        let (form, _, _) = try await request(path, method: "POST", body: "type=back", type: "application/x-www-form-urlencoded")
        XCTAssertEqual(form, 415, "a cross-site form cannot post events")
        let (huge, _, _) = try await request(path, method: "POST", body: String(repeating: " ", count: 100_000))
        XCTAssertEqual(huge, 413)
        let (still, _, _) = try await request(path, method: "POST", body: #"{"type":"gallery.load"}"#)
        XCTAssertEqual(still, 204, "the screen keeps working after bad input")
    }

    func test_aSecondPage_supersedesTheFirst() async throws {
        let (first, old) = try await openStream()
        defer { close(first) }
        let (second, new) = try await openStream()
        defer { close(second) }
        XCTAssertNotEqual(old, new)
        let (gone, _, _) = try await request("/session/\(old)/events", method: "POST", body: #"{"type":"back"}"#)
        XCTAssertEqual(gone, 410)
        let (accepted, _, _) = try await request("/session/\(new)/events", method: "POST", body: #"{"type":"open","screen":"feed"}"#)
        XCTAssertEqual(accepted, 204)
    }

    func test_aReconnect_getsClosed_whileANewerPageHoldsTheSession() async throws {
        // Given: a page opened after the one that reconnects
        let (first, old) = try await openStream()
        defer { close(first) }
        let (second, newest) = try await openStream()
        defer { close(second) }
        // When: the old page reconnects, by the browser (Last-Event-ID) or by hand (?resume=)
        let (third, byBrowser) = await readStream(headers: "Last-Event-ID: \(old)\r\n")
        defer { close(third) }
        let (fourth, byHand) = await readStream("/events?resume=\(old)")
        defer { close(fourth) }
        // Then: each is told another page has the session; the newest page keeps it
        for text in [byBrowser, byHand] {
            XCTAssertTrue(text.contains("event: closed"), text)
            XCTAssertFalse(text.contains("event: hello"), text)
        }
        let (accepted, _, _) = try await request("/session/\(newest)/events", method: "POST", body: #"{"type":"open","screen":"feed"}"#)
        XCTAssertEqual(accepted, 204)
        // And the newest page's own reconnect resumes it with a new session
        let (fifth, resumed) = await readStream(headers: "Last-Event-ID: \(newest)\r\n")
        defer { close(fifth) }
        XCTAssertTrue(resumed.contains("event: hello"), resumed)
    }

    func test_aPageThatLeaves_closesItsScreens() async throws {
        // Given: a page on the feed (whose timer would otherwise run for nobody)
        let (fd, session) = try await openStream()
        let (status, _, _) = try await request("/session/\(session)/events", method: "POST", body: #"{"type":"open","screen":"feed"}"#)
        XCTAssertEqual(status, 204)
        XCTAssertEqual(app.stack, [.feed])
        // When: the tab is closed
        close(fd)
        // Then
        await eventually(timeout: 5, "the screens stayed open") { self.app.stack.isEmpty }
        let (late, _, _) = try await request("/session/\(session)/events", method: "POST", body: #"{"type":"feed.load"}"#)
        XCTAssertEqual(late, 410)
    }

    func test_images_onlyForLoadedCells() async throws {
        let (status, _, _) = try await request("/image?url=http%3A%2F%2F127.0.0.1%2Fsecret.png&v=1")
        XCTAssertEqual(status, 404)
    }

    func test_stopping_endsThePagesStream() async throws {
        // Given
        let (fd, _) = try await openStream()
        defer { close(fd) }
        // When
        serving.cancel()
        let stopped = await Task.detached { [serving] in await serving?.result }.value
        // Then: the server stopped, and the stream saw its end
        XCTAssertNotNil(stopped)
        let start = ContinuousClock.now
        let last = await Task.detached { () -> Int in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return count }
            }
        }.value
        XCTAssertEqual(last, 0, "the connection was closed (not left open until the read timed out)")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }
}
