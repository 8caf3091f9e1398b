import Foundation
import Synchronization

/// Every process the run started and has not yet seen end. `stopAll()` runs when the run ends,
/// fails, runs out of time or is interrupted, so nothing the benchmarks started outlives them.
final class ProcessRegistry: Sendable {
    static let shared = ProcessRegistry()

    private let running = Mutex<[Int32: String]>([:])

    func add(_ process: Process, name: String) {
        running.withLock { $0[process.processIdentifier] = name }
    }

    func remove(_ process: Process) {
        _ = running.withLock { $0.removeValue(forKey: process.processIdentifier) }
    }

    /// SIGTERM to each, then SIGKILL to those still there after a second.
    func stopAll() {
        let pids = running.withLock { list in defer { list.removeAll() }; return list }
        guard !pids.isEmpty else { return }
        for pid in pids.keys { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, pids.keys.contains(where: { kill($0, 0) == 0 && !Self.isZombie($0) }) {
            usleep(20_000)
        }
        for (pid, name) in pids where kill(pid, 0) == 0 && !Self.isZombie(pid) {
            FileHandle.standardError.write(Data("bench: \(name) (pid \(pid)) ignored SIGTERM; killing it\n".utf8))
            kill(pid, SIGKILL)
        }
    }

    private static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }
}

/// Why a child process could not be used.
struct ChildError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A long-running child (a server): started, registered, stopped on demand or at the end.
final class Child: Sendable {
    let name: String
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    /// Starts `executable` with `arguments`. Standard error goes to `log`, or is discarded.
    init(_ name: String, executable: String, arguments: [String], log: URL? = nil) throws {
        self.name = name
        process = Process()
        input = Pipe()
        output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        do { try process.run() } catch { throw ChildError("cannot start \(name) (\(executable)): \(error)") }
        ProcessRegistry.shared.add(process, name: name)
    }

    var pid: Int32 { process.processIdentifier }

    /// The next line the child prints on standard output, waiting at most `timeout` seconds.
    func readLine(timeout: Double) throws -> String {
        let handle = output.fileHandleForReading
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(timeout)
        var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while ContinuousClock.now < deadline {
            let left = Int32(max(1, (deadline - ContinuousClock.now).seconds * 1000))
            guard poll(&poller, 1, left) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else {
                throw ChildError("\(name) ended before printing a line")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        throw ChildError("\(name) printed nothing within \(timeout) s")
    }

    /// Asks the child to stop (SIGTERM, and standard input closed), waits up to 5 s, then kills it.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL); process.waitUntilExit() }
        ProcessRegistry.shared.remove(process)
    }
}

/// What a finished command printed and how it ended.
struct Finished: Sendable {
    let status: Int32
    let output: String
    let errorOutput: String
    /// CPU seconds (user + system) the command and its waited-for children used.
    let cpuSeconds: Double
}

/// Runs a command to completion, killing it after `timeout` seconds. Standard output is
/// discarded when `keepOutput` is false (a curl download of hundreds of megabytes).
func runCommand(
    _ executable: String, _ arguments: [String], timeout: Double, keepOutput: Bool = true
) throws -> Finished {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = keepOutput ? output : FileHandle.nullDevice
    process.standardError = errors
    let before = childrenCPU()
    do { try process.run() } catch { throw ChildError("cannot run \(executable): \(error)") }
    ProcessRegistry.shared.add(process, name: (executable as NSString).lastPathComponent)
    defer { ProcessRegistry.shared.remove(process) }
    let collected = Mutex<(Data, Data)>((Data(), Data()))
    let readers = DispatchGroup()
    let streams: [(Pipe, isOutput: Bool)] = keepOutput ? [(output, true), (errors, false)] : [(errors, false)]
    for (pipe, isOutput) in streams {
        readers.enter()
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { if isOutput { $0.0 = data } else { $0.1 = data } }
            readers.leave()
        }
    }
    let deadline = ContinuousClock.now + .seconds(timeout)
    while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
    if process.isRunning {
        process.terminate()
        usleep(200_000)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        throw ChildError("\(executable) did not finish within \(timeout) s (stopped)")
    }
    process.waitUntilExit()
    readers.wait()
    let (out, err) = collected.withLock { $0 }
    return Finished(
        status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
        errorOutput: String(decoding: err, as: UTF8.self), cpuSeconds: childrenCPU() - before)
}

/// CPU seconds of this process's reaped children so far.
func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return usage.ru_utime.seconds + usage.ru_stime.seconds
}

/// CPU seconds this process has used so far (every thread).
func ownCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_utime.seconds + usage.ru_stime.seconds
}

extension timeval {
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}

/// CPU seconds used so far by `pid` and every process below it (nginx's master and workers).
func treeCPU(_ pid: Int32) -> Double {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var parents: [Int32: Int32] = [:]
    var cpu: [Int32: Double] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let id = Int32(name),
              let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { continue }
        // Fields after the command: state ppid … utime(14) stime(15), counting from 1.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let parent = Int32(fields[1]),
              let user = Double(fields[11]), let system = Double(fields[12])
        else { continue }
        parents[id] = parent
        cpu[id] = (user + system) / ticks
    }
    func isBelow(_ id: Int32) -> Bool {
        var current = id
        for _ in 0..<64 {
            if current == pid { return true }
            guard let parent = parents[current], parent > 0 else { return false }
            current = parent
        }
        return false
    }
    return cpu.filter { isBelow($0.key) }.values.reduce(0, +)
}

/// The path of the running executable (children are started from it).
func ownExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// Runs `body` once per kind, all at once on their own threads (each typically waits on a
/// child process), and returns each kind's result; the first error, in `kinds` order, is thrown.
func sideBySide<T: Sendable>(_ kinds: [String], _ body: @Sendable (String) throws -> T) throws -> [String: T] {
    let outcomes = Mutex<[String: Result<T, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: kinds.count) { index in
        let outcome = Result { try body(kinds[index]) }
        outcomes.withLock { $0[kinds[index]] = outcome }
    }
    let collected = outcomes.withLock { $0 }
    return try Dictionary(uniqueKeysWithValues: kinds.map { ($0, try collected[$0]!.get()) })
}
