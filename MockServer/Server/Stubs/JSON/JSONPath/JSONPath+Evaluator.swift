import Foundation

extension JSONPath {
    /// Runs a compiled query over one document, counting the nodes it visits against
    /// ``JSONPath/maximumWork``.
    struct Evaluator {
        // The syntax types, by the names the evaluator's files use (its extension in
        // JSONPath+Comparison.swift does not see `JSONPath`'s members unqualified).
        typealias Comparison = JSONPath.Comparison

        /// Jayway functions that may end a path (`$.items.length()`), as json-path 2.7 (WireMock
        /// 2.35's) has them: no `first()` or `last()`.
        static let jaywayFunctions: Set<String> = ["length", "size", "min", "max", "avg", "sum", "stddev", "keys"]
        /// How a Jayway path function is named among filter functions.
        static let jaywayPrefix = "jayway."

        let root: JSONValue
        let dialect: Dialect
        var work = 0

        init(root: JSONValue, dialect: Dialect) {
            self.root = root
            self.dialect = dialect
        }

        mutating func spend(_ count: Int = 1) throws(Error) {
            work += count
            if work > JSONPath.maximumWork { throw .tooMuchWork(limit: JSONPath.maximumWork) }
        }

        /// The nodes `query` selects, `current` standing for `@`.
        mutating func run(_ query: Query, current: JSONValue) throws(Error) -> [JSONValue] {
            var nodes = [query.isRelative ? current : root]
            for segment in query.segments {
                var next: [JSONValue] = []
                for node in nodes {
                    if segment.isDescendant {
                        // Iterative pre-order walk: a node, then its children's subtrees in order.
                        var stack = [node]
                        while let visited = stack.popLast() {
                            try spend()
                            try apply(segment.selectors, to: visited, into: &next)
                            switch visited {
                            case .array(let items):
                                for item in items.reversed() where item.isContainer { stack.append(item) }
                            case .object(let members):
                                for key in members.keys.sorted().reversed() {
                                    if let member = members[key], member.isContainer { stack.append(member) }
                                }
                            default:
                                break
                            }
                        }
                    } else {
                        try apply(segment.selectors, to: node, into: &next)
                    }
                }
                nodes = next
            }
            return nodes
        }

        mutating func apply(_ selectors: [Selector], to node: JSONValue, into output: inout [JSONValue]) throws(Error) {
            for selector in selectors {
                switch (selector, node) {
                case (.name(let name), .object(let members)):
                    if let member = members[name] { output.append(member) }
                case (.wildcard, _):
                    let children = node.children
                    try spend(children.count)
                    output.append(contentsOf: children)
                case (.index(let index), .array(let items)):
                    let position = index < 0 ? items.count + index : index
                    if position >= 0, position < items.count { output.append(items[position]) }
                case (.slice(let start, let end, let step), .array(let items)):
                    let positions = Self.slice(count: items.count, start: start, end: end, step: step ?? 1)
                    try spend(positions.count)
                    for position in positions { output.append(items[position]) }
                case (.filter(let condition), .object) where dialect == .jayway:
                    // Jayway tests a filter on an object against the object itself (WireMock
                    // users write `$[?(@.query =~ /.*x.*/)]` on an object body); RFC 9535 tests
                    // its member values.
                    try spend()
                    if try test(condition, current: node) { output.append(node) }
                case (.filter(let condition), _):
                    for child in node.children {
                        try spend()
                        if try test(condition, current: child) { output.append(child) }
                    }
                default:
                    break
                }
            }
        }

        /// RFC 9535 § 2.3.4.2.2's slice positions.
        static func slice(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
            guard step != 0 else { return [] }
            func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
            var positions: [Int] = []
            if step > 0 {
                let lower = min(max(normalize(start ?? 0), 0), count)
                let upper = min(max(normalize(end ?? count), 0), count)
                var position = lower
                while position < upper {
                    positions.append(position)
                    position += step
                }
            } else {
                let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
                var position = upper
                while lower < position {
                    positions.append(position)
                    position += step
                }
            }
            return positions
        }

        // MARK: Filters

        mutating func test(_ condition: Logical, current: JSONValue) throws(Error) -> Bool {
            switch condition {
            case .or(let parts):
                for part in parts where try test(part, current: current) { return true }
                return false
            case .and(let parts):
                for part in parts where !(try test(part, current: current)) { return false }
                return true
            case .not(let inner):
                return !(try test(inner, current: current))
            case .exists(let query):
                return !(try run(query, current: current).isEmpty)
            case .function(let call):
                return try logicalFunction(call, current: current)
            case .comparison(let left, let comparison, let right):
                let leftValue = try value(of: left, current: current)
                if case .regex(let regex) = right { return regex.matches(Self.regexInput(leftValue)) }
                return Self.compare(leftValue, comparison, try value(of: right, current: current), loosely: dialect == .jayway)
            }
        }

        /// An operand's value; `nil` is RFC 9535's Nothing.
        mutating func value(of operand: Operand, current: JSONValue) throws(Error) -> JSONValue? {
            switch operand {
            case .literal(let value):
                return value
            case .query(let query):
                let nodes = try run(query, current: current)
                if query.isSingular { return nodes.first }
                return .array(nodes)  // Jayway: an indefinite path's list
            case .function(let call):
                return try valueFunction(call, current: current)
            case .logical(let condition):
                return .bool(try test(condition, current: current))
            case .regex:
                return nil
            }
        }

        mutating func valueFunction(_ call: FunctionCall, current: JSONValue) throws(Error) -> JSONValue? {
            if call.name.hasPrefix(Self.jaywayPrefix), case .query(let query) = call.arguments[0] {
                let nodes = try run(query, current: current)
                return Self.jaywayFunction(String(call.name.dropFirst(Self.jaywayPrefix.count)), nodes: nodes, isDefinite: query.isSingular)
            }
            switch call.name {
            case "length":
                switch try value(of: call.arguments[0], current: current) {
                case .string(let text)?: return .integer(text.unicodeScalars.count)
                case .array(let items)?: return .integer(items.count)
                case .object(let members)?: return .integer(members.count)
                default: return nil
                }
            case "count":
                guard case .query(let query) = call.arguments[0] else { return nil }
                return .integer(try run(query, current: current).count)
            case "value":
                guard case .query(let query) = call.arguments[0] else { return nil }
                let nodes = try run(query, current: current)
                return nodes.count == 1 ? nodes.first : .none  // not `nil`: that would read as JSONValue.null
            default:
                return .bool(try logicalFunction(call, current: current))
            }
        }

        mutating func logicalFunction(_ call: FunctionCall, current: JSONValue) throws(Error) -> Bool {
            guard call.name == "match" || call.name == "search", call.arguments.count == 2 else { return false }
            guard case .string(let text)? = try value(of: call.arguments[0], current: current) else { return false }
            if let regex = call.literalRegex { return regex.matches(text) }
            guard case .string(let pattern)? = try value(of: call.arguments[1], current: current),
                let regex = JSONPathRegex(iRegexp: pattern, wholeValue: call.name == "match")
            else { return false }
            return regex.matches(text)
        }

        /// A Jayway path function over what the path selected: a definite path's one value (an
        /// array's items), or an indefinite path's list.
        static func jaywayFunction(_ name: String, nodes: [JSONValue], isDefinite: Bool) -> JSONValue? {
            let items: [JSONValue]
            if isDefinite {
                guard let value = nodes.first else { return nil }
                switch (name, value) {
                case ("length", .object(let members)), ("size", .object(let members)): return .integer(members.count)
                case ("keys", .object(let members)): return .array(members.keys.sorted().map { .string($0) })
                case (_, .array(let list)): items = list
                default: return nil
                }
            } else {
                items = nodes
            }
            let numbers = items.compactMap { item -> Double? in
                if case .number(let number) = item { return number.doubleValue }
                return nil
            }
            switch name {
            case "length", "size": return .integer(items.count)
            case "sum": return numbers.isEmpty ? .none : .double(numbers.reduce(0, +))
            case "min": return numbers.min().map { .double($0) }
            case "max": return numbers.max().map { .double($0) }
            case "avg": return numbers.isEmpty ? .none : .double(numbers.reduce(0, +) / Double(numbers.count))
            case "stddev":
                guard !numbers.isEmpty else { return nil }
                let mean = numbers.reduce(0, +) / Double(numbers.count)
                return .double((numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)).squareRoot())
            default: return nil
            }
        }
    }
}
