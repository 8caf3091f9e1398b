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
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
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
        out.fileHandleForReading.readabilityHandler = { [output] handle in
            let chunk = handle.availableData
            output.bytes.withLock { $0.append(chunk) }
        }
        err.fileHandleForReading.readabilityHandler = { [errors] handle in
            let chunk = handle.availableData
            errors.bytes.withLock { $0.append(chunk) }
        }
        try process.run()
    }

    /// Everything printed to standard output so far.
    public var standardOutput: String { output.text }
    /// Everything printed to standard error so far.
    public var standardError: String { errors.text }

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
        usleep(50_000)  // let the pipes drain
        return process.terminationStatus
    }

    /// The built product `name` beside the test bundle (ci/test.sh builds every product first).
    public static func product(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }
}
