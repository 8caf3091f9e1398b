import Contracts
import ContractsTesting
import ImageCache
import ImageCodec
import Synchronization
import Testing

/// The Swift Testing adapter: every ImageCaching rule as one parameterized test, and a
/// violation recorded as an issue.
@Suite struct ExpectKeepsTests {
    /// Our in-memory LRU cache, as in `Conformance.ImageCachingSuite`.
    let subject = ImageCachingSubject(name: "MemoryImageCache") { MemoryImageCache(costLimit: $0) }

    @Test(arguments: ImageCachingContracts.all)
    func memoryImageCacheKeeps(_ contract: Contract<ImageCachingSubject>) async {
        await expectKeeps(contract, subject)
    }

    @Test func brokenCache_recordsViolationAsIssue() async {
        // Given a cache that never evicts
        let broken = ImageCachingSubject(name: "NeverEvicts") { NeverEvictingCache(costLimit: $0) }

        // When its limit rule is checked
        var violation: ContractViolation?
        await withKnownIssue("a cache that never evicts exceeds its limit") {
            violation = await expectKeeps(ImageCachingContracts.limitNeverExceeded, broken)
        }

        // Then the violation names the rule
        #expect(violation?.contract == "memory.limitNeverExceeded")
    }
}

/// Stores everything and never evicts: breaks `memory.limitNeverExceeded` (and the LRU rules).
final class NeverEvictingCache: ImageCaching {
    let costLimit: Int
    private let entries = Mutex<[String: DecodedImage]>([:])

    init(costLimit: Int) {
        self.costLimit = costLimit
    }

    func image(for key: String) -> DecodedImage? { entries.withLock { $0[key] } }
    func insert(_ image: DecodedImage, for key: String) -> Bool {
        entries.withLock { $0[key] = image }
        return true
    }
    func removeImage(for key: String) { entries.withLock { $0[key] = nil } }
    func removeAll() { entries.withLock { $0.removeAll() } }
    func trim(toCost cost: Int) {}
    var totalCost: Int { entries.withLock { $0.values.reduce(0) { $0 + $1.cost } } }
    var count: Int { entries.withLock { $0.count } }
}
