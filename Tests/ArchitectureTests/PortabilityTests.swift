import Foundation
import XCTest

/// What a Mac build would refuse, found on Linux: no `Glibc`, no `.rawValue` on Glibc's enum
/// constants, no `st_mtim`, no Linux-only call, constant or `/proc` path in Sources/, MockServer/,
/// Contracts/, ContractsTesting/ and Tests/, outside code a Linux guard keeps away from Darwin.
final class PortabilityTests: XCTestCase {
    private let scanner = PortabilityScanner()

    /// The scanner and these tests, which spell out what they forbid.
    private static let excluded: Set<String> = [
        "Tests/ArchitectureTests/PortabilityScanner.swift", "Tests/ArchitectureTests/PortabilityTests.swift",
    ]

    func test_theSources_buildOnDarwin_asFarAsTheRulesSee() throws {
        let findings = try scanner.scan(
            root: ImportRulesTests.root, folders: ["Sources", "MockServer", "Contracts", "ContractsTesting", "Tests"],
            excluding: Self.excluded)
        XCTAssertEqual(findings, [], "\n" + findings.map(\.description).joined(separator: "\n"))
    }

    func test_theScan_coversEveryFolder() throws {
        // A rule that matches any code finds files in every folder: none is skipped by mistake.
        let everything = PortabilityScanner(rules: [.init(name: "any", explanation: "", pattern: "import", inStrings: false)])
        let findings = try everything.scan(
            root: ImportRulesTests.root, folders: ["Sources", "MockServer", "Contracts", "ContractsTesting", "Tests"],
            excluding: [])
        for folder in ["Sources/", "MockServer/", "Contracts/", "ContractsTesting/", "Tests/"] {
            XCTAssertTrue(findings.contains { $0.path.hasPrefix(folder) }, folder)
        }
    }

    // MARK: - Each rule fails on a bad snippet

    func test_glibc_isFound_outsideItsGuard() {
        XCTAssertEqual(rules(in: "import Glibc\n"), ["glibc"])
        XCTAssertEqual(rules(in: "let ok = Glibc.listen(fd, 4)\n"), ["glibc"])
    }

    func test_rawValue_onSocketConstants_isFound() {
        XCTAssertEqual(rules(in: "let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)\n"), ["rawValue"])
        XCTAssertEqual(rules(in: "getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)\n"), ["rawValue"])
        XCTAssertEqual(rules(in: "let code = POSIXErrorCode(rawValue: errno)\nlet name = kind.rawValue\n"), [], "other rawValues are fine")
    }

    func test_stMtim_isFound() {
        XCTAssertEqual(rules(in: "let seconds = info.st_mtim.tv_sec\n"), ["st_mtim"])
        XCTAssertEqual(rules(in: "#if canImport(Darwin)\nlet seconds = info.st_mtimespec.tv_sec\n#endif\n"), [])
    }

    func test_linuxOnlyCallsAndConstants_areFound() {
        for snippet in [
            "let fd = socket(AF_INET, stream | Int32(SOCK_NONBLOCK), 0)",
            "let fd = socket(AF_INET, stream | SOCK_CLOEXEC, 0)",
            "let set = epoll_create1(0)",
            "let wake = eventfd(0, 0)",
            "let client = accept4(fd, nil, nil, 0)",
            "pipe2(&fds, O_CLOEXEC)",
            "let fd = open(folder, O_TMPFILE | O_RDWR, 0o600)",
        ] {
            XCTAssertEqual(rules(in: snippet + "\n"), ["linuxOnly"], snippet)
        }
    }

    func test_procPaths_areFound_inStringsOnly() {
        XCTAssertEqual(rules(in: "let tasks = try FileManager.default.contentsOfDirectory(atPath: \"/proc/self/task\")\n"), ["proc"])
        XCTAssertEqual(rules(in: "let path = \"/proc/\\(pid)/status\"\n"), ["proc"])
        XCTAssertEqual(rules(in: "// reads /proc/self/statm on Linux\nlet x = 1\n"), [], "comments say what they like")
        XCTAssertEqual(rules(in: "let path = \"/process/list\"\n"), [])
    }

    // MARK: - What counts as guarded

    func test_linuxGuards_keepCodeAwayFromDarwin() {
        let guarded = """
            #if canImport(Glibc)
            import Glibc
            #endif
            #if os(Linux)
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                let seconds = info.st_mtim.tv_sec
            #endif
            #if canImport(Darwin)
                let seconds = info.st_mtimespec.tv_sec
            #else
                let seconds = info.st_mtim.tv_sec
            #endif
            #if !canImport(Darwin)
                let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            #endif
            #if canImport(Darwin)
            import Darwin
            #elseif canImport(Glibc)
            import Glibc
            #endif
            #if os(macOS) || os(iOS)
            #else
            #endif
            """
        XCTAssertEqual(scanner.scan(guarded), [])
    }

    func test_nestedBranches_areGuardedByAnyEnclosingLinuxBranch() {
        let nested = """
            #if os(Linux)
                #if DEBUG
                let fd = eventfd(0, 0)
                #else
                let set = epoll_create1(0)
                #endif
            #endif
            """
        XCTAssertEqual(scanner.scan(nested), [])
    }

    func test_branchesDarwinMayCompile_areNotGuarded() {
        // `#else` of a Linux branch, `#elseif` after a Linux branch, `!os(Linux)`, unknown flags,
        // `os(macOS)`'s `#else` (iOS compiles it), code after `#endif`, a Linux branch's sibling.
        let cases: [(String, Int)] = [
            ("#if os(Linux)\nlet a = 1\n#else\nlet t = info.st_mtim\n#endif\n", 4),
            ("#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Glibc\n#endif\n", 4),
            ("#if !os(Linux)\nlet t = info.st_mtim\n#endif\n", 2),
            ("#if DEBUG\nlet t = info.st_mtim\n#endif\n", 2),
            ("#if os(macOS)\nlet a = 1\n#else\nlet t = info.st_mtim\n#endif\n", 4),
            ("#if os(Linux)\nlet a = 1\n#endif\nlet t = info.st_mtim\n", 4),
            ("#if os(Linux) || DEBUG\nlet t = info.st_mtim\n#endif\n", 2),
        ]
        for (snippet, line) in cases {
            XCTAssertEqual(scanner.scan(snippet).map(\.line), [line], snippet)
        }
    }

    func test_guardedOnlyWhenEveryPathIsLinux() {
        XCTAssertEqual(DarwinCondition.evaluate("os(Linux) && DEBUG"), false)
        XCTAssertEqual(DarwinCondition.evaluate("os(Linux) || os(Android)"), false)
        XCTAssertNil(DarwinCondition.evaluate("os(Linux) || FUZZING"))
        XCTAssertEqual(DarwinCondition.evaluate("!(canImport(Darwin))"), false)
        XCTAssertEqual(DarwinCondition.evaluate("canImport(FoundationNetworking)"), false)
        XCTAssertNil(DarwinCondition.evaluate("os(iOS)"))
    }

    func test_stringsAndComments_doNotConfuseTheScan() {
        let tricky = #"""
            let message = "st_mtim and Glibc in a string are only words"  // and epoll_wait in a comment
            /* SOCK_NONBLOCK in a block comment /* nested */ still a comment */
            let nested = "interpolated \(values["key"] ?? "none") text"
            let raw = #"a raw "string" with Glibc"#
            let block = """
                #if os(Linux)
                """
            let t = info.st_mtim
            """#
        XCTAssertEqual(scanner.scan(tricky).map(\.line), [8], "the #if inside a string opens nothing")
    }

    func test_aFinding_namesTheFileLineAndRule() throws {
        let finding = try XCTUnwrap(scanner.scan("\n    let t = info.st_mtim\n", path: "Sources/X/Y.swift").first)
        XCTAssertEqual(finding.description.hasPrefix("Sources/X/Y.swift:2: st_atim/st_mtim/st_ctim are Linux's names"), true, finding.description)
        XCTAssertTrue(finding.description.hasSuffix("[st_mtim]: let t = info.st_mtim"), finding.description)
    }

    private func rules(in snippet: String) -> [String] {
        scanner.scan(snippet).map(\.rule)
    }
}
