import Foundation
import Logging
import Synchronization
import XCTest

@testable import ImageCache

/// ``DiskCache`` makes its blocking file calls on a queue of its own, never on a thread of
/// Swift's cooperative pool.
final class DiskCacheExecutorTests: CacheFolderTestCase {
    func test_fileIO_runsOnTheCachesOwnQueue_notOnTheCooperativePool() async {
        // Given a cache that records, at each read's and write's I/O, whether it runs on its queue
        let seen = Mutex<[Bool]>([])
        let cache = DiskCache(
            folder: folder, sizeLimit: 1000, logger: Logger(label: "test"),
            willAccessFiles: { seen.withLock { $0.append(DiskQueueExecutor.isCurrent) } })
        // When called from tasks on the cooperative pool
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    await cache.store(Data([UInt8(index)]), for: "\(index)")
                    _ = await cache.data(for: "\(index)")
                }
            }
        }
        // Then every I/O ran on the queue, while the callers did not
        let onQueue = seen.withLock { $0 }
        XCTAssertEqual(onQueue.count, 16)
        XCTAssertEqual(onQueue, Array(repeating: true, count: 16))
        let callerOnQueue = await Task.detached { DiskQueueExecutor.isCurrent }.value
        XCTAssertFalse(callerOnQueue, "a task of the cooperative pool is not on the disk queue")
    }

    func test_eachCache_hasItsOwnQueue() {
        let first = DiskCache(folder: folder.appendingPathComponent("a"))
        let second = DiskCache(folder: folder.appendingPathComponent("b"))
        XCTAssertFalse(first.executor === second.executor)
        XCTAssertFalse(first.executor.queue === second.executor.queue)
    }
}
