import ArgumentParser
import Foundation

/// `bench run`: every case, ours against its peer in the same run, then the table on standard
/// output and the figures in docs/PERFORMANCE.md (between its markers; the prose around them
/// is kept). Progress goes to standard error. Exit 1 when a case could not run; a missed target
/// is reported, not an error.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the benchmarks and write the report.")

    @Option(help: "Scratch folder for servers, caches and databases (default: a new temporary folder).")
    var workDir: String?
    @Option(help: "The report to rewrite between its markers (default: print only).")
    var output: String?
    @Option(help: "Run only these cases, e.g. 1,3.")
    var only: String?
    @Option(help: "Repetitions per measurement; the median is reported.")
    var repetitions: Int = 3
    @Flag(help: "A short smoke run: one repetition, 2 s loads, fewer images and rows. Never written to the report.")
    var quick = false
    @Option(help: "Stop everything and fail after this many minutes.")
    var timeLimit: Int = 40

    func validate() throws {
        guard (1...20).contains(repetitions) else { throw ValidationError("--repetitions must be 1…20") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be positive") }
        _ = try selectedCases()
    }

    func selectedCases() throws -> Set<Int> {
        guard let only else { return Set(1...Self.caseCount) }
        let numbers = only.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0.map { (1...Self.caseCount).contains($0) } ?? false }) else {
            throw ValidationError("--only takes case numbers 1…\(Self.caseCount) separated by commas, e.g. 1,3")
        }
        return Set(numbers.compactMap { $0 })
    }

    func run() async throws {
        raiseFileLimit()
        let cases = try selectedCases()
        let folder = workDir.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("testbed-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = quick ? Settings.quick(workDir: folder) : Settings.full(workDir: folder, repetitions: repetitions)
        let guards = Self.installGuards(minutes: timeLimit)
        defer { withExtendedLifetime(guards) { ProcessRegistry.shared.stopAll() } }

        let started = Date()
        let clock = ContinuousClock.now
        let machine = Machine.current()
        for line in machine.terminalLines { progress(line) }
        var report = Report()
        var failures: [String] = []
        let ours = try ServedMockServer.start(workDir: folder)
        defer { ours.stop() }
        progress("mock server (bench serve) on 127.0.0.1:\(ours.port)")

        func attempt(_ numbers: Set<Int>, _ body: () async throws -> Void) async {
            guard !numbers.isDisjoint(with: cases) else { return }
            let label = numbers.sorted().map(String.init).joined(separator: ", ")
            progress("case \(label): start")
            let start = ContinuousClock.now
            do {
                try await body()
                progress("case \(label): done in \(Int((ContinuousClock.now - start).seconds.rounded())) s")
            } catch {
                failures.append("case \(label): \(error)")
                progress("case \(label) FAILED: \(error)")
                for number in numbers { report.remark(number, "Could not run: \(error)") }
            }
        }
        await attempt([1, 2]) { try ServerCases(settings: settings, ours: ours).run(cases, into: &report) }
        await attempt([3]) { try await ClientCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([4]) { try await CacheCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([4]) { try await DecodeCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([5]) { try await StoreCases(settings: settings).run(into: &report) }
        await attempt([6]) { try MemoryCase(settings: settings, ours: ours).run(into: &report) }
        await attempt([7]) { try StubCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([8]) { try HTTPSCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([9]) { try ZooCases(settings: settings, ours: ours).run(into: &report) }
        await attempt([10]) { try ProxyCases(settings: settings, ours: ours).run(into: &report) }

        let elapsed = (ContinuousClock.now - clock).seconds
        print(report.terminalTable())
        for row in report.missed {
            print("missed: case \(row.caseNumber) \(row.title): ours \(Format.number(row.ours.median)), target \(row.target!.text), \(row.verdict.text)")
        }
        if let output {
            if quick || !failures.isEmpty || cases.count < Self.caseCount {
                progress("not writing \(output): only a full run of every case goes into the report")
            } else {
                let options = repetitions == 3 ? "defaults" : "--repetitions \(repetitions)"
                try Self.write(report.markdown(machine: machine, started: started, elapsed: elapsed, options: options), into: output)
                progress("wrote \(output)")
            }
        }
        progress("finished in \(Int(elapsed.rounded())) s")
        if !failures.isEmpty {
            throw ValidationError("\(failures.count) case(s) could not run:\n" + failures.joined(separator: "\n"))
        }
    }

    /// The cases, numbered 1…caseCount (Report.caseTitles names each).
    static let caseCount = 10

    static let startMarker = "<!-- bench:start -->"
    static let endMarker = "<!-- bench:end -->"

    /// Replaces what stands between the markers; creates the file with them when it is missing.
    static func write(_ figures: String, into path: String) throws {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8))
            ?? "# Performance\n\n\(startMarker)\n\(endMarker)\n"
        guard let start = existing.range(of: startMarker), let end = existing.range(of: endMarker), start.upperBound <= end.lowerBound else {
            throw ValidationError("\(path) lacks the \(startMarker) … \(endMarker) markers")
        }
        let updated = existing[..<start.upperBound] + "\n" + figures + "\n" + existing[end.lowerBound...]
        try String(updated).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Ctrl-C, SIGTERM and the time limit all stop every child before the process ends.
    static func installGuards(minutes: Int) -> [any DispatchSourceProtocol] {
        var sources: [any DispatchSourceProtocol] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                progress("interrupted: stopping every process the run started")
                ProcessRegistry.shared.stopAll()
                Glibc.exit(130)
            }
            source.resume()
            sources.append(source)
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(minutes * 60))
        timer.setEventHandler {
            progress("over the \(minutes) min time limit: stopping every process the run started")
            ProcessRegistry.shared.stopAll()
            Glibc.exit(3)
        }
        timer.resume()
        sources.append(timer)
        return sources
    }
}
