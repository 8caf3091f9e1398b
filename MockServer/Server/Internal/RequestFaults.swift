/// The faults of one request: its query read once against the fault table (``Fault/Name``) into
/// typed ``Fault`` values, in the table's order, which is the order of the stages that apply them.
///
/// Each stage picks out the faults it applies (`for case .delay(let wait) in faults.list`); none
/// of them is a field here, so a new fault needs no change to this type.
struct RequestFaults: Sendable {
    /// The faults present and on, in the order they apply.
    private(set) var list: [Fault] = []
    /// The fault parameters present, in the table's order, as the journal shows them
    /// (`delay=500,drip=20000`; a switch turned off, `reset=0`, is shown too).
    private(set) var summary = ""

    /// No faults.
    init() {}

    /// Reads and checks every fault parameter of `query`, in the table's order; the first bad
    /// value is the error.
    init(_ query: QueryParameters) throws(ParameterError) {
        guard !query.pairs.isEmpty else { return }
        var present: [String] = []
        for name in Fault.Name.allCases {
            guard let raw = query.value(name.rawValue) else { continue }
            if let fault = try name.fault(from: raw) { list.append(fault) }
            present.append("\(name.rawValue)=\(raw)")
        }
        summary = present.joined(separator: ",")
    }

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
