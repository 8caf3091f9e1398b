import Foundation

/// Writes recorded mappings under a root directory as WireMock lays them out: each mapping in
/// `mappings/NAME-ID.json`, extracted bodies in `__files/NAME-ID.EXT`. Every file appears whole or
/// not at all (written to a temporary file in the same folder, then linked to its name), and a
/// name already taken is never overwritten: the file gets a new one (`NAME-ID-2.json`…), which the
/// link itself checks, so two writers cannot race into one name. The files are not synced one by
/// one (a sync each made 10,000 mappings take minutes on a busy disk): the file system is synced
/// once, when all are written, before the stop answers.
struct RecordingWriter {
    /// Why a recording could not be written.
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        let description: String
        /// The `errno` of a failed link, else 0.
        var code: Int32 = 0
    }

    /// The root directory.
    let root: URL

    /// The mappings as the stop answer lists them (bodies placed: inline or `bodyFileName`);
    /// writes them and their body files when `persist`.
    func place(_ mappings: [RecordedMapping], persist: Bool) throws(Failure) -> [JSONValue] {
        let folders = (mappings: root.appendingPathComponent("mappings"), files: root.appendingPathComponent("__files"))
        if persist {
            for folder in [folders.mappings, folders.files] {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw Failure(description: "cannot make \(folder.path): \(error.localizedDescription)")
                }
            }
        }
        var listed: [JSONValue] = []
        for mapping in mappings {
            var object = mapping.object
            var response: [String: JSONValue] = [:]
            if case .object(let members)? = object["response"] { response = members }
            switch mapping.body {
            case .none: break
            case .inline(let field, let value): response[field] = .string(value)
            case .file(let spool, let fileExtension):
                let preferred = "\(mapping.name)-\(mapping.id.uuidString.lowercased()).\(fileExtension)"
                response["bodyFileName"] = .string(try Self.placeNew(spool, in: folders.files, preferred: preferred))
            }
            object["response"] = .object(response)
            let value = JSONValue.object(object)
            if persist {
                let preferred = "\(mapping.name)-\(mapping.id.uuidString.lowercased()).json"
                _ = try Self.writeNew(Self.pretty(value), in: folders.mappings, preferred: preferred)
            }
            listed.append(value)
        }
        if persist { Self.sync(root) }
        return listed
    }

    /// Flushes the file system holding `folder` to disk (once for the whole recording).
    static func sync(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        #if os(Linux)
            // glibc's syncfs(2), which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
            if let symbol = dlsym(nil, "syncfs") {
                typealias SyncFileSystem = @convention(c) (Int32) -> Int32
                _ = unsafeBitCast(symbol, to: SyncFileSystem.self)(descriptor)
            } else {
                _ = fsync(descriptor)
            }
        #else
            _ = fsync(descriptor)
        #endif
    }

    /// `value` as indented JSON with sorted keys (readable in a review), or compact when
    /// Foundation cannot write it.
    static func pretty(_ value: JSONValue) -> Data {
        (try? JSONSerialization.data(withJSONObject: value.foundation, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? value.data
    }

    /// Writes `data` as a new file in `folder` named `preferred`, or a free variant of it; the
    /// name used.
    static func writeNew(_ data: Data, in folder: URL, preferred: String) throws(Failure) -> String {
        let temporary = folder.appendingPathComponent(".recording-\(UUID().uuidString.lowercased()).tmp")
        defer { unlink(temporary.path) }
        try create(data, at: temporary)
        return try linkNew(temporary, in: folder, preferred: preferred)
    }

    /// Writes `data` as the new file `url` (never over one already there) with write(2): not
    /// `Data.write(to:)`, which syncs every file to disk (a recording syncs once, at its end).
    static func create(_ data: Data, at url: URL) throws(Failure) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(url.path): \(String(cString: strerror(errno)))") }
        let problem = data.withUnsafeBytes { bytes -> Int32? in
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return errno }
                written += result
            }
            return nil
        }
        if let problem { throw Failure(description: "cannot write \(url.path): \(String(cString: strerror(problem)))") }
    }

    /// Puts the spool file `source` into `folder` as a new file named `preferred` or a free
    /// variant: linked when on the same file system (no copy), else copied in pieces (never whole
    /// in memory) to a temporary file first.
    static func placeNew(_ source: URL, in folder: URL, preferred: String) throws(Failure) -> String {
        shareLikeFolder(source, folder: folder)
        do {
            return try linkNew(source, in: folder, preferred: preferred)
        } catch {
            guard error.code == EXDEV else { throw error }
        }
        let temporary = folder.appendingPathComponent(".recording-\(UUID().uuidString.lowercased()).tmp")
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
        } catch {
            throw Failure(description: "cannot copy \(source.path) to \(temporary.path): \(error.localizedDescription)")
        }
        defer { unlink(temporary.path) }
        shareLikeFolder(temporary, folder: folder)
        return try linkNew(temporary, in: folder, preferred: preferred)
    }

    /// Gives `file` the read and write permissions of `folder` (`rw-r--r--` in a `rwxr-xr-x`
    /// folder): a spool file is made private (`rw-------`), and linked into `__files/` as it is
    /// it would stay so, unreadable to anyone else who plays the folder back (another account, a
    /// WireMock container), unlike the mappings beside it. The folder's mode carries the umask.
    private static func shareLikeFolder(_ file: URL, folder: URL) {
        var folderStatus = stat()
        guard stat(folder.path, &folderStatus) == 0 else { return }
        _ = chmod(file.path, folderStatus.st_mode & 0o666)
    }

    /// Links `source` to `preferred` in `folder`, or to the first free `stem-N.ext`.
    private static func linkNew(_ source: URL, in folder: URL, preferred: String) throws(Failure) -> String {
        let dot = preferred.lastIndex(of: ".") ?? preferred.endIndex
        let stem = preferred[..<dot]
        let suffix = preferred[dot...]
        for attempt in 1...10_000 {
            let name = attempt == 1 ? preferred : "\(stem)-\(attempt)\(suffix)"
            if link(source.path, folder.appendingPathComponent(name).path) == 0 { return name }
            let code = errno
            guard code == EEXIST else {
                throw Failure(description: "cannot write \(folder.appendingPathComponent(name).path): \(String(cString: strerror(code)))", code: code)
            }
        }
        throw Failure(description: "no free name for \(preferred) in \(folder.path)")
    }
}
