// swift-tools-version: 6.2
// Testbed: production modules, the fault-injecting MockServer, and reusable contract suites.
// Layout and dependency rules: docs/ARCHITECTURE.md. Apple platforms: docs/APPLE.md.
//
// Tools version 6.2: the code uses `@concurrent` and `isolated deinit` (Swift 6.2), and the
// resolved swift-log and hummingbird declare 6.2 themselves. On a Mac that means Xcode 26 on
// macOS 15.6 or later.
import PackageDescription

/// Settings every Testbed target shares: Swift 6 language mode comes from the tools version;
/// these make existential types and re-exported imports explicit.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Testbed",
    // SwiftPM's platforms are package-wide, so both are named here; what builds where, product by
    // product, is in the comments below. iOS 18 and macOS 15: `Synchronization.Mutex`.
    // - Networking's libcurl, ImageCodec's libpng and TurboJPEG, and MockServer's libmicrohttpd
    //   and GnuTLS come from Homebrew (or apt), which builds them for macOS only. So every product
    //   that links one of them (Networking, ImageCodec and everything above them, MockServer,
    //   every Contracts product) is Mac-side only: it cannot link into an iOS-simulator bundle.
    // - The rest is plain Swift, but today every library product depends on Networking or
    //   ImageCodec, so none builds for iOS yet: each line below says what it links.
    // An iOS team runs `mockserver` on the Mac and the contract suites in a macOS test target
    // (docs/APPLE.md).
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),  // libcurl: macOS and Linux
        .library(name: "Messages", targets: ["Messages"]),  // Networking (libcurl): macOS and Linux
        .library(name: "ImageCodec", targets: ["ImageCodec"]),  // libpng, TurboJPEG: macOS and Linux
        .library(name: "ImageCache", targets: ["ImageCache"]),  // ImageCodec, Networking: macOS and Linux
        .library(name: "Storage", targets: ["Storage"]),  // GRDB, FeedData → Networking: macOS and Linux
        .library(name: "FeedData", targets: ["FeedData"]),  // Networking: macOS and Linux
        .library(name: "FeedScreen", targets: ["FeedScreen"]),  // FeedData, Storage: macOS and Linux
        .library(name: "Gallery", targets: ["Gallery"]),  // ImageCache: macOS and Linux
        .library(name: "Settings", targets: ["Settings"]),  // Storage, Messages: macOS and Linux
        .library(name: "AppWireframe", targets: ["AppWireframe"]),  // every screen: macOS and Linux
        .library(name: "MockServer", targets: ["MockServer"]),  // libmicrohttpd, GnuTLS, libcurl: macOS and Linux
        // The contract suites: one product per suite over a small core, so adopting one suite builds
        // only the modules it checks; `Contracts` is the umbrella that re-exports them all. All of
        // them link MockServer (and XCTest): macOS and Linux test bundles, never an iOS one.
        .library(name: "Contracts", targets: ["Contracts"]),
        .library(name: "ContractsCore", targets: ["ContractsCore"]),
        .library(name: "ContractsHTTPClient", targets: ["ContractsHTTPClient"]),
        .library(name: "ContractsImageCaching", targets: ["ContractsImageCaching"]),
        .library(name: "ContractsDiskCaching", targets: ["ContractsDiskCaching"]),
        .library(name: "ContractsImageLoading", targets: ["ContractsImageLoading"]),
        .library(name: "ContractsTweetStore", targets: ["ContractsTweetStore"]),
        .library(name: "ContractsFeedSource", targets: ["ContractsFeedSource"]),
        .library(name: "ContractsGalleryRules", targets: ["ContractsGalleryRules"]),
        .library(name: "ContractsFeedRules", targets: ["ContractsFeedRules"]),
        .library(name: "ContractsTesting", targets: ["ContractsTesting"]),
        // Command-line tools: macOS and Linux.
        .executable(name: "mockserver", targets: ["mockserver"]),
        .executable(name: "testbed", targets: ["testbed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // C libraries, through system-library shims (module.modulemap + shim.h).
        .systemLibrary(
            // Both .pc files: the shim calls GnuTLS itself, and libmicrohttpd.pc names GnuTLS only in
            // Requires.private, whose libraries SwiftPM leaves off the link line (Homebrew's GnuTLS
            // is not on the default library path).
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd gnutls",
            providers: [.apt(["libmicrohttpd-dev", "libgnutls28-dev"]), .brew(["libmicrohttpd", "gnutls"])]),
        .systemLibrary(
            // On a Mac, the .brew provider puts Homebrew's keg-only curl's .pc first, so Networking
            // links Homebrew's libcurl (what ci/install-deps.sh installs), not the SDK's.
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // malloc_trim from <malloc.h> (glibc); ImageCache returns freed pixel buffers with it.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),

        // Production modules.
        .target(name: "Networking", dependencies: ["CCurl"], swiftSettings: strict),
        .target(name: "Messages", dependencies: ["Networking"], swiftSettings: strict),
        .target(name: "ImageCodec", dependencies: ["CPNG", "CTurboJPEG"], swiftSettings: strict),
        .target(
            name: "ImageCache",
            dependencies: [
                "ImageCodec", "Networking", "CMalloc",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),

        // The tweet model, the Twitter JSON parsers and TwitterClient: what the feed shows and where it
        // comes from, without any screen.
        .target(
            name: "FeedData",
            dependencies: ["Networking", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // The feed's SQLite cache (and the settings): GRDB, and the tweet model it stores.
        .target(
            name: "Storage",
            dependencies: [
                "FeedData",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The VIPER screens (views are protocols) and the composition root.
        .target(
            name: "FeedScreen",
            dependencies: [
                "FeedData", "Networking", "Messages", "Storage",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(
            name: "Gallery",
            dependencies: [
                "ImageCache", "ImageCodec", "Networking", "Messages",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(
            name: "Settings",
            dependencies: ["Storage", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .target(
            name: "AppWireframe",
            dependencies: [
                "Gallery", "FeedData", "FeedScreen", "Settings", "ImageCache", "Storage", "Networking", "Messages",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),

        // `testbed web`: web views over the screens' view protocols, served with Hummingbird; the
        // page (plain HTML, CSS and JavaScript, no build step) is a resource.
        .target(
            name: "WebApp",
            dependencies: [
                "AppWireframe", "Gallery", "FeedScreen", "Settings", "ImageCache", "ImageCodec", "Messages",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Page")],
            swiftSettings: strict),

        // The mock server: imports only the shims and ImageCodec, never a client module.
        .target(
            name: "MockServer",
            dependencies: [
                "CMicroHTTPD", "ImageCodec",
                // libcurl (the shim, not the Networking module): POST /__admin/try probes the main port with it.
                "CCurl",
                // The HTTPS listeners' CA and certificates: keys from swift-crypto, X.509 from swift-certificates.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            path: "MockServer/Server",
            // The dashboard: plain HTML, CSS and JavaScript modules, no build step (Bundle.module).
            resources: [.copy("Dashboard/Page")],
            swiftSettings: strict),
        .executableTarget(
            name: "mockserver",
            dependencies: [
                "MockServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "MockServer/CLI", swiftSettings: strict),

        // `testbed fetch URL`: the diagnostic client (later the terminal front end).
        .executableTarget(
            name: "testbed",
            dependencies: [
                "Networking", "Messages", "AppWireframe", "Gallery", "FeedData", "FeedScreen", "Settings", "ImageCache", "WebApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // `fetch --cacert`: PEM bundles and DER certificates parsed before libcurl sees them.
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: strict),

        // Reusable contract suites (they import XCTest); never imported by Sources/. The core (Contract,
        // ContractViolation, the probes and XCTest's assertKeeps) needs only the mock server; each suite
        // needs only the modules it checks, so an adopter of the HTTP suite never builds GRDB or a screen.
        .target(
            name: "ContractsCore", dependencies: ["MockServer"],
            path: "Contracts/Core", swiftSettings: strict),
        .target(
            name: "ContractsHTTPClient", dependencies: ["ContractsCore", "Networking", "Messages", "MockServer"],
            path: "Contracts/HTTPClient", swiftSettings: strict),
        // TESTBED_SCRATCH_RULE=1 in the environment compiles in one more rule and spec requirement:
        // ci/adopter.sh builds the example with it to show a new rule does not break an adopter.
        .target(
            name: "ContractsImageCaching", dependencies: ["ContractsCore", "ImageCache", "ImageCodec", "MockServer"],
            path: "Contracts/ImageCaching",
            swiftSettings: strict + (Context.environment["TESTBED_SCRATCH_RULE"] == "1" ? [.define("TESTBED_SCRATCH_RULE")] : [])),
        .target(
            name: "ContractsDiskCaching", dependencies: ["ContractsCore", "ImageCache", "MockServer"],
            path: "Contracts/DiskCaching", swiftSettings: strict),
        .target(
            name: "ContractsImageLoading",
            dependencies: ["ContractsCore", "ImageCache", "ImageCodec", "Networking", "Messages", "Gallery", "MockServer"],
            path: "Contracts/ImageLoading", swiftSettings: strict),
        .target(
            name: "ContractsTweetStore",
            dependencies: ["ContractsCore", "Storage", "FeedData", "MockServer", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Contracts/TweetStore", swiftSettings: strict),
        .target(
            name: "ContractsFeedSource",
            dependencies: [
                "ContractsCore", "FeedData", "FeedScreen", "Networking", "Messages", "MockServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Contracts/FeedSource", swiftSettings: strict),
        .target(
            name: "ContractsGalleryRules", dependencies: ["ContractsCore", "Gallery", "Networking", "Messages", "MockServer"],
            path: "Contracts/GalleryRules", swiftSettings: strict),
        .target(
            name: "ContractsFeedRules",
            dependencies: [
                "ContractsCore", "FeedData", "FeedScreen", "Networking", "Messages", "MockServer",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            path: "Contracts/FeedRules", swiftSettings: strict),
        // The umbrella: re-exports the core and every suite.
        .target(
            name: "Contracts",
            dependencies: [
                "ContractsCore", "ContractsHTTPClient", "ContractsImageCaching", "ContractsDiskCaching",
                "ContractsImageLoading", "ContractsTweetStore", "ContractsFeedSource", "ContractsGalleryRules",
                "ContractsFeedRules",
            ],
            path: "Contracts/Umbrella", swiftSettings: strict),
        // The same suites for Swift Testing: `expectKeeps` and readable parameterized-test names; needs
        // only the core, so it adds nothing to an adopter's build but Swift Testing.
        .target(name: "ContractsTesting", dependencies: ["ContractsCore"], path: "ContractsTesting", swiftSettings: strict),

        // The project's own tests, and helpers shared between test targets.
        .target(
            name: "TestSupport", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Tests/TestSupport",
            swiftSettings: strict),
        // Feed caches that each break one TweetStore rule, and the program the crash rule kills;
        // a library (not in ConformanceTests) because that program runs the twins too.
        .target(
            name: "BrokenStores", dependencies: ["Storage", "FeedData", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/BrokenStores", swiftSettings: strict),
        .executableTarget(
            name: "storecrash", dependencies: ["Storage", "FeedData", "BrokenStores"], path: "Tests/StoreCrashHelper",
            swiftSettings: strict),
        // Fuzzing: one `(Data) -> String?` per target, the libFuzzer executable that `make fuzz`
        // builds with -DFUZZING (otherwise a replayer of files), and the corpus replay in `make test`.
        .target(
            name: "FuzzHarness", dependencies: ["FeedData", "ImageCodec", "MockServer"], path: "Tests/FuzzHarness",
            swiftSettings: strict),
        .executableTarget(name: "fuzz", dependencies: ["FuzzHarness"], path: "Tests/FuzzTargets", swiftSettings: strict),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzHarness"], swiftSettings: strict),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Contracts", "Networking", "MockServer", "ImageCache", "ImageCodec", "Storage", "FeedData", "FeedScreen",
                "Gallery", "BrokenStores", .product(name: "Logging", package: "swift-log"),
                "ContractsTesting",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ContractsTestingTests", dependencies: ["ContractsTesting", "Contracts", "ImageCache", "ImageCodec"],
            swiftSettings: strict),
        // Storage and FeedData: to fill a feed cache with tweets the mock server never serves (bad avatar URLs).
        .testTarget(
            name: "TestbedCommandTests", dependencies: ["MockServer", "TestSupport", "Storage", "FeedData"], swiftSettings: strict),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "Networking", "CCurl", "MockServer", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strict),
        // The import table of docs/ARCHITECTURE.md, checked against every target's `import` lines and this file.
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(name: "MessagesTests", dependencies: ["Messages", "Networking"], swiftSettings: strict),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "FeedData", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "FeedDataTests",
            dependencies: ["FeedData", "FeedScreen", "Storage", "Networking", "Messages", "MockServer", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AppWireframeTests",
            dependencies: [
                "AppWireframe", "Gallery", "FeedData", "FeedScreen", "Settings", "Networking", "Messages",
                "MockServer", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "FeedScreenTests",
            dependencies: [
                "FeedData", "FeedScreen", "Storage", "Networking", "Messages", "MockServer", "TestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strict),
        // WebApp: the page protocol, sessions and web views against an in-process MockServer; and the
        // page in a real browser (Tests/Browser/web_test.py), as the dashboard's tests do.
        .testTarget(
            name: "WebAppTests",
            dependencies: [
                "WebApp", "AppWireframe", "ImageCodec", "Networking", "MockServer", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "Storage", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GalleryTests",
            dependencies: ["Gallery", "ImageCache", "ImageCodec", "Networking", "Messages", "MockServer", "TestSupport"],
            swiftSettings: strict),
        // Fixtures/: small real-world files written by other encoders (and the script that made them).
        .testTarget(
            name: "ImageCodecTests", dependencies: ["ImageCodec"], resources: [.copy("Fixtures")],
            swiftSettings: strict),
        .testTarget(
            name: "ImageCacheTests",
            dependencies: ["ImageCache", "ImageCodec", "Networking", "MockServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .testTarget(
            name: "MockServerTests",
            dependencies: [
                "MockServer", "ImageCodec", "CCurl", "CMicroHTTPD", "TestSupport", .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: strict),
    ]
)
