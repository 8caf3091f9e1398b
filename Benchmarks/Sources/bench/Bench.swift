import ArgumentParser
import Foundation

/// `bench`: Testbed's modules against the tools a user would otherwise pick, side by side in
/// one run. `bench run` is what `make bench` calls; the other subcommands are the child
/// processes it starts (a server, a client waiting on a stall, a memory probe), hidden from help.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks Testbed against nginx, the curl CLI, URLSession, libpng and sqlite3.",
        subcommands: [RunCommand.self, ServeCommand.self, StallClientCommand.self, MemoryProbeCommand.self],
        defaultSubcommand: RunCommand.self)
}

/// Writes one progress line to standard error (standard output carries the table).
func progress(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

/// Raises the open-file limit to its hard maximum: case 2 holds a thousand sockets.
func raiseFileLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
