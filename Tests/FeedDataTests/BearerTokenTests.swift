import FeedData
import Foundation
import XCTest

/// ``BearerToken``: where it comes from, what it rejects, and that it never prints itself.
final class BearerTokenTests: XCTestCase {
    private let secret = "AAAA-secret-bearer-7c1e"
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("BearerTokenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        super.tearDown()
    }

    // MARK: - Resolve

    func test_resolve_prefersTheEnvironmentOverTheFile() throws {
        // Given
        let file = try write("file-token\n")

        // When
        let token = try BearerToken.resolve(environment: ["TWITTER_BEARER_TOKEN": "env-token"], file: file)

        // Then
        XCTAssertEqual(token, try BearerToken("env-token"))
    }

    func test_resolve_readsTheFileTrimmedWhenTheVariableIsUnsetOrEmpty() throws {
        // Given
        let file = try write("  \n\(secret)\r\n\n")

        // Then
        XCTAssertEqual(try BearerToken.resolve(environment: [:], file: file), try BearerToken(secret))
        XCTAssertEqual(try BearerToken.resolve(environment: ["TWITTER_BEARER_TOKEN": ""], file: file), try BearerToken(secret))
        XCTAssertEqual(try BearerToken.resolve(environment: ["TWITTER_BEARER_TOKEN": " \n"], file: file), try BearerToken(secret))
    }

    func test_resolve_withNeitherSource_isMissing() {
        XCTAssertEqual(resolveError(environment: [:], file: nil), .missing)
    }

    func test_resolve_blankVariableAndNoFile_isEmpty() {
        XCTAssertEqual(resolveError(environment: ["TWITTER_BEARER_TOKEN": "  "], file: nil), .empty(source: "TWITTER_BEARER_TOKEN"))
    }

    func test_resolve_missingFile_isUnreadable() {
        // Given
        let file = directory.appendingPathComponent("nope.txt")

        // Then
        XCTAssertEqual(resolveError(environment: [:], file: file), .unreadableFile(path: file.path, reason: "no such file"))
    }

    func test_resolve_directory_isUnreadable() {
        guard case .unreadableFile(let path, _)? = resolveError(environment: [:], file: directory) else {
            return XCTFail("expected unreadableFile")
        }
        XCTAssertEqual(path, directory.path)
    }

    func test_resolve_blankFile_isEmpty() throws {
        // Given
        let file = try write(" \n\t\n")

        // Then
        XCTAssertEqual(resolveError(environment: [:], file: file), .empty(source: file.path))
    }

    func test_resolve_twoLineFile_isInvalidAndNeverQuotesIt() throws {
        // Given
        let file = try write("\(secret)\nsecond-line\n")

        // When
        let error = resolveError(environment: [:], file: file)

        // Then
        XCTAssertEqual(error, .invalid(source: file.path))
        XCTAssertFalse(String(describing: error).contains(secret))
    }

    func test_resolve_invalidVariable_isInvalid() {
        let error = resolveError(environment: ["TWITTER_BEARER_TOKEN": "\(secret)\u{7}"], file: nil)
        XCTAssertEqual(error, .invalid(source: "TWITTER_BEARER_TOKEN"))
        XCTAssertFalse(String(describing: error).contains(secret))
    }

    // MARK: - Init

    func test_init_rejectsBlankAndControlCharacters() {
        for bad in ["", " ", "\n\t", "a\nb", "a\rb", "a\u{0}b", "a\u{1B}b", "a b", " a"] {
            XCTAssertThrowsError(try BearerToken(bad), bad.debugDescription)
        }
        XCTAssertNoThrow(try BearerToken("AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3DEUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F"))
    }

    func test_init_errorsNeverContainTheValue() {
        do {
            _ = try BearerToken("\(secret)\n")
            XCTFail("accepted a line break")
        } catch {
            XCTAssertFalse(String(describing: error).contains(secret))
            XCTAssertFalse(String(reflecting: error).contains(secret))
        }
    }

    // MARK: - Redaction

    func test_token_neverPrintsItself() throws {
        // Given
        let token = try BearerToken(secret)

        // When
        var dumped = ""
        dump(token, to: &dumped)
        var dumpedInArray = ""
        dump([token], to: &dumpedInArray)
        let texts = [
            String(describing: token), String(reflecting: token), "\(token)", dumped, dumpedInArray,
            String(describing: [token]), String(describing: Optional(token)),
            Mirror(reflecting: token).children.map { "\($0.label ?? "") \($0.value)" }.joined(),
        ]

        // Then
        for text in texts {
            XCTAssertFalse(text.contains(secret), text)
        }
        XCTAssertEqual(String(describing: token), "BearerToken(<redacted>)")
        XCTAssertEqual(String(reflecting: token), "BearerToken(<redacted>)")
        XCTAssertTrue(dumped.contains("BearerToken(<redacted>)"), dumped)
        XCTAssertEqual(Mirror(reflecting: token).children.count, 0)
    }

    // MARK: - Helpers

    private func write(_ text: String) throws -> URL {
        let file = directory.appendingPathComponent("token-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file
    }

    private func resolveError(environment: [String: String], file: URL?) -> TokenError? {
        do {
            _ = try BearerToken.resolve(environment: environment, file: file)
            return nil
        } catch {
            return error
        }
    }
}
