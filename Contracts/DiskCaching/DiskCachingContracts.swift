public import ContractsCore
import Foundation
import ImageCache
import MockServer

/// The rules every ``DataCaching`` disk cache keeps, each a ``Contract`` (local: no server) run on a fresh
/// temporary folder (deleted after). Sizes are scaled down to kilobytes; the rules are the
/// same at 150 MB.
public enum DiskCachingContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<DiskCachingSubject>] = [
        limitNeverExceeded, lruAcrossRestart, survivesRestart, noPartialFiles, failedWriteDeliversNothingLost,
    ]

    public static let limitNeverExceeded = Contract<DiskCachingSubject>.localInTemporaryFolder(
        id: "disk.limitNeverExceeded",
        rule: "When store returns, totalSize and the bytes in the folder are at most the limit; an entry within it is readable, one over it is not stored."
    ) { subject, folder in
        let limit = 64 * 1024
        let cache = await subject.makeCache(folder, limit)
        var random = SplitMix64(seed: 0x0D15_CCAC_4E00_0001)
        for step in 0..<80 {
            let key = "https://images.example/\(random.next(below: 16)).png"
            if random.next(below: 4) == 0 {
                _ = await cache.data(for: key)  // reorders the LRU list
                continue
            }
            let oversized = step % 10 == 9
            let size = oversized ? limit + 1 + random.next(below: 1024) : random.next(below: limit / 3)
            let data = pattern(size, seed: UInt8(truncatingIfNeeded: step))
            await cache.store(data, for: key)
            let total = await cache.totalSize
            if total > limit { return "after store #\(step) (\(size) bytes) totalSize is \(total), over the limit \(limit)" }
            let onDisk = bytesInFolder(folder)
            if onDisk > limit { return "after store #\(step) (\(size) bytes) the folder holds \(onDisk) bytes, over the limit \(limit)" }
            let read = await cache.data(for: key)
            if oversized, read == data { return "store #\(step) of \(size) bytes, over the whole limit \(limit), was kept" }
            if !oversized, read != data {
                return "store #\(step) (\(size) bytes, within the limit) read back as \(describe(read))"
            }
        }
        return nil
    }

    public static let lruAcrossRestart = Contract<DiskCachingSubject>.localInTemporaryFolder(
        id: "disk.lruAcrossRestart",
        rule: "The least recently used entry goes first, also after a restart: write a, b, c, read a, reopen, write d → b is evicted, a stays."
    ) { subject, folder in
        let limit = 300
        let keys = ["lru-a", "lru-b", "lru-c", "lru-d"]
        let values = keys.indices.map { pattern(100, seed: UInt8($0 + 1)) }
        let first = await subject.makeCache(folder, limit)
        for index in 0..<3 { await first.store(values[index], for: keys[index]) }
        guard await first.data(for: keys[0]) == values[0] else { return "a was not readable before the restart" }
        let second = await subject.makeCache(folder, limit)
        await second.store(values[3], for: keys[3])
        if await second.data(for: keys[1]) != nil { return "b, the least recently used, was still there after writing d" }
        for index in [0, 2, 3] {
            let read = await second.data(for: keys[index])
            if read != values[index] {
                return "\(keys[index]) (more recently used than b) read back as \(describe(read)) after writing d"
            }
        }
        return nil
    }

    public static let survivesRestart = Contract<DiskCachingSubject>.localInTemporaryFolder(
        id: "disk.survivesRestart",
        rule: "A new instance on the same folder reads every stored entry byte for byte and reports the same totalSize."
    ) { subject, folder in
        let stored = [("restart-1", pattern(10_000, seed: 1)), ("restart-2", pattern(1, seed: 2)), ("restart-3", pattern(200_000, seed: 3))]
        let first = await subject.makeCache(folder, 1024 * 1024)
        for (key, data) in stored { await first.store(data, for: key) }
        let second = await subject.makeCache(folder, 1024 * 1024)
        for (key, data) in stored {
            let read = await second.data(for: key)
            if read != data { return "after the restart \(key) (\(data.count) bytes) read back as \(describe(read))" }
        }
        let expected = stored.reduce(0) { $0 + $1.1.count }
        let total = await second.totalSize
        return total == expected ? nil : "after the restart totalSize is \(total), expected \(expected)"
    }

    public static let noPartialFiles = Contract<DiskCachingSubject>.localInTemporaryFolder(
        id: "disk.noPartialFiles",
        rule: "A read during a replacing store gives nil, the old bytes or the new bytes — never a mix or a cut file."
    ) { subject, folder in
        let size = 256 * 1024
        let versions: ClosedRange<UInt8> = 1...12
        let cache = await subject.makeCache(folder, 4 * 1024 * 1024)
        let writing = Flag()
        let observed = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for version in versions { await cache.store(Data(repeating: version, count: size), for: "partial") }
                writing.lower()
                return nil
            }
            group.addTask {
                while writing.isRaised {
                    guard let read = await cache.data(for: "partial") else { await Task.yield(); continue }
                    guard read.count == size, let first = read.first, versions.contains(first),
                          read == Data(repeating: first, count: size)
                    else { return "a read during the stores returned \(describe(read)), not one whole version" }
                }
                return nil
            }
            return await group.reduce(into: [String]()) { if let problem = $1 { $0.append(problem) } }.first
        }
        if let observed { return observed }
        let last = await cache.data(for: "partial")
        return last == Data(repeating: versions.upperBound, count: size) ? nil : "the last version read back as \(describe(last))"
    }

    public static let failedWriteDeliversNothingLost = Contract<DiskCachingSubject>.localInTemporaryFolder(
        id: "disk.failedWriteDeliversNothingLost",
        rule: "A store into an unwritable folder reports a failure on failures(), and every entry stored before (even under the same key) stays readable."
    ) { subject, folder in
        let kept = pattern(4096, seed: 7)
        let replaced = pattern(4096, seed: 9)
        let cache = await subject.makeCache(folder, 1024 * 1024)
        await cache.store(kept, for: "failed-kept")
        await cache.store(replaced, for: "failed-replaced")
        let failures = cache.failures()
        guard let blocked = UnwritableFolder(folder) else { return "could not make the folder unwritable" }
        await cache.store(pattern(2048, seed: 11), for: "failed-replaced")
        await cache.store(pattern(2048, seed: 13), for: "failed-new")
        let failure = await first(of: failures, within: .milliseconds(500))
        guard blocked.restore() else { return "could not make the folder writable again" }
        guard failure != nil else { return "stores into an unwritable folder reported no failure on failures()" }
        let readKept = await cache.data(for: "failed-kept")
        if readKept != kept { return "after a failed store, an earlier entry read back as \(describe(readKept))" }
        let readReplaced = await cache.data(for: "failed-replaced")
        if readReplaced != replaced {
            return "after a failed replacing store, the earlier value read back as \(describe(readReplaced))"
        }
        return nil
    }
}
