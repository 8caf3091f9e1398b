import ImageCodec

/// The engine behind ``MemoryImageCache``: an index from key to slot, and the slots linked in
/// recency order (head = most recently used, tail = least). Not thread-safe; the cache holds it
/// in a `Mutex`.
///
/// The list is intrusive and lives in one array of slots linked by index, not in one class
/// instance per entry: no allocation or reference counting per node, and freed slots are reused.
struct LRUStorage {
    /// One entry, or a free slot (`image == nil`).
    private struct Slot {
        var key: String
        var image: DecodedImage?
        var cost: Int
        var previous: Int
        var next: Int
    }

    private static let none = -1
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var index: [String: Int] = [:]
    private var head = Self.none
    private var tail = Self.none
    private(set) var totalCost = 0

    var count: Int { index.count }

    /// The image for `key`, moved to the head; `nil` when absent.
    mutating func touch(_ key: String) -> DecodedImage? {
        guard let slot = index[key] else { return nil }
        unlink(slot)
        linkAtHead(slot)
        return slots[slot].image
    }

    /// Stores `image` for `key` at the head, replacing any entry for the key. Does not evict.
    mutating func insert(_ image: DecodedImage, for key: String) {
        if let slot = index[key] {
            totalCost += image.cost - slots[slot].cost
            slots[slot].image = image
            slots[slot].cost = image.cost
            unlink(slot)
            linkAtHead(slot)
            return
        }
        let entry = Slot(key: key, image: image, cost: image.cost, previous: Self.none, next: Self.none)
        let slot: Int
        if let free = freeSlots.popLast() {
            slots[free] = entry
            slot = free
        } else {
            slots.append(entry)
            slot = slots.count - 1
        }
        index[key] = slot
        totalCost += image.cost
        linkAtHead(slot)
    }

    /// Removes the entry for `key`; returns its image so the caller can release it later.
    mutating func remove(_ key: String) -> DecodedImage? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        return release(slot)
    }

    /// Removes least recently used entries until the total cost is at most `costLimit` and the
    /// count at most `countLimit`; returns the removed images.
    mutating func evict(whileCostAbove costLimit: Int, orCountAbove countLimit: Int) -> [DecodedImage] {
        var evicted: [DecodedImage] = []
        while tail != Self.none, totalCost > costLimit || index.count > countLimit {
            let slot = tail
            index.removeValue(forKey: slots[slot].key)
            if let image = release(slot) { evicted.append(image) }
        }
        return evicted
    }

    /// Unlinks `slot` (already out of the index), frees it and returns its image.
    private mutating func release(_ slot: Int) -> DecodedImage? {
        unlink(slot)
        totalCost -= slots[slot].cost
        let image = slots[slot].image
        slots[slot] = Slot(key: "", image: nil, cost: 0, previous: Self.none, next: Self.none)
        freeSlots.append(slot)
        return image
    }

    private mutating func unlink(_ slot: Int) {
        let (previous, next) = (slots[slot].previous, slots[slot].next)
        if previous == Self.none { head = next } else { slots[previous].next = next }
        if next == Self.none { tail = previous } else { slots[next].previous = previous }
        slots[slot].previous = Self.none
        slots[slot].next = Self.none
    }

    private mutating func linkAtHead(_ slot: Int) {
        slots[slot].next = head
        if head != Self.none { slots[head].previous = slot }
        head = slot
        if tail == Self.none { tail = slot }
    }

    /// `nil` when the list, the index and the total agree; otherwise what is wrong (test hook).
    func consistencyProblem() -> String? {
        var seen = 0
        var cost = 0
        var previous = Self.none
        var slot = head
        while slot != Self.none {
            seen += 1
            if seen > index.count { return "the list is longer than the index (\(index.count)) or has a cycle" }
            let entry = slots[slot]
            if entry.previous != previous { return "slot \(slot) links back to \(entry.previous), not \(previous)" }
            if index[entry.key] != slot { return "key \(entry.key) is not indexed at slot \(slot)" }
            cost += entry.cost
            previous = slot
            slot = entry.next
        }
        if previous != tail { return "the tail is \(tail), the list ends at \(previous)" }
        if seen != index.count { return "the list has \(seen) entries, the index \(index.count)" }
        if cost != totalCost { return "the entries cost \(cost), the total says \(totalCost)" }
        return nil
    }
}
