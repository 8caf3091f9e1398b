import Foundation
import Synchronization
import XCTest

@testable import MockServer

/// A variant's bytes live in the same bounded image cache as the plain images: a second
/// request is a hit, and the cache's byte bound evicts variants like any other image.
final class ImageZooCacheTests: XCTestCase {
    private func key(_ number: Int, _ variant: String = "progressive", width: Int = 64, height: Int = 48) -> ImageKey {
        ImageKey(subject: .numbered(number), width: width, height: height, format: .jpeg, variant: variant)
    }

    /// Loads `key` and waits for it; `synchronous` says whether the answer came before `load`
    /// returned (a cache hit: nothing was queued for rendering).
    private func load(_ key: ImageKey, from store: ImageStore) throws -> (bytes: Int, synchronous: Bool) {
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        store.load(key, waiter: ObjectIdentifier(self)) { result in
            answer.result.withLock { $0 = result }
            done.signal()
        }
        let synchronous = answer.result.withLock { $0 != nil }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "rendering \(key)")
        let bytes = try XCTUnwrap(answer.result.withLock { $0 }).get()
        return (bytes.count, synchronous)
    }

    /// The sizes of `keys` rendered by a store of the default bound.
    private func sizes(_ keys: [ImageKey]) throws -> [Int] {
        let store = ImageStore()
        defer { store.stop() }
        return try keys.map { try load($0, from: store).bytes }
    }

    func test_secondRequestOfAVariant_isACacheHit_withoutRendering() throws {
        let store = ImageStore()
        defer { store.stop() }
        let first = try load(key(7, "cmyk"), from: store)
        XCTAssertFalse(first.synchronous, "the first request renders on a render thread")
        let second = try load(key(7, "cmyk"), from: store)
        XCTAssertTrue(second.synchronous, "the second is answered from the cache, at once")
        XCTAssertEqual(second.bytes, first.bytes)
        XCTAssertEqual(store.cachedBytes, first.bytes)
        XCTAssertNil(store.cached(key(7, "gray")), "another variant of the same image is another entry")
    }

    func test_byteBound_appliesToVariants_leastRecentlyUsedGoFirst() throws {
        // Given a store holding a few small variants' worth of bytes
        let capacity = 8 * (try sizes((1...3).map { key($0) }).max() ?? 0)
        let store = ImageStore(capacity: capacity)
        defer { store.stop() }

        // When more variants are generated than it can hold, the first kept fresh by a re-use
        _ = try load(key(1), from: store)
        var total = 0
        for number in 2...20 {
            total += try load(key(number), from: store).bytes
            XCTAssertTrue(try load(key(1), from: store).synchronous, "image 1, used after each, stays")
            XCTAssertLessThanOrEqual(store.cachedBytes, capacity, "after variant \(number)")
        }

        // Then the bytes kept never passed the bound, older variants were evicted, the newest is kept
        XCTAssertGreaterThan(total, capacity, "the test must overflow the cache")
        XCTAssertNil(store.cached(key(2)), "the least recently used variant is gone")
        XCTAssertNotNil(store.cached(key(20)))
        XCTAssertNotNil(store.cached(key(1)))
    }

    func test_variantAboveAQuarterOfTheBound_isServedButNotKept() throws {
        let size = try sizes([key(1, "gray")])[0]
        let store = ImageStore(capacity: 4 * size - 4)
        defer { store.stop() }
        XCTAssertEqual(try load(key(1, "gray"), from: store).bytes, size)
        XCTAssertNil(store.cached(key(1, "gray")))
        XCTAssertEqual(store.cachedBytes, 0)
    }
}

/// Where a load's completion leaves its result for the test's thread.
private final class Answer: Sendable {
    let result = Mutex<Result<SharedBytes, ImageGenerationError>?>(nil)
}
