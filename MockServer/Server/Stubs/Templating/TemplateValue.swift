import Foundation

/// A value a template computes with: what a path like `request.query.id` names, what a helper
/// takes and returns, and what a `{{…}}` prints.
///
/// It prints as WireMock (Java, Handlebars.java) prints the value it stands for: an integer as
/// `5`, a decimal as Java's `Double.toString` writes it (`5.0`, `1.0E10`), an array as Java's
/// `List.toString` (`[a, b]`), an object as `Map.toString` (`{a=1, b=2}`), `null` as nothing.
/// See ``rendered``.
enum TemplateValue: Sendable, Hashable {
    /// Nothing (Java `null`): a missing path, a helper that returns nothing. Prints as nothing.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number (Java `Integer`/`Long`).
    case integer(Int)
    /// A number with a fraction (Java `Double`); prints as Java's `Double.toString` does.
    case decimal(Double)
    /// Text. Escaped when `{{…}}` prints it (see ``TemplateEscaping``).
    case string(String)
    /// Text that `{{…}}` prints without escaping (Handlebars' `SafeString`): a helper's output
    /// that is markup already.
    case safeString(String)
    /// A list of values.
    case array([TemplateValue])
    /// WireMock's `ListOrSingle`, as the request model's query, header and cookie values are:
    /// it prints and reads as its first value (empty when it has none), and indexes (`.[1]`),
    /// counts (`size`) and iterates (`#each`) as a list.
    case listOrSingle([TemplateValue])
    /// A list that prints and reads as a text of its own: a URL path (`request.path`,
    /// `request.pathSegments` print `/a/b`, and index and iterate as the segments:
    /// `request.path.[1]` → `b`), and a JSON array `jsonPath` selects (prints as its JSON
    /// text, iterates as its elements; see ``TemplateValue/jsonList(_:)``).
    case urlPath(String, segments: [TemplateValue])
    /// Named values in their order (a parsed JSON object keeps the order its text had).
    case object(TemplateObject)
    /// An instant (what `parseDate` returns and `date` takes) and the UTC offset, in seconds, it
    /// was written with (`parseDate '…+02:00'` keeps `+02:00`, as WireMock 2.35's parsed date
    /// does); prints as ISO 8601 at that offset (`2026-11-28T00:21:55Z`,
    /// `2024-03-01T10:00:00+02:00`), as WireMock's `RenderableDate` does without a format.
    case date(Date, offset: Int = 0)
}

/// The members of an object value, in order; keys are unique (setting a key again replaces its value in place).
struct TemplateObject: Sendable, Hashable {
    /// The keys, in order.
    private(set) var keys: [String] = []
    private var values: [String: TemplateValue] = [:]
    /// Whether a lookup that finds no key as written tries the keys without regard to case
    /// (the request model's headers, as WireMock's case-insensitive map).
    var ignoresKeyCase = false
    /// The text the object prints as, when it is not Java's `{a=1}` (an object `jsonPath`
    /// selects prints as its JSON).
    var printedText: String?
    /// Whether the object stands for a Java object that is no `Map` (WireMock's `RequestMethod`):
    /// its members are the object's properties, and `size` finds no size in it.
    var isJavaBean = false

    /// An empty object.
    init() {}

    /// An object of `entries`, in their order (a repeated key keeps its first place and its last value).
    init(_ entries: [(String, TemplateValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    /// The value of `key`, or `nil` when the object has no such member; setting `nil` removes it.
    subscript(key: String) -> TemplateValue? {
        get {
            if let value = values[key] { return value }
            guard ignoresKeyCase else { return nil }
            let lowered = key.lowercased()
            return keys.first { $0.lowercased() == lowered }.flatMap { values[$0] }
        }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The members, in order.
    var entries: [(key: String, value: TemplateValue)] { keys.map { ($0, values[$0] ?? .null) } }

    /// The number of members.
    var count: Int { keys.count }

    /// Adds `value` to the `ListOrSingle` at `key` (made on the first value): how repeated
    /// query parameters, headers, cookies and form fields are kept.
    mutating func appendToList(_ value: TemplateValue, at key: String) {
        if case .listOrSingle(let existing) = self[key] {
            self[key] = .listOrSingle(existing + [value])
        } else {
            self[key] = .listOrSingle([value])
        }
    }

    /// Whether the object has no members.
    var isEmpty: Bool { keys.isEmpty }
}
