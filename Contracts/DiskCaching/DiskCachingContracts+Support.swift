import Foundation
import ImageCache
import Synchronization

/// A flag one task lowers while another polls it.
final class Flag: Sendable {
    private let raised = Atomic(true)
    var isRaised: Bool { raised.load(ordering: .acquiring) }
    func lower() { raised.store(false, ordering: .releasing) }
}

/// Makes a cache folder unwritable even for root (where `chmod` does not stop writes): the
/// folder is moved aside and a regular file takes its path, so any file created "in" it fails
/// with ENOTDIR. ``restore()`` puts the folder, and everything in it, back.
struct UnwritableFolder {
    let folder: URL
    let aside: URL

    init?(_ folder: URL) {
        self.folder = folder
        self.aside = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".aside")
        do {
            try FileManager.default.moveItem(at: folder, to: aside)
            try Data("not a folder".utf8).write(to: folder)
        } catch {
            return nil
        }
    }

    func restore() -> Bool {
        do {
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.moveItem(at: aside, to: folder)
            return true
        } catch {
            return false
        }
    }
}

/// Runs `body` with a new empty folder under the temporary directory, deleted afterwards.
func withTemporaryFolder(_ body: (URL) async -> String?) async -> String? {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("DiskCaching-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("cache")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        return "could not create a temporary folder: \(error)"
    }
    defer { try? FileManager.default.removeItem(at: parent) }
    return await body(folder)
}

/// The bytes of every regular file under `folder` (temporary files included).
func bytesInFolder(_ folder: URL) -> Int {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
    else { return 0 }
    var total = 0
    for case let url as URL in walker {
        let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
        if values?.isRegularFile == true { total += values?.fileSize ?? 0 }
    }
    return total
}

/// `count` bytes that differ between seeds and along the data.
func pattern(_ count: Int, seed: UInt8) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed })
}

/// How a read looked, for a violation sentence.
func describe(_ data: Data?) -> String {
    guard let data else { return "nil" }
    return "\(data.count) bytes starting \(data.prefix(4).map { String($0) }.joined(separator: ","))"
}

/// The first failure `stream` delivers within `timeout`, or `nil`.
func first(of stream: AsyncStream<DiskCacheFailure>, within timeout: Duration) async -> DiskCacheFailure? {
    await withTaskGroup(of: DiskCacheFailure?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
