import Contracts
import FeedData
import Foundation
import Logging
import Networking
import Storage

/// ``TwitterClient`` with one flaw each, for showing that every FeedSource contract can fail.
struct BrokenFeedSource: FeedSource {
    enum Flaw: String, CaseIterable {
        /// Reads ids through a `Double`, as JavaScript does (wrong above 2^53).
        case idsThroughDouble
        /// Reads v1.1 dates as local time an hour off UTC.
        case datesAnHourOff
        /// Ignores `includes.users`: every author unknown.
        case ignoresIncludes
        /// Never sends `since_id`.
        case ignoresSinceID
        /// Treats an unreadable answer as an empty page.
        case swallowsMalformed
        /// Reports a 401 as a generic failure.
        case unauthorizedAsGeneric
        /// Forgets the 429's reset time.
        case dropsResetTime
        /// Uses the 20 MB image limit for pages.
        case imageSizedPageLimit
        /// Logs the request headers, token included.
        case logsHeaders
    }

    let client: TwitterClient
    let flaw: Flaw
    let setup: FeedSourceSetup

    static func subject(_ flaw: Flaw) -> FeedSourceSubject {
        FeedSourceSubject(name: "BrokenFeedSource(\(flaw.rawValue))") { setup in
            let limit = flaw == .imageSizedPageLimit ? HTTPRequest.defaultMaxBytes : TwitterClient.Configuration.defaultMaxPageBytes
            return BrokenFeedSource(client: try TwitterClient(setup, http: CurlHTTPClient(), maxPageBytes: limit), flaw: flaw, setup: setup)
        }
    }

    func fetchPage(sinceID: Int64?) async throws(FeedSourceError) -> TwitterPage {
        if flaw == .logsHeaders {
            setup.logger.trace("request headers", metadata: ["Authorization": "Bearer \(setup.token)"])
        }
        let page: TwitterPage
        do {
            page = try await client.fetchPage(sinceID: flaw == .ignoresSinceID ? nil : sinceID)
        } catch .malformed where flaw == .swallowsMalformed {
            return TwitterPage(tweets: [])
        } catch .unauthorized where flaw == .unauthorizedAsGeneric {
            throw .network(.invalidResponse)
        } catch .rateLimited where flaw == .dropsResetTime {
            throw .rateLimited(resetAt: nil)
        }
        return TwitterPage(tweets: page.tweets.map(mangle))
    }

    private func mangle(_ tweet: Tweet) -> Tweet {
        switch flaw {
        case .idsThroughDouble:
            return Tweet(id: Int64(Double(tweet.id)), text: tweet.text, createdAt: tweet.createdAt, author: tweet.author)
        case .datesAnHourOff:
            return Tweet(id: tweet.id, text: tweet.text, createdAt: tweet.createdAt.addingTimeInterval(3_600), author: tweet.author)
        case .ignoresIncludes:
            let unknown = TwitterUser(id: tweet.author.id, name: "", screenName: "", avatarURL: nil)
            return Tweet(id: tweet.id, text: tweet.text, createdAt: tweet.createdAt, author: unknown)
        default:
            return tweet
        }
    }
}
