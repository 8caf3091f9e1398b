import FeedData
import Foundation

/// Parses the bytes in each ``TwitterFormat``: either a ``FeedParseError`` with a JSON path, or
/// a page of tweets with positive ids, newest first.
enum TwitterFuzz {
    static func check(_ data: Data) -> String? {
        for format in TwitterFormat.allCases {
            do {
                let page = try TwitterParser.parse(data, as: format)
                if let tweet = page.tweets.first(where: { $0.id <= 0 }) {
                    return "\(format): accepted the tweet id \(tweet.id)"
                }
                if !zip(page.tweets, page.tweets.dropFirst()).allSatisfy({ $0.id >= $1.id }) {
                    return "\(format): the page is not newest first"
                }
            } catch {
                if !error.path.hasPrefix("$") || error.reason.isEmpty {
                    return "\(format): an error without a JSON path or reason: '\(error.path)' '\(error.reason)'"
                }
            }
        }
        return nil
    }
}
