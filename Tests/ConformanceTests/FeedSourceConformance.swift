import Contracts
import ContractsTesting
import FeedData
import Foundation
import Networking
import Testing

extension Conformance {
    /// ``TwitterClient`` over ``CurlHTTPClient`` keeps every FeedSource rule, and every rule
    /// fails for a source that breaks it (BrokenFeedSources.swift).
    @Suite struct FeedSourceSuite {
        /// Ours.
        static let ours = FeedSourceSubject(name: "TwitterClient (curl)") { setup in try TwitterClient(setup, http: CurlHTTPClient()) }

        /// Which broken twin breaks which contract.
        static let pairs: [(contract: Contract<FeedSourceSubject>, twin: FeedSourceSubject)] = [
            (FeedSourceContracts.readsV11Search, BrokenFeedSource.subject(.idsThroughDouble)),
            (FeedSourceContracts.readsV11UserTimeline, BrokenFeedSource.subject(.datesAnHourOff)),
            (FeedSourceContracts.readsV2RecentSearch, BrokenFeedSource.subject(.ignoresIncludes)),
            (FeedSourceContracts.sinceIDOnlyNewer, BrokenFeedSource.subject(.ignoresSinceID)),
            (FeedSourceContracts.rejectsMalformed, BrokenFeedSource.subject(.swallowsMalformed)),
            (FeedSourceContracts.unauthorized, BrokenFeedSource.subject(.unauthorizedAsGeneric)),
            (FeedSourceContracts.rateLimited, BrokenFeedSource.subject(.dropsResetTime)),
            (FeedSourceContracts.pageByteLimit, BrokenFeedSource.subject(.imageSizedPageLimit)),
            (FeedSourceContracts.tokenNeverExposed, BrokenFeedSource.subject(.logsHeaders)),
        ]

        @Test(arguments: FeedSourceContracts.all)
        func twitterClientKeeps(_ contract: Contract<FeedSourceSubject>) async {
            await expectKeeps(contract, Self.ours)
        }

        @Test func everyFlawIsUsedOnce() {
            #expect(Set(Self.pairs.map(\.twin.name)).count == BrokenFeedSource.Flaw.allCases.count, "every flaw is used once")
        }

        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }
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
