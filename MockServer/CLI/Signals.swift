import Dispatch
import Foundation

/// Catches process signals without a handler that runs arbitrary code in signal context.
///
/// Catching starts when it is made, so make it before announcing the server: a signal sent as
/// soon as the "listening on" line appears is then caught, not left to the default action
/// (which would end the process with status 128 + signal, skipping the clean stop).
struct Signals {
    private let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    /// Starts catching `signals`.
    init(_ signals: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "mockserver.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        self.stream = stream
        self.sources = sources
    }

    /// Returns the first signal caught since ``init(_:)``.
    func next() async -> Int32 {
        var iterator = stream.makeAsyncIterator()
        let received = await iterator.next() ?? SIGTERM
        sources.forEach { $0.cancel() }
        return received
    }
}

/// The open-files limit: each stalled connection holds a descriptor.
enum FileDescriptorLimit {
    /// Raises the soft limit as far as the system allows: to the hard limit on Linux; on Darwin
    /// to `OPEN_MAX` at most, since macOS refuses a soft `RLIMIT_NOFILE` above it (EINVAL) even
    /// when the hard limit is unlimited, and the limit would stay at its default of 256.
    static func raiseToMaximum() {
        #if canImport(Glibc)
        let files = Int32(RLIMIT_NOFILE.rawValue)  // an enum on Glibc, an Int32 on Darwin
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(files, &limit) == 0 else { return }
        let wanted = target(hard: limit.rlim_max)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        setrlimit(files, &limit)
    }

    /// The soft limit to ask for, given the hard limit.
    static func target(hard: rlim_t) -> rlim_t {
        #if canImport(Darwin)
        return min(rlim_t(OPEN_MAX), hard)
        #else
        return hard
        #endif
    }
}
