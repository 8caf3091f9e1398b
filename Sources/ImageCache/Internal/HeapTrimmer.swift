import CMalloc
import Synchronization

/// Gives the memory of freed pixel buffers back to the system.
///
/// glibc raises its mmap threshold to the size of the largest block freed (up to 32 MB), so
/// after the first 3 MB decode buffer is freed the next ones come from malloc's heaps, one per
/// thread, and freed ones stay there: loading 1,000 distinct 1024×768 images through a 64 MB
/// memory cache peaked at 159 MB resident, 130 MB above the process before loading
/// (docs/PERFORMANCE.md, case 6). `malloc_trim(0)` whenever a megabyte or more has been freed
/// (each network load's body, each eviction from the memory cache) keeps the heaps near what is
/// in use, at no visible cost to the load time. A no-op on C libraries that return large
/// blocks themselves.
enum HeapTrimmer {
    /// Bytes released between two trims.
    static let threshold = 1024 * 1024

    private static let pending = Atomic<Int>(0)
    private static let count = Atomic<Int>(0)

    /// Records `bytes` of pixel buffers dropped by a cache; trims once enough have piled up.
    /// Call after the images were released (outside any lock).
    static func released(bytes: Int) {
        guard bytes > 0 else { return }
        let total = pending.wrappingAdd(bytes, ordering: .relaxed).newValue
        guard total >= threshold else { return }
        // One caller wins the exchange and trims; the others go on.
        guard pending.compareExchange(expected: total, desired: 0, ordering: .relaxed).exchanged else { return }
        _ = cmalloc_trim()
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// Trims so far in this process (tests).
    static var trims: Int { count.load(ordering: .relaxed) }
}
