public import ContractsCore
import Foundation
import ImageCache
import Messages
import MockServer
import Networking

/// The rules every ``ImageLoading`` implementation keeps, each a ``Contract`` run against a live
/// ``MockServer`` with a fresh temporary cache folder. Deadlines are scaled down to hundreds of
/// milliseconds; the rules are the same at 30 s.
public enum ImageLoadingContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<ImageLoadingSubject>] = [
        offlineAfterLoad, restartOffline, notFound, corrupt, tooManyBytes, tooManyPixels, timedOut, coalesced,
        cancelOneKeepsOthers, cancelLastCancelsTransfer, defaultGalleryImages, diskFailureStillDelivers,
        failureReachesEveryLoad, emptyBody, wrongContentType, loadAfterCancel, retriesServerErrors,
        corruptDiskCopyReplaced, deletedFolderRecreated, trimMemoryToCost, decodesAtTargetSize,
        staleCopyRevalidated, resumesInterruptedDownload, exifOrientationApplied, decoderWarningsTolerated,
        jpegVariantsDecode, cmykColours, animatedFirstFrame, modernFormats, chunkBombBounded, headerBombRefused,
        unsupportedFormat, typeMismatchDecodesByBytes,
    ]

    public static let offlineAfterLoad = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.offlineAfterLoad",
        rule: "An image loaded once is delivered again when the network is gone."
    ) { subject, server, folder in
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("/images/2.png")
        let first = await load(loader, url)
        guard case .success = first else { return "the first load, online: " + first.observed(expecting: "the image") }
        return await deliversOffline(loader, server, url, "offline after a load: ", expecting: "the image")
    }

    public static let restartOffline = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.restartOffline",
        rule: "After a restart (a new instance on the same cache folder) with no network, a loaded image is delivered from disk."
    ) { subject, server, folder in
        let path = "/images/3.jpg"
        if let problem = await loadOnce(subject, server, folder: folder, path: path) { return problem }
        let restarted = await subject.makeLoader(folder, relaxed)
        return await deliversOffline(restarted, server, server.url(path), "after a restart, offline: ")
    }

    public static let notFound = Contract<ImageLoadingSubject>(
        id: "image.notFound", rule: "A 404 shows imageUnavailable, with no hint."
    ) { subject, server in
        await expectNotice(FailureNotice(message: .imageUnavailable), subject, server, path: "/images/missing-4.png")
    }

    public static let corrupt = Contract<ImageLoadingSubject>(
        id: "image.corrupt", rule: "Damaged image bytes (right length and type) show brokenImage."
    ) { subject, server in
        await expectNotice(FailureNotice(message: .brokenImage), subject, server, path: "/images/5.png?corrupt=1")
    }

    public static let tooManyBytes = Contract<ImageLoadingSubject>(
        id: "image.tooManyBytes", rule: "A 30 MB body, over the 20 MB limit, shows imageTooLarge."
    ) { subject, server in
        await expectNotice(FailureNotice(message: .imageTooLarge), subject, server, path: "/images/6.png?bytes=30000000")
    }

    public static let tooManyPixels = Contract<ImageLoadingSubject>(
        id: "image.tooManyPixels",
        rule: "A 20000×20000 JPEG (8 MB, within the byte limit; 400 MP, over the 50 MP limit) shows imageTooLarge within 3 s, memory growing by less than 200 MB: no full decode."
    ) { subject, server in
        // JPEG, because the 20000×20000 PNG (32 MB) is already refused by the byte limit.
        let path = "/images/7.jpg?w=20000&h=20000"
        // Rendering 400 MP takes seconds, and the server renders at a low priority, so on a busy
        // machine it can take a minute: wait for it (off the cooperative pool) before timing the
        // loader, and when even that is not enough say so rather than blame the loader.
        guard await ReferenceHTTP.body(port: server.port, pathAndQuery: path, timeout: .seconds(120)) != nil else {
            return "the mock server did not render the 20000×20000 test image within 120 s (a machine too busy for this rule; the loader was not tried)"
        }
        server.resetJournal()
        return await withinMemoryGrowth(
            200_000_000, while: "the loader refused the 400 MP image", cause: "it allocated pixels before checking the size its header declares"
        ) {
            await refusesTooManyPixels(subject, server, path: path, within: .seconds(3))
        }
    }

    public static let timedOut = Contract<ImageLoadingSubject>(
        id: "image.timedOut",
        rule: "A server silent past the total deadline shows timedOut + pullToRefresh, at most 0.5 s after the deadline."
    ) { subject, server in
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .milliseconds(600))
        return await expectNotice(
            FailureNotice(message: .timedOut, hint: .pullToRefresh), subject, server, path: "/images/8.png?delay=3000",
            timeouts: timeouts, within: .milliseconds(1100))
    }

    public static let coalesced = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.coalesced", rule: "100 concurrent loads of one URL are one request to the server, and all deliver the image."
    ) { subject, server, folder in
        await warm(server, "/images/9.png")
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("/images/9.png?delay=300")
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 { group.addTask { if case .success = await load(loader, url) { true } else { false } } }
            return await group.reduce(0) { $0 + ($1 ? 0 : 1) }
        }
        let requests = records(server, path: "/images/9.png").count
        if failures > 0 { return "\(failures) of the 100 concurrent loads did not deliver the image (the server received \(requests) request\(requests == 1 ? "" : "s"))" }
        return requests == 1 ? nil : "100 concurrent loads of one URL sent \(requests) requests to the server, expected 1 shared by all"
    }

    public static let cancelOneKeepsOthers = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.cancelOneKeepsOthers",
        rule: "Cancelling one of three loads of a URL ends it with cancelled within 300 ms; the other two deliver the image over the one request."
    ) { subject, server, folder in
        await withThreeWaitingLoads(subject, server, folder: folder, path: "/images/10.png", delay: 600) { tasks in
            tasks[0].cancel()
            let cancelled = await withWatchdog(.milliseconds(300)) { await tasks[0].value }
            guard case .finished(.failure(.cancelled), _) = cancelled else {
                tasks.forEach { $0.cancel() }
                return "the cancelled load \(describe(cancelled)), expected it to end with cancelled within 300 ms"
            }
            for (index, task) in tasks.enumerated().dropFirst() {
                let outcome = await withWatchdog(.seconds(5)) { await task.value }
                guard case .finished(.success, _) = outcome else {
                    tasks.forEach { $0.cancel() }
                    return "load \(index + 1), not cancelled, \(describe(outcome)), expected the image: cancelling one load must not end the others"
                }
            }
            let requests = records(server, path: "/images/10.png")
            guard requests.count == 1, requests[0].status == 200 else {
                return "the server saw \(describe(requests)), expected one request answered 200"
            }
            return nil
        }
    }

    public static let cancelLastCancelsTransfer = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.cancelLastCancelsTransfer",
        rule: "Cancelling every load of a URL ends each with cancelled within 300 ms and closes the connection within 1 s."
    ) { subject, server, folder in
        await withThreeWaitingLoads(subject, server, folder: folder, path: "/images/11.png", delay: 5000) { tasks in
            tasks.forEach { $0.cancel() }
            for (index, task) in tasks.enumerated() {
                let outcome = await withWatchdog(.milliseconds(300)) { await task.value }
                guard case .finished(.failure(.cancelled), _) = outcome else {
                    return "load \(index + 1) \(describe(outcome)), expected it to end with cancelled within 300 ms"
                }
            }
            let left = await eventually(within: .seconds(1)) {
                records(server, path: "/images/11.png").contains { $0.outcome == .clientClosed }
            }
            if left { return nil }
            let seen = describe(records(server, path: "/images/11.png"))
            return "1 s after every load was cancelled the loader had still not closed its connection (the server saw \(seen))"
        }
    }

    public static let defaultGalleryImages = Contract<ImageLoadingSubject>(
        id: "image.defaultGalleryImages", rule: "The 6 images of /gallery.json decode at 800×600 or more."
    ) { subject, server in
        guard let body = await ReferenceHTTP.body(port: server.port, pathAndQuery: "/gallery.json"),
            let gallery = try? JSONDecoder().decode(GalleryList.self, from: Data(body))
        else { return "the reference fetch of /gallery.json failed (server problem, not the loader's)" }
        guard gallery.images.count == 6 else { return "/gallery.json lists \(gallery.images.count) images, expected 6" }
        // Rendered first, so the loads wait for no rendering on a busy machine.
        for string in gallery.images {
            guard let url = URL(string: string), let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { continue }
            await warm(server, parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? ""))
        }
        return await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, relaxed)
            for string in gallery.images {
                guard let url = URL(string: string) else { return "\(string) is not a URL" }
                let outcome = await load(loader, url)
                guard case .success(let loaded, _) = outcome else { return "\(string): " + outcome.observed(expecting: "the image") }
                if loaded.image.width < 800 || loaded.image.height < 600 {
                    return "\(string) decoded at \(loaded.image.width)×\(loaded.image.height), expected at least 800×600"
                }
            }
            return nil
        }
    }

    /// The body of `/gallery.json`.
    private struct GalleryList: Decodable {
        let images: [String]
    }

    public static let diskFailureStillDelivers = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.diskFailureStillDelivers",
        rule: "When the cache folder cannot be written (read-only, disk full), a downloaded image is still delivered."
    ) { subject, server, folder in
        // A regular file where the cache folder should be: every write into it fails, even
        // for root (for whom a read-only mode does not stop writes).
        let blocked = folder.appendingPathComponent("cache")
        guard FileManager.default.createFile(atPath: blocked.path, contents: Data("not a folder".utf8)) else {
            return "could not block the cache folder"
        }
        let loader = await subject.makeLoader(blocked, relaxed)
        let outcome = await load(loader, server.url("/images/4.jpg"))
        if case .success = outcome { return nil }
        return "with an unwritable cache folder: " + outcome.observed(expecting: "the image from the network")
    }
}
