import Foundation
import ImageCache
import MockServer
import Networking
import XCTest

/// Waiting transfers start visible first: a cell on screen is not held up by prefetches that
/// were asked for a moment earlier.
final class ImagePipelinePriorityTests: CacheFolderTestCase {
    private var server: MockServer!

    override func setUp() async throws {
        try await super.setUp()
        server = try MockServer.start()
    }

    override func tearDown() async throws {
        server.stop()
        try await super.tearDown()
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

    /// A pipeline of one slot, and the load of a slow image (600 ms) that holds it.
    private func makeBusyPipeline() async throws -> (ImagePipeline, Task<LoadedImage, any Error>) {
        let pipeline = makePipeline()
        return (pipeline, try await loadQueued(pipeline, "/images/1.png?delay=600", .visible))
    }

    /// Starts a load, then gives it `duration` to reach the pipeline's queue.
    private func loadQueued(
        _ pipeline: ImagePipeline, _ path: String, _ priority: ImageLoadOptions.Priority, _ duration: Duration = .milliseconds(100)
    ) async throws -> Task<LoadedImage, any Error> {
        let task = load(pipeline, path, priority)
        try await waitUntilQueued(duration)
        return task
    }

    func test_waitingVisibleLoad_startsBeforeAnEarlierPrefetch() async throws {
        // Given the one slot busy with a slow image
        let (pipeline, busy) = try await makeBusyPipeline()

        // When a prefetch, then a visible load, wait for it
        let prefetch = try await loadQueued(pipeline, "/images/2.png", .prefetch)
        let visible = load(pipeline, "/images/3.png", .visible)
        for task in [busy, prefetch, visible] { _ = try await task.value }

        // Then the visible one went first
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png"]), ["/images/3.png", "/images/2.png"])
    }

    func test_prefetchJoinedByAVisibleLoad_movesUp() async throws {
        // Given the slot busy, then prefetches of 2 and 3 waiting in that order
        let (pipeline, busy) = try await makeBusyPipeline()
        let first = try await loadQueued(pipeline, "/images/2.png", .prefetch)
        let second = try await loadQueued(pipeline, "/images/3.png", .prefetch)

        // When a cell shows image 3 (joining its waiting transfer)
        let shown = load(pipeline, "/images/3.png", .visible)
        for task in [busy, first, second, shown] { _ = try await task.value }

        // Then image 3 was fetched first, once
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png"]), ["/images/3.png", "/images/2.png"])
    }

    func test_equalPriorities_keepTheirOrder_andCancellingAWaiterFreesNothingItDidNotHold() async throws {
        let (pipeline, busy) = try await makeBusyPipeline()
        let a = try await loadQueued(pipeline, "/images/2.png", .prefetch, .milliseconds(30))
        let cancelled = try await loadQueued(pipeline, "/images/4.png", .prefetch, .milliseconds(30))
        let b = load(pipeline, "/images/3.png", .prefetch)
        cancelled.cancel()
        for task in [busy, a, b] { _ = try await task.value }
        XCTAssertEqual(arrivalOrder(of: ["/images/2.png", "/images/3.png", "/images/4.png"]), ["/images/2.png", "/images/3.png"])
        let concurrency = server.requests.filter { $0.path.hasPrefix("/images/") }.maximumInFlight
        XCTAssertEqual(concurrency, 1, "one transfer at a time")
    }
}
