import ContractsCore
public import Foundation
import FeedData
public import Storage

/// A feed cache under test (tweets, avatars, settings in one database file): a name for
/// reports, a factory that opens it on a path, and a helper program for the crash rule.
public struct TweetStoreSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Opens the cache stored at `databaseURL` (creating it when missing), keeping at most
    /// `avatarBytes` bytes of avatars and the rule's 1,000 tweets. The rules open several
    /// instances on one path, one after the other, to stand for restarts.
    public let open: @Sendable (_ databaseURL: URL, _ avatarBytes: Int) async throws -> OpenedFeedCache
    /// Runs a save in another process so the suite can kill it (SIGKILL) in the middle.
    public let crashingSaver: CrashingSaver

    /// Creates a subject.
    public init(
        name: String, crashingSaver: CrashingSaver,
        open: @escaping @Sendable (_ databaseURL: URL, _ avatarBytes: Int) async throws -> OpenedFeedCache
    ) {
        self.name = name
        self.crashingSaver = crashingSaver
        self.open = open
    }
}

/// The three stores of an opened feed cache, and whether opening had to replace the file.
public struct OpenedFeedCache: Sendable {
    /// The tweets.
    public let tweets: any TweetCaching
    /// The avatar bytes.
    public let avatars: any AvatarCaching
    /// The settings.
    public let settings: any SettingsStoring
    /// `true` when the file at the path was unusable and the cache started again empty.
    public let recovered: Bool

    /// Creates the bundle.
    public init(tweets: any TweetCaching, avatars: any AvatarCaching, settings: any SettingsStoring, recovered: Bool) {
        self.tweets = tweets
        self.avatars = avatars
        self.settings = settings
        self.recovered = recovered
    }
}

/// A program that saves pages of tweets into a cache, for the "killed in the middle of a save"
/// rule.
///
/// The suite writes the pages as JSON (`[[Tweet]]`, `JSONEncoder()` with default strategies)
/// to a file, then runs `executable` with `arguments(databaseURL, pagesFile)`. The program
/// must open the cache at the path, save the pages in order, one ``TweetCaching/save(_:)`` per
/// page, print `saved N` (N counts from 1) on its own line and flush standard output after
/// each, and exit 0 when done. The suite kills it with SIGKILL at a random moment.
///
/// The suite starts it with Foundation's `Process`, which exists on macOS and Linux but not on
/// iOS: like every contract suite, this one runs in a macOS (or Linux) test bundle.
public struct CrashingSaver: Sendable {
    /// The program.
    public let executable: URL
    /// Its arguments for a database path and a pages file.
    public let arguments: @Sendable (_ databaseURL: URL, _ pagesFile: URL) -> [String]

    /// Creates a saver.
    public init(executable: URL, arguments: @escaping @Sendable (_ databaseURL: URL, _ pagesFile: URL) -> [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The executable product `name` of the package under test, as `swift build` (or Xcode)
    /// leaves it: in the folder that holds the test bundle. Under `swift test` on Linux that is
    /// the test process's own folder; on a Mac the process is Xcode's `xctest` (or SwiftPM's
    /// testing helper), so the folder is found from the loaded `.xctest` bundle instead.
    public static func builtProduct(named name: String) -> URL {
        #if canImport(Darwin)
        let bundle = Bundle(for: ProductLocator.self).bundleURL
        if bundle.pathExtension == "xctest" { return bundle.deletingLastPathComponent().appendingPathComponent(name) }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }
}

/// A class of this module, for `Bundle(for:)`: the image it is linked into is the test bundle.
private final class ProductLocator {}
