import Foundation

/// The rules that tie Package.swift to the code and to docs/ARCHITECTURE.md's import table, both
/// ways: a target declares exactly the modules its files import, and a row of the table allows
/// exactly what its target declares. With the table checked against the imports as well
/// (``ImportRulesTests``), none of the three can drift from the others.
enum DependencyRules {
    /// Modules of the platform (Swift's runtime libraries and the C library): any target may import
    /// them without declaring them.
    static let platform: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin",
    ]

    /// Modules the toolchain brings: never in Package.swift, but listed in the table, since a
    /// library that imports XCTest or Testing says something about who can use it.
    static let toolchain: Set<String> = ["XCTest", "Testing"]

    /// Modules a declared product brings along with its own (GRDB's SQLite shim).
    static let arrivesWith: [String: Set<String>] = ["GRDB": ["GRDBSQLite"]]

    /// The kinds of target the import table has a row for (not tests, not the C shims).
    static let tableKinds: Set<String> = ["regular", "executable"]

    /// One way the three sources disagree.
    enum Problem: Hashable, CustomStringConvertible {
        /// Package.swift declares a dependency none of the target's files imports.
        case declaredButNotImported(target: String, module: String)
        /// A file imports a module Package.swift does not declare for its target (`where` is file:line).
        case importedButNotDeclared(target: String, module: String, where: String)
        /// The table allows a module Package.swift does not declare for the target.
        case allowedButNotDeclared(target: String, module: String)
        /// Package.swift declares a module the table does not allow.
        case declaredButNotAllowed(target: String, module: String)
        /// A library or executable target has no row.
        case noRow(target: String, folder: String)
        /// A row names no target of Package.swift.
        case noTarget(row: String)
        /// The row's folder is not the one Package.swift builds the target from.
        case folderDiffers(target: String, package: String, table: String)

        var description: String {
            switch self {
            case .declaredButNotImported(let target, let module):
                "Package.swift declares \(module) for \(target), but none of its files imports it: remove it from the target's dependencies"
            case .importedButNotDeclared(let target, let module, let location):
                "\(location) imports \(module), which Package.swift does not declare for \(target): declare it (a module that arrives through another dependency is still a dependency)"
            case .allowedButNotDeclared(let target, let module):
                "docs/ARCHITECTURE.md's import table allows \(target) to import \(module), but Package.swift does not declare it"
            case .declaredButNotAllowed(let target, let module):
                "Package.swift declares \(module) for \(target), but docs/ARCHITECTURE.md's import table does not allow it"
            case .noRow(let target, let folder):
                "\(target) (\(folder)) is a target of Package.swift without a row in docs/ARCHITECTURE.md's import table"
            case .noTarget(let row):
                "docs/ARCHITECTURE.md's import table has a row for \(row), which is no target of Package.swift"
            case .folderDiffers(let target, let package, let table):
                "\(target): Package.swift builds it from \(package), the import table says \(table)"
            }
        }

        /// The same problem without the file and line, for comparing with an expected list.
        var withoutLocation: Problem {
            if case .importedButNotDeclared(let target, let module, _) = self {
                return .importedButNotDeclared(target: target, module: module, where: "")
            }
            return self
        }
    }

    /// Every disagreement between `manifest`, the `import` lines under `root` and `table`.
    static func check(root: URL, manifest: PackageManifest, table: ImportTable) throws -> [Problem] {
        var problems: [Problem] = []
        let rows = Dictionary(table.rows.map { ($0.target, $0) }, uniquingKeysWith: { first, _ in first })
        for target in manifest.targets where target.kind != "system" {
            let imports = try SwiftImports.scan(root.appending(path: target.folder))
            problems += declarationProblems(of: target, imports: imports)
            guard tableKinds.contains(target.kind) else { continue }
            guard let row = rows[target.name] else {
                problems.append(.noRow(target: target.name, folder: target.folder))
                continue
            }
            if row.folder != target.folder {
                problems.append(.folderDiffers(target: target.name, package: target.folder, table: row.folder))
            }
            problems += tableProblems(of: target, row: row)
        }
        let names = Set(manifest.targets.map(\.name))
        problems += table.rows.filter { !names.contains($0.target) }.map { .noTarget(row: $0.target) }
        return problems
    }

    /// Declared against imported, both ways.
    static func declarationProblems(of target: PackageManifest.Target, imports: SwiftImports) -> [Problem] {
        var problems: [Problem] = []
        let brought = target.dependencies.reduce(into: Set<String>()) { $0.formUnion(arrivesWith[$1] ?? []) }
        var reported: Set<String> = []
        for found in imports.all {
            let module = found.module
            guard !target.dependencies.contains(module), !brought.contains(module), !platform.contains(module),
                !toolchain.contains(module), module != target.name, reported.insert(module).inserted
            else { continue }
            problems.append(.importedButNotDeclared(target: target.name, module: module, where: "\(found.file):\(found.line)"))
        }
        let used = Set(imports.all.map(\.module))
        for module in target.dependencies.subtracting(used).sorted() {
            problems.append(.declaredButNotImported(target: target.name, module: module))
        }
        return problems
    }

    /// The table's row against the declared dependencies, both ways.
    static func tableProblems(of target: PackageManifest.Target, row: ImportTable.Row) -> [Problem] {
        let brought = target.dependencies.reduce(into: Set<String>()) { $0.formUnion(arrivesWith[$1] ?? []) }
        let allowed = row.allowed.subtracting(toolchain).subtracting(brought)
        return allowed.subtracting(target.dependencies).sorted().map { .allowedButNotDeclared(target: target.name, module: $0) }
            + target.dependencies.subtracting(row.allowed).sorted().map { .declaredButNotAllowed(target: target.name, module: $0) }
    }
}
