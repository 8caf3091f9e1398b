import Foundation

/// The captures (recorder, proxy journal) of a request whose body streams upstream
/// (``ProxyUpload``): they are made with the request's body, which is not in yet when the transfer
/// starts, so they are made at the answer's head (or its failure), with the body's first
/// ``RequestRecord/bodyLimit`` bytes as the upload has them then. An upstream answers once it read
/// the whole body, as a rule; one that answers before is recorded with the body's size unknown
/// (`Int.max`), so no `bodyPatterns` is written from a part of it.
///
/// `@unchecked Sendable`: libcurl calls head → body* → end from the transfer thread only.
final class ProxyUploadCapture: ProxyCapture, @unchecked Sendable {
    private let request: ProxiedRequest
    private let upload: ProxyUpload
    private let make: @Sendable (ProxiedRequest) -> (any ProxyCapture)?
    private var made = false
    private var inner: (any ProxyCapture)?

    /// `make` is called once, with `request` completed by the upload's progress.
    init(request: ProxiedRequest, upload: ProxyUpload, make: @escaping @Sendable (ProxiedRequest) -> (any ProxyCapture)?) {
        self.request = request
        self.upload = upload
        self.make = make
    }

    func head(status: Int, headers: [(name: String, value: String)]) {
        capture()?.head(status: status, headers: headers)
    }

    func body(_ chunk: UnsafeRawBufferPointer) {
        capture()?.body(chunk)
    }

    func end(failure: String?) {
        capture()?.end(failure: failure)
    }

    private func capture() -> (any ProxyCapture)? {
        guard !made else { return inner }
        made = true
        let progress = upload.progress
        var request = request
        request.body = progress.prefix
        // All the declared bytes are in even when the client's end has not been seen yet: libcurl
        // stops reading at the declared length, so the upstream may answer before it is.
        let whole = progress.ended || upload.declaredLength == progress.size
        request.bodySize = whole ? progress.size : Int.max
        inner = make(request)
        return inner
    }
}
