/// Pattern stubs indexed by the literal start of their expression, so a request only looks at
/// the patterns that could match its URL.
///
/// A pattern's key is its literal prefix (``StubRegex/literalPrefix``) up to and including the
/// last `/` in it: `/api/v1/items/[0-9]+` is filed under `/api/v1/items/`. Any value the pattern
/// matches starts with that key, which ends at one of the value's own slashes; so the candidates
/// for a value are the lists filed under the value's prefixes that end in `/`, found in one pass
/// over its bytes without allocating. Keys are 64-bit FNV-1a hashes of those bytes: two prefixes
/// that collide only share a list, and every candidate is still matched in full. Patterns whose
/// literal prefix has no `/` are not indexed (the store keeps them in its fallback list).
struct StubPrefixIndex: Sendable {
    /// Each key's entries (each list filed by exact values in turn).
    private var lists: [UInt64: StubCandidateList] = [:]

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3
    private static let slash = UInt8(ascii: "/")

    /// The key of a pattern whose every match starts with `literalPrefix`; `nil` when that has no `/`.
    static func key(ofLiteralPrefix literalPrefix: String) -> UInt64? {
        var hash = offsetBasis
        var key: UInt64?
        for byte in literalPrefix.utf8 {
            hash = (hash ^ UInt64(byte)) &* prime
            if byte == slash { key = hash }
        }
        return key
    }

    /// Whether no pattern is indexed.
    var isEmpty: Bool { lists.isEmpty }

    /// Files `entry` under `key` (``StubCandidateList/insert(_:byExactValue:)``).
    mutating func insert(_ entry: StubStore.Entry, key: UInt64, byExactValue: Bool) {
        lists[key, default: StubCandidateList()].insert(entry, byExactValue: byExactValue)
    }

    /// Takes `entry` out of the list of `key`.
    mutating func remove(_ entry: StubStore.Entry, key: UInt64) {
        lists[key]?.remove(entry)
        if lists[key]?.isEmpty == true { lists[key] = nil }
    }

    /// Calls `body` with each list of stubs that could match `request` by its `value` (the path,
    /// or the path and query; shortest key first), narrowed by the request's exact values.
    func forEachCandidateList(of value: String, request: StubRequestInfo, _ body: ([StubStore.Entry]) -> Void) {
        guard !lists.isEmpty else { return }
        var hash = Self.offsetBasis
        for byte in value.utf8 {
            hash = (hash ^ UInt64(byte)) &* Self.prime
            if byte == Self.slash, let list = lists[hash] { list.forEachCandidateList(of: request, body) }
        }
    }
}
