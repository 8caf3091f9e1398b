/// The faults of one request: its query read once against the fault table (``Fault/Name``) into
/// typed ``Fault`` values, in the table's order, which is the order of the stages that apply them.
///
/// A fault parameter is spelled `fault.NAME` (`?fault.delay=2000`) anywhere, or by its bare name
/// (`?delay=2000`) where bare names are faults (``Spelling``): on the built-in catalog's routes
/// and in a stub's `metadata.testbed.faults`, not on a path an app's stub answers, whose bare
/// parameters are the app's (`?status=publish`).
///
/// Each stage picks out the faults it applies (`for case .delay(let wait) in faults.list`); none
/// of them is a field here, so a new fault needs no change to this type.
struct RequestFaults: Sendable {
    /// The prefix that makes a query parameter a fault on any path (`fault.status=503`).
    static let prefix = "fault."

    /// Which spellings of a fault parameter a query may use.
    enum Spelling: Sendable {
        /// `status=503` and `fault.status=503`: the catalog's routes, a stub's metadata.
        case bareOrPrefixed
        /// `fault.status=503` only: the query of a request an app's stub answers.
        case prefixedOnly
    }

    /// The faults present and on, in the order they apply.
    private(set) var list: [Fault] = []
    /// The fault parameters present, in the table's order, by their bare names, as the journal
    /// shows them (`delay=500,drip=20000`; a switch turned off, `reset=0`, is shown too).
    private(set) var summary = ""

    /// No faults.
    init() {}

    /// Reads and checks every fault parameter of `query` in one pass over it: for a fault given
    /// more than once (in either spelling) the last value counts. The faults are then checked in
    /// the table's order, and the first bad value is the error, naming the parameter as the query
    /// spells it. An unknown `fault.NAME` is an error too (a misspelt fault would otherwise pass
    /// silently); an unknown bare name is an app's parameter and ignored.
    init(_ query: QueryParameters, spelling: Spelling = .bareOrPrefixed) throws(ParameterError) {
        guard !query.pairs.isEmpty else { return }
        let names = Fault.Name.allCases
        // Per row of the table, the last value given and how the query spelt the parameter.
        var given: [(raw: String, spelt: String)?] = Array(repeating: nil, count: names.count)
        for pair in query.pairs {
            let bare: Substring
            if pair.name.hasPrefix(Self.prefix) {
                bare = pair.name.dropFirst(Self.prefix.count)
                guard Self.rowIndex[bare] != nil else {
                    throw ParameterError(
                        parameter: pair.name, error: "'\(bare)' is not a fault",
                        valid: names.map { Self.prefix + $0.rawValue }.joined(separator: ", "))
                }
            } else if spelling == .bareOrPrefixed {
                bare = Substring(pair.name)
            } else {
                continue
            }
            guard let index = Self.rowIndex[bare] else { continue }
            given[index] = (pair.value ?? "", pair.name)
        }
        var present: [String] = []
        for (index, name) in names.enumerated() {
            guard let (raw, spelt) = given[index] else { continue }
            do {
                if let fault = try name.fault(from: raw) { list.append(fault) }
            } catch {
                throw ParameterError(parameter: spelt, error: error.error, valid: error.valid)
            }
            present.append("\(name.rawValue)=\(raw)")
        }
        summary = present.joined(separator: ",")
    }

    /// Each fault's row number in the table, by its bare name.
    private static let rowIndex: [Substring: Int] = Dictionary(
        uniqueKeysWithValues: Fault.Name.allCases.enumerated().map { (Substring($0.element.rawValue), $0.offset) })

    /// Whether the fault named `name` is present and on.
    func contains(_ name: Fault.Name) -> Bool {
        list.contains { $0.name == name }
    }

    /// The first value `pick` finds in a fault of the list (`faults.first { if case .status(let code) = $0 { code } else { nil } }`).
    func first<Value>(_ pick: (Fault) -> Value?) -> Value? {
        for fault in list {
            if let value = pick(fault) { return value }
        }
        return nil
    }
}
