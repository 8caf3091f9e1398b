import Foundation
import ImageCodec
import Networking
import XCTest

@testable import ImageCache

/// Everything after a memory miss is one job per URL: N concurrent loads make one disk read, at
/// most one transfer and one decode, and a failed transfer does not read the disk again.
final class ImagePipelineCoalescingTests: XCTestCase {
    private let url = URL(string: "http://images.test/1.png")!
    private var key: String { url.absoluteString }
    private let loads = 10

    private static func png(width: Int = 4, height: Int = 3, seed: Int = 7) throws -> Data {
        let pixels = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 * seed) }
        return try ImageCodec.encodePNG(DecodedImage(width: width, height: height, pixels: pixels))
    }

    /// A pipeline over counting doubles.
    private struct Rig {
        let client: MockHTTPClient
        let memory = CountingMemoryCache()
        let disk = MockDataCache()
        let decoder = CountingDecoder()
        let pipeline: ImagePipeline

        init(client: MockHTTPClient) {
            self.client = client
            pipeline = ImagePipeline(client: client, memory: memory, disk: disk, decoder: decoder, configuration: .init())
        }
    }

    private struct NeverHappened: Error {}

    /// Starts `count` loads of `url` at once, waits until each has missed memory while the disk
    /// holds its reads, then lets the reads go; returns the outcomes.
    private func loadAtOnce(
        _ rig: Rig, count: Int, options: ImageLoadOptions = .init()
    ) async throws -> [Result<LoadedImage, ImageLoadError>] {
        let pipeline = rig.pipeline
        let url = self.url
        await rig.disk.holdReads()
        let tasks = (0..<count).map { _ in
            Task { () async -> Result<LoadedImage, ImageLoadError> in
                do throws(ImageLoadError) { return .success(try await pipeline.image(for: url, options: options)) } catch {
                    return .failure(error)
                }
            }
        }
        try await waitUntil { rig.memory.misses >= count }
        await rig.disk.releaseReads()
        var outcomes: [Result<LoadedImage, ImageLoadError>] = []
        for task in tasks { outcomes.append(await task.value) }
        return outcomes
    }

    private func waitUntil(_ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                XCTFail("the condition did not hold within 5 s")
                throw NeverHappened()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    func test_concurrentLoadsOfADiskCopy_readAndDecodeItOnce() async throws {
        // Given a disk copy and no network
        let rig = Rig(client: MockHTTPClient { _ in .failure(.offline) })
        await rig.disk.put(try Self.png(), for: key)
        // When ten loads miss memory at once
        let outcomes = try await loadAtOnce(rig, count: loads)
        // Then one read and one decode served them all
        XCTAssertEqual(outcomes.compactMap { try? $0.get().image.width }, Array(repeating: 4, count: loads))
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, 1, "disk reads")
        XCTAssertEqual(rig.decoder.decodes, 1, "decodes (each reads the header once)")
        XCTAssertTrue(rig.client.requests.isEmpty)
    }

    func test_concurrentLoadsOfANewURL_makeOneReadOneTransferOneDecode() async throws {
        // Given an empty disk
        let rig = Rig(client: MockHTTPClient(body: try Self.png()))
        // When ten loads miss memory at once
        let outcomes = try await loadAtOnce(rig, count: loads)
        // Then
        XCTAssertEqual(outcomes.compactMap { try? $0.get().source }, Array(repeating: .network, count: loads))
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, 1, "disk reads")
        XCTAssertEqual(rig.client.requests.count, 1, "transfers")
        XCTAssertEqual(rig.decoder.decodes, 1, "decodes (each reads the header once)")
        let stored = await rig.disk.peek(key)
        XCTAssertNotNil(stored)
    }

    func test_failedTransferWithoutADiskCopy_doesNotReadTheDiskAgain() async throws {
        // Given an empty disk and no network
        let rig = Rig(client: MockHTTPClient { _ in .failure(.offline) })
        // When
        let outcomes = try await loadAtOnce(rig, count: 3)
        // Then
        for outcome in outcomes { XCTAssertEqual(outcome.failure, .network(.offline)) }
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, 1, "disk reads")
        XCTAssertEqual(rig.client.requests.count, 1)
    }

    func test_reloadsFailingOffline_readAndDecodeTheDiskCopyOnce() async throws {
        // Given a disk copy and no network
        let rig = Rig(client: MockHTTPClient { _ in .failure(.timedOut) })
        await rig.disk.put(try Self.png(), for: key)
        let pipeline = rig.pipeline
        let url = self.url
        // When three reloads run at once
        let sources = try await withThrowingTaskGroup(of: LoadedImage.Source.self) { group in
            for _ in 0..<3 {
                group.addTask { try await pipeline.image(for: url, options: ImageLoadOptions(reload: true)).source }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then each got the disk copy, read and decoded once per job
        XCTAssertEqual(sources, [.disk, .disk, .disk])
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, rig.client.requests.count, "one read per transfer that failed")
        XCTAssertEqual(rig.decoder.decodes, rig.client.requests.count)
    }

    func test_damagedDiskCopy_isReadOnceRemovedAndReplaced() async throws {
        // Given damaged bytes on disk
        let body = try Self.png()
        let rig = Rig(client: MockHTTPClient(body: body))
        await rig.disk.put(Data("damaged".utf8), for: key)
        // When
        let outcomes = try await loadAtOnce(rig, count: 4)
        // Then the network replaced it, once; the damaged bytes were decoded once
        XCTAssertEqual(outcomes.compactMap { try? $0.get().source }, Array(repeating: .network, count: 4))
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, 1)
        XCTAssertEqual(rig.decoder.decodes, 2, "the damaged copy, then the download")
        let stored = await rig.disk.peek(key)
        XCTAssertEqual(stored, body)
    }

    func test_reloadDuringAPlainLoadsDiskRead_stillGoesToTheNetwork() async throws {
        // Given a disk copy (4×3) and a newer image on the server (2×2)
        let rig = Rig(client: MockHTTPClient(body: try Self.png(width: 2, height: 2)))
        await rig.disk.put(try Self.png(), for: key)
        let pipeline = rig.pipeline
        let url = self.url
        await rig.disk.holdReads()
        // When a reload comes while a plain load waits on the disk
        let plain = Task { try await pipeline.image(for: url) }
        try await waitUntil { await rig.disk.reads >= 1 }
        let reload = Task { try await pipeline.image(for: url, options: ImageLoadOptions(reload: true)) }
        try await Task.sleep(for: .milliseconds(50))
        await rig.disk.releaseReads()
        // Then the plain load has the disk copy, the reload the network's image
        let (plainImage, reloaded) = (try await plain.value, try await reload.value)
        XCTAssertEqual(plainImage.source, .disk)
        XCTAssertEqual(plainImage.image.width, 4)
        XCTAssertEqual(reloaded.source, .network)
        XCTAssertEqual(reloaded.image.width, 2)
        XCTAssertEqual(rig.client.requests.count, 1)
        let reads = await rig.disk.reads
        XCTAssertEqual(reads, 1)
    }

    /// A rig whose client serves the PNG and whose disk holds its reads, and `count` loads of
    /// ``url`` started on it.
    private func loadsOnAHeldDiskRead(_ count: Int) async throws -> (Rig, [Task<LoadedImage, any Error>]) {
        let rig = Rig(client: MockHTTPClient(body: try Self.png()))
        let (pipeline, url) = (rig.pipeline, self.url)
        await rig.disk.holdReads()
        return (rig, (0..<count).map { _ in Task { try await pipeline.image(for: url) } })
    }

    func test_cancelledWaiterLeavesAtOnceDuringTheDiskRead_theOthersGetTheImage() async throws {
        // Given two loads waiting on a held disk read
        let (rig, loads) = try await loadsOnAHeldDiskRead(2)
        let (leaving, staying) = (loads[0], loads[1])
        try await waitUntil { rig.memory.misses >= 2 }
        // When one is cancelled
        leaving.cancel()
        // Then it ends with cancelled while the read is still held
        do {
            _ = try await leaving.value
            XCTFail("the cancelled load delivered")
        } catch {
            XCTAssertEqual(error as? ImageLoadError, .cancelled)
        }
        await rig.disk.releaseReads()
        let loaded = try await staying.value
        XCTAssertEqual(loaded.source, .network)
    }

    func test_lastWaiterLeavingDuringTheDiskRead_cancelsTheJob() async throws {
        // Given one load waiting on a held disk read
        let (rig, loads) = try await loadsOnAHeldDiskRead(1)
        let load = loads[0]
        try await waitUntil { await rig.disk.reads >= 1 }
        // When it is cancelled, then the read completes
        load.cancel()
        _ = try? await load.value
        await rig.disk.releaseReads()
        // Then no transfer starts for it
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertTrue(rig.client.requests.isEmpty)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A visible load that joins a prefetch's job while the job still reads the disk moves the job
/// up at the transfer gate when it gets there.
final class ImagePipelineRaiseTests: XCTestCase {
    func test_visibleLoadJoiningAPrefetchDuringItsDiskRead_startsItFirst() async throws {
        // Given one transfer slot, held by a slow image, and a prefetch of 2 waiting for it
        let client = HoldingHTTPClient(body: try ImageCodec.encodePNG(DecodedImage(width: 1, height: 1, pixels: [1, 2, 3, 4])))
        let disk = MockDataCache()
        let pipeline = ImagePipeline(
            client: client, memory: MemoryImageCache(), disk: disk, decoder: CountingDecoder(),
            configuration: .init(maxConcurrentTransfers: 1))
        func load(_ path: String, _ priority: ImageLoadOptions.Priority) -> Task<LoadedImage, any Error> {
            let url = URL(string: "http://images.test/\(path)")!
            return Task { try await pipeline.image(for: url, options: ImageLoadOptions(priority: priority)) }
        }
        let busy = load("busy.png", .visible)
        try await eventually { client.sent.count == 1 }
        let second = load("2.png", .prefetch)
        try await eventually { await disk.reads == 2 }
        // When a prefetch of 3 reads the disk and a visible load of 3 joins it meanwhile
        await disk.holdReads()
        let third = load("3.png", .prefetch)
        try await eventually { await disk.reads == 3 }
        let shown = load("3.png", .visible)
        try await Task.sleep(for: .milliseconds(100))
        await disk.releaseReads()
        try await Task.sleep(for: .milliseconds(100))
        client.release()
        for task in [busy, second, third, shown] { _ = try await task.value }
        // Then image 3 was fetched before image 2, once
        XCTAssertEqual(client.sent.map(\.lastPathComponent), ["busy.png", "3.png", "2.png"])
    }

    private func eventually(_ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("the condition did not hold within 5 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
