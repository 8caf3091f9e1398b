import ContractsCore
import Foundation
import GRDB
import FeedData
import Storage
import Synchronization

/// Tweets the suite saves: ids above 2^53 like Twitter's, grouped in pages whose id ranges
/// never overlap (page `p` holds ids `base + p·100,000 + 1…`), authors cycling through 40 users.
enum SuiteTweets {
    static let base: Int64 = 1_700_000_000_000_000_000

    static func user(_ index: Int) -> TwitterUser {
        TwitterUser(
            id: 5_000 + Int64(index), name: "Contract User \(index)", screenName: "contract_user_\(index)",
            avatarURL: "http://127.0.0.1/avatars/contract_user_\(index).png")
    }

    static func tweet(page: Int, index: Int, textLength: Int = 40) -> Tweet {
        let id = base + Int64(page) * 100_000 + Int64(index) + 1
        let text = String("page \(page) tweet \(index) — ünïcödé ✓ ".padding(toLength: textLength, withPad: "·", startingAt: 0))
        return Tweet(
            id: id, text: text, createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(page) * 100_000 + Double(index)),
            author: user((page * 7 + index) % 40))
    }

    static func page(_ page: Int, count: Int, textLength: Int = 40) -> [Tweet] {
        (0..<count).map { tweet(page: page, index: $0, textLength: textLength) }
    }

    static func pageIndex(of id: Int64) -> Int { Int((id - base - 1) / 100_000) }
}

/// An opened cache, or why it could not be opened.
enum OpenOutcome {
    case success(OpenedFeedCache)
    case failure(String)
}

/// Opens the subject, or says why it could not.
func openCache(_ subject: TweetStoreSubject, _ url: URL, avatarBytes: Int = 1024 * 1024) async -> OpenOutcome {
    do {
        return .success(try await subject.open(url, avatarBytes))
    } catch {
        return .failure("opening the cache at \(url.lastPathComponent) threw \(error)")
    }
}

/// Runs `body`, turning a thrown error into a violation sentence.
func attempt(_ what: String, _ body: () async throws -> String?) async -> String? {
    do {
        return try await body()
    } catch {
        return "\(what) threw \(error)"
    }
}

extension Contract where Subject == TweetStoreSubject {
    /// A rule whose check runs on a new temporary folder (deleted after), a thrown error turned
    /// into a violation sentence that names `what` was under way: the set-up every rule of the
    /// suite shares.
    static func inNewFolder(
        id: String, rule: String, attempting what: String,
        check: @escaping @Sendable (TweetStoreSubject, URL) async throws -> String?
    ) -> Contract {
        Contract(id: id, rule: rule) { (subject: TweetStoreSubject) in
            await withTemporaryFolder { folder in await attempt(what) { try await check(subject, folder) } }
        }
    }
}

/// A short description of a tweet list for violation sentences.
func describe(_ tweets: [Tweet]) -> String {
    guard let first = tweets.first, let last = tweets.last else { return "no tweets" }
    return "\(tweets.count) tweets, ids \(first.id)…\(last.id)"
}

/// `PRAGMA quick_check` on the file at `url` through a plain SQLite connection: "ok" or the problem.
func quickCheck(_ url: URL) -> String {
    do {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        let lines = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        return lines.joined(separator: "; ")
    } catch {
        return "could not be opened by SQLite: \(error)"
    }
}

/// A child process whose standard output is collected line by line.
final class SaverProcess: Sendable {
    private let process: Process
    private let output = Collected()

    /// Bytes appended on the pipe's reading thread, read from the suite's.
    private final class Collected: Sendable {
        let bytes = Mutex(Data())
    }

    init(_ saver: CrashingSaver, database: URL, pages: URL) throws {
        let process = Process()
        process.executableURL = saver.executable
        process.arguments = saver.arguments(database, pages)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        self.process = process
        try process.run()
        // Blocking reads on a thread of its own, not `readabilityHandler`: the libdispatch read
        // source behind that races its own teardown on Linux (swift-corelibs-libdispatch #949)
        // and can crash the suite's process.
        let handle = pipe.fileHandleForReading
        let reader = Thread { [output] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                guard count > 0 || (count < 0 && errno == EINTR) else { return }
                if count > 0 { output.bytes.withLock { $0.append(contentsOf: buffer[..<count]) } }
            }
        }
        reader.start()
    }

    /// The highest N of the `saved N` lines printed so far.
    var savedPages: Int {
        let text = output.bytes.withLock { String(decoding: $0, as: UTF8.self) }
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("saved ") ? Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) : nil
        }.max() ?? 0
    }

    var isRunning: Bool { process.isRunning }

    /// SIGKILL, then waits for the process to be gone.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
