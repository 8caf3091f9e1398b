import Dispatch
import Foundation

/// Waits for process signals without a handler that runs arbitrary code in signal context.
enum Signals {
    /// Returns the first of `signals` delivered to the process.
    static func next(_ signals: [Int32]) async -> Int32 {
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
        var iterator = stream.makeAsyncIterator()
        let received = await iterator.next() ?? SIGTERM
        sources.forEach { $0.cancel() }
        return received
    }
}

/// The open-files limit: each stalled connection holds a descriptor.
enum FileDescriptorLimit {
    /// Raises the soft limit to the hard limit.
    static func raiseToMaximum() {
        #if canImport(Glibc)
        let files = Int32(RLIMIT_NOFILE.rawValue)  // an enum on Glibc, an Int32 on Darwin
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(files, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(files, &limit)
    }
}
