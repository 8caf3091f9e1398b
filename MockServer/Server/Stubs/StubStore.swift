import Foundation
import Synchronization

/// The stubs a server answers with, their scenarios, and the matcher.
///
/// Stubs are kept in matching order — lowest priority number first, then the one added last, as
/// WireMock orders them. Stubs that name one exact path (`url`, `urlPath`) are indexed by it, and
/// pattern stubs by the literal start of their expression (``StubPrefixIndex``), so a request only
/// looks at the stubs of its own path, the patterns that could match it and the few stubs with
/// neither (no URL, or a pattern starting with syntax): a thousand stubs on other paths cost a
/// few hash lookups. Each list is in matching order; the first match of each is found and the
/// one that comes first overall wins, which is the stub a walk over all of them in matching order
/// would find. One lock guards everything, so the scenario transition of a served stub is atomic
/// with its match.
final class StubStore: Sendable {
    /// A stub and where it stands.
    ///
    /// A class: matching walks many entries under the lock, and copying one is then a single
    /// retain rather than one per field of its stub (bench case 7 measured the difference).
    final class Entry: Sendable {
        let stub: Stub
        /// Order of addition (later wins among equal priorities).
        let sequence: Int
        /// Loaded from `--root-dir` (kept by ``resetRuntimeStubs()``).
        let fromRootDirectory: Bool
        /// The body's bytes, encoded once (`nil` for a body file, read when served).
        let body: SharedBytes?
        /// ``Stub/effectivePriority``, read once.
        let priority: Int
        /// The stub's header matchers with their names lowercased once (requests' are too).
        let headerMatchers: [(name: String, matcher: StubValueMatcher)]

        init(stub: Stub, sequence: Int, fromRootDirectory: Bool, body: SharedBytes?) {
            self.stub = stub
            self.sequence = sequence
            self.fromRootDirectory = fromRootDirectory
            self.body = body
            priority = stub.effectivePriority
            headerMatchers = stub.request.headers.map { (name: $0.key.lowercased(), matcher: $0.value) }
        }

        /// Whether this entry is tried before `other`.
        func precedes(_ other: Entry) -> Bool {
            priority != other.priority ? priority < other.priority : sequence > other.sequence
        }
    }

    private struct State {
        var byID: [StubID: Entry] = [:]
        /// Entries with an exact path, per path, in matching order.
        var byPath: [String: [Entry]] = [:]
        /// `urlPathPattern` entries by the literal start of their expression.
        var pathPatterns = StubPrefixIndex()
        /// `urlPattern` entries by the literal start of their expression.
        var queryPatterns = StubPrefixIndex()
        /// Entries without a URL or with a pattern that has no literal `/…/` start, in matching order.
        var fallback: [Entry] = []
        var nextSequence = 0
        /// Current state per scenario name (a scenario exists while a stub names it).
        var scenarios: [String: String] = [:]
        /// The root directory's stubs as loaded at start (what a reset brings back).
        var rootStubs: [Stub] = []
    }

    private let state = Mutex(State())
    private let random: Mutex<SplitMix64>

    /// An empty store whose delay distributions draw from a generator seeded with `seed`.
    init(seed: UInt64 = 0x7E57_BED) {
        random = Mutex(SplitMix64(seed: seed))
    }

    // MARK: - Changes

    /// Adds `stub`; refuses an id already taken (nothing changes then).
    func add(_ stub: Stub, fromRootDirectory: Bool = false) throws(StubError) {
        try add([stub], fromRootDirectory: fromRootDirectory)
    }

    /// Adds all of `stubs` or, when one id is taken (or repeats), none of them.
    func add(_ stubs: [Stub], fromRootDirectory: Bool) throws(StubError) {
        for stub in stubs { try StubParser.checkTestbedFaults(stub) }
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
                let entry = Entry(
                    stub: stub, sequence: state.nextSequence, fromRootDirectory: fromRootDirectory, body: Self.encodedBody(stub.response.body))
                state.nextSequence += 1
                state.byID[stub.id] = entry
                switch Place(stub.request.url) {
                case .path(let path): Self.insert(entry, into: &state.byPath[path, default: []])
                case .pathPattern(let key): state.pathPatterns.insert(entry, key: key)
                case .queryPattern(let key): state.queryPatterns.insert(entry, key: key)
                case .fallback: Self.insert(entry, into: &state.fallback)
                }
                if let scenario = stub.scenarioName, state.scenarios[scenario] == nil {
                    state.scenarios[scenario] = Stub.startedState
                }
            }
        }
    }

    /// Removes the stub with `id`; `false` when there is none.
    @discardableResult
    func remove(_ id: StubID) -> Bool {
        state.withLock { state in
            guard let entry = state.byID.removeValue(forKey: id) else { return false }
            switch Place(entry.stub.request.url) {
            case .path(let path):
                state.byPath[path]?.removeAll { $0.stub.id == id }
                if state.byPath[path]?.isEmpty == true { state.byPath[path] = nil }
            case .pathPattern(let key): state.pathPatterns.remove(id, key: key)
            case .queryPattern(let key): state.queryPatterns.remove(id, key: key)
            case .fallback: state.fallback.removeAll { $0.stub.id == id }
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
        return NearMissReport.closest(to: request, among: entries.map(\.stub), scenarios: scenarios)
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
        if let exact = state.byPath[request.path] { best = firstMatch(in: exact, before: best, request, state.scenarios) ?? best }
        best = firstMatch(in: state.fallback, before: best, request, state.scenarios) ?? best
        state.pathPatterns.forEachCandidateList(of: request.path) { list in
            best = firstMatch(in: list, before: best, request, state.scenarios) ?? best
        }
        state.queryPatterns.forEachCandidateList(of: request.pathAndQuery) { list in
            best = firstMatch(in: list, before: best, request, state.scenarios) ?? best
        }
        return best
    }

    /// The first entry of `list` (in matching order) that accepts `request` in the current
    /// `scenarios` and comes before `best`; `nil` when none does.
    private static func firstMatch(in list: [Entry], before best: Entry?, _ request: StubRequestInfo, _ scenarios: [String: String]) -> Entry? {
        for entry in list {
            if let best, !entry.precedes(best) { return nil }
            guard matches(entry, request) else { continue }
            if let scenario = entry.stub.scenarioName, let required = entry.stub.requiredScenarioState,
                required != scenarios[scenario] ?? Stub.startedState
            {
                continue
            }
            return entry
        }
        return nil
    }

    /// Whether every part of `entry`'s pattern accepts `request` (scenarios aside), its header
    /// names lowercased beforehand.
    private static func matches(_ entry: Entry, _ request: StubRequestInfo) -> Bool {
        let pattern = entry.stub.request
        if let method = pattern.method, method != request.method { return false }
        guard pattern.url.accepts(path: request.path, pathAndQuery: request.pathAndQuery) else { return false }
        for (name, matcher) in pattern.queryParameters where !matcher.accepts(request.queryValues(name)) { return false }
        for header in entry.headerMatchers where !header.matcher.accepts(request.headerValues(lowercased: header.name)) { return false }
        return true
    }

    /// Whether every part of `pattern` accepts `request` (scenarios aside).
    static func matches(_ pattern: StubRequest, _ request: StubRequestInfo) -> Bool {
        if let method = pattern.method, method != request.method { return false }
        guard pattern.url.accepts(path: request.path, pathAndQuery: request.pathAndQuery) else { return false }
        for (name, matcher) in pattern.queryParameters where !matcher.accepts(request.queryValues(name)) { return false }
        for (name, matcher) in pattern.headers where !matcher.accepts(request.headerValues(name)) { return false }
        return true
    }

    /// The bytes of an inline body (`nil` for a file).
    private static func encodedBody(_ body: StubBody) -> SharedBytes? {
        switch body {
        case .none: return SharedBytes(Data())
        case .text(let text): return SharedBytes(text)
        case .json(let value): return SharedBytes(value.data)
        case .bytes(let data): return SharedBytes(data)
        case .file: return nil
        }
    }

    /// Inserts `entry` into `list`, keeping matching order.
    static func insert(_ entry: Entry, into list: inout [Entry]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        list.insert(entry, at: low)
    }

    /// Which list of the store a stub's URL matcher files it in.
    private enum Place {
        case path(String)
        case pathPattern(UInt64)
        case queryPattern(UInt64)
        case fallback

        init(_ url: StubURLMatcher) {
            if let path = url.exactPath {
                self = .path(path)
                return
            }
            switch url {
            case .urlPathPattern(let regex):
                self = StubPrefixIndex.key(ofLiteralPrefix: regex.literalPrefix).map { .pathPattern($0) } ?? .fallback
            case .urlPattern(let regex):
                self = StubPrefixIndex.key(ofLiteralPrefix: regex.literalPrefix).map { .queryPattern($0) } ?? .fallback
            default:
                self = .fallback
            }
        }
    }
}
