import Foundation

/// A WireMock root directory: `mappings/**/*.json` (each file one mapping or
/// `{"mappings": [...]}`) and `__files/` for `bodyFileName`.
struct StubRootDirectory: Sendable {
    /// The directory.
    let root: URL
    /// Its `__files` folder.
    let files: StubFiles

    init(_ root: URL) {
        self.root = root
        files = StubFiles(root: root)
    }

    /// Every mapping under `mappings/`, files in WireMock's loading order (see
    /// ``mappingFiles(in:)``); the first problem throws, naming the
    /// file (relative to the root), the field and why. A missing `mappings/` folder is refused
    /// too (a mistyped root directory would otherwise serve nothing without a word).
    func loadStubs() throws(StubError) -> [Stub] {
        let mappings = root.appendingPathComponent("mappings", isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StubError(.unreadable, field: "", reason: "the root directory \(root.path) does not exist")
        }
        guard FileManager.default.fileExists(atPath: mappings.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StubError(.unreadable, field: "", reason: "the root directory \(root.path) has no mappings/ folder")
        }
        var stubs: [Stub] = []
        var seen: [StubID: String] = [:]
        for file in try mappingFiles(in: mappings) {
            let name = file.path.hasPrefix(mappings.path + "/")
                ? "mappings/" + file.path.dropFirst(mappings.path.count + 1) : file.path
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw StubError(.unreadable, field: "", reason: "cannot be read (\(error.localizedDescription))", file: name)
            }
            do throws(StubError) {
                for stub in try StubParser.stubs(from: data) {
                    if let other = seen[stub.id] {
                        throw StubError(.duplicateID, field: "id", reason: "\(stub.id.uuidString.lowercased()) is also the id of a stub in \(other)")
                    }
                    seen[stub.id] = name
                    stubs.append(stub)
                }
            } catch {
                throw error.inFile(name)
            }
        }
        return stubs
    }

    /// The `.json` files under `folder`, at any depth, in the order WireMock 2.35 loads them:
    /// each directory's entries as the file system lists them (`readdir`, which is what Java's
    /// `File.listFiles` returns), a subdirectory's files where the subdirectory is listed. Of two
    /// stubs of the same priority that both match, the one loaded last answers, in WireMock as
    /// here, so the same folder on the same machine answers alike in both. A directory reached
    /// twice through a symbolic link is read once.
    private func mappingFiles(in folder: URL) throws(StubError) -> [URL] {
        var files: [URL] = []
        var visited: Set<String> = []
        try collect(folder, into: &files, visited: &visited)
        return files
    }

    private func collect(_ folder: URL, into files: inout [URL], visited: inout Set<String>) throws(StubError) {
        guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
        guard let names = Self.entries(of: folder.path) else {
            throw StubError(.unreadable, field: "", reason: "cannot list \(folder.path)")
        }
        for name in names {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                try collect(url, into: &files, visited: &visited)
            } else if url.pathExtension.lowercased() == "json" {
                files.append(url.standardizedFileURL)
            }
        }
    }

    /// A directory's entry names in the order `readdir` returns them, without `.` and `..`;
    /// `nil` when it cannot be opened.
    static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
