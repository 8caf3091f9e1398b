import CMalloc
import Synchronization

/// Gives the memory of freed pixel buffers and bodies back to the system.
///
/// glibc raises its mmap threshold to the size of the largest block freed (up to 32 MB), so
/// after the first 3 MB decode buffer is freed the next ones come from malloc's heaps, one per
/// thread, and freed ones stay there: loading 1,000 distinct 1024×768 images through a 64 MB
/// memory cache peaked at 159 MB resident, 130 MB above the process before loading
/// (docs/PERFORMANCE.md, case 6). Two measures, both switched by
/// ``ImagePipeline/Configuration/returnsFreedMemory``: `malloc_trim(0)` whenever a megabyte or
/// more has been freed (each network load's body, each eviction from the memory cache), which
/// alone took a 250-image run from 138 to 121–129 MB; and the mmap threshold pinned at 1 MB,
/// so such blocks are unmapped when freed (108 MB for the same run). Nothing to do on C
/// libraries that return large blocks themselves.
enum HeapTrimmer {
    /// Bytes released between two trims.
    static let threshold = 1024 * 1024

    /// Blocks from this size up get their own mapping, returned to the system when freed.
    static let mmapThreshold: Int32 = 1024 * 1024

    private static let pending = Atomic<Int>(0)
    private static let count = Atomic<Int>(0)
    private static let enabled = Atomic<Bool>(false)

    /// Turns both measures on for the process (the first pipeline that asks for them does).
    static func enable() {
        guard !enabled.exchange(true, ordering: .relaxed) else { return }
        _ = cmalloc_set_mmap_threshold(mmapThreshold)
    }

    /// Records `bytes` of pixel buffers dropped by a cache; trims once enough have piled up.
    /// Call after the images were released (outside any lock).
    static func released(bytes: Int) {
        guard bytes > 0, enabled.load(ordering: .relaxed) else { return }
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
