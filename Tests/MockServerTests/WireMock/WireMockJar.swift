import Foundation

/// Where the tests find real WireMock and the shared mapping files.
enum WireMockJar {
    /// The package's root folder (this file is Tests/MockServerTests/WireMock/WireMockJar.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The mapping files both servers load: `mappings/` and `__files/`.
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/WireMockShared")

    /// WireMock's standalone jar: `$WIREMOCK_JAR`, or the one `ci/wiremock-venv.sh` links
    /// (ci/test.sh runs it before the tests).
    static func locate() throws -> URL {
        let path = ProcessInfo.processInfo.environment["WIREMOCK_JAR"]
            ?? packageRoot.appendingPathComponent(".build-wiremock/wiremock-standalone.jar").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StubServerProcess.StartError(
                description: "no WireMock jar at \(path): run `bash ci/wiremock-venv.sh` (make test does)")
        }
        return URL(fileURLWithPath: path)
    }
}
