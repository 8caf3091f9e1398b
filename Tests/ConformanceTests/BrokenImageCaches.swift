import ImageCache
import ImageCodec
import Synchronization

// A deliberately naive LRU image cache with switchable flaws, each the way real caches get one
// rule wrong, so that every ImageCaching contract is shown to fail when its rule is broken.
// O(n) per call: it only has to be obviously right apart from its flaw.

/// One way to break an ``ImageCaching`` rule.
enum ImageCacheFlaw: Sendable {
    /// Evicts before inserting, only while the total *already* exceeds the limit, so the new
    /// entry can push the total over it (checked too early).
    case checksLimitBeforeInsert
    /// Evicts in insertion order: a read does not refresh an entry (FIFO, not LRU).
    case ignoresReads
    /// Stores any image, however large.
    case acceptsOversize
    /// Counts every entry as costing 1, whatever its size.
    case costsOnePerEntry
    /// `trim(toCost:)` does nothing.
    case trimDoesNothing
}

/// A naive LRU cache (array, least recent first) with at most one ``ImageCacheFlaw``.
final class FlawedImageCache: ImageCaching {
    let costLimit: Int
    private let flaw: ImageCacheFlaw?
    private let entries = Mutex<[(key: String, image: DecodedImage)]>([])

    init(costLimit: Int, flaw: ImageCacheFlaw?) {
        self.costLimit = costLimit
        self.flaw = flaw
    }

    private func cost(of image: DecodedImage) -> Int {
        flaw == .costsOnePerEntry ? 1 : image.cost
    }

    func image(for key: String) -> DecodedImage? {
        let ignoresReads = flaw == .ignoresReads
        return entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries[index]
            if !ignoresReads {
                entries.remove(at: index)
                entries.append(entry)
            }
            return entry.image
        }
    }

    @discardableResult
    func insert(_ image: DecodedImage, for key: String) -> Bool {
        if flaw != .acceptsOversize, image.cost * 10 > costLimit { return false }
        let (flaw, limit, cost) = (flaw, costLimit, self.cost(of:))
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            if flaw == .checksLimitBeforeInsert {
                while entries.reduce(0, { $0 + cost($1.image) }) > limit { entries.removeFirst() }
                entries.append((key, image))
            } else {
                entries.append((key, image))
                while entries.reduce(0, { $0 + cost($1.image) }) > limit { entries.removeFirst() }
            }
        }
        return true
    }

    func removeImage(for key: String) {
        entries.withLock { $0.removeAll { $0.key == key } }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    func trim(toCost target: Int) {
        guard flaw != .trimDoesNothing else { return }
        let cost = self.cost(of:)
        entries.withLock { entries in
            while entries.reduce(0, { $0 + cost($1.image) }) > target { entries.removeFirst() }
        }
    }

    var totalCost: Int {
        let cost = self.cost(of:)
        return entries.withLock { $0.reduce(0) { $0 + cost($1.image) } }
    }

    var count: Int { entries.withLock { $0.count } }
}
