import CCurl
import Foundation

/// The proxy's transfer threads: one per proxied request, at most ``limit`` running at once (the
/// rest wait their turn on their own thread, never on a polling thread), and the CAs the HTTPS
/// upstreams are checked against.
final class ProxyTransfers: Sendable {
    /// Transfers running at once, at most.
    static let limit = 256
    /// How long a connection to the upstream may take, ms.
    static let connectTimeout = 10_000

    static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
        return true
    }()

    /// The system's roots plus `--proxy-ca`'s certificates (PEM), or `nil` for libcurl's default.
    let trust: Data?
    private let slots = DispatchSemaphore(value: ProxyTransfers.limit)

    /// Reads `--proxy-ca` (a typed error when it cannot be read or holds no certificate).
    init(caFile: URL?) throws(MockServerError) {
        guard let caFile else {
            trust = nil
            return
        }
        guard let extra = try? Data(contentsOf: caFile), String(decoding: extra, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw .invalidProxy("--proxy-ca \(caFile.path): not a readable PEM file of certificates")
        }
        var bundle = Self.systemRoots()
        bundle.append(Data("\n".utf8))
        bundle.append(extra)
        trust = bundle
    }

    /// Runs `transfer` on a thread of its own once a slot is free.
    func start(_ transfer: ProxyTransfer, exchange: ProxyExchange, capture: (any ProxyCapture)?) {
        let thread = Thread { [slots] in
            slots.wait()
            defer { slots.signal() }
            transfer.run(exchange, capture: capture)
        }
        thread.name = "mockserver-proxy"
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// The PEM bundle libcurl uses by default (where it was built to look), or nothing.
    private static func systemRoots() -> Data {
        _ = initialized
        guard let handle = curl_easy_init() else { return Data() }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(handle, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return Data() }
        return (try? Data(contentsOf: URL(fileURLWithPath: String(cString: path)))) ?? Data()
    }
}
