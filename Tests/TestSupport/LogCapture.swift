public import Logging
import Synchronization

/// Every log line a ``Logger`` made, with its metadata, rendered as text (tests search them).
public final class LogCapture: Sendable {
    private let storage = Mutex<[String]>([])

    /// An empty capture.
    public init() {}

    /// The lines so far, oldest first: `LEVEL message key=value …`.
    public var lines: [String] { storage.withLock { $0 } }

    /// A logger at `.trace` writing into this capture.
    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in CapturingLogHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}

/// A swift-log handler that renders each event (message, handler and event metadata) into a
/// ``LogCapture``.
struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("\(event.level) \(event.message) \(rendered)")
    }
}
