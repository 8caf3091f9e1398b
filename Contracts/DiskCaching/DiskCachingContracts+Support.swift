import ContractsCore
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
