/// A row of the fault table (``Fault/Name/row``) and what is read from it.
extension Fault {
    /// One fault's row: everything about it but the code that applies it.
    struct Row: Sendable {
        /// How the row's checked value becomes the typed fault.
        enum Make: Sendable {
            /// A switch: this fault when on.
            case flag(Fault)
            /// From a whole number.
            case integer(@Sendable (Int) -> Fault)
            /// From a probability.
            case decimal(@Sendable (Double) -> Fault)
            /// From a text value (a media type, a choice, a `Cache-Control` value).
            case text(@Sendable (String) -> Fault)
        }

        /// The values the query parameter accepts.
        let kind: ValueKind
        /// When the fault acts.
        let stage: Stage
        /// The journal outcome a request ends with when the fault acts, if it has its own.
        let outcome: RequestOutcome?
        /// What it does, in one sentence.
        let help: String
        /// A path and query that shows it.
        let example: String
        /// The typed fault from the checked value.
        let make: Make

        /// A switch (`1`/`0`) that stands for `fault` when on.
        static func flag(
            _ fault: Fault, _ stage: Stage, outcome: RequestOutcome? = nil, _ help: String, example: String
        ) -> Row {
            Row(kind: .flag, stage: stage, outcome: outcome, help: help, example: example, make: .flag(fault))
        }

        /// A whole number in `range`, shown with `unit`.
        static func integer(
            _ range: ClosedRange<Int>, unit: String? = nil, _ stage: Stage, outcome: RequestOutcome? = nil, _ help: String,
            example: String, _ make: @escaping @Sendable (Int) -> Fault
        ) -> Row {
            Row(kind: .integer(range, unit: unit), stage: stage, outcome: outcome, help: help, example: example, make: .integer(make))
        }

        /// A probability from 0 to 1.
        static func probability(
            _ stage: Stage, _ help: String, example: String, _ make: @escaping @Sendable (Double) -> Fault
        ) -> Row {
            Row(kind: .probability, stage: stage, outcome: nil, help: help, example: example, make: .decimal(make))
        }

        /// A text value of `kind` (a media type, a choice, a `Cache-Control` value).
        static func text(
            _ kind: ValueKind, _ stage: Stage, _ help: String, example: String, _ make: @escaping @Sendable (String) -> Fault
        ) -> Row {
            Row(kind: kind, stage: stage, outcome: nil, help: help, example: example, make: .text(make))
        }
    }
}

extension Fault.Name {
    /// The values the parameter accepts.
    var kind: Fault.ValueKind { row.kind }

    /// When the fault acts.
    public var stage: Fault.Stage { row.stage }

    /// The journal outcome a request ends with when this fault acts (`reset`, `truncated`,
    /// `empty-reply`…), or `nil` when it has none of its own.
    public var outcome: RequestOutcome? { row.outcome }

    /// The values it accepts, in words (`0...3600000 ms`, `1 or 0`).
    public var valid: String { row.kind.valid }

    /// What it does, in one sentence.
    public var help: String { row.help }

    /// A path and query that shows the fault.
    public var example: String { row.example }

    /// The typed fault for the query value `text`, checked against the row: `nil` for a switch
    /// that is off (`reset=0`); a value the row refuses is the error its 400 shows.
    func fault(from text: String) throws(ParameterError) -> Fault? {
        let row = self.row
        guard let value = try row.kind.value(of: text, name: rawValue) else { return nil }
        switch (row.make, value) {
        case (.flag(let fault), _): return fault
        case (.integer(let make), .number(let number)): return make(number)
        case (.decimal(let make), .decimal(let number)): return make(number)
        case (.text(let make), .text(let text)): return make(text)
        default:
            // A row whose kind and maker disagree: a table error, caught by FaultTableTests.
            throw ParameterError(parameter: rawValue, error: "the fault table cannot read '\(text)'", valid: row.kind.valid)
        }
    }
}
