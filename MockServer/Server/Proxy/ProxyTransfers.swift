import CCurl
import Foundation
import Synchronization

/// The proxy's transfer threads: a standing pool (``ProxyWorkers``) of at most ``limit``, each
/// running one transfer at a time (the rest wait their turn in its queue, never on a polling
/// thread), the CAs the HTTPS upstreams are checked against, and the idle libcurl handles, kept
/// so that their connections to the upstream are reused (keep-alive) by the next transfers.
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
    private let workers = ProxyWorkers(limit: ProxyTransfers.limit)
    private let idle = Mutex(IdleHandles())

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

    /// Runs `transfer` on a thread of the pool once one is free.
    func start(_ transfer: ProxyTransfer, exchange: ProxyExchange, capture: (any ProxyCapture)?) {
        workers.submit { job in transfer.run(exchange, capture: capture, handles: self, release: job.release) }
    }

    /// An idle handle (its connections still open), or a new one; `nil` when libcurl cannot make one.
    func takeHandle() -> UnsafeMutableRawPointer? {
        _ = Self.initialized
        if let handle = idle.withLock({ $0.handles.popLast() }) { return handle.pointer }
        return curl_easy_init()
    }

    /// Hands a handle back after a transfer that ended cleanly; beyond ``limit`` idle ones it is closed.
    func putBack(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        let kept = idle.withLock { idle in
            guard idle.handles.count < Self.limit else { return false }
            idle.handles.append(CurlHandle(pointer: handle))
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }

    deinit {
        for handle in idle.withLock({ $0.handles }) { curl_easy_cleanup(handle.pointer) }
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

/// The idle handles (a named state: the sanitizer's Mutex suppression wants no tuple).
struct IdleHandles {
    var handles: [CurlHandle] = []
}

/// A libcurl easy handle between transfers. `@unchecked Sendable`: only one transfer thread
/// uses it at a time; it changes hands under the pool's lock.
struct CurlHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
