/// The v1.1 `entities` object, found in the text the way Twitter's parser would.
extension TwitterJSON {
    /// `{"hashtags":[…],"urls":[…],"user_mentions":[…]}` for `text`.
    ///
    /// Indices count Unicode scalars (code points), as Twitter's do, half-open `[start, end)`.
    /// Only mentions of generated users are listed (Twitter lists only existing accounts).
    static func entities(of text: String) -> Value {
        let scalars = Array(text.unicodeScalars)
        var hashtags: [Value] = []
        var urls: [Value] = []
        var mentions: [Value] = []
        var index = 0
        while index < scalars.count {
            let startsWord = index == 0 || !isWordScalar(scalars[index - 1])
            if startsWord, let end = urlEnd(scalars, from: index) {
                let url = String(String.UnicodeScalarView(scalars[index..<end]))
                let display = url.replacingPrefix("https://").replacingPrefix("http://")
                urls.append(
                    .object([
                        ("url", .string(url)), ("expanded_url", .string(url)),
                        ("display_url", .string(display)), ("indices", indices(index, end)),
                    ]))
                index = end
                continue
            }
            let marker = scalars[index]
            if startsWord, marker == "#" || marker == "@" {
                var end = index + 1
                while end < scalars.count && isWordScalar(scalars[end])
                    && (marker == "#" || scalars[end].isASCII)
                {
                    end += 1
                }
                if end > index + 1 {
                    let word = String(String.UnicodeScalarView(scalars[index + 1..<end]))
                    if marker == "#" {
                        hashtags.append(.object([("text", .string(word)), ("indices", indices(index, end))]))
                    } else if let user = TweetTimeline.user(screenName: word) {
                        mentions.append(
                            .object([
                                ("screen_name", .string(user.screenName)), ("name", .string(user.name)),
                                ("id", .uint(user.id)), ("id_str", .string(String(user.id))),
                                ("indices", indices(index, end)),
                            ]))
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return .object([
            ("hashtags", .array(hashtags)), ("urls", .array(urls)), ("user_mentions", .array(mentions)),
        ])
    }

    /// `[start, end]` as a JSON array.
    private static func indices(_ start: Int, _ end: Int) -> Value {
        .array([.int(Int64(start)), .int(Int64(end))])
    }

    /// Letters, digits and `_`: what a hashtag or handle is made of.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The end of an `http://` or `https://` URL starting at `start` (up to whitespace, without a
    /// trailing `.`, `,`, `)` or `!`), or `nil` when none starts there.
    private static func urlEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let prefixes = ["https://", "http://"].map { Array($0.unicodeScalars) }
        guard
            prefixes.contains(where: { prefix in
                start + prefix.count <= scalars.count
                    && Array(scalars[start..<start + prefix.count]) == prefix
            })
        else { return nil }
        var end = start
        while end < scalars.count && !scalars[end].properties.isWhitespace { end += 1 }
        while end > start && ".,)!".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
        return end
    }
}

extension String {
    /// The string without `prefix` when it starts with it, else unchanged.
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
