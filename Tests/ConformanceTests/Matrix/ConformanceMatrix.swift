import Contracts
import Foundation

/// Every suite with every implementation we have — ours, the URLSession adapter, the broken
/// twins, all taken from the Swift Testing suites in ``Conformance`` — for `make conformance`, which runs them all and writes the matrix into
/// docs/CONFORMANCE.md, and for the test that checks the committed matrix still matches.
enum ConformanceMatrix {
    /// One implementation in a suite's matrix.
    struct Implementation: Sendable {
        let name: String
        /// The contracts this twin was built to break (empty for ours and for a third party's).
        let breaks: Set<String>
        /// Another project's implementation, run outside this package (ThirdPartyConformance):
        /// its cells are what it did, with nothing expected of them.
        var isThirdParty = false
        /// Rules one of ours is known not to keep (each listed, with why, where its suite runs it);
        /// its cell must show ✗, so a rule it comes to keep is noticed.
        var knownViolations: Set<String> = []
        /// Runs contract `index` of the suite against this implementation.
        let check: @Sendable (Int) async -> ContractViolation?
        var isOurs: Bool { breaks.isEmpty && !isThirdParty }
        /// A broken twin: built to break the contracts in ``breaks``.
        var isTwin: Bool { !breaks.isEmpty }

        /// Whether the matrix runs contract `id` against this implementation: every contract for
        /// ours and a third party's, only the ones it was built to break for a twin. A twin is a
        /// working implementation with one flaw; how it fares on the other rules tells nothing
        /// about those rules, and on the timing rules it depended on the machine's load (a twin
        /// built to cancel everyone's load flipped on `image.loadAfterCancel` between runs), so
        /// those cells read "not measured" and two runs give the same table.
        func measures(_ id: String) -> Bool { !isTwin || breaks.contains(id) }
    }

    /// One suite: its contracts in order and its implementations, ours first.
    struct Suite: Sendable {
        let title: String
        let ids: [String]
        /// Each contract's one-line rule, in the order of ``ids``.
        let rules: [String]
        let implementations: [Implementation]
        /// Whether the twins may run side by side (not for suites that measure memory or CPU).
        let twinsConcurrently: Bool

        /// The contracts some broken twin was built to break.
        var brokenByTwins: Set<String> { implementations.reduce(into: []) { $0.formUnion($1.breaks) } }
    }

    static func suite<Subject: Sendable>(
        _ title: String, _ contracts: [Contract<Subject>], ours: [Subject], twins: [(contract: Contract<Subject>, twin: Subject)],
        name: @escaping @Sendable (Subject) -> String, twinsConcurrently: Bool = true,
        knownViolations: [String: Set<String>] = [:]
    ) -> Suite {
        func implementation(_ subject: Subject, breaks: Set<String>) -> Implementation {
            Implementation(name: name(subject), breaks: breaks, knownViolations: knownViolations[name(subject)] ?? []) { index in
                await contracts[index].check(subject)
            }
        }
        var twinOrder: [String] = []
        var twinsByName: [String: (Subject, Set<String>)] = [:]
        for pair in twins {
            let key = name(pair.twin)
            if twinsByName[key] == nil { twinOrder.append(key) }
            twinsByName[key, default: (pair.twin, [])].1.insert(pair.contract.id)
        }
        let thirdParty = ThirdPartyResults.columns(for: title, ids: contracts.map(\.id))
        let implementations = ours.map { implementation($0, breaks: []) } + thirdParty
            + twinOrder.compactMap { key in twinsByName[key].map { implementation($0.0, breaks: $0.1) } }
        return Suite(
            title: title, ids: contracts.map(\.id), rules: contracts.map(\.rule), implementations: implementations,
            twinsConcurrently: twinsConcurrently)
    }

    /// A suite of ``Conformance`` with one implementation of ours, from which ``suite(_:_:_:name:twinsConcurrently:)``
    /// takes it and its broken twins.
    protocol OneOfOurs {
        associatedtype Subject: Sendable
        /// Our implementation.
        static var ours: Subject { get }
        /// Which broken twin breaks which contract.
        static var pairs: [(contract: Contract<Subject>, twin: Subject)] { get }
    }

    /// The suite `title` of `contracts` with the implementation of ours and the twins `source` lists.
    static func suite<Source: OneOfOurs>(
        _ title: String, _ contracts: [Contract<Source.Subject>], _ source: Source.Type,
        name: @escaping @Sendable (Source.Subject) -> String, twinsConcurrently: Bool = true
    ) -> Suite {
        suite(title, contracts, ours: [source.ours], twins: source.pairs, name: name, twinsConcurrently: twinsConcurrently)
    }

    /// Every suite, in the order of docs/CONTRACTS.md.
    static let suites: [Suite] = [
        suite(
            "HTTPClient", HTTPClientContracts.all,
            ours: [Conformance.HTTPClientSuite.curl, Conformance.HTTPClientSuite.urlSession],
            twins: Conformance.HTTPClientSuite.pairs, name: \.name, twinsConcurrently: false,
            knownViolations: [Conformance.HTTPClientSuite.urlSession.name: Conformance.HTTPClientSuite.urlSessionKnownViolations]),
        suite("ImageCaching (memory)", ImageCachingContracts.all, Conformance.ImageCachingSuite.self, name: \.name),
        suite("DiskCaching", DiskCachingContracts.all, Conformance.DiskCachingSuite.self, name: \.name),
        suite(
            "ImageLoading", ImageLoadingContracts.all, ours: [Conformance.ImageLoadingSuite.ours],
            twins: Conformance.ImageLoadingSuite.pairs, name: \.name, twinsConcurrently: false,
            knownViolations: [Conformance.ImageLoadingSuite.ours.name: Set(Conformance.ImageLoadingSuite.knownViolations.keys)]),
        suite("TweetStore", TweetStoreContracts.all, Conformance.TweetStoreSuite.self, name: \.name, twinsConcurrently: false),
        suite("FeedSource", FeedSourceContracts.all, Conformance.FeedSourceSuite.self, name: \.name),
        suite("GalleryRules (presenter)", GalleryRulesContracts.all, Conformance.GalleryRulesSuite.self, name: \.name),
        suite("FeedRules (presenter)", FeedRulesContracts.all, Conformance.FeedRulesSuite.self, name: \.name),
    ]

    /// Results of one suite: `cells[implementation][contract]`, nil where the rule held or was
    /// not measured (``Implementation/measures(_:)``).
    struct Results {
        let suite: Suite
        let cells: [[ContractViolation?]]
    }

    /// Runs every contract of `suite` against every implementation: ours one at a time, then
    /// the twins (side by side when the suite allows). `progress` gets one line per implementation.
    static func run(_ suite: Suite, progress: @Sendable (String) -> Void) async -> Results {
        var cells = [[ContractViolation?]](repeating: [], count: suite.implementations.count)
        for (index, implementation) in suite.implementations.enumerated() where !implementation.isTwin {
            progress("\(suite.title): \(implementation.name)…")
            cells[index] = await runAll(implementation, ids: suite.ids)
        }
        let twins = suite.implementations.enumerated().filter { $0.element.isTwin }
        if suite.twinsConcurrently {
            progress("\(suite.title): \(twins.count) broken twins side by side…")
            let results = await withTaskGroup(of: (Int, [ContractViolation?]).self) { group in
                for (index, twin) in twins {
                    group.addTask { (index, await runAll(twin, ids: suite.ids)) }
                }
                return await group.reduce(into: [Int: [ContractViolation?]]()) { $0[$1.0] = $1.1 }
            }
            for (index, row) in results { cells[index] = row }
        } else {
            for (index, twin) in twins {
                progress("\(suite.title): \(twin.name)…")
                cells[index] = await runAll(twin, ids: suite.ids)
            }
        }
        return Results(suite: suite, cells: cells)
    }

    /// The implementation's row: each contract it ``Implementation/measures(_:)`` checked, nil for the others.
    private static func runAll(_ implementation: Implementation, ids: [String]) async -> [ContractViolation?] {
        var row: [ContractViolation?] = []
        for (index, id) in ids.enumerated() {
            row.append(implementation.measures(id) ? await implementation.check(index) : nil)
        }
        return row
    }
}

extension Conformance.ImageCachingSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.DiskCachingSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.ImageLoadingSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.TweetStoreSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.FeedSourceSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.GalleryRulesSuite: ConformanceMatrix.OneOfOurs {}
extension Conformance.FeedRulesSuite: ConformanceMatrix.OneOfOurs {}
