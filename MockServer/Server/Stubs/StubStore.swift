import Foundation
import Synchronization

/// The stubs a server answers with, their scenarios, and the matcher.
///
/// Stubs are kept in matching order — lowest priority number first, then the one added last, as
/// WireMock orders them. Stubs that name one exact path (`url`, `urlPath`) are indexed by it, and
/// pattern stubs by the literal start of their expression (``StubPrefixIndex``), so a request only
/// looks at the stubs of its own path, the patterns that could match it and the few stubs with
/// neither (no URL, or a pattern starting with syntax): a thousand stubs on other paths cost a
/// few hash lookups. Within each of those, stubs are filed by the exact value one of their parts
/// requires (a header's `equalTo`: ``StubCandidateList``), so stubs of the same path that want
/// other values are not walked either. Each list handed out is in matching order; the first match
/// of each is found and the one that comes first overall wins, which is the stub a walk over all
/// of them in matching order would find. One lock guards everything, so the scenario transition
/// of a served stub is atomic with its match.
final class StubStore: Sendable {
    private struct State {
        var byID: [StubID: Entry] = [:]
        /// Entries with an exact path, per path.
        var byPath: [String: StubCandidateList] = [:]
        /// `urlPathPattern` entries by the literal start of their expression.
        var pathPatterns = StubPrefixIndex()
        /// `urlPattern` entries by the literal start of their expression.
        var queryPatterns = StubPrefixIndex()
        /// Entries without a URL or with a pattern that has no literal `/…/` start.
        var fallback = StubCandidateList()
        var nextSequence = 0
        /// Current state per scenario name (a scenario exists while a stub names it).
        var scenarios: [String: String] = [:]
        /// The root directory's stubs as loaded at start (what a reset brings back).
        var rootStubs: [Stub] = []
        /// How many stubs have `bodyPatterns` or name the `response-template` transformer.
        var bodyStubs = 0
        /// How many stubs proxy (`proxyBaseUrl`).
        var proxyStubs = 0
    }

    private let state = Mutex(State())
    /// Mirrors `State.bodyStubs > 0`, read without the lock for every upload chunk.
    private let bodyStubsExist = Atomic<Bool>(false)
    /// Mirrors `State.proxyStubs > 0`, read without the lock for every upload chunk.
    private let proxyStubsExist = Atomic<Bool>(false)

    /// Whether some stub proxies: request bodies are then kept whole for the upstream.
    var hasProxies: Bool { proxyStubsExist.load(ordering: .relaxed) }

    /// Whether some stub has `bodyPatterns` or renders a template (which may read
    /// `request.body`): only then are request bodies kept (``StubRequestBody``), so the
    /// catalog's requests do not pay for it.
    var needsBodies: Bool { bodyStubsExist.load(ordering: .relaxed) }
    private let random: Mutex<SplitMix64>
    /// Whether stubs are filed by their exact values (tests compare with a store that is not).
    private let filesByExactValue: Bool

    /// An empty store whose delay distributions draw from a generator seeded with `seed`;
    /// `filesByExactValue: false` turns the exact-value index off (the same stubs match, more slowly).
    init(seed: UInt64 = 0x7E57_BED, filesByExactValue: Bool = true) {
        random = Mutex(SplitMix64(seed: seed))
        self.filesByExactValue = filesByExactValue
    }

    // MARK: - Changes

    /// Adds `stub`; refuses an id already taken (nothing changes then).
    func add(_ stub: Stub, fromRootDirectory: Bool = false) throws(StubError) {
        try add([stub], fromRootDirectory: fromRootDirectory)
    }

    /// Adds all of `stubs` or, when one id is taken (or repeats), none of them.
    func add(_ stubs: [Stub], fromRootDirectory: Bool) throws(StubError) {
        for stub in stubs { try StubParser.checkTestbedFaults(stub) }
        let byExactValue = filesByExactValue
        try state.withLock { (state) throws(StubError) in
            var ids = Set<StubID>()
            for stub in stubs {
                guard state.byID[stub.id] == nil, ids.insert(stub.id).inserted else {
                    throw StubError(
                        .duplicateID, field: "id", reason: "\(stub.id.uuidString.lowercased()) is already the id of another stub")
                }
            }
            if fromRootDirectory { state.rootStubs += stubs }
            for stub in stubs {
                let entry = Entry(stub: stub, sequence: state.nextSequence, fromRootDirectory: fromRootDirectory)
                state.nextSequence += 1
                state.byID[stub.id] = entry
                if stub.readsRequestBody { state.bodyStubs += 1 }
                if stub.response.proxyBaseUrl != nil { state.proxyStubs += 1 }
                switch Place(stub.request.url) {
                case .path(let path): state.byPath[path, default: StubCandidateList()].insert(entry, byExactValue: byExactValue)
                case .pathPattern(let key): state.pathPatterns.insert(entry, key: key, byExactValue: byExactValue)
                case .queryPattern(let key): state.queryPatterns.insert(entry, key: key, byExactValue: byExactValue)
                case .fallback: state.fallback.insert(entry, byExactValue: byExactValue)
                }
                if let scenario = stub.scenarioName, state.scenarios[scenario] == nil {
                    state.scenarios[scenario] = Stub.startedState
                }
            }
            bodyStubsExist.store(state.bodyStubs > 0, ordering: .relaxed)
            proxyStubsExist.store(state.proxyStubs > 0, ordering: .relaxed)
        }
    }

    /// Removes the stub with `id`; `false` when there is none.
    @discardableResult
    func remove(_ id: StubID) -> Bool {
        state.withLock { state in
            guard let entry = state.byID.removeValue(forKey: id) else { return false }
            if entry.stub.readsRequestBody { state.bodyStubs -= 1 }
            if entry.stub.response.proxyBaseUrl != nil { state.proxyStubs -= 1 }
            bodyStubsExist.store(state.bodyStubs > 0, ordering: .relaxed)
            proxyStubsExist.store(state.proxyStubs > 0, ordering: .relaxed)
            switch Place(entry.stub.request.url) {
            case .path(let path):
                state.byPath[path]?.remove(entry)
                if state.byPath[path]?.isEmpty == true { state.byPath[path] = nil }
            case .pathPattern(let key): state.pathPatterns.remove(entry, key: key)
            case .queryPattern(let key): state.queryPatterns.remove(entry, key: key)
            case .fallback: state.fallback.remove(entry)
            }
            if let scenario = entry.stub.scenarioName, !state.byID.values.contains(where: { $0.stub.scenarioName == scenario }) {
                state.scenarios[scenario] = nil
            }
            return true
        }
    }

    /// Back to the root directory's stubs as loaded at start, as WireMock's
    /// `POST /__admin/mappings/reset` does: runtime stubs go, root-directory stubs removed since
    /// come back, and every scenario starts over.
    func resetRuntimeStubs() {
        let root = state.withLock { state in
            let (root, sequence) = (state.rootStubs, state.nextSequence)
            state = State()
            state.nextSequence = sequence
            bodyStubsExist.store(false, ordering: .relaxed)
            proxyStubsExist.store(false, ordering: .relaxed)
            return root
        }
        // The root stubs were valid and distinct when loaded; the store is empty now.
        try? add(root, fromRootDirectory: true)
    }

    /// Removes every stub, the root directory's too (WireMock's `DELETE /__admin/mappings`);
    /// ``resetRuntimeStubs()`` brings those back.
    func removeAll() {
        state.withLock { state in
            let (root, sequence) = (state.rootStubs, state.nextSequence)
            state = State()
            state.rootStubs = root
            state.nextSequence = sequence
            bodyStubsExist.store(false, ordering: .relaxed)
            proxyStubsExist.store(false, ordering: .relaxed)
        }
    }

    /// Every scenario back to ``Stub/startedState``.
    func resetScenarios() {
        state.withLock { state in
            for name in state.scenarios.keys { state.scenarios[name] = Stub.startedState }
        }
    }

    // MARK: - Reading

    /// Every stub, in matching order.
    var stubs: [Stub] {
        state.withLock { state in
            state.byID.values.sorted { $0.precedes($1) }.map(\.stub)
        }
    }

    /// Whether there is no stub at all.
    var isEmpty: Bool { state.withLock { $0.byID.isEmpty } }

    /// The stub with `id`.
    func stub(_ id: StubID) -> Stub? { state.withLock { $0.byID[id]?.stub } }

    /// The scenarios: name, current state, and every state its stubs name (sorted).
    var scenarios: [StubScenario] {
        state.withLock { state in
            state.scenarios.keys.sorted().map { name in
                let stubs = state.byID.values.filter { $0.stub.scenarioName == name }.sorted { $0.sequence < $1.sequence }.map(\.stub)
                var possible = Set<String>()
                for stub in stubs {
                    if let required = stub.requiredScenarioState { possible.insert(required) }
                    if let next = stub.newScenarioState { possible.insert(next) }
                }
                return StubScenario(name: name, state: state.scenarios[name] ?? Stub.startedState, possibleStates: possible.sorted(), stubs: stubs)
            }
        }
    }

    // MARK: - Matching

    /// The stub that answers `request`, its scenario moved on; or `.unmatched` (the near-miss
    /// report is only worked out when it is needed: ``nearMissReport(for:)``).
    func match(_ request: StubRequestInfo) -> StubMatch {
        let found: Entry? = state.withLock { state in
            guard let best = Self.bestMatch(for: request, in: state) else { return nil }
            if let scenario = best.stub.scenarioName, let next = best.stub.newScenarioState { state.scenarios[scenario] = next }
            return best
        }
        guard let found else { return .unmatched }
        return .matched(found.stub, body: found.body)
    }

    /// The report naming the stub closest to `request` and what differed; `nil` without stubs.
    /// Worked out from a copy, outside the lock.
    func nearMissReport(for request: StubRequestInfo) -> String? {
        let (entries, scenarios) = state.withLock { state in (Array(state.byID.values), state.scenarios) }
        guard !entries.isEmpty else { return nil }
        let ordered = entries.sorted { $0.precedes($1) }
        return NearMissReport.closest(to: RequestMatchInput(request: request, scenarios: scenarios), among: ordered.map { ($0.stub, $0.matcher) })
    }

    /// One draw of `distribution` from the seeded generator.
    func sampleDelay(_ distribution: StubDelayDistribution) -> Int {
        random.withLock { generator in distribution.sample(using: &generator) }
    }

    /// `count` bytes from the seeded generator (the `garbage` fault's).
    func randomBytes(_ count: Int) -> [UInt8] {
        random.withLock { generator in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
    }

    /// The entry that answers `request`: the first match of each list that could hold it, the
    /// one of those that comes first.
    private static func bestMatch(for request: StubRequestInfo, in state: borrowing State) -> Entry? {
        var best: Entry?
        let input = RequestMatchInput(request: request, scenarios: state.scenarios)
        func consider(_ list: [Entry]) { best = firstMatch(in: list, before: best, input) ?? best }
        state.byPath[request.path]?.forEachCandidateList(of: request, consider)
        state.fallback.forEachCandidateList(of: request, consider)
        state.pathPatterns.forEachCandidateList(of: request.path, request: request, consider)
        state.queryPatterns.forEachCandidateList(of: request.pathAndQuery, request: request, consider)
        return best
    }

    /// The first entry of `list` (in matching order) that accepts `input` (the request and the
    /// current scenario states) and comes before `best`; `nil` when none does.
    private static func firstMatch(in list: [Entry], before best: Entry?, _ input: RequestMatchInput) -> Entry? {
        for entry in list {
            if let best, !entry.precedes(best) { return nil }
            if entry.matcher.match(input, explain: false).isExactMatch { return entry }
        }
        return nil
    }
}
