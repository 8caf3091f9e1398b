public import ContractsCore
import Foundation
import FeedData
import MockServer
import Storage

/// The rules every feed cache keeps (tweets, avatars, settings in one database file), each a
/// local ``Contract`` run on a fresh temporary folder (deleted after). A "restart" is a new
/// instance opened on the same path.
public enum TweetStoreContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<TweetStoreSubject>] = [
        emptyDeliversNothing, survivesRestart, noDuplicates, newestFirst, capacity, observesSaves,
        avatarsSurviveRestart, avatarLimitLRU, settingsSurviveRestart, recoversGarbageFile, killMidSaveKeepsWholePage,
    ]

    /// The number of tweets a cache keeps.
    public static let tweetCapacity = 1_000

    public static let emptyDeliversNothing = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.emptyDeliversNothing",
        rule: "A cache opened on a new path delivers no tweets, no avatars, and the default settings (avatars on).",
        attempting: "reading the empty cache"
    ) { subject, folder in
        let cache: OpenedFeedCache
        switch await openCache(subject, folder.appendingPathComponent("feed.sqlite")) {
        case .success(let opened): cache = opened
        case .failure(let problem): return problem
        }
        let tweets = try await cache.tweets.latest(limit: 100)
        if !tweets.isEmpty { return "a new cache delivered \(describe(tweets))" }
        if let avatar = try await cache.avatars.avatar(for: SuiteTweets.user(0).avatarURL ?? "") {
            return "a new cache delivered an avatar of \(avatar.count) bytes"
        }
        let settings = try await cache.settings.load()
        return settings == .default ? nil : "a new cache's settings are \(settings), not the default \(FeedSettings.default)"
    }

    public static let survivesRestart = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.survivesRestart",
        rule: "Tweets saved, then read by a new instance on the same file, come back identical: ids, text, dates, authors.",
        attempting: "the restart"
    ) { subject, folder in
        let url = folder.appendingPathComponent("feed.sqlite")
        let saved = SuiteTweets.page(1, count: 60) + SuiteTweets.page(2, count: 40)
        guard case .success(let first) = await openCache(subject, url) else { return "the first open failed" }
        try await first.tweets.save(saved)
        let second: OpenedFeedCache
        switch await openCache(subject, url) {
        case .success(let opened): second = opened
        case .failure(let problem): return "after the restart, " + problem
        }
        let read = try await second.tweets.latest(limit: 500)
        let expected = saved.sorted { $0.id > $1.id }
        if read == expected { return nil }
        if read.count != expected.count { return "saved 100 tweets; after the restart it delivered \(describe(read))" }
        let index = read.indices.first { read[$0] != expected[$0] } ?? 0
        return "after the restart tweet #\(index) reads back as \(read[index]), saved as \(expected[index])"
    }

    public static let noDuplicates = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.noDuplicates",
        rule: "Saving a page twice, or pages that overlap, keeps each tweet id once; a second save of an id updates it.",
        attempting: "saving overlapping pages"
    ) { subject, folder in
        guard case .success(let cache) = await openCache(subject, folder.appendingPathComponent("feed.sqlite"))
        else { return "the open failed" }
        let page = SuiteTweets.page(3, count: 30)
        try await cache.tweets.save(page)
        try await cache.tweets.save(page)
        let edited = Tweet(id: page[5].id, text: "edited", createdAt: page[5].createdAt, author: page[5].author)
        try await cache.tweets.save(Array(page[10..<20]) + SuiteTweets.page(4, count: 5) + [edited])
        let read = try await cache.tweets.latest(limit: 500)
        let ids = read.map(\.id)
        if Set(ids).count != ids.count { return "\(ids.count - Set(ids).count) duplicate ids among \(ids.count) tweets" }
        if ids.count != 35 { return "30 + 5 distinct tweets were saved; \(ids.count) came back" }
        let text = read.first { $0.id == edited.id }?.text
        return text == "edited" ? nil : "a tweet saved again with new text reads \(text.map { "\"\($0)\"" } ?? "nothing")"
    }

    public static let newestFirst = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.newestFirst",
        rule: "latest(limit:) delivers the newest tweets (largest id) first, whatever order they were saved in, and at most limit of them.",
        attempting: "reading in order"
    ) { subject, folder in
        guard case .success(let cache) = await openCache(subject, folder.appendingPathComponent("feed.sqlite"))
        else { return "the open failed" }
        var random = SplitMix64(seed: 0x0F1E_57F1_0000_0005)
        var tweets = SuiteTweets.page(5, count: 20) + SuiteTweets.page(6, count: 20)
        for index in tweets.indices.reversed() { tweets.swapAt(index, random.next(below: index + 1)) }
        try await cache.tweets.save(Array(tweets[20...]))
        try await cache.tweets.save(Array(tweets[..<20]))
        let expected = tweets.map(\.id).sorted(by: >)
        let all = try await cache.tweets.latest(limit: 100).map(\.id)
        if all != expected { return "latest(limit: 100) ids are in the order \(all.prefix(5))…, expected \(expected.prefix(5))…" }
        let first = try await cache.tweets.latest(limit: 7).map(\.id)
        return first == Array(expected.prefix(7)) ? nil : "latest(limit: 7) delivered \(first.count) ids \(first.prefix(3))…, not the 7 newest"
    }

    public static let capacity = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.capacity",
        rule: "At most 1,000 tweets are kept: the newest, whatever the save order; an author with no tweet left loses its avatar.",
        attempting: "saving 1,300 tweets"
    ) { subject, folder in
        guard case .success(let cache) = await openCache(subject, folder.appendingPathComponent("feed.sqlite"))
        else { return "the open failed" }
        let lonely = TwitterUser(id: 4_999, name: "Lonely", screenName: "lonely", avatarURL: "http://127.0.0.1/avatars/lonely.png")
        let oldest = Tweet(id: SuiteTweets.base, text: "the oldest", createdAt: Date(timeIntervalSince1970: 0), author: lonely)
        try await cache.tweets.save([oldest])
        try await cache.avatars.store(Data(repeating: 7, count: 512), for: lonely.avatarURL ?? "")
        try await cache.tweets.save(SuiteTweets.page(8, count: 600))
        try await cache.tweets.save(SuiteTweets.page(7, count: 300))
        try await cache.tweets.save(SuiteTweets.page(9, count: 400))
        let read = try await cache.tweets.latest(limit: 5_000)
        let expected = (SuiteTweets.page(8, count: 600) + SuiteTweets.page(9, count: 400)).map(\.id).sorted(by: >)
        if read.count != tweetCapacity { return "after saving 1,301 tweets the cache holds \(read.count), not \(tweetCapacity)" }
        if read.map(\.id) != expected { return "the 1,000 kept are not the newest: \(describe(read))" }
        if let avatar = try await cache.avatars.avatar(for: lonely.avatarURL ?? "") {
            return "the avatar (\(avatar.count) bytes) of a user whose only tweet was dropped is still cached"
        }
        return nil
    }

    public static let observesSaves = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.observesSaves",
        rule: "observeLatest delivers the current tweets at once, and the new newest tweets within 2 s of a save landing.",
        attempting: "observing"
    ) { subject, folder in
        guard case .success(let cache) = await openCache(subject, folder.appendingPathComponent("feed.sqlite"))
        else { return "the open failed" }
        try await cache.tweets.save(SuiteTweets.page(10, count: 3))
        let stream = cache.tweets.observeLatest(limit: 5)
        let seen = await withTaskGroup(of: [Int64]?.self) { group in
            group.addTask {
                var latest: [Int64] = []
                var saved = false
                do {
                    for try await tweets in stream {
                        latest = tweets.map(\.id)
                        if !saved {
                            saved = true
                            try await cache.tweets.save(SuiteTweets.page(11, count: 2))
                        }
                        if latest.first == SuiteTweets.tweet(page: 11, index: 1).id { break }
                    }
                } catch {
                    return latest
                }
                return latest
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(2))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let expected = (SuiteTweets.page(10, count: 3) + SuiteTweets.page(11, count: 2)).map(\.id).sorted(by: >)
        guard let seen else { return "no update with the saved tweets within 2 s of the save" }
        return seen == expected ? nil : "the observation delivered ids \(seen), expected \(expected)"
    }

    public static let avatarsSurviveRestart = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.avatarsSurviveRestart",
        rule: "Avatar bytes stored, then read by a new instance on the same file, come back byte for byte.",
        attempting: "the restart"
    ) { subject, folder in
        let url = folder.appendingPathComponent("feed.sqlite")
        guard case .success(let first) = await openCache(subject, url) else { return "the first open failed" }
        let avatars = (0..<5).map { index in (SuiteTweets.user(index).avatarURL ?? "", pattern(3_000 + index * 777, seed: UInt8(index))) }
        for (url, data) in avatars { try await first.avatars.store(data, for: url) }
        guard case .success(let second) = await openCache(subject, url) else { return "the second open failed" }
        for (url, data) in avatars {
            let read = try await second.avatars.avatar(for: url)
            if read != data { return "after the restart the avatar \(url) reads back as \(describe(read))" }
        }
        return nil
    }

    public static let avatarLimitLRU = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.avatarLimitLRU",
        rule: "Avatars stay within the byte limit; the least recently used go first: store a, b, c, read a, store d → b is gone, a, c, d stay.",
        attempting: "storing avatars"
    ) { subject, folder in
        guard case .success(let cache) = await openCache(subject, folder.appendingPathComponent("feed.sqlite"), avatarBytes: 30_000)
        else { return "the open failed" }
        let keys = ["a", "b", "c", "d"].map { "http://127.0.0.1/avatars/lru_\($0).png" }
        let values = keys.indices.map { pattern(10_000, seed: UInt8(20 + $0)) }
        for index in 0..<3 { try await cache.avatars.store(values[index], for: keys[index]) }
        guard try await cache.avatars.avatar(for: keys[0]) == values[0] else { return "a was not readable" }
        try await cache.avatars.store(values[3], for: keys[3])
        let total = try await cache.avatars.totalSize()
        if total > 30_000 { return "40,000 bytes stored in a 30,000-byte cache: totalSize is \(total)" }
        if try await cache.avatars.avatar(for: keys[1]) != nil { return "b, the least recently used, was kept over the limit" }
        for index in [0, 2, 3] where try await cache.avatars.avatar(for: keys[index]) != values[index] {
            return "\(["a", "b", "c", "d"][index]) (more recently used than b) is gone"
        }
        return nil
    }

    public static let settingsSurviveRestart = Contract<TweetStoreSubject>.inNewFolder(
        id: "store.settingsSurviveRestart",
        rule: "The avatars setting read by a new instance is the one saved last, both off and back on.",
        attempting: "the restart"
    ) { subject, folder in
        let url = folder.appendingPathComponent("feed.sqlite")
        for value in [false, true, false] {
            guard case .success(let writer) = await openCache(subject, url) else { return "an open failed" }
            try await writer.settings.save(FeedSettings(showsAvatars: value))
            guard case .success(let reader) = await openCache(subject, url) else { return "an open failed" }
            let read = try await reader.settings.load()
            if read.showsAvatars != value { return "saved showsAvatars = \(value); after a restart it reads \(read.showsAvatars)" }
        }
        return nil
    }
}
