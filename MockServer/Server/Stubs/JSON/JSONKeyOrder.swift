/// The order a JSON text wrote each object's members in, which ``JSONValue`` (whose objects
/// are dictionaries) does not keep: WireMock's templates print parsed JSON in its own order.
///
/// ``JSONReader`` records it while it reads (``JSONReader/parse(_:keyOrder:)``); a template
/// value records it as it becomes JSON. An object is looked up by its set of keys, then by its
/// value when several objects of that set were recorded; an object never recorded (or one of
/// two equal objects whose orders differ) gets its keys sorted.
struct JSONKeyOrder {
    /// One object as recorded: its members and their keys in order.
    private struct Recorded {
        let members: [String: JSONValue]
        let keys: [String]
    }

    /// The recorded objects by their keys, sorted.
    private var objects: [[String]: [Recorded]] = [:]

    /// No object recorded: every lookup sorts.
    init() {}

    /// Records that `members` were written with their keys in the order `keys` (a repeated key
    /// counted once, at its first place).
    mutating func record(_ members: [String: JSONValue], keys: [String]) {
        guard members.count > 1 else { return }
        var seen = Set<String>()
        let unique = keys.count == members.count ? keys : keys.filter { seen.insert($0).inserted }
        objects[unique.sorted(), default: []].append(Recorded(members: members, keys: unique))
    }

    /// The keys of `members` in the order recorded for them, or sorted.
    func keys(of members: [String: JSONValue]) -> [String] {
        let sorted = members.keys.sorted()
        guard members.count > 1, let candidates = objects[sorted] else { return sorted }
        if candidates.count == 1 { return candidates[0].keys }
        return candidates.first { $0.members == members }?.keys ?? candidates[0].keys
    }
}

extension JSONValue {
    /// Whether the value is, or holds, an object of two members or more: one whose printed
    /// order depends on a ``JSONKeyOrder``.
    var hasObjectWithMembers: Bool {
        switch self {
        case .object(let members): return members.count > 1 || members.values.contains { $0.hasObjectWithMembers }
        case .array(let items): return items.contains { $0.hasObjectWithMembers }
        default: return false
        }
    }
}
