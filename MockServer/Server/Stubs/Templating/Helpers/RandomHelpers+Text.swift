extension RandomHelper {
    /// The alphabets `randomValue type=…` draws from (Commons Lang's `RandomStringUtils`).
    enum Alphabet {
        static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars)
        static let digits = Array("0123456789".unicodeScalars)
        static let lettersAndDigits = letters + digits
        static let hexadecimal = Array("ABCDEF0123456789".unicodeScalars)
        /// ASCII 33 to 125, what WireMock's `ALPHANUMERIC_AND_SYMBOLS` draws.
        static let symbols = (33...125).compactMap(Unicode.Scalar.init)
        /// ASCII 32 to 126 (`randomAscii`), what an unknown type draws.
        static let printable = (32...126).compactMap(Unicode.Scalar.init)
    }

    /// `randomValue length= type= uppercase=`: random text, lowered unless `uppercase=true`.
    /// A `length` that is not a whole number of 0 or more, or a `type`/`uppercase` of the wrong
    /// kind, is a bad argument.
    static func randomValue(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        var length = 36
        if let value = call.hash("length") {
            guard case .integer(let number) = value, number >= 0 else {
                throw TemplateError.badArgument("randomValue", "length must be a whole number of 0 or more, and is \(value.rendered)")
            }
            length = number
        }
        var uppercase = false
        if let value = call.hash("uppercase") {
            guard case .bool(let flag) = value else {
                throw TemplateError.badArgument("randomValue", "uppercase must be true or false, and is \(value.rendered)")
            }
            uppercase = flag
        }
        var type = "ALPHANUMERIC"
        if let value = call.hash("type") {
            guard LogicHelper.isText(value), let text = value.stringValue else {
                throw TemplateError.badArgument("randomValue", "type must be text, and is \(value.rendered)")
            }
            type = text
        }
        try call.environment.spend(length)
        let text: String
        switch type {
        case "ALPHANUMERIC": text = draw(length, from: Alphabet.lettersAndDigits, call)
        case "ALPHABETIC": text = draw(length, from: Alphabet.letters, call)
        case "NUMERIC": text = draw(length, from: Alphabet.digits, call)
        case "ALPHANUMERIC_AND_SYMBOLS": text = draw(length, from: Alphabet.symbols, call)
        case "HEXADECIMAL": text = draw(length, from: Alphabet.hexadecimal, call)
        case "UUID": text = uuid(call)
        default: text = draw(length, from: Alphabet.printable, call)
        }
        return .string(uppercase ? text.uppercased() : text.lowercased())
    }

    /// `count` characters drawn from `alphabet`.
    private static func draw(_ count: Int, from alphabet: [Unicode.Scalar], _ call: TemplateHelperCall) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &call.environment.random)])
        }
        return String(scalars)
    }

    /// A version 4 UUID from the render's random numbers (`xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`).
    private static func uuid(_ call: TemplateHelperCall) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &call.environment.random) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
