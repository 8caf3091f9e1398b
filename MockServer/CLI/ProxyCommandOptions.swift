import ArgumentParser
import Foundation
import MockServer

/// The proxy's options of `mockserver`: `--proxy-all`, `--proxy-ca`, `--preserve-host-header`.
struct ProxyCommandOptions: ParsableArguments {
    @Option(
        name: .customLong("proxy-all"),
        help: """
            Send every request no stub answers to this upstream (http:// or https://, e.g. https://api.example.com), \
            with the faults of its query, its fault rules and the stubs'. The built-in catalog is off meanwhile.
            """)
    var proxyAll: String?

    @Option(name: .customLong("proxy-ca"), help: "A PEM file of CA certificates trusted for HTTPS upstreams, besides the system's.")
    var proxyCA: String?

    @Flag(name: .customLong("preserve-host-header"), help: "Send the client's Host header upstream instead of the upstream's own.")
    var preserveHostHeader = false

    func validate() throws {
        if let proxyAll {
            guard let url = URL(string: proxyAll), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host?.isEmpty == false
            else {
                throw ValidationError("--proxy-all must be an http:// or https:// URL with a host, not \(proxyAll)")
            }
        }
        if let proxyCA, !FileManager.default.isReadableFile(atPath: proxyCA) {
            throw ValidationError("--proxy-ca \(proxyCA): no readable file there")
        }
    }

    /// The options as the server takes them.
    var options: MockServer.ProxyOptions {
        MockServer.ProxyOptions(
            proxyAll: proxyAll, caFile: proxyCA.map { URL(fileURLWithPath: $0) }, preserveHostHeader: preserveHostHeader)
    }
}
