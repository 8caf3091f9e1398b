import Foundation
import ImageCache
import MockServer
import Networking
import XCTest

/// Waiting transfers start visible first: a cell on screen is not held up by prefetches that
/// were asked for a moment earlier.
final class ImagePipelinePriorityTests: XCTestCase {
    private var server: MockServer!
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("PriorityTests-\(UUID().uuidString)")
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// A pipeline that runs one transfer at a time.
    private func makePipeline() -> ImagePipeline {
        ImagePipeline(
            client: CurlHTTPClient(), memory: MemoryImageCache(), disk: DiskCache(folder: folder),
            configuration: .init(maxConcurrentTransfers: 1))
    }

    private func load(
        _ pipeline: ImagePipeline, _ path: String, _ priority: ImageLoadOptions.Priority
    ) -> Task<LoadedImage, any Error> {
        let url = server.url(path)
        return Task { try await pipeline.image(for: url, options: ImageLoadOptions(priority: priority)) }
    }

    /// The order in which the server saw `paths` arrive.
    private func arrivalOrder(of paths: [String]) -> [String] {
        server.requests.filter { paths.contains($0.path) }.sorted { $0.started < $1.started }.map(\.path)
    }

    private func waitUntilQueued(_ duration: Duration = .milliseconds(100)) async throws {
        try await Task.sleep(for: duration)
    }

    func test_waitingVisibleLoad_startsBeforeAnEarlierPrefetch() async throws {
        // Given the one slot busy with a slow image
        let pipeline = makePipeline()
        let busy = load(pipeline, "/images/1.png?delay=600", .visible)
        try await waitUntilQueued()

        // When a prefetch, then a visible load, wait for it
        let prefetch = load(pipeline, "/images/2.png", .prefetch)
        try await waitUntilQueued()
        let visible = load(pipeline, "/images/3.png", .visible)
        for task in [busy, prefetch, visible] { _ = try await task.value }

        // Then the visible one went first
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png"]), ["/images/3.png", "/images/2.png"])
    }

    func test_prefetchJoinedByAVisibleLoad_movesUp() async throws {
        // Given the slot busy, then prefetches of 2 and 3 waiting in that order
        let pipeline = makePipeline()
        let busy = load(pipeline, "/images/1.png?delay=600", .visible)
        try await waitUntilQueued()
        let first = load(pipeline, "/images/2.png", .prefetch)
        try await waitUntilQueued()
        let second = load(pipeline, "/images/3.png", .prefetch)
        try await waitUntilQueued()

        // When a cell shows image 3 (joining its waiting transfer)
        let shown = load(pipeline, "/images/3.png", .visible)
        for task in [busy, first, second, shown] { _ = try await task.value }

        // Then image 3 was fetched first, once
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png"]), ["/images/3.png", "/images/2.png"])
    }

    func test_equalPriorities_keepTheirOrder_andCancellingAWaiterFreesNothingItDidNotHold() async throws {
        let pipeline = makePipeline()
        let busy = load(pipeline, "/images/1.png?delay=600", .visible)
        try await waitUntilQueued()
        let a = load(pipeline, "/images/2.png", .prefetch)
        try await waitUntilQueued(.milliseconds(30))
        let cancelled = load(pipeline, "/images/4.png", .prefetch)
        try await waitUntilQueued(.milliseconds(30))
        let b = load(pipeline, "/images/3.png", .prefetch)
        cancelled.cancel()
        for task in [busy, a, b] { _ = try await task.value }
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png", "/images/4.png"]), ["/images/2.png", "/images/3.png"])
        let concurrency = server.requests.filter { $0.path.hasPrefix("/images/") }.maximumInFlight
        XCTAssertEqual(concurrency, 1, "one transfer at a time")
    }
}
