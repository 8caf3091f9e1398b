/// A JSONPath query (RFC 9535), compiled once and run over ``JSONValue``s.
///
/// Two dialects: ``Dialect/rfc9535`` is the standard, checked against the JSONPath Compliance
/// Test Suite; ``Dialect/jayway`` adds what WireMock users write for Jayway JsonPath (the
/// library WireMock uses): `=~ /regex/i`, `in`, `nin`, `size`, `empty`, `anyof`, `noneof`,
/// `subsetof`, `contains`, a function at the end of a path (`$.items.length()`), names with
/// `-` after a dot, and a path without its leading `$`. docs/STUBS.md lists how they differ.
///
/// Running a query is bounded: descent is iterative and at most ``maximumWork`` nodes are
/// visited per run (more is ``Error/tooMuchWork``), so `$..*` over a deep or huge document
/// ends quickly either way.
struct JSONPath: Sendable {
    /// Which grammar a query is read with.
    enum Dialect: Sendable {
        /// RFC 9535 exactly.
        case rfc9535
        /// RFC 9535 plus Jayway's operators and functions, as WireMock reads expressions.
        case jayway
    }

    /// Why a query could not be read or run.
    enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The text is not a query; `offset` counts characters from its start.
        case syntax(reason: String, offset: Int)
        /// The query visited more than ``JSONPath/maximumWork`` nodes.
        case tooMuchWork(limit: Int)

        var description: String {
            switch self {
            case .syntax(let reason, let offset): "invalid JSONPath: \(reason) (at character \(offset + 1))"
            case .tooMuchWork(let limit): "the JSONPath query visits more than \(limit) nodes"
            }
        }
    }

    /// Most nodes one run may visit (descendants, filter candidates and results together).
    static let maximumWork = 1_000_000
    /// Deepest nesting of brackets and parentheses a query may have.
    static let maximumNesting = 64

    /// The query as written.
    let text: String
    let dialect: Dialect
    let query: Query
    /// A Jayway function applied to the selection (`$.items.length()`); `nil` in RFC 9535.
    let trailingFunction: String?

    /// Compiles `text`; throws ``Error/syntax(reason:offset:)`` naming what is wrong and where.
    init(_ text: String, dialect: Dialect = .rfc9535) throws(Error) {
        var parser = Parser(text, dialect: dialect)
        let (query, function) = try parser.pathQuery()
        self.text = text
        self.dialect = dialect
        self.query = query
        trailingFunction = function
    }

    /// Whether the query can select at most one node (only names and indexes, no `..`): what
    /// Jayway calls a definite path.
    var isDefinite: Bool { query.isSingular }

    /// The values selected from `document`, in RFC 9535's order.
    func select(_ document: JSONValue) throws(Error) -> [JSONValue] {
        var evaluator = Evaluator(root: document, dialect: dialect)
        return try evaluator.run(query, current: document)
    }

    /// The query's result as Jayway gives it: the single value of a definite path (`nil` when
    /// it selects nothing), the list of an indefinite one as an array, or a trailing function's
    /// value.
    func evaluate(_ document: JSONValue) throws(Error) -> JSONValue? {
        let nodes = try select(document)
        if let trailingFunction {
            return Evaluator.jaywayFunction(trailingFunction, nodes: nodes, isDefinite: isDefinite)
        }
        if isDefinite { return nodes.first }
        return .array(nodes)
    }

    // MARK: - The syntax tree

    /// `$` or `@` followed by segments.
    struct Query: Sendable {
        /// `@` (the current node) rather than `$`.
        let isRelative: Bool
        let segments: [Segment]

        /// Only child segments with one name or index each.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
                switch segment.selectors[0] {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// `.name`, `[…]` (child) or `..name`, `..[…]` (descendant).
    struct Segment: Sendable {
        let isDescendant: Bool
        let selectors: [Selector]
    }

    enum Selector: Sendable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Logical)
    }

    /// A filter's condition.
    indirect enum Logical: Sendable {
        case or([Logical])
        case and([Logical])
        case not(Logical)
        case comparison(Operand, Comparison, Operand)
        /// A query that must select something.
        case exists(Query)
        /// A function returning a logical value (`match`, `search`).
        case function(FunctionCall)
    }

    enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        // Jayway's.
        case regex = "=~", `in` = "in", notIn = "nin", size = "size", empty = "empty", anyOf = "anyof", noneOf = "noneof",
            subsetOf = "subsetof", contains = "contains"
    }

    /// One side of a comparison or a function's argument.
    indirect enum Operand: Sendable {
        case literal(JSONValue)
        /// A singular query in RFC 9535; any query in Jayway (its nodes as an array unless it is definite).
        case query(Query)
        case function(FunctionCall)
        /// A logical expression as an argument (`match`'s result given to another function).
        case logical(Logical)
        /// Jayway's `/pattern/flags`.
        case regex(JSONPathRegex)
    }

    /// `length(@.a)`, `match(@.b, "x.*")`…
    struct FunctionCall: Sendable {
        let name: String
        let arguments: [Operand]
        /// Compiled once when the pattern argument is a literal.
        let literalRegex: JSONPathRegex?
    }
}
