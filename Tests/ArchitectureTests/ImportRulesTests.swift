import Foundation
import XCTest

/// The dependency rules of docs/ARCHITECTURE.md, checked against the code: every `import` of every
/// library and executable target must be one its row of the import table allows, and every module
/// a row allows must be imported somewhere in that target, so the table can drift from the code in
/// neither direction. ``PackageRulesTests`` ties Package.swift to both.
final class ImportRulesTests: XCTestCase {
    /// The only members of `ImageCodec` the mock server may use: its writers and the test-data
    /// corruption. It never decodes or probes with the clients' codec (see the table's note).
    static let mockServerCodecAPI: Set<String> = ["encodePNG", "encodeJPEG", "corrupted"]

    func test_everyImport_isAllowedByTheTable_andEveryAllowedModuleIsImported() throws {
        let table = try ImportTable.read(from: Self.root)
        XCTAssertFalse(table.rows.isEmpty, "docs/ARCHITECTURE.md has no import table between its markers")
        for row in table.rows {
            let imports = try SwiftImports.scan(Self.root.appending(path: row.folder))
            XCTAssertFalse(imports.files.isEmpty, "\(row.target): the table names \(row.folder), which holds no Swift file")
            for found in imports.all where !row.allowed.contains(found.module) && !DependencyRules.platform.contains(found.module) {
                XCTFail("\(found.file):\(found.line) imports \(found.module), which the import table does not allow for \(row.target) (allowed: \(row.allowed.sorted().joined(separator: ", ")))")
            }
            let used = Set(imports.all.map(\.module))
            for module in row.allowed.subtracting(used).sorted() {
                XCTFail("the import table allows \(row.target) to import \(module), but none of its files does: remove it from the table")
            }
        }
    }

    func test_mockServer_usesOnlyTheCodecsWritersAndCorruption() throws {
        let folder = Self.root.appending(path: "MockServer")
        let pattern = try Regex(#"\bImageCodec\.([A-Za-z_][A-Za-z0-9_]*)"#)
        var seen: Set<String> = []
        for file in try SwiftImports.swiftFiles(in: folder) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                guard let member = match.output[1].substring.map(String.init) else { continue }
                seen.insert(member)
                XCTAssertTrue(
                    Self.mockServerCodecAPI.contains(member),
                    "\(file.path(percentEncoded: false)) uses ImageCodec.\(member): the mock server may only write and corrupt images with the clients' codec, never read them")
            }
        }
        XCTAssertFalse(seen.isEmpty, "the scan found no use of ImageCodec in MockServer/: is the pattern still right?")
    }

    // MARK: - Helpers

    /// The package root: three levels above this file.
    static let root: URL = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// The import table of docs/ARCHITECTURE.md: the rows between `<!-- imports:start -->` and
/// `<!-- imports:end -->`, each `| `Target` | `folder` | `A`, `B` |` (— for none).
struct ImportTable {
    struct Row {
        let target: String
        let folder: String
        let allowed: Set<String>
    }

    let rows: [Row]

    static func read(from root: URL) throws -> ImportTable {
        try parse(String(contentsOf: root.appending(path: "docs/ARCHITECTURE.md"), encoding: .utf8))
    }

    /// The table between the markers of `text`.
    static func parse(_ text: String) throws -> ImportTable {
        guard let start = text.range(of: "<!-- imports:start -->"), let end = text.range(of: "<!-- imports:end -->"),
            start.upperBound < end.lowerBound
        else { throw Unreadable(description: "docs/ARCHITECTURE.md lacks the <!-- imports:start --> … <!-- imports:end --> markers") }
        var rows: [Row] = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[1].hasPrefix("`") else { continue }  // The header and the rule line.
            let names = { (cell: String) in cell.replacingOccurrences(of: "`", with: "") }
            let allowed = cells[3] == "—" ? [] : cells[3].split(separator: ",").map { names(String($0)).trimmingCharacters(in: .whitespaces) }
            rows.append(Row(target: names(cells[1]), folder: names(cells[2]), allowed: Set(allowed)))
        }
        return ImportTable(rows: rows)
    }
}

/// An input of the architecture checks (the docs' table, the manifest) that cannot be read.
struct Unreadable: Error, CustomStringConvertible {
    let description: String
}

/// The `import` declarations of a folder's Swift files.
struct SwiftImports {
    struct Found {
        let module: String
        let file: String
        let line: Int
    }

    let files: [URL]
    let all: [Found]

    static func scan(_ folder: URL) throws -> SwiftImports {
        // `import X`, with an access level, attributes or a declaration kind (`import struct X.Y`).
        let pattern = try Regex(#"^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
        let files = try swiftFiles(in: folder)
        var found: [Found] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let match = line.firstMatch(of: pattern), let module = match.output[1].substring else { continue }
                found.append(Found(module: String(module), file: file.path(percentEncoded: false), line: index + 1))
            }
        }
        return SwiftImports(files: files, all: found)
    }

    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}
