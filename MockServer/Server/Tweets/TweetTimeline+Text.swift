/// Deterministic authors and texts of the generated tweets.
extension TweetTimeline {
    /// SplitMix64 of `value` and `salt`: a fixed, platform-independent mix (unlike `Hasher`,
    /// which is seeded per process).
    static func mix(_ value: UInt64, salt: UInt64) -> UInt64 {
        var z = value &+ salt &* 0x9E37_79B9_7F4A_7C15 &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The index in ``users`` of the author of tweet number `index`.
    static func authorIndex(ofTweet index: Int) -> Int {
        Int(mix(UInt64(index), salt: 0xA7) % UInt64(users.count))
    }

    /// How many text templates there are; any run of this many consecutive tweets uses each once.
    static let templateCount = 12

    /// The text of tweet number `index` written by `users[authorIndex]`.
    ///
    /// Templates rotate so every twelve consecutive tweets include a URL, hashtags, `@mentions`,
    /// double quotes, backslashes, newlines and a tab, Cyrillic, Japanese, Greek/Hebrew/Arabic,
    /// emoji (also with zero-width joiners), a text of exactly 280 characters and one of about 250.
    static func text(ofTweet index: Int, authorIndex: Int) -> String {
        let n = index
        let offset = 1 + Int(mix(UInt64(index), salt: 0x3C) % UInt64(users.count - 1))
        let other = users[(authorIndex + offset) % users.count].screenName
        switch (index * 7) % templateCount {
        case 0:
            return "Good morning from the mock server ☀️ (tweet \(n))"
        case 1:
            return "Reading \"The Swift Programming Language\" again, chapter \(n % 30 + 1): "
                + "structured concurrency finally clicks. #swift #concurrency"
        case 2:
            return "@\(other) the build for run \(n) is green: "
                + "https://example.com/builds/\(n)?tab=log&lines=200"
        case 3:
            return "Привет, мир! Это твит номер \(n): проверяем кодировку UTF-8 и кириллицу. #тест"
        case 4:
            return "Cache path of the day: C:\\Users\\testbed\\AppData\\Local\\cache-\(n).db "
                + "(yes, backslashes must survive JSON)"
        case 5:
            return "Line one of tweet \(n)\nLine two, after a newline.\n\n"
                + "Line four, after a blank line.\tAnd a tab."
        case 6:
            return longText(n)
        case 7:
            return "Coffee ☕ then code 👩‍💻: day \(n % 100 + 1) of #100DaysOfCode 🚀"
        case 8:
            return "今日はいい天気ですね。ツイート\(n)番です。#東京"
        case 9:
            return "Quote of the day: \"Premature optimization is the root of all evil\" (Knuth). "
                + "Tweet \(n), cc @\(other)"
        case 10:
            return "Release notes \(n): fixed a crash when the server sent half a JSON body; "
                + "timeouts now say \"Waited too long\" instead of spinning forever; avatars can be "
                + "turned off in Settings, and then they are neither shown nor downloaded. "
                + "Details: https://example.com/releases/\(n)"
        default:
            return "Ünïcödé check \(n): naïve café, Ελληνικά, עברית, العربية, "
                + "a flag 🏳️‍🌈 and a family 👨‍👩‍👧 in one tweet."
        }
    }

    /// A thread opener of exactly 280 characters (grapheme clusters) ending in `…`.
    private static func longText(_ n: Int) -> String {
        let head =
            "🧵 Thread \(n): notes on offline-first image loading https://example.com/notes/\(n) "
            + "#ios — a cache must never exceed its limit, a slow server is not an offline one, "
            + "and a stalled download deserves a deadline of its own."
        let filler = " Every rule should be a test that can fail, or it is only a wish."
        var text = head
        while text.count < 279 { text += filler }
        return String(text.prefix(279)) + "…"
    }
}
