import Foundation

/// Finds code that compiles on Linux but not on Darwin, outside code a Linux guard keeps away from
/// Darwin. `make test` runs on Linux only, so this is what stands in for a Mac build there.
///
/// A branch of `#if`/`#elseif`/`#else` is *Linux-guarded* when it can never be compiled on Darwin:
/// its condition is false there (`os(Linux)`, `canImport(Glibc)`, `!canImport(Darwin)`, …) or an
/// earlier branch of the same chain is true there (the `#else` of `#if canImport(Darwin)`). Code
/// inside a guarded branch, at any depth, is left alone. Comments are ignored, and string literals
/// are only read by the rule about `/proc` paths.
struct PortabilityScanner {
    /// One rule: what it forbids, and why Darwin refuses it.
    struct Rule: Sendable {
        /// A short name, used by the tests.
        let name: String
        /// What a finding says.
        let explanation: String
        /// The pattern, matched against code (strings blanked) or against string literals' contents.
        let pattern: String
        /// Whether ``pattern`` is matched against string literals instead of code.
        let inStrings: Bool
    }

    /// One forbidden use: where, which rule, and the line.
    struct Finding: CustomStringConvertible, Equatable {
        let path: String
        let line: Int
        let rule: String
        let text: String
        let explanation: String

        var description: String { "\(path):\(line): \(explanation) [\(rule)]: \(text)" }
    }

    /// The rules `make test` enforces.
    static let rules: [Rule] = [
        Rule(
            name: "glibc",
            explanation: "Glibc outside #if canImport(Glibc) (Darwin has no Glibc module)",
            pattern: #"\bGlibc\b"#, inStrings: false),
        Rule(
            name: "rawValue",
            explanation: "rawValue on a C constant that is an enum on Glibc but a plain Int32 on Darwin",
            pattern: #"\b(SOCK|RLIMIT|RUSAGE|PRIO|SHUT|MSG|IPPROTO|SOL|AF|PF)_[A-Z0-9_]+\s*\.rawValue\b"#, inStrings: false),
        Rule(
            name: "st_mtim",
            explanation: "st_atim/st_mtim/st_ctim are Linux's names (Darwin: st_atimespec, st_mtimespec, st_ctimespec)",
            pattern: #"\bst_[amc]tim\b"#, inStrings: false),
        Rule(
            name: "linuxOnly",
            explanation: "a Linux-only call or constant",
            pattern: #"\b(SOCK_NONBLOCK|SOCK_CLOEXEC|accept4|pipe2|O_TMPFILE|eventfd|EFD_[A-Z_]+|epoll_[a-z0-9_]+|EPOLL[A-Z0-9_]*)\b"#,
            inStrings: false),
        Rule(
            name: "proc",
            explanation: "a /proc path (Linux only)",
            pattern: #"(^|[^A-Za-z0-9_.])/proc/"#, inStrings: true),
    ]

    let rules: [Rule]
    /// Each rule's pattern, compiled once (a scan of the tree matches ~100,000 lines).
    private let expressions: [NSRegularExpression]

    init(rules: [Rule] = PortabilityScanner.rules) {
        self.rules = rules
        // The patterns are this file's own constants (or a test's): a bad one is a bug here.
        expressions = rules.map { try! NSRegularExpression(pattern: $0.pattern) }
    }

    /// The findings in one file's text; `path` only names them.
    func scan(_ source: String, path: String = "snippet.swift") -> [Finding] {
        let lines = SwiftLexer.split(source)
        // The code and the strings of every line Darwin may compile (others left empty), matched
        // once per rule over the whole file: a regular expression per line costs ~10x more.
        var code = [String](repeating: "", count: lines.count)
        var strings = [String](repeating: "", count: lines.count)
        var chains: [ConditionChain] = []
        for (index, line) in lines.enumerated() {
            if line.code.contains("#") {
                let directive = line.code.trimmingCharacters(in: .whitespaces)
                if let condition = Self.directive("#if", in: directive) {
                    chains.append(ConditionChain(first: condition))
                    continue
                }
                if let condition = Self.directive("#elseif", in: directive) {
                    if !chains.isEmpty { chains[chains.count - 1].next(condition) }
                    continue
                }
                if directive == "#else" || directive.hasPrefix("#else ") {
                    if !chains.isEmpty { chains[chains.count - 1].next(nil) }
                    continue
                }
                if directive == "#endif" || directive.hasPrefix("#endif ") {
                    if !chains.isEmpty { chains.removeLast() }
                    continue
                }
            }
            if chains.contains(where: \.isLinuxGuarded) { continue }
            code[index] = line.code
            strings[index] = line.strings
        }
        var findings: [Finding] = []
        for (rule, expression) in zip(rules, expressions) {
            let text = (rule.inStrings ? strings : code).joined(separator: "\n")
            var seen = Set<Int>()
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                // The line of the match's last character (a pattern may begin with the newline before it).
                guard let end = Range(NSRange(location: match.range.location + max(match.range.length - 1, 0), length: 0), in: text)
                else { continue }
                let line = text[..<end.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                guard seen.insert(line).inserted else { continue }
                findings.append(
                    Finding(
                        path: path, line: line + 1, rule: rule.name, text: lines[line].original.trimmingCharacters(in: .whitespaces),
                        explanation: rule.explanation))
            }
        }
        return findings.sorted { ($0.line, $0.rule) < ($1.line, $1.rule) }
    }

    /// The findings in every `.swift` file under `folders` of `root` (sorted by path), except `excluded`
    /// (paths relative to `root`).
    func scan(root: URL, folders: [String], excluding excluded: Set<String>) throws -> [Finding] {
        var findings: [Finding] = []
        for folder in folders {
            let base = root.appending(path: folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path(percentEncoded: false)) else { continue }
            let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let relative = folder + "/" + file
                guard !excluded.contains(relative) else { continue }
                let text = try String(contentsOf: base.appending(path: file), encoding: .utf8)
                findings += scan(text, path: relative)
            }
        }
        return findings
    }

    /// The condition after `keyword` when `line` is that directive.
    private static func directive(_ keyword: String, in line: String) -> String? {
        guard line.hasPrefix(keyword + " ") || line.hasPrefix(keyword + "(") || line.hasPrefix(keyword + "!") else { return nil }
        return String(line.dropFirst(keyword.count)).trimmingCharacters(in: .whitespaces)
    }
}

/// One `#if … #elseif … #else … #endif` chain, at the branch being read.
private struct ConditionChain {
    /// Whether an earlier branch is surely taken on Darwin (so every later one is surely not).
    private var earlierTakenOnDarwin = false
    /// The branch being read: whether it surely cannot be compiled on Darwin.
    private(set) var isLinuxGuarded: Bool

    init(first condition: String) {
        let value = DarwinCondition.evaluate(condition)
        isLinuxGuarded = value == false
        earlierTakenOnDarwin = value == true
    }

    /// Moves to the next branch (`nil`: `#else`).
    mutating func next(_ condition: String?) {
        let value = condition.map(DarwinCondition.evaluate) ?? true
        isLinuxGuarded = earlierTakenOnDarwin || value == false
        earlierTakenOnDarwin = earlierTakenOnDarwin || value == true
    }
}

/// Evaluates a compilation condition as Darwin would: `true`, `false`, or `nil` when it depends on
/// something else (`DEBUG`, `arch(…)`, a module that may or may not be there).
enum DarwinCondition {
    static func evaluate(_ condition: String) -> Bool? {
        var parser = Parser(text: Array(condition.filter { !$0.isWhitespace }))
        let value = parser.disjunction()
        return parser.position == parser.text.count ? value : nil
    }

    /// The value on Darwin of one term such as `os(Linux)` or `canImport(Darwin)`.
    static func term(_ term: String) -> Bool? {
        let darwinSystems: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "OSX"]
        let otherSystems: Set<String> = ["Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku"]
        if term.hasPrefix("os(") {
            let name = String(term.dropFirst(3).dropLast())
            if darwinSystems.contains(name) { return nil }  // one of them: true on some Darwin
            if otherSystems.contains(name) { return false }
            return nil
        }
        if term.hasPrefix("canImport(") {
            let name = String(term.dropFirst(10).dropLast())
            switch name {
            case "Darwin", "Dispatch", "Foundation", "ObjectiveC": return true
            case "Glibc", "Musl", "Bionic", "WinSDK", "ucrt", "WASILibc", "FoundationNetworking": return false
            default: return nil
            }
        }
        if term.hasPrefix("_runtime(") { return term == "_runtime(_ObjC)" ? true : false }
        return nil
    }

    /// A recursive-descent reader of `!`, `&&`, `||` and parentheses over three-valued logic.
    private struct Parser {
        let text: [Character]
        var position = 0

        mutating func disjunction() -> Bool? {
            chain("||", absorbing: true) { $0.conjunction() }
        }

        mutating func conjunction() -> Bool? {
            chain("&&", absorbing: false) { $0.unary() }
        }

        /// `operand (op operand)*` in three-valued logic: `absorbing` (true for `||`, false for
        /// `&&`) when any operand is, its opposite when every operand is, unknown otherwise.
        private mutating func chain(_ op: String, absorbing: Bool, _ operand: (inout Parser) -> Bool?) -> Bool? {
            var value = operand(&self)
            while consume(op) {
                let right = operand(&self)
                value = value == absorbing || right == absorbing ? absorbing : (value == !absorbing && right == !absorbing ? !absorbing : nil)
            }
            return value
        }

        mutating func unary() -> Bool? {
            if consume("!") { return unary().map { !$0 } }
            if consume("(") {
                let value = disjunction()
                _ = consume(")")
                return value
            }
            // A term: a name, with a parenthesised argument list if any.
            let start = position
            while position < text.count, text[position].isLetter || text[position].isNumber || text[position] == "_" { position += 1 }
            if position < text.count, text[position] == "(" {
                var depth = 0
                repeat {
                    if text[position] == "(" { depth += 1 }
                    if text[position] == ")" { depth -= 1 }
                    position += 1
                } while position < text.count && depth > 0
            }
            let term = String(text[start..<position])
            if term == "true" { return true }
            if term == "false" { return false }
            return DarwinCondition.term(term)
        }

        mutating func consume(_ token: String) -> Bool {
            let characters = Array(token)
            guard position + characters.count <= text.count, Array(text[position..<(position + characters.count)]) == characters else {
                return false
            }
            position += characters.count
            return true
        }
    }
}

/// Splits Swift source into lines of code (comments removed, string literals' contents blanked)
/// and the string literals' contents on each line. Enough Swift for the scanner: line and nested
/// block comments, plain, multi-line and raw strings, and interpolations with strings inside.
/// Works on UTF-8 bytes: every character of Swift's syntax that matters here is ASCII.
enum SwiftLexer {
    struct Line {
        var original: String
        var code: String
        var strings: String
    }

    private enum Mode {
        case code(parentheses: Int)  // inside an interpolation when parentheses is counted from 1
        case lineComment
        case blockComment(depth: Int)
        case string(multiline: Bool, hashes: Int)
    }

    private static let newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")"), space = UInt8(ascii: " ")

    static func split(_ source: String) -> [Line] {
        let bytes = Array(source.utf8)
        let originals = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var code: [[UInt8]] = Array(repeating: [], count: originals.count)
        var strings: [[UInt8]] = Array(repeating: [], count: originals.count)
        var row = 0
        var stack: [Mode] = [.code(parentheses: 0)]
        var index = 0

        func emitCode(_ byte: UInt8) { if row < code.count { code[row].append(byte) } }
        func emitString(_ byte: UInt8) { if row < strings.count { strings[row].append(byte) } }
        func at(_ position: Int, _ wanted: UInt8...) -> Bool {
            guard position + wanted.count <= bytes.count else { return false }
            for (offset, byte) in wanted.enumerated() where bytes[position + offset] != byte { return false }
            return true
        }
        /// `count` copies of `#` at `position`.
        func hashes(_ count: Int, at position: Int) -> Bool {
            guard position + count <= bytes.count else { return false }
            return bytes[position..<(position + count)].allSatisfy { $0 == hash }
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == newline {
                if case .lineComment = stack.last { stack.removeLast() }
                if case .string = stack.last { emitString(space) }
                row += 1
                index += 1
                continue
            }
            switch stack.last ?? .code(parentheses: 0) {
            case .lineComment:
                index += 1
            case .blockComment(let depth):
                if at(index, star, slash) {
                    stack.removeLast()
                    if depth > 1 { stack.append(.blockComment(depth: depth - 1)) }
                    index += 2
                } else if at(index, slash, star) {
                    stack[stack.count - 1] = .blockComment(depth: depth + 1)
                    index += 2
                } else {
                    index += 1
                }
            case .string(let multiline, let count):
                let quotes = multiline ? 3 : 1
                if at(index, quote), !multiline || at(index, quote, quote, quote), hashes(count, at: index + quotes) {
                    stack.removeLast()
                    emitCode(quote)
                    index += quotes + count
                } else if byte == backslash, hashes(count, at: index + 1), at(index + 1 + count, open) {
                    stack.append(.code(parentheses: 1))
                    emitString(space)
                    index += count + 2
                } else if byte == backslash && count == 0 && index + 1 < bytes.count {
                    emitString(byte)
                    emitString(bytes[index + 1])
                    index += 2
                } else {
                    emitString(byte)
                    index += 1
                }
            case .code(let parentheses):
                if at(index, slash, slash) {
                    stack.append(.lineComment)
                    index += 2
                } else if at(index, slash, star) {
                    stack.append(.blockComment(depth: 1))
                    index += 2
                } else if byte == hash || byte == quote {
                    var position = index
                    while position < bytes.count, bytes[position] == hash { position += 1 }
                    if position < bytes.count, bytes[position] == quote {
                        let multiline = at(position, quote, quote, quote)
                        stack.append(.string(multiline: multiline, hashes: position - index))
                        emitCode(quote)
                        emitString(space)
                        index = position + (multiline ? 3 : 1)
                    } else {
                        emitCode(byte)
                        index += 1
                    }
                } else if parentheses > 0 && byte == open {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                    emitCode(byte)
                    index += 1
                } else if parentheses > 0 && byte == close {
                    if parentheses == 1 {
                        stack.removeLast()  // back in the string
                    } else {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                        emitCode(byte)
                    }
                    index += 1
                } else {
                    emitCode(byte)
                    index += 1
                }
            }
        }
        return originals.indices.map {
            Line(original: originals[$0], code: String(decoding: code[$0], as: UTF8.self), strings: String(decoding: strings[$0], as: UTF8.self))
        }
    }
}
