public import Foundation
import Synchronization

/// A child process whose standard output and error are collected as they arrive.
public final class ChildProcess: Sendable {
    private let process: Process
    private let output = Collected()
    private let errors = Collected()

    /// Bytes appended from a pipe's reading thread, read from the test's.
    private final class Collected: Sendable {
        let bytes = Mutex(Data())
        /// Whether the pipe reached its end (the child, and whatever it started, closed it).
        let ended = Atomic<Bool>(false)
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

        /// Reads `handle` to its end with blocking reads on a thread of its own. Not with
        /// `readabilityHandler`: the libdispatch read source behind it races its own teardown on
        /// Linux (swift-corelibs-libdispatch #949), and the test process crashed in
        /// `_dispatch_event_loop_drain` while children came and went. A blocking read registers
        /// nothing with libdispatch.
        func drain(_ handle: FileHandle) {
            let reader = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { Foundation.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        bytes.withLock { $0.append(contentsOf: buffer[..<count]) }
                    } else if count < 0, errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                ended.store(true, ordering: .releasing)
            }
            reader.name = "ChildProcess pipe"
            reader.start()
        }
    }

    /// Starts `executable` with `arguments`.
    public init(_ executable: URL, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        output.drain(out.fileHandleForReading)
        errors.drain(err.fileHandleForReading)
    }

    /// Everything printed to standard output so far.
    public var standardOutput: String { output.text }
    /// Everything printed to standard error so far.
    public var standardError: String { errors.text }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal`.
    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits at most `timeout` seconds for the exit; returns its status, or nil if still running
    /// (the process is then killed).
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        // Everything the child printed: both pipes read to their end (a second at most, for
        // a grandchild that kept them open).
        let drained = Date().addingTimeInterval(1)
        while !(output.ended.load(ordering: .acquiring) && errors.ended.load(ordering: .acquiring)), Date() < drained {
            usleep(5_000)
        }
        return process.terminationStatus
    }

    /// The built product `name` beside the test bundle (ci/test.sh builds every product first).
    /// On Linux the test process is the bundle itself; on a Mac it is Xcode's `xctest` (or
    /// SwiftPM's testing helper), so the folder comes from the loaded `.xctest` bundle.
    public static func product(_ name: String) -> URL {
        #if canImport(Darwin)
        let bundle = Bundle(for: ChildProcess.self).bundleURL
        if bundle.pathExtension == "xctest" { return bundle.deletingLastPathComponent().appendingPathComponent(name) }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }
}
