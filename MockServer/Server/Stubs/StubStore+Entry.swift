import Foundation

extension StubStore {
    /// A stub and where it stands.
    ///
    /// A class: matching walks many entries under the lock, and copying one is then a single
    /// retain rather than one per field of its stub (bench case 7 measured the difference).
    final class Entry: Sendable {
        let stub: Stub
        /// Order of addition (later wins among equal priorities).
        let sequence: Int
        /// Loaded from `--root-dir` (kept by ``resetRuntimeStubs()``).
        let fromRootDirectory: Bool
        /// The body's bytes, encoded once (`nil` for a body file).
        let body: SharedBytes?
        /// ``Stub/effectivePriority``, read once.
        let priority: Int
        /// The stub's request pattern and scenario state as one matcher, built once.
        let matcher: StubMatcher

        init(stub: Stub, sequence: Int, fromRootDirectory: Bool) {
            self.stub = stub
            self.sequence = sequence
            self.fromRootDirectory = fromRootDirectory
            body = Self.encodedBody(stub.response.body)
            priority = stub.effectivePriority
            matcher = StubMatcher(stub)
        }

        /// Whether this entry is tried before `other`.
        func precedes(_ other: Entry) -> Bool {
            priority != other.priority ? priority < other.priority : sequence > other.sequence
        }

        /// The bytes of an inline body (`nil` for a file).
        private static func encodedBody(_ body: StubBody) -> SharedBytes? {
            switch body {
            case .none: return SharedBytes(Data())
            case .text(let text): return SharedBytes(text)
            case .json(let value): return SharedBytes(value.data)
            case .bytes(let data): return SharedBytes(data)
            case .file: return nil
            }
        }
    }

    /// Inserts `entry` into `list`, keeping matching order.
    static func insert(_ entry: Entry, into list: inout [Entry]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        list.insert(entry, at: low)
    }

    /// Which list of the store a stub's URL pattern files it in.
    enum Place {
        case path(String)
        case pathPattern(UInt64)
        case queryPattern(UInt64)
        case fallback

        init(_ url: StubURLMatcher) {
            switch url.pattern.indexPlace {
            case .path(let path): self = .path(path)
            case .pathPrefix(let prefix): self = StubPrefixIndex.key(ofLiteralPrefix: prefix).map { .pathPattern($0) } ?? .fallback
            case .queryPrefix(let prefix): self = StubPrefixIndex.key(ofLiteralPrefix: prefix).map { .queryPattern($0) } ?? .fallback
            case .everywhere: self = .fallback
            }
        }
    }
}
