public import ArgumentParser
import Foundation
import Messages
import Networking

/// `testbed fetch URL`: one request through a Testbed client, reporting what a user would see.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a URL and print the status, size and time, or the error and its user message.",
        discussion: """
            Exits 0 on success, 1 when the request failed (the error case and message are printed). \
            For HTTPS with a CA of your own (a mock server's), pass its certificate with --cacert.
            """)

    /// The HTTP client to use.
    enum Client: String, ExpressibleByArgument, CaseIterable {
        case curl, urlsession
    }

    @Argument(help: "An absolute http(s) URL.")
    var url: String

    @Option(help: "Total deadline in seconds (connect and stall deadlines are capped by it).")
    var timeout: Double = RequestTimeouts.default.total.seconds

    @Option(name: .customLong("max-bytes"), help: "Largest body accepted.")
    var maxBytes: Int = HTTPRequest.defaultMaxBytes

    @Option(help: "Language of the user message: ru or en (default: from LANG).")
    var lang: Language?

    @Option(help: "curl (libcurl) or urlsession (FoundationNetworking).")
    var client: Client = .curl

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "A PEM file of CA certificates to trust beside the system's (curl only).",
            discussion: "FoundationNetworking on Linux has no way to trust a CA of its own.",
            valueName: "file"))
    var caCertificates: String?

    func validate() throws {
        _ = try serverURL(url)
        try validateTimeout(timeout)
        guard maxBytes > 0 else { throw ValidationError("--max-bytes must be positive") }
        if let caCertificates {
            guard client == .curl else {
                throw ValidationError("--cacert needs --client curl: FoundationNetworking on Linux cannot trust a CA of its own")
            }
            _ = try CACertificateFile.read(caCertificates)
        }
    }

    func run() async throws {
        let total = Duration.milliseconds(Int((timeout * 1000).rounded()))
        let defaults = RequestTimeouts.default
        let timeouts = RequestTimeouts(connect: min(defaults.connect, total), stall: min(defaults.stall, total), total: total)
        let request = HTTPRequest(url: try serverURL(url), timeouts: timeouts, maxBytes: maxBytes)
        let trusted = try caCertificates.map(CACertificateFile.read)
        let httpClient: any HTTPClient =
            client == .curl ? CurlHTTPClient(configuration: .init(trustedCertificates: trusted)) : URLSessionHTTPClient()
        let language = Language.resolved(configured: lang)
        printError("fetching \(url) with \(client.rawValue) (at most \(String(format: "%g", timeout)) s)…")
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await httpClient.send(request)
            let elapsed = clock.now - start
            let type = response.header("content-type").map { "  \($0)" } ?? ""
            print("\(response.status)  \(response.body.count) bytes  \(Self.milliseconds(elapsed)) ms\(type)")
        } catch {
            let elapsed = clock.now - start
            print("error: \(error.caseName)  after \(Self.milliseconds(elapsed)) ms")
            // Which certificate check failed, in words (the case name above says it in code).
            if case .secureConnectionFailed = error { print(error.description) }
            if let notice = FailureMessages.imageCell(for: error) {
                let texts = notice.texts(in: language)
                print(texts.hint.map { "\(texts.message) — \($0)" } ?? texts.message)
            }
            throw ExitCode.failure
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int((duration.seconds * 1000).rounded())
    }
}

extension Language: ExpressibleByArgument {}
