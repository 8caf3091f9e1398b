/// Path lookup: block parameters, then the contexts from the innermost out, then the
/// variables `assign` set, as Handlebars.java resolves names.
extension TemplateEvaluator {
    /// The value `path` names, or `.null`.
    func resolve(_ path: TemplatePath) -> TemplateValue {
        if path.isData {
            guard let name = path.segments.first else { return .null }
            var value: TemplateValue?
            for frame in frames.reversed() {
                if let found = frame.data[name] {
                    value = found
                    break
                }
            }
            guard let start = value ?? environment.variables[name] else { return .null }
            return Self.walk(start, path.segments.dropFirst())
        }
        // `../`: up past as many contexts (frames a block pushed without one do not count).
        var index = frames.count - 1
        if path.parents > 0 {
            var climbed = 0
            while climbed < path.parents {
                while index >= 0, frames[index].transparent { index -= 1 }
                index -= 1
                climbed += 1
            }
            while index >= 0, frames[index].transparent { index -= 1 }
            guard index >= 0 else { return .null }
        }
        guard let first = path.segments.first else { return frames[index].context }
        let rest = path.segments.dropFirst()
        if path.isExplicitThis {
            return Self.walk(frames[index].context, path.segments[...])
        }
        if path.parents == 0 {
            for frame in frames.reversed() {
                if let value = frame.parameters[first] { return Self.walk(value, rest) }
            }
        }
        for frameIndex in stride(from: index, through: 0, by: -1) {
            if let value = Self.member(frames[frameIndex].context, first) { return Self.walk(value, rest) }
        }
        if let variable = environment.variables[first] { return Self.walk(variable, rest) }
        return .null
    }

    /// `value`'s members along `segments`, `.null` once one is missing.
    static func walk(_ value: TemplateValue, _ segments: ArraySlice<String>) -> TemplateValue {
        var current = value
        for segment in segments {
            guard let next = member(current, segment) else { return .null }
            current = next
        }
        return current
    }

    /// Member `name` of `value`: an object's key, a list's index, a string's `length`.
    static func member(_ value: TemplateValue, _ name: String) -> TemplateValue? {
        switch value {
        case .object(let object):
            return object[name]
        case .array(let items), .listOrSingle(let items), .urlPath(_, let items):
            if let index = Int(name) { return items.indices.contains(index) ? items[index] : nil }
            if name == "size" || name == "length" { return .integer(items.count) }
            return nil
        case .string(let text), .safeString(let text):
            return name == "length" ? .integer(text.utf16.count) : nil
        default:
            return nil
        }
    }
}

extension TemplateValue {
    /// What a section (`{{#list}}…{{/list}}`) iterates: an array's or `ListOrSingle`'s
    /// elements; `nil` for anything else, a URL path included (it is text there).
    var sectionItems: [TemplateValue]? {
        switch self {
        case .array(let items), .listOrSingle(let items): return items
        default: return nil
        }
    }
}
