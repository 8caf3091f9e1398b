import Contracts
import FeedData
import Foundation
import Networking
import XCTest

/// ``TwitterClient`` over ``CurlHTTPClient`` keeps every FeedSource rule.
final class TwitterClientConformanceTests: XCTestCase, FeedSourceContractSpec {
    static let ours = FeedSourceSubject(name: "TwitterClient (curl)") { setup in try TwitterClient(setup, http: CurlHTTPClient()) }

    var subject: FeedSourceSubject { Self.ours }

    func test_feed_readsV11Search() async { await assertKeeps(FeedSourceContracts.readsV11Search, subject) }
    func test_feed_readsV11UserTimeline() async { await assertKeeps(FeedSourceContracts.readsV11UserTimeline, subject) }
    func test_feed_readsV2RecentSearch() async { await assertKeeps(FeedSourceContracts.readsV2RecentSearch, subject) }
    func test_feed_sinceIDOnlyNewer() async { await assertKeeps(FeedSourceContracts.sinceIDOnlyNewer, subject) }
    func test_feed_rejectsMalformed() async { await assertKeeps(FeedSourceContracts.rejectsMalformed, subject) }
    func test_feed_unauthorized() async { await assertKeeps(FeedSourceContracts.unauthorized, subject) }
    func test_feed_rateLimited() async { await assertKeeps(FeedSourceContracts.rateLimited, subject) }
    func test_feed_pageByteLimit() async { await assertKeeps(FeedSourceContracts.pageByteLimit, subject) }
    func test_feed_tokenNeverExposed() async { await assertKeeps(FeedSourceContracts.tokenNeverExposed, subject) }
}

extension TwitterClient {
    /// A client configured as the suite's `setup` says.
    init(_ setup: FeedSourceSetup, http: any HTTPClient, maxPageBytes: Int = TwitterClient.Configuration.defaultMaxPageBytes) throws {
        let endpoint: Endpoint =
            switch setup.format {
            case .v11Search: .search(query: setup.query)
            case .v11UserTimeline: .userTimeline(screenName: setup.screenName)
            case .v2RecentSearch: .recentSearch(query: setup.query)
            }
        let configuration = Configuration(
            baseURL: setup.baseURL, endpoint: endpoint, timeouts: setup.timeouts, maxPageBytes: maxPageBytes,
            extraQueryItems: setup.extraQueryItems)
        self.init(configuration: configuration, token: try BearerToken(setup.token), http: http, logger: setup.logger)
    }
}
