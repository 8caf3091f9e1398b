import Foundation
import XCTest

/// Tests that need what Linux alone has (`/proc`, `chattr`, `unshare`) call ``require(_:)``
/// first: elsewhere (macOS) they are skipped, and the skip says what they needed.
public enum LinuxOnly {
    /// Throws `XCTSkip` naming `what` unless this is Linux.
    public static func require(_ what: String) throws {
        #if !os(Linux)
        throw XCTSkip("Linux only: this test needs \(what), which this system does not have")
        #endif
    }
}

/// What only Linux's `/proc` says about this process; elsewhere every call throws `XCTSkip`.
public enum ProcFS {
    /// Throws `XCTSkip` unless `/proc` is there to read.
    public static func require() throws {
        try LinuxOnly.require("/proc")
    }

    /// The ids of this process's threads.
    public static func threadIDs() throws -> Set<String> {
        try require()
        #if os(Linux)
        return Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))
        #else
        return []
        #endif
    }

    /// The name (`comm`) of each of this process's threads, by thread id.
    public static func threadNames() throws -> [String: String] {
        try require()
        #if os(Linux)
        var names: [String: String] = [:]
        for task in try threadIDs() {
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            names[task] = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return names
        #else
        return [:]
        #endif
    }

    /// How many descriptors this process has open.
    public static func openDescriptorCount() throws -> Int {
        try require()
        #if os(Linux)
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        #else
        return 0
        #endif
    }
}
