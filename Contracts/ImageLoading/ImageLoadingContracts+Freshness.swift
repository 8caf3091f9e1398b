import ContractsCore
import Foundation
import ImageCache
import MockServer
import Networking

// How a loader keeps its disk copies current: a stale copy is revalidated with its validators
// (and kept on a 304), as HTTP caching (RFC 9111) and the leading image loaders do.
extension ImageLoadingContracts {
    public static let staleCopyRevalidated = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.staleCopyRevalidated",
        rule: "A disk copy past its freshness (Cache-Control: max-age=0) is revalidated after a restart: the request carries the first answer's ETag or Last-Modified (If-None-Match, If-Modified-Since), the server's 304 sends no body, and the same image is delivered; offline after another restart, the stale copy is still delivered."
    ) { subject, server, folder in
        let path = "/images/26.png"
        // A token of this run's own keeps the requests counted below this run's, even on a shared server.
        let run = "run=\(UInt32.random(in: 0...UInt32.max))"
        let pathAndQuery = "\(path)?conditional=1&cache=max-age=0&\(run)"
        await warm(server, pathAndQuery)
        let asked = { @Sendable in records(server, path: path).filter { $0.query.contains(run) } }
        let url = server.url(pathAndQuery)
        let first = await load(await subject.makeLoader(folder, relaxed), url)
        guard case .success(let original, _) = first else { return "the first load, online: " + first.observed(expecting: "the image") }
        let restarted = await subject.makeLoader(folder, relaxed)
        let second = await load(restarted, url)
        _ = await eventually(within: .seconds(1)) { asked().count >= 2 }
        let requests = asked()
        guard case .success(let again, _) = second else {
            return "after a restart, loading the stale copy again (\(describe(requests)) in all): "
                + second.observed(expecting: "the image, revalidated with a 304")
        }
        guard requests.count == 2 else {
            if requests.count < 2 {
                return "after a restart, the disk copy was delivered without asking the server, though its answer said Cache-Control: max-age=0: a stale copy must be revalidated (If-None-Match with its ETag) before it is shown"
            }
            return "two loads of one image, one after a restart, sent \(describe(requests)), expected 2 (the first load, then one revalidation)"
        }
        let revalidation = requests[1]
        let ifNoneMatch = revalidation.header("If-None-Match")
        let ifModifiedSince = revalidation.header("If-Modified-Since")
        guard ifNoneMatch != nil || ifModifiedSince != nil else {
            return "the request for the stale copy carried neither If-None-Match nor If-Modified-Since, so the server sent the whole image again (status \(revalidation.status), \(revalidation.bytes) body bytes): keep the ETag and Last-Modified of the first answer with the disk copy and send them back"
        }
        guard revalidation.status == 304, revalidation.bytes == 0 else {
            let sent = [ifNoneMatch.map { "If-None-Match: \($0)" }, ifModifiedSince.map { "If-Modified-Since: \($0)" }].compactMap { $0 }
            return "the revalidation (\(sent.joined(separator: ", "))) was answered \(revalidation.status) with \(revalidation.bytes) body bytes, expected 304 with none: the validators sent are not the ones the first answer gave"
        }
        guard again.image == original.image else {
            return "after the server's 304 the loader delivered a \(again.image.width)×\(again.image.height) image from \(again.source) that differs from the \(original.image.width)×\(original.image.height) image first loaded: a 304 means the disk copy is current"
        }
        let offline = await subject.makeLoader(folder, relaxed)
        return await deliversOffline(
            offline, server, url, "offline after another restart, the stale copy could not be revalidated: ",
            expecting: "the stale copy from disk")
    }

    public static let resumesInterruptedDownload = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.resumesInterruptedDownload",
        rule: "A body cut short by a server that advertised Accept-Ranges: bytes and a strong ETag is resumed: the retry asks only for the missing bytes (Range: bytes=N-, If-Range with the ETag), the server's 206 completes it, and the image delivered is the whole image."
    ) { subject, server, folder in
        let path = "/images/27.png"
        let run = "run=\(UInt32.random(in: 0...UInt32.max))"
        // The whole body first (this renders the image), to cut it at two thirds: the 206 for
        // the last third then passes the same cut whole.
        guard let whole = await ReferenceHTTP.body(port: server.port, pathAndQuery: "\(path)?ranges=1&\(run)") else {
            return "the mock server did not send \(path) whole (a reference read, no loader involved)"
        }
        let cut = whole.count * 2 / 3
        let loader = await subject.makeLoader(folder, relaxed)
        let reference = await load(loader, server.url("\(path)?ranges=1&\(run)"))
        guard case .success(let expected, _) = reference else {
            return "the image whole, no fault: " + reference.observed(expecting: "the image")
        }
        let query = "ranges=1&truncate=\(cut)&\(run)"
        let outcome = await load(loader, server.url("\(path)?\(query)"), budget: .seconds(10))
        let asked = { @Sendable in records(server, path: path).filter { $0.query.contains("truncate=") && $0.query.contains(run) } }
        _ = await eventually(within: .seconds(1)) { asked().count >= 2 }
        let requests = asked()
        let what = "a body cut after \(cut) of its \(whole.count) bytes, from a server that allows ranges"
        guard requests.count >= 2 else {
            return "\(what), was asked once (\(describe(requests))), then " + outcome.observed(expecting: "a retry for the missing bytes")
        }
        let retry = requests[1]
        guard let range = retry.header("Range") else {
            return "\(what): the retry asked for the whole image again (no Range header), and got it cut at the same byte (\(describe(requests))); keep the bytes that arrived and ask for the rest with Range: bytes=\(cut)- and If-Range with the ETag"
        }
        guard range.replacingOccurrences(of: " ", with: "").hasPrefix("bytes=\(cut)-") else {
            return "\(what): the retry asked Range: \(range), expected the bytes from \(cut) on (bytes=\(cut)-)"
        }
        guard retry.status == 206 else {
            return "\(what): the retry (Range: \(range), If-Range: \(retry.header("If-Range") ?? "none")) was answered \(retry.status), expected 206: If-Range must carry the first answer's strong ETag"
        }
        guard case .success(let loaded, _) = outcome else {
            return "\(what), its rest asked for with Range: \(range) and answered 206: " + outcome.observed(expecting: "the whole image")
        }
        guard loaded.image == expected.image else {
            return "\(what), resumed with Range: \(range): the image delivered (\(loaded.image.width)×\(loaded.image.height)) differs from the image loaded whole: the bytes were not joined in order"
        }
        return nil
    }
}
