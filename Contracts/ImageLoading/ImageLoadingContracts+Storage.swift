import Foundation
import ImageCache
import MockServer
import Networking

// What happens to the copies a loader keeps: a damaged disk copy, a cache folder deleted from
// outside, and memory given back under pressure.
extension ImageLoadingContracts {
    public static let corruptDiskCopyReplaced = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.corruptDiskCopyReplaced",
        rule: "A disk copy that no longer decodes is a miss: after a restart the image is fetched again and delivered, and its copy replaced (delivered offline after another restart)."
    ) { subject, server, folder in
        let path = "/images/16.png"
        await warm(server, path)
        if let problem = await loadOnce(subject, server, folder: folder, path: path) { return problem }
        guard damageFiles(in: folder) > 0 else { return "after a load, the cache folder held no file (the image was not kept on disk)" }
        let restarted = await subject.makeLoader(folder, relaxed)
        let outcome = await load(restarted, server.url(path))
        guard case .success = outcome else {
            return "with its disk copy damaged, after a restart: " + outcome.observed(expecting: "the image, fetched again")
        }
        let again = await subject.makeLoader(folder, relaxed)
        return await deliversOffline(again, server, server.url(path), "the damaged disk copy was not replaced: offline after another restart, ")
    }

    public static let deletedFolderRecreated = Contract<ImageLoadingSubject>(
        id: "image.deletedFolderRecreated",
        rule: "A cache folder deleted from outside while the loader runs is created again: the next image loaded is delivered and kept on disk (delivered offline after a restart)."
    ) { subject, server in
        await withTemporaryFolder { parent in
            let folder = parent.appendingPathComponent("cache")
            // Rendered first, so the loads below wait for no rendering.
            for path in ["/images/17.png", "/images/18.png"] { await warm(server, path) }
            let loader = await subject.makeLoader(folder, relaxed)
            let first = await load(loader, server.url("/images/17.png"))
            guard case .success = first else { return "the first load, online: " + first.observed(expecting: "the image") }
            do {
                try FileManager.default.removeItem(at: folder)
            } catch {
                return "after a load, there was no cache folder to delete at \(folder.path)"
            }
            let path = "/images/18.png"
            let next = await load(loader, server.url(path))
            guard case .success = next else { return "after the cache folder was deleted: " + next.observed(expecting: "the image") }
            let restarted = await subject.makeLoader(folder, relaxed)
            return await deliversOffline(
                restarted, server, server.url(path),
                "the image loaded after the cache folder was deleted was not kept on disk: offline after a restart, ")
        }
    }

    public static let trimMemoryToCost = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.trimMemoryToCost",
        rule: "Trimming memory on request (memory pressure) to one image's cost keeps only the most recently used image in memory, the others load from disk; trimming to 0 keeps none."
    ) { subject, server, folder in
        let paths = ["/images/19.png", "/images/20.png", "/images/21.png"]
        // Rendered first, so the loads below wait for no rendering.
        for path in paths { await warm(server, path) }
        let loader = await subject.makeLoader(folder, relaxed)
        let urls = paths.map { server.url($0) }
        var cost = 0
        for url in urls {
            let outcome = await load(loader, url)
            guard case .success(let loaded, _) = outcome else { return "\(url.path): " + outcome.observed(expecting: "the image") }
            cost = loaded.image.cost
        }
        // Again in the same order: each from memory, the last one the most recently used.
        for url in urls {
            let source = await source(loader, url)
            guard source == .memory else {
                return "before any trim, loading \(url.path) again came from \(source), expected memory (the trim cannot be checked)"
            }
        }
        loader.trimMemory(toCost: cost)
        let last = await source(loader, urls[2])
        guard last == .memory else {
            return "after trimming memory to \(cost) bytes (one image), the most recently used image came from \(last), expected memory: the trim freed more than asked"
        }
        var kept = 0
        for url in urls.prefix(2) {
            if await source(loader, url) == .memory { kept += 1 }
        }
        if kept > 0 {
            return "after trimming memory to \(cost) bytes (one image), \(kept) of the 2 older images still came from memory: the trim did not free what was asked"
        }
        loader.trimMemory(toCost: 0)
        let after = await source(loader, urls[2])
        return after == .memory ? "after trimming memory to 0 bytes, an image still came from memory" : nil
    }

    /// Where a load of `url` came from, or why it failed, as words.
    private static func source(_ loader: any ImageLoading, _ url: URL) async -> Source {
        switch await load(loader, url) {
        case .success(let loaded, _): return Source(loaded.source)
        case .failure(let error, _): return .failed("\(error)")
        case .overran(let elapsed): return .failed("no answer after \(elapsed.milliseconds) ms")
        }
    }

    /// A load's source for messages.
    private enum Source: Equatable, CustomStringConvertible {
        case memory, disk, network
        case failed(String)

        init(_ source: LoadedImage.Source) {
            switch source {
            case .memory: self = .memory
            case .disk: self = .disk
            case .network: self = .network
            }
        }

        var description: String {
            switch self {
            case .memory: "memory"
            case .disk: "disk"
            case .network: "the network"
            case .failed(let why): "nowhere (failed: \(why))"
            }
        }
    }

    /// Overwrites every file under `folder` with bytes that are no image, keeping each size;
    /// returns how many files it damaged.
    static func damageFiles(in folder: URL) -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return 0 }
        var damaged = 0
        for case let file as URL in files {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int
            else { continue }
            let garbage = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            if (try? garbage.write(to: file)) != nil { damaged += 1 }
        }
        return damaged
    }
}
