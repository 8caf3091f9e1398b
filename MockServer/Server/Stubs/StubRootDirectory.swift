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

    /// Every mapping under `mappings/`, files in path order; the first problem throws, naming the
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

    /// The `.json` files under `folder`, at any depth, sorted by path.
    private func mappingFiles(in folder: URL) throws(StubError) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw StubError(.unreadable, field: "", reason: "cannot list \(folder.path)")
        }
        var files: [URL] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile ?? false
            if isFile { files.append(url.standardizedFileURL) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
