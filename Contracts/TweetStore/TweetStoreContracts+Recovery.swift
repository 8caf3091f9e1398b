import Foundation
import FeedData
import MockServer
import Storage

// The rules about damage: a file at the cache's path that is no database, and a process killed
// in the middle of a save. Each leaves a cache that opens and holds whole pages only.
extension TweetStoreContracts {
    public static let recoversGarbageFile = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.recoversGarbageFile",
        rule: "A file at the path that is not a database is moved aside (kept), reported as recovered, and a working empty cache takes its place.",
        attempting: "opening over a garbage file"
    ) { subject, folder in
        let url = folder.appendingPathComponent("feed.sqlite")
        let garbage = pattern(10_000, seed: 0x5A)
        try garbage.write(to: url)
        let cache: OpenedFeedCache
        switch await openCache(subject, url) {
        case .success(let opened): cache = opened
        case .failure(let problem): return "over a garbage file, " + problem
        }
        if !cache.recovered { return "opening over a garbage file did not report a recovery" }
        try await cache.tweets.save(SuiteTweets.page(12, count: 10))
        let read = try await cache.tweets.latest(limit: 50)
        if read.count != 10 { return "the recovered cache saved 10 tweets and delivered \(describe(read))" }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let kept = files.contains { (try? Data(contentsOf: $0)) == garbage }
        return kept ? nil : "the unusable file was deleted, not moved aside"
    }

    public static let killMidSaveKeepsWholePage = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.killMidSaveKeepsWholePage",
        rule: "A process killed (SIGKILL) in the middle of saving 1,000-tweet pages leaves a file that passes quick_check and holds exactly one whole page.",
        attempting: "the kill"
    ) { subject, folder in
        let pages = (1...40).map { SuiteTweets.page($0, count: tweetCapacity, textLength: 140) }
        let pagesFile = folder.appendingPathComponent("pages.json")
        try JSONEncoder().encode(pages).write(to: pagesFile)
        var random = SplitMix64(seed: 0xC2A5_4000_0000_0011)
        for round in 1...3 {
            let url = folder.appendingPathComponent("feed-\(round).sqlite")
            if let problem = await killOnce(subject, url, pagesFile, pages, delayMilliseconds: 5 + random.next(below: 60)) {
                return "round \(round): " + problem
            }
        }
        return nil
    }

    /// Starts the saver, waits for its first whole page, kills it after `delayMilliseconds`,
    /// and checks what is left.
    private static func killOnce(
        _ subject: TweetStoreSubject, _ url: URL, _ pagesFile: URL, _ pages: [[Tweet]], delayMilliseconds: Int
    ) async -> String? {
        let saver: SaverProcess
        do {
            saver = try SaverProcess(subject.crashingSaver, database: url, pages: pagesFile)
        } catch {
            return "the crashing saver \(subject.crashingSaver.executable.path) did not start: \(error)"
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while saver.savedPages < 1, saver.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        guard saver.savedPages >= 1 else {
            saver.kill()
            return "the saver printed no `saved 1` line within 60 s"
        }
        try? await Task.sleep(for: .milliseconds(delayMilliseconds))
        let finished = !saver.isRunning
        saver.kill()
        let savedBeforeKill = saver.savedPages
        if finished || savedBeforeKill >= pages.count { return "the saver finished all \(pages.count) pages before the kill" }
        let check = quickCheck(url)
        if check != "ok" { return "after the kill quick_check says: \(check)" }
        let cache: OpenedFeedCache
        switch await openCache(subject, url) {
        case .success(let opened): cache = opened
        case .failure(let problem): return "after the kill, " + problem
        }
        if cache.recovered { return "after the kill the file had to be recovered: the saved pages were lost" }
        let read: [Tweet]
        do {
            read = try await cache.tweets.latest(limit: 5_000)
        } catch {
            return "after the kill, reading threw \(error)"
        }
        let pagesFound = Set(read.map { SuiteTweets.pageIndex(of: $0.id) }).sorted()
        guard pagesFound.count == 1, let page = pagesFound.first, (1...pages.count).contains(page) else {
            return "killed \(delayMilliseconds) ms after page \(savedBeforeKill) was saved: the cache holds \(read.count) tweets from pages \(pagesFound.prefix(5)) — a page cut in half"
        }
        if page < savedBeforeKill { return "page \(savedBeforeKill) was reported saved but the cache holds page \(page)" }
        let expected = pages[page - 1].sorted { $0.id > $1.id }
        return read == expected ? nil : "the cache holds \(read.count) of page \(page)'s \(expected.count) tweets"
    }
}
