/// A known query parameter with a value outside what it accepts: answered with a 400 and
/// `{"error", "parameter", "valid"}`.
struct ParameterError: Error, Sendable, Hashable {
    /// The parameter's name.
    let parameter: String
    /// What is wrong, in one sentence.
    let error: String
    /// What the parameter accepts, e.g. `0...3600000`.
    let valid: String
}

/// The query of one request, in arrival order, with typed, range-checked accessors.
///
/// Unknown parameters are kept (for the journal) but never rejected: clients add their own
/// (`expansions`, `user.fields`, cache-busters).
struct QueryParameters: Sendable, Hashable {
    /// The decoded pairs; a parameter without `=` has a `nil` value.
    let pairs: [(name: String, value: String?)]

    init(pairs: [(name: String, value: String?)]) {
        self.pairs = pairs
    }

    static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }

    /// The query split in two, each part in arrival order: the app's parameters, and the
    /// server's fault parameters (`fault.NAME`, ``RequestFaults/prefix``). A stub is matched
    /// against the first and its faults read from the second.
    var apartFromFaults: (app: QueryParameters, faults: QueryParameters) {
        guard pairs.contains(where: { $0.name.hasPrefix(RequestFaults.prefix) }) else { return (self, QueryParameters(pairs: [])) }
        var app: [(name: String, value: String?)] = []
        var faults: [(name: String, value: String?)] = []
        for pair in pairs {
            if pair.name.hasPrefix(RequestFaults.prefix) { faults.append(pair) } else { app.append(pair) }
        }
        return (QueryParameters(pairs: app), QueryParameters(pairs: faults))
    }

    /// `rawURL` (`/path?query` as sent) without its `fault.NAME` parameters, the rest of it byte
    /// for byte as sent (the `?` goes too when nothing is left of the query): what the URL fields
    /// of stubs see, as ``apartFromFaults`` is what their query parameters see.
    static func withoutFaults(rawURL: String) -> String {
        guard let mark = rawURL.firstIndex(of: "?") else { return rawURL }
        let pieces = rawURL[rawURL.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
        let kept = pieces.filter { piece in
            let name = piece.prefix { $0 != "=" }
            return !(String(name).removingPercentEncoding ?? String(name)).hasPrefix(RequestFaults.prefix)
        }
        guard kept.count < pieces.count else { return rawURL }
        let path = rawURL[..<mark]
        return kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&")
    }

    /// The query as `a=1&b=2` (decoded values), for the journal and the `flaky` counter.
    var canonical: String {
        pairs.map { pair in pair.value.map { "\(pair.name)=\($0)" } ?? pair.name }.joined(separator: "&")
    }

    /// Whether the parameter is present at all.
    func contains(_ name: String) -> Bool { pairs.contains { $0.name == name } }

    /// The last value given for `name` (`""` for a bare `?name`), or `nil` when absent.
    func value(_ name: String) -> String? {
        guard let pair = pairs.last(where: { $0.name == name }) else { return nil }
        return pair.value ?? ""
    }

    /// A whole decimal number in `range`, or `nil` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ParameterError) -> Int? {
        guard let text = value(name) else { return nil }
        return try Self.integer(text, name: name, in: range)
    }

    /// `text` as a whole decimal number in `range`; the error names the parameter `name`.
    static func integer(_ text: String, name: String, in range: ClosedRange<Int>) throws(ParameterError) -> Int {
        let valid = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard !text.isEmpty, text.count <= 19, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let number = Int(text), range.contains(number)
        else {
            throw ParameterError(parameter: name, error: "'\(text)' is not \(valid)", valid: "\(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A tweet id (unsigned 64-bit decimal), or `nil` when absent.
    func identifier(_ name: String) throws(ParameterError) -> UInt64? {
        guard let text = value(name) else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = UInt64(text), id > 0 else {
            throw ParameterError(parameter: name, error: "'\(text)' is not a tweet id", valid: "1...\(UInt64.max)")
        }
        return id
    }

    /// A switch: `1`/`true`/bare name is on, `0`/`false` is off; absent is off.
    func flag(_ name: String) throws(ParameterError) -> Bool {
        guard let text = value(name) else { return false }
        return try Self.flag(text, name: name)
    }

    /// `text` as a switch (`""`, `1`, `true`, `yes` are on; `0`, `false`, `no` off); the error
    /// names the parameter `name`.
    static func flag(_ text: String, name: String) throws(ParameterError) -> Bool {
        switch text.lowercased() {
        case "", "1", "true", "yes": return true
        case "0", "false", "no": return false
        default:
            throw ParameterError(parameter: name, error: "'\(text)' is not a switch", valid: "1, true, 0 or false")
        }
    }

    /// One of `choices`, or `nil` when absent.
    func choice(_ name: String, of choices: [String]) throws(ParameterError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            throw ParameterError(parameter: name, error: "'\(text)' is not one of the choices", valid: choices.joined(separator: ", "))
        }
        return text
    }
}
