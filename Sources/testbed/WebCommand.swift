import AppWireframe
import ArgumentParser
import Dispatch
import FeedData
import Foundation
import Logging
import Messages
import WebApp

/// `testbed web`: the gallery and the feed in a browser, built by ``AppWireframe`` like
/// `testbed gallery` and `testbed feed`, with web views drawing into the page.
struct WebCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the gallery and the feed as a web page (http://127.0.0.1:8090/ by default).",
        discussion: """
            Prints one line, "testbed web: serving http://HOST:PORT/", once the page can be opened; log lines \
            go to standard error. One page at a time: opening it elsewhere (or reloading) hands the screens \
            to the new page. The feed's token comes from --token-file, else TWITTER_BEARER_TOKEN; with \
            neither, a server on this machine gets the mock server's "testbed-token". Stops on Ctrl-C.
            """)

    @OptionGroup var server: ServerOption

    @Option(help: "The port to serve the page on (0: any free port).")
    var port = 8090

    @Option(help: "The address to listen on. Anything but loopback lets other machines use the page: it has no login.")
    var host = "127.0.0.1"

    @OptionGroup var scenario: ScenarioOption

    @OptionGroup var language: LanguageOption

    @OptionGroup var cache: CacheOption

    @Option(help: "The feed's SQLite database (default: feed.sqlite in the cache folder).")
    var db: String?

    @OptionGroup var token: TokenFileOption

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address") }
        if db?.isEmpty == true { throw ValidationError("--db needs a path") }
    }

    /// The run itself: the front end, its views and the presenters live on the main actor.
    @MainActor
    func execute() async throws {
        let (signals, signalSources) = Self.catchSignals()
        defer { signalSources.forEach { $0.cancel() } }
        let serverURL = try server.url()
        let folder = cache.folder(defaultName: "testbed-web-cache")
        let configuration = AppConfiguration(
            serverBaseURL: serverURL, cacheFolder: folder,
            databaseURL: db.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("feed.sqlite"),
            galleryScenario: scenario.scenario, language: language.lang, token: try tokenSource(for: serverURL))
        if !Self.isLoopback(host) {
            printError("testbed web: listening on \(host): anyone who can reach it can use the page (it has no login)")
        }
        var logger = Logger(label: "testbed.web") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .notice
        let app = AppWireframe(configuration: configuration, logger: quietLogger())
        let frontEnd = WebFrontEnd(app: app, logger: logger)
        let web: WebServer
        do {
            web = try WebServer(frontEnd: frontEnd, host: host, port: port, logger: logger)
        } catch {
            printError("testbed web: \(error)")
            await app.shutDown()
            throw ExitCode(2)
        }
        let host = self.host
        let serving = Task {
            try await web.run { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                FileHandle.standardOutput.write(Data("testbed web: serving http://\(shown):\(port)/\n".utf8))
            }
        }
        let stopped = Task { _ = await signals.next(); serving.cancel() }
        let result = await serving.result
        stopped.cancel()
        await app.shutDown()
        if case .failure(let error) = result, !(error is CancellationError) {
            printError("testbed web: cannot serve on \(host):\(port): \(error)")
            throw ExitCode.failure
        }
    }

    /// The token as the feed will look for it; when there is none and the server is on this
    /// machine (the mock server), the mock server's default token. A token file that cannot be
    /// used stops the command here rather than on the first visit of the feed.
    private func tokenSource(for server: URL) throws -> AppConfiguration.TokenSource {
        let file = token.url
        do {
            _ = try BearerToken.resolve(file: file)
            return .environment(file: file)
        } catch .missing where Self.isLoopback(server.host ?? "") {
            printError("testbed web: no token given (--token-file, TWITTER_BEARER_TOKEN); using the mock server's testbed-token")
            return .value("testbed-token")
        } catch {
            printError("testbed web: \(error)")
            throw ExitCode(2)
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// SIGINT and SIGTERM, caught (not left to the default action) from now on, and the sources
    /// that catch them (kept until the command ends).
    private static func catchSignals() -> (AsyncStream<Int32>, [any DispatchSourceSignal]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "testbed.web.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        return (stream, sources)
    }
}

extension AsyncStream {
    /// The next element, or `nil` once the stream ended.
    fileprivate func next() async -> Element? {
        var iterator = makeAsyncIterator()
        return await iterator.next()
    }
}
