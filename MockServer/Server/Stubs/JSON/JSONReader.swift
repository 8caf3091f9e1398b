public import Foundation

/// Reads JSON as WireMock's Jackson reads mapping files: RFC 8259 plus `//` and `/* */`
/// comments, numbers kept exactly as written (``JSONNumber``), a repeated key keeping its last
/// value. Nesting deeper than ``maximumDepth`` is an error, not a stack overflow; every error
/// names its line and column.
public enum JSONReader {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Why a document is not JSON, and where (1-based line and column, in characters).
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong (`expected ',' or '}'`).
        public let reason: String
        /// The line, from 1.
        public let line: Int
        /// The column, from 1.
        public let column: Int

        /// `reason at line L, column C`.
        public var description: String { "\(reason) at line \(line), column \(column)" }
    }

    /// What the reader takes beyond RFC 8259 and comments.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        /// Makes options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Strings and member names in single quotes (`{'id': 'a'}`), as WireMock's Jackson is set to read.
        public static let singleQuotes = Options(rawValue: 1 << 0)
        /// Text after the first value is ignored, as Jackson's `readTree` ignores it.
        public static let trailingContentIgnored = Options(rawValue: 1 << 1)
        /// How WireMock reads a request's body for `equalToJson` and `matchesJsonPath`.
        public static let requestBody: Options = [.singleQuotes, .trailingContentIgnored]
    }

    /// The value `data` holds (UTF-8, with an optional byte-order mark), read with `options`
    /// (none: a mapping file is held to plain JSON with comments).
    public static func parse(_ data: Data, options: Options = []) throws(Error) -> JSONValue {
        let bytes = [UInt8](data)
        var reader = Cursor(bytes: bytes, options: options)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        return try reader.document()
    }

    /// The value `text` holds.
    public static func parse(_ text: String) throws(Error) -> JSONValue {
        // The bytes taken from the text once (through `Data` they were copied twice).
        var reader = Cursor(bytes: Array(text.utf8), options: [])
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        return try reader.document()
    }

    /// The value `text` holds, each object's key order recorded in `keyOrder` (see ``JSONKeyOrder``).
    static func parse(_ text: String, keyOrder: inout JSONKeyOrder) throws(Error) -> JSONValue {
        var reader = Cursor(bytes: Array(text.utf8), options: [])
        reader.keyOrder = JSONKeyOrder()
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        defer { keyOrder = reader.keyOrder ?? JSONKeyOrder() }
        return try reader.document()
    }

    struct Cursor {
        let bytes: [UInt8]
        let options: Options
        var index = 0
        var depth = 0
        /// Where objects' key orders are recorded; `nil`: not recorded (no cost).
        var keyOrder: JSONKeyOrder?

        init(bytes: [UInt8], options: Options) {
            self.bytes = bytes
            self.options = options
        }

        mutating func document() throws(Error) -> JSONValue {
            try skipSpace()
            guard index < bytes.count else { throw fail("the document is empty") }
            let value = try self.value()
            if options.contains(.trailingContentIgnored) { return value }
            try skipSpace()
            guard index == bytes.count else { throw fail("unexpected \(describe(index)) after the value") }
            return value
        }

        func fail(_ reason: String, at position: Int? = nil) -> Error {
            let end = min(position ?? index, bytes.count)
            var line = 1
            var lineStart = 0
            for offset in 0..<end where bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            let column = (String(decoding: bytes[lineStart..<end], as: UTF8.self).count) + 1
            return Error(reason: reason, line: line, column: column)
        }

        func describe(_ position: Int) -> String {
            guard position < bytes.count else { return "end of document" }
            let byte = bytes[position]
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        mutating func skipSpace() throws(Error) {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/"):
                    try skipComment()
                default:
                    return
                }
            }
        }

        /// Skips a `//` comment to the end of its line or a `/* */` comment past its end.
        mutating func skipComment() throws(Error) {
            let start = index
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") else {
                throw fail("a lone '/' (comments start with // or /*)")
            }
            let isLineComment = bytes[index + 1] == UInt8(ascii: "/")
            index += 2
            if isLineComment {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                return
            }
            while true {
                guard index + 1 < bytes.count else { throw fail("a /* comment is not closed", at: start) }
                if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    return
                }
                index += 1
            }
        }

        mutating func value() throws(Error) -> JSONValue {
            guard index < bytes.count else { throw fail("expected a value, found the end of the document") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "'") where options.contains(.singleQuotes): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("expected a value, found \(describe(index))")
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws(Error) -> JSONValue {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else {
                throw fail("expected a value, found \(describe(index))")
            }
            index += utf8.count
            return value
        }

        mutating func enter() throws(Error) {
            depth += 1
            if depth > JSONReader.maximumDepth {
                throw fail("nested more than \(JSONReader.maximumDepth) levels deep")
            }
        }

        mutating func object() throws(Error) -> JSONValue {
            try enter()
            index += 1
            var members: [String: JSONValue] = [:]
            var keys: [String] = []
            try skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            while true {
                try skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || (bytes[index] == UInt8(ascii: "'") && options.contains(.singleQuotes))
                else {
                    throw fail("expected a member name in double quotes, found \(describe(index))")
                }
                let key = try string()
                try skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after a member name, found \(describe(index))")
                }
                index += 1
                try skipSpace()
                members[key] = try value()
                if keyOrder != nil { keys.append(key) }
                guard try closes("}") else { continue }
                keyOrder?.record(members, keys: keys)
                return .object(members)
            }
        }

        mutating func array() throws(Error) -> JSONValue {
            try enter()
            index += 1
            var items: [JSONValue] = []
            try skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(items)
            }
            while true {
                try skipSpace()
                items.append(try value())
                guard try closes("]") else { continue }
                return .array(items)
            }
        }

        /// After a member or an item: `false` past a `,`, `true` past the closing `bracket`.
        mutating func closes(_ bracket: Unicode.Scalar) throws(Error) -> Bool {
            try skipSpace()
            let kind = bracket == "}" ? "an object" : "an array"
            guard index < bytes.count else { throw fail("\(kind) is not closed (expected ',' or '\(bracket)')") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                return false
            }
            guard bytes[index] == UInt8(ascii: bracket) else { throw fail("expected ',' or '\(bracket)', found \(describe(index))") }
            index += 1
            depth -= 1
            return true
        }

        mutating func number() throws(Error) -> JSONNumber {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            let slice = bytes[start..<index]
            guard JSONNumber.isValid(slice) else { throw fail("'\(String(decoding: slice, as: UTF8.self))' is not a JSON number", at: start) }
            return JSONNumber(checked: String(decoding: slice, as: UTF8.self))
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
                UInt8(ascii: "E"):
                return true
            default:
                return false
            }
        }
    }
}
