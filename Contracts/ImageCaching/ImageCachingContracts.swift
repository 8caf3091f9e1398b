public import ContractsCore
import ImageCache
import ImageCodec
import MockServer

/// The rules every ``ImageCaching`` keeps, each a local ``Contract`` (no server): the cache is
/// driven directly and inspected after every call.
public enum ImageCachingContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<ImageCachingSubject>] = [
        limitNeverExceeded, lruEviction, oversizeRefused, costIsDecodedBytes, trimAndRemoveAll,
    ] + scratchRules

    public static let limitNeverExceeded = Contract<ImageCachingSubject>(
        id: "memory.limitNeverExceeded",
        rule: "After every call the total cost is at most the limit and equals the cost of the entries still readable."
    ) { subject in
        let limit = 64 * 1024
        let cache = subject.makeCache(limit)
        var random = SplitMix64(seed: 0x1A2B_3C4D_5E6F_7081)
        var stored: [String: DecodedImage] = [:]  // what each key last accepted
        let keys = (0..<150).map { "https://example.com/\($0).png" }
        // Sides up to 44 px: the largest images (44 × 44 × 4 = 7,744 bytes) are over 10% of the limit.
        var images: [Int: DecodedImage] = [:]
        for step in 1...2_000 {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            let action = Int.random(in: 0..<10, using: &random)
            let call: String
            switch action {
            case 0..<6:
                let (width, height) = (Int.random(in: 1...44, using: &random), Int.random(in: 1...44, using: &random))
                let picture = images[width * 100 + height] ?? image(width, height, fill: UInt8(width))
                images[width * 100 + height] = picture
                call = "insert(\(width)×\(height), \(key))"
                if cache.insert(picture, for: key) { stored[key] = picture }
            case 6..<9:
                call = "image(for: \(key))"
                if let hit = cache.image(for: key), hit != stored[key] {
                    return "step \(step): \(call) returned a \(hit.width)×\(hit.height) image, not the one stored"
                }
            default:
                call = "removeImage(for: \(key))"
                cache.removeImage(for: key)
                stored[key] = nil
                if cache.image(for: key) != nil { return "step \(step): \(key) was still readable after \(call)" }
            }
            let total = cache.totalCost
            if total > limit { return "step \(step): after \(call) the total cost was \(total), over the limit \(limit)" }
            if total < 0 { return "step \(step): after \(call) the total cost was \(total)" }
            if step % 50 == 0 || step == 2_000 {
                // Reading every key refreshes them all in key order; the sequence stays deterministic.
                let readable = keys.compactMap { cache.image(for: $0) }
                let sum = readable.reduce(0) { $0 + $1.cost }
                if sum != total || readable.count != cache.count {
                    return "step \(step): after \(call) totalCost was \(total) and count \(cache.count), "
                        + "but the \(readable.count) readable entries cost \(sum)"
                }
            }
        }
        return nil
    }

    public static let lruEviction = Contract<ImageCachingSubject>(
        id: "memory.lruEviction",
        rule: "When full, the least recently used entry goes first, and a read counts as a use."
    ) { subject in
        let cache = subject.makeCache(10 * 400)  // ten 10 × 10 images
        for number in 0..<10 { cache.insert(image(10, 10), for: "\(number)") }
        guard cache.count == 10 else { return "holds \(cache.count) of ten images that fit exactly" }
        guard cache.image(for: "0") != nil else { return "the oldest image was gone before the cache was full" }
        cache.insert(image(10, 10), for: "10")
        if cache.image(for: "0") == nil { return "the image just read (0) was evicted; reads do not count as a use" }
        if cache.image(for: "1") != nil { return "the least recently used image (1) survived an insert into a full cache" }
        // Order now, oldest first: 2 … 9, 10, 0.
        cache.insert(image(10, 10), for: "11")
        let remaining = present(["3", "4", "5", "6", "7", "8", "9", "10", "0", "11"].reversed(), in: cache)
        if cache.image(for: "2") != nil { return "the least recently used image (2) survived the next insert" }
        if remaining.count != 10 { return "after two evictions only \(remaining.sorted()) of ten expected images remain" }
        return nil
    }

    public static let oversizeRefused = Contract<ImageCachingSubject>(
        id: "memory.oversizeRefused",
        rule: "An image over 10% of the limit is refused (insert returns false) and evicts nothing, not even its key."
    ) { subject in
        let cache = subject.makeCache(10 * 400)  // 10% = one 10 × 10 image
        guard cache.insert(image(10, 10), for: "a") else { return "refused an image of exactly 10% of the limit" }
        cache.insert(image(5, 5), for: "b")
        cache.insert(image(5, 5), for: "c")
        let (count, total) = (cache.count, cache.totalCost)
        if cache.insert(image(11, 10), for: "big") {
            return "accepted an image of 11% of the limit (insert returned true)"
        }
        if cache.image(for: "big") != nil { return "stored an image of 11% of the limit" }
        if cache.insert(image(11, 10, fill: 1), for: "a") { return "accepted an oversize replacement for a stored key" }
        if cache.count != count || cache.totalCost != total {
            return "refusing changed count \(count) → \(cache.count) and total cost \(total) → \(cache.totalCost)"
        }
        let kept = present(["a", "b", "c"], in: cache)
        if kept.count != 3 { return "refusing evicted entries: only \(kept) of a, b, c remain" }
        if cache.image(for: "a") != image(10, 10) { return "refusing an oversize replacement changed the stored image" }
        return nil
    }

    public static let costIsDecodedBytes = Contract<ImageCachingSubject>(
        id: "memory.costIsDecodedBytes",
        rule: "An entry costs its decoded bytes (width × height × 4): ten 100 × 100 images fill a 400,000-byte cache."
    ) { subject in
        let cache = subject.makeCache(10 * 100 * 100 * 4)
        for number in 0..<10 {
            cache.insert(image(100, 100), for: "\(number)")
            if cache.totalCost != (number + 1) * 40_000 {
                return "after \(number + 1) images of 100 × 100 the total cost was \(cache.totalCost), "
                    + "expected \((number + 1) * 40_000)"
            }
        }
        guard cache.count == 10 else { return "ten 100 × 100 images in a 400,000-byte cache left \(cache.count)" }
        cache.insert(image(100, 100), for: "10")
        if cache.count != 10 { return "the 11th image left \(cache.count) entries, expected exactly one evicted" }
        if cache.image(for: "0") != nil { return "the 11th image did not evict the first" }
        cache.insert(image(50, 100), for: "10")
        if cache.totalCost != 9 * 40_000 + 20_000 {
            return "replacing a 100 × 100 image with a 50 × 100 one left a total of \(cache.totalCost), expected 380000"
        }
        return nil
    }

    public static let trimAndRemoveAll = Contract<ImageCachingSubject>(
        id: "memory.trimAndRemoveAll",
        rule: "trim(toCost:) evicts least recently used entries until the total is at most the cost; removeAll empties."
    ) { subject in
        let cache = subject.makeCache(10 * 400)
        for number in 0..<10 { cache.insert(image(10, 10), for: "\(number)") }
        cache.trim(toCost: 1_000)
        if cache.totalCost > 1_000 { return "trim(toCost: 1000) left a total cost of \(cache.totalCost)" }
        if cache.count != 2 { return "trim(toCost: 1000) of ten 400-byte entries left \(cache.count), expected 2" }
        let survivors = present((0..<10).map { "\($0)" }, in: cache)
        if survivors != ["8", "9"] { return "trim kept \(survivors), not the two most recently used (8, 9)" }
        cache.removeAll()
        if cache.count != 0 || cache.totalCost != 0 {
            return "removeAll left \(cache.count) entries costing \(cache.totalCost)"
        }
        if cache.image(for: "9") != nil { return "an image was still readable after removeAll" }
        guard cache.insert(image(10, 10), for: "again"), cache.image(for: "again") != nil, cache.totalCost == 400 else {
            return "after removeAll a new image could not be stored and read back (total \(cache.totalCost))"
        }
        return nil
    }
}
