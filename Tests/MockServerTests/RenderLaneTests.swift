import Foundation
import ImageCodec
import TestSupport
import XCTest

@testable import MockServer

/// Huge renderings have a bounded lane of their own and never hold up anything else.
final class RenderLaneTests: ServerTestCase {
    private static let huge = "w=20000&h=20000"
    private var renders: RenderQueue { server.core.images.queue }

    func test_smallImage_isServedPromptly_whileSixHugeRenderingsAreQueued() throws {
        // Given a warm server and six 20000×20000 renderings (one being drawn, five queued)
        XCTAssertEqual(get("/images/1.png?w=64&h=64").status, 200)
        var huge = try (0..<6).map { try RawConnection(port: server.port, get: "/images/\(100 + $0).png?\(Self.huge)") }
        XCTAssertTrue(eventually { self.server.suspendedConnections == 6 && self.renders.running(.large) == 1 })

        // When a small image nobody asked for yet is requested
        let small = get("/images/2.png?w=64&h=64", timeout: 30)
        let health = get("/health", timeout: 30)

        // Then it is rendered and sent at once (it took 6–20 s when renderings blocked shared threads)
        print("measured: small image under six queued 20000×20000 renderings: \(Int(small.elapsed * 1000)) ms")
        XCTAssertEqual(small.status, 200)
        XCTAssertLessThan(small.elapsed, 1.0)
        XCTAssertLessThan(health.elapsed, 1.0)

        // And when their clients leave, the queued renderings are withdrawn
        huge.removeAll()
        XCTAssertTrue(eventually { self.renders.queued(.large) == 0 && self.server.suspendedConnections == 0 })
    }

    func test_largeLane_isBounded_andRefusesMoreWithA503AtOnce() throws {
        // Given the large lane busy and its queue full
        let blocker = occupy(.large)
        defer { blocker.signal() }
        let capacity = RenderQueue.Lane.large.capacity
        var queued = try (0..<capacity).map { try RawConnection(port: server.port, get: "/images/\(300 + $0).png?\(Self.huge)") }
        XCTAssertTrue(eventually { self.renders.queued(.large) == capacity })

        // When one more huge image is asked for
        let refused = get("/images/999.png?\(Self.huge)", timeout: 30)

        // Then it is refused at once, saying why; small images still render
        XCTAssertEqual(refused.status, 503)
        XCTAssertLessThan(refused.elapsed, 1.0)
        XCTAssertTrue((refused.json?["error"] as? String)?.contains("too many") == true, "\(refused.json ?? [:])")
        XCTAssertEqual(get("/images/3.png?w=64&h=64").status, 200)
        queued.removeAll()
        XCTAssertTrue(eventually { self.renders.queued(.large) == 0 })
    }

    func test_queuedRendering_isWithdrawnWhenItsLastClientLeaves() throws {
        // Given the large lane busy, and two renderings queued: one with two clients, one with one
        let blocker = occupy(.large)
        let shared = server.url("/images/401.png?w=3000&h=6000")
        var firstOfShared: RawConnection? = try RawConnection(port: server.port, get: "/images/401.png?w=3000&h=6000")
        let secondOfShared = Background { HTTP.get(shared, timeout: 60) }
        var alone: RawConnection? = try RawConnection(port: server.port, get: "/images/402.png?\(Self.huge)")
        XCTAssertTrue(eventually { self.server.suspendedConnections == 3 })
        XCTAssertEqual(renders.queued(.large), 2, "one rendering per image, however many wait")

        // When the lone client leaves, its rendering is withdrawn
        alone = nil
        XCTAssertTrue(eventually { self.renders.queued(.large) == 1 })
        // but when one of two clients leaves, the rendering stays
        firstOfShared = nil
        XCTAssertTrue(eventually { self.server.suspendedConnections == 1 })
        XCTAssertEqual(renders.queued(.large), 1)

        // Then the remaining client gets its whole image once the lane is free
        blocker.signal()
        let result = secondOfShared.wait()
        XCTAssertEqual(result.status, 200)
        let info = try ImageCodec.probe(result.body)
        XCTAssertEqual([info.width, info.height], [3000, 6000])
        XCTAssertNil(alone)
        XCTAssertNil(firstOfShared)
    }

    func test_renderingAbandonedMidway_isNotCached_andIsRenderedWholeWhenAskedAgain() throws {
        // Given a large image being drawn
        let path = "/images/403.png?w=8000&h=8000"
        var client: RawConnection? = try RawConnection(port: server.port, get: path)
        XCTAssertTrue(eventually { self.renders.running(.large) == 1 })

        // When its only client leaves midway
        client = nil
        XCTAssertTrue(eventually(timeout: 30) { self.renders.running(.large) == 0 })

        // Then its (partly blank) pixels were not kept, and the next request gets the true image
        let key = ImageKey(subject: .numbered(403), width: 8000, height: 8000, format: .png)
        XCTAssertNil(server.core.images.cached(key))
        let again = get(path, timeout: 60)
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.body, try ImageGenerator.render(key))
        XCTAssertNil(client)
    }

    /// Puts work on `lane` that blocks its thread until the returned semaphore is signalled.
    private func occupy(_ lane: RenderQueue.Lane) -> DispatchSemaphore {
        let blocker = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        XCTAssertNoThrow(
            try renders.enqueue(RenderTicket(), lane: lane) {
                started.signal()
                blocker.wait()
            })
        started.wait()
        return blocker
    }
}
