/// The stubs of one list of the store (one exact path, one pattern prefix, or the fallback),
/// filed by the exact value one of their parts requires, so a request only meets the stubs that
/// could accept its own values.
///
/// A part that accepts exactly one value offers it as an ``ExactValueKey`` (a header's
/// `equalTo` offers `header x-variant` and the value; a body's `equalTo` can offer `body`). A
/// stub is filed under one of the keys its parts offer, or among the unfiled stubs when they
/// offer none. A request then looks at the unfiled stubs and, for each key filed in this list,
/// at the stubs filed under each of the request's own values for it: a stub filed under another
/// value cannot match, since that part would not. Three hundred stubs on one path that differ
/// only by a header's value are then one lookup, not three hundred walks.
///
/// Every list handed out is in matching order, and the store takes the first match of each
/// that comes before the best so far: the same stub a walk over all of them would pick,
/// whatever list each is filed in.
struct StubCandidateList: Sendable {
    /// Stubs filed under no exact value, in matching order.
    private var unfiled: [StubStore.Entry] = []
    /// Per key (`header x-variant`), the stubs filed under it.
    private var filed: [String: Group] = [:]

    /// The stubs filed under one key, and a part that reads the request's values for it.
    private struct Group: Sendable {
        /// A part that offered the key: it reads a request's values under it (all parts
        /// offering one key read the same values).
        let reader: any RequestPartMatcher
        /// Per exact value, its stubs in matching order.
        var byValue: [String: [StubStore.Entry]] = [:]
    }

    /// Whether the list holds no stub.
    var isEmpty: Bool { unfiled.isEmpty && filed.isEmpty }

    /// Files `entry`: when `byExactValue` and its parts offer exact values, under the one whose
    /// bucket holds the fewest stubs so far (the first offered on a tie), so stubs that share
    /// one value (a common `Content-Type`) and differ by another still spread out; else among
    /// the unfiled stubs. Either way its list keeps matching order.
    mutating func insert(_ entry: StubStore.Entry, byExactValue: Bool) {
        let offers = byExactValue ? entry.matcher.exactValueKeys : []
        guard var chosen = offers.first else {
            StubStore.insert(entry, into: &unfiled)
            return
        }
        var fewest = Int.max
        for offer in offers {
            let count = filed[offer.key.name]?.byValue[offer.key.value]?.count ?? 0
            if count < fewest { (chosen, fewest) = (offer, count) }
        }
        let key = chosen.key
        StubStore.insert(entry, into: &filed[key.name, default: Group(reader: chosen.part)].byValue[key.value, default: []])
    }

    /// Takes `entry` out, from wherever it was filed.
    mutating func remove(_ entry: StubStore.Entry) {
        let id = entry.stub.id
        unfiled.removeAll { $0.stub.id == id }
        for offer in entry.matcher.exactValueKeys {
            let key = offer.key
            guard var group = filed[key.name], var list = group.byValue[key.value] else { continue }
            list.removeAll { $0.stub.id == id }
            group.byValue[key.value] = list.isEmpty ? nil : list
            filed[key.name] = group.byValue.isEmpty ? nil : group
        }
    }

    /// Calls `body` with each non-empty list of stubs that could accept `request`: the unfiled
    /// ones, then per filed key the stubs filed under each of the request's values for it.
    func forEachCandidateList(of request: StubRequestInfo, _ body: ([StubStore.Entry]) -> Void) {
        if !unfiled.isEmpty { body(unfiled) }
        for group in filed.values {
            for value in group.reader.indexValues(of: request) {
                if let list = group.byValue[value] { body(list) }
            }
        }
    }
}

/// Where a part's one accepted value is read in a request (`name`: `header x-variant`,
/// `query page`, `body`) and the value itself: the key under which ``StubCandidateList`` files
/// a stub.
struct ExactValueKey: Sendable, Hashable {
    /// Where the value is read; parts that read the same place give the same name.
    let name: String
    /// The one value the part accepts there.
    let value: String
}
