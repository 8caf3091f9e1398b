import Foundation
import XCTest

/// Package.swift against the `import` lines and docs/ARCHITECTURE.md's import table
/// (``DependencyRules``): on this package, and on a small made-up one that breaks every rule once,
/// so each check is seen to fail.
final class PackageRulesTests: XCTestCase {
    func test_packageSwift_declaresExactlyWhatTheFilesImport_andWhatTheTableAllows() throws {
        let started = ContinuousClock.now
        let manifest = try PackageManifest.load(packageAt: ImportRulesTests.root)
        print("swift package dump-package took \(ContinuousClock.now - started)")
        XCTAssertGreaterThan(manifest.targets.count, 30, "the dump lists the package's targets")
        XCTAssertTrue(manifest.targets.contains { $0.name == "MockServer" && $0.folder == "MockServer/Server" })
        let problems = try DependencyRules.check(
            root: ImportRulesTests.root, manifest: manifest, table: ImportTable.read(from: ImportRulesTests.root))
        for problem in problems { XCTFail(problem.description) }
    }

    func test_aPackageThatBreaksEachRule_getsEachProblem_andNothingElse() throws {
        // Given: a package whose manifest, files and table disagree in every way the rules know.
        let root = FileManager.default.temporaryDirectory.appending(path: "package-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // (The manifest's first lines are one literal, so this file has no line that starts with `import`.)
        try write(root, "Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\n" + """

            let shared: [Target.Dependency] = ["Core"]  // a computed list: SwiftPM reads it, a text scan would not
            let package = Package(
                name: "Synthetic",
                dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.6.0")],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Unused"),
                    .target(
                        name: "App",
                        dependencies: shared + [
                            "Unused",  // declared (and allowed), imported by no file of App
                            .product(name: "Logging", package: "swift-log"),
                        ]),
                    .target(name: "Shell", dependencies: ["Core"], path: "Apps/Shell"),
                    .executableTarget(name: "tool", dependencies: ["App"]),
                    .testTarget(name: "AppTests", dependencies: ["App", "Core"]),
                ])
            """)
        try write(root, "Sources/Core/Core.swift", "import Foundation\nimport XCTest\n")
        try write(root, "Sources/Unused/Unused.swift", "public let unused = 1\n")
        try write(root, "Sources/App/App.swift", "import Core\n@preconcurrency import Logging\ninternal import Sneaky\n")
        try write(root, "Apps/Shell/Shell.swift", "import Core\n")
        try write(root, "Sources/tool/main.swift", "import App\n")
        try write(root, "Tests/AppTests/AppTests.swift", "@testable import App\nimport XCTest\nimport Foundation\n")
        let table = try ImportTable.parse("""
            <!-- imports:start -->
            | target | folder | may import |
            |---|---|---|
            | `Core` | `Sources/Core` | `XCTest` |
            | `Unused` | `Sources/Unused` | — |
            | `App` | `Sources/App` | `Core`, `Unused`, `Logging`, `Sneaky`, `Extra` |
            | `Shell` | `Sources/Shell` | `Core` |
            | `Ghost` | `Sources/Ghost` | — |
            <!-- imports:end -->
            """)

        // When
        let manifest = try PackageManifest.load(packageAt: root)
        let problems = try DependencyRules.check(root: root, manifest: manifest, table: table)

        // Then: each broken rule once, and nothing about what is right (XCTest, Foundation, the
        // computed list, the product, the folder given by `path`).
        XCTAssertEqual(Set(problems.map(\.withoutLocation)), [
            .declaredButNotImported(target: "App", module: "Unused"),
            .importedButNotDeclared(target: "App", module: "Sneaky", where: ""),
            .allowedButNotDeclared(target: "App", module: "Sneaky"),
            .allowedButNotDeclared(target: "App", module: "Extra"),
            .declaredButNotImported(target: "AppTests", module: "Core"),
            .folderDiffers(target: "Shell", package: "Apps/Shell", table: "Sources/Shell"),
            .noRow(target: "tool", folder: "Sources/tool"),
            .noTarget(row: "Ghost"),
        ])
        XCTAssertEqual(problems.count, 8, "one problem each: \(problems)")
        let located = problems.first { if case .importedButNotDeclared = $0 { true } else { false } }
        XCTAssertTrue(
            located?.description.contains("Sources/App/App.swift:3 imports Sneaky") == true, located?.description ?? "no import problem")
    }

    func test_aDeclarationTheTableDoesNotAllow_isReported() {
        let target = PackageManifest.Target(kind: "regular", name: "Storage", folder: "Sources/Storage", dependencies: ["GRDB", "Networking"])
        let row = ImportTable.Row(target: "Storage", folder: "Sources/Storage", allowed: ["GRDB", "GRDBSQLite", "XCTest"])
        XCTAssertEqual(
            DependencyRules.tableProblems(of: target, row: row), [.declaredButNotAllowed(target: "Storage", module: "Networking")],
            "GRDBSQLite arrives with GRDB and XCTest with the toolchain: neither needs a declaration")
    }

    private func write(_ root: URL, _ path: String, _ text: String) throws {
        let file = root.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
