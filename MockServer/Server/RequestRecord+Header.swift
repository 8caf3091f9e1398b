extension RequestRecord {
    /// One request header as it arrived (`{"name": …, "value": …}` in JSON).
    public struct Header: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The header's name, as the client spelled it.
        public let name: String
        /// Its value.
        public let value: String

        /// A header.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// `Name: value`.
        public var description: String { "\(name): \(value)" }
    }
}
