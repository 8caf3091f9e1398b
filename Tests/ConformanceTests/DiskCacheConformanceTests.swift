import Contracts
import ImageCache
import XCTest

/// ``DiskCache`` keeps every DiskCaching rule.
final class DiskCacheConformanceTests: XCTestCase, DiskCachingContractSpec {
    static let ours = DiskCachingSubject(name: "DiskCache") { folder, limit in DiskCache(folder: folder, sizeLimit: limit) }

    var subject: DiskCachingSubject { Self.ours }

    func test_disk_limitNeverExceeded() async { await assertKeeps(DiskCachingContracts.limitNeverExceeded, subject) }
    func test_disk_lruAcrossRestart() async { await assertKeeps(DiskCachingContracts.lruAcrossRestart, subject) }
    func test_disk_survivesRestart() async { await assertKeeps(DiskCachingContracts.survivesRestart, subject) }
    func test_disk_noPartialFiles() async { await assertKeeps(DiskCachingContracts.noPartialFiles, subject) }
    func test_disk_failedWriteDeliversNothingLost() async {
        await assertKeeps(DiskCachingContracts.failedWriteDeliversNothingLost, subject)
    }
}
