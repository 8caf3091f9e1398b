import AppWireframe
import ArgumentParser
import FeedScreen
import Foundation
import Logging
import Messages

/// `testbed feed`: the real feed module against any server, printing each view update as one
/// JSON line.
struct FeedCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Run the feed module against a server; print each view update as a JSON line.",
        discussion: """
            Shows the cached tweets from --db, refreshes, then every 60 s with a countdown, until
            interrupted. With --once it stops after the first refresh, once the tweets it saved are
            printed and every avatar has loaded or failed: exit 0 when it succeeded, 1 when it failed
            (the message line says why). A database that cannot be written is read only, one that cannot
            be opened is not used (the message line says so). The token comes from --token-file, else
            TWITTER_BEARER_TOKEN; it is never printed.
            """)

    @OptionGroup var server: ServerOption

    @Option(help: "The feed's SQLite database (created when missing).")
    var db: String

    @Option(help: "Search query (v1.1 search/tweets).")
    var query: String = "swift"

    @OptionGroup var token: TokenFileOption

    @Flag(help: "Stop after the first refresh.")
    var once = false

    @OptionGroup var timeout: TimeoutOption

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard !db.isEmpty else { throw ValidationError("--db needs a path") }
    }

    /// The run itself: the views and presenters live on the main actor.
    @MainActor
    func execute() async throws {
        let serverURL = try server.url()
        let database = URL(fileURLWithPath: db)
        let configuration = AppConfiguration(
            serverBaseURL: serverURL, cacheFolder: database.deletingLastPathComponent().appendingPathComponent("testbed-cache"),
            databaseURL: database, language: language.lang, token: .environment(file: token.url),
            feedEndpoint: .search(query: query))
        let app = AppWireframe(configuration: configuration, logger: quietLogger())
        let view = RecordingFeedView(out: JSONLines())
        let presenter: FeedPresenter
        do {
            presenter = try app.showFeed(in: view) { view }
        } catch {
            printError("testbed: no bearer token: \(error)")
            await app.shutDown()
            throw ExitCode(2)
        }
        printError("refreshing from \(server.server)…")
        presenter.viewDidLoad()
        switch await app.feedStorageStatus() {
        case .writable(let recovery?)?: printError("testbed: \(recovery)")
        case .readOnly(let reason)?: printError("testbed: the feed cache is read-only for this run (\(reason))")
        case .memoryOnly(let reason)?: printError("testbed: the feed cache cannot be used; caching in memory (\(reason))")
        case .writable(nil)?, nil: break
        }
        guard once else {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            await app.shutDown()
            return
        }
        // A refresh counts as ended only once the view was given the tweets it saved, and an
        // avatar that failed is final (no longer loading), so the output is the final state.
        let deadline = timeout.deadline()
        let refreshed = await wait(until: deadline) { presenter.refreshesEnded > 0 }
        if refreshed { _ = await wait(until: min(deadline, .now + .seconds(10))) { !presenter.isLoadingAvatars } }
        await app.shutDown()
        guard refreshed else {
            printError("testbed: no refresh ended within \(timeout.described)")
            throw ExitCode.failure
        }
        if presenter.lastRefreshFailed { throw ExitCode.failure }
    }
}

/// Log lines go to standard error at warning and above; standard output holds only JSON lines.
func quietLogger() -> Logger {
    var logger = Logger(label: "testbed") { label in StreamLogHandler.standardError(label: label) }
    logger.logLevel = .warning
    return logger
}
