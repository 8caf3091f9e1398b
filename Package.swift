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

/// The outside products several targets use, named once.
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let clocks: Target.Dependency = .product(name: "Clocks", package: "swift-clocks")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let x509: Target.Dependency = .product(name: "X509", package: "swift-certificates")

/// A C library's system-library shim under `Sources/<name>`, found with pkg-config (when the
/// library ships a .pc file), and the packages that provide it.
func shim(_ name: String, pkgConfig: String?, apt: [String], brew: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt), .brew(brew)])
}

/// A library product of one target, named as the target.
func library(_ target: String) -> Product {
    .library(name: target, targets: [target])
}

/// A production module under `Sources/<name>`, with the shared settings.
func module(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies, swiftSettings: strict)
}

/// One of the project's own test targets under `Tests/<name>`, with the shared settings.
func tests(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .testTarget(name: name, dependencies: dependencies, resources: resources, swiftSettings: strict)
}

/// One contract suite: `Contracts/<suite>`, built as `Contracts<suite>` on the core and the mock
/// server, plus the modules it checks.
func contractSuite(_ suite: String, _ modules: [Target.Dependency], settings: [SwiftSetting] = strict) -> Target {
    .target(
        name: "Contracts\(suite)", dependencies: ["ContractsCore"] + modules + ["MockServer"],
        path: "Contracts/\(suite)", swiftSettings: settings)
}

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
        library("Networking"),  // libcurl: macOS and Linux
        library("Messages"),  // Networking (libcurl): macOS and Linux
        library("ImageCodec"),  // libpng, TurboJPEG: macOS and Linux
        library("ImageCache"),  // ImageCodec, Networking: macOS and Linux
        library("Storage"),  // GRDB, FeedData → Networking: macOS and Linux
        library("FeedData"),  // Networking: macOS and Linux
        library("FeedScreen"),  // FeedData, Storage: macOS and Linux
        library("Gallery"),  // ImageCache: macOS and Linux
        library("Settings"),  // Storage, Messages: macOS and Linux
        library("AppWireframe"),  // every screen: macOS and Linux
        library("MockServer"),  // libmicrohttpd, GnuTLS, libcurl: macOS and Linux
        // The contract suites: one product per suite over a small core, so adopting one suite builds
        // only the modules it checks; `Contracts` is the umbrella that re-exports them all. All of
        // them link MockServer (and XCTest): macOS and Linux test bundles, never an iOS one.
        library("Contracts"), library("ContractsCore"), library("ContractsTesting"),
        library("ContractsHTTPClient"), library("ContractsImageCaching"), library("ContractsDiskCaching"),
        library("ContractsImageLoading"), library("ContractsTweetStore"), library("ContractsFeedSource"),
        library("ContractsGalleryRules"), library("ContractsFeedRules"),
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
        // Both .pc files: the shim calls GnuTLS itself, and libmicrohttpd.pc names GnuTLS only in
        // Requires.private, whose libraries SwiftPM leaves off the link line (Homebrew's GnuTLS
        // is not on the default library path).
        shim(
            "CMicroHTTPD", pkgConfig: "libmicrohttpd gnutls",
            apt: ["libmicrohttpd-dev", "libgnutls28-dev"], brew: ["libmicrohttpd", "gnutls"]),
        // On a Mac, the .brew provider puts Homebrew's keg-only curl's .pc first, so Networking
        // links Homebrew's libcurl (what ci/install-deps.sh installs), not the SDK's.
        shim("CCurl", pkgConfig: "libcurl", apt: ["libcurl4-openssl-dev"], brew: ["curl"]),
        shim("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"], brew: ["libpng"]),
        // malloc_trim from <malloc.h> (glibc); ImageCache returns freed pixel buffers with it.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        shim("CTurboJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev", "libjpeg-dev"], brew: ["jpeg-turbo"]),
        // The mock server's image zoo: libjpeg's classic API (progressive, arithmetic, CMYK/YCCK,
        // APP markers; TurboJPEG's API cannot write these) and libpng's full write API (bit
        // depths, palettes, interlacing, iCCP), through shims of the server's own.
        shim("CServerJPEG", pkgConfig: "libjpeg", apt: ["libjpeg-dev"], brew: ["jpeg-turbo"]),
        shim("CServerPNG", pkgConfig: "libpng", apt: ["libpng-dev"], brew: ["libpng"]),
        // libexif: ImageCodec reads the EXIF orientation tag with it.
        shim("CExif", pkgConfig: "libexif", apt: ["libexif-dev"], brew: ["libexif"]),
        // libwebp and libwebpdemux: ImageCodec decodes WebP (still and animated) with them.
        shim("CWebP", pkgConfig: "libwebp libwebpdemux", apt: ["libwebp-dev"], brew: ["webp"]),
        // giflib: ImageCodec decodes GIF with it. It has no .pc file; the module map links "gif".
        shim("CGIF", pkgConfig: nil, apt: ["libgif-dev"], brew: ["giflib"]),
        // libavif: ImageCodec decodes AVIF with it.
        shim("CAVIF", pkgConfig: "libavif", apt: ["libavif-dev"], brew: ["libavif"]),
        // libheif: ImageCodec decodes HEIC with it.
        shim("CHEIF", pkgConfig: "libheif", apt: ["libheif-dev"], brew: ["libheif"]),
        // libxml2's XPath, for the mock server's matchesXPath.
        shim("CLibXML2", pkgConfig: "libxml-2.0", apt: ["libxml2-dev"], brew: ["libxml2"]),
        // The image zoo's GIF, WebP, AVIF and HEIC encoders: the server's own shims (ImageCodec's
        // decoders never share them). giflib has no .pc file on Debian: its module map links `gif`.
        .systemLibrary(name: "CServerGIF", path: "Sources/CServerGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        shim("CServerWebP", pkgConfig: "libwebp libwebpmux", apt: ["libwebp-dev"], brew: ["webp"]),
        // libavif.pc's cflags carry -DAVIF_DLL (for Windows DLL imports; nothing here), which SwiftPM
        // drops with a "prohibited flag" note; the .pc is kept for Homebrew's include path.
        shim("CServerAVIF", pkgConfig: "libavif", apt: ["libavif-dev"], brew: ["libavif"]),
        shim("CServerHEIF", pkgConfig: "libheif", apt: ["libheif-dev"], brew: ["libheif"]),
        // zlib's inflate: the recorder gunzips a recorded gzip answer with it.
        shim("CServerZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"], brew: ["zlib"]),

        // Production modules.
        module("Networking", ["CCurl"]),
        module("Messages", ["Networking"]),
        module("ImageCodec", ["CPNG", "CTurboJPEG", "CExif", "CWebP", "CGIF", "CAVIF", "CHEIF", logging]),
        module("ImageCache", ["ImageCodec", "Networking", "CMalloc", .product(name: "Crypto", package: "swift-crypto"), logging]),

        // The tweet model, the Twitter JSON parsers and TwitterClient: what the feed shows and where it
        // comes from, without any screen.
        module("FeedData", ["Networking", logging]),
        // The feed's SQLite cache (and the settings): GRDB, and the tweet model it stores.
        module("Storage", ["FeedData", grdb, logging]),
        // The VIPER screens (views are protocols) and the composition root.
        module("FeedScreen", ["FeedData", "Networking", "Messages", "Storage", logging]),
        module("Gallery", ["ImageCache", "ImageCodec", "Networking", "Messages", logging]),
        module("Settings", ["Storage", logging]),
        module(
            "AppWireframe",
            ["Gallery", "FeedData", "FeedScreen", "Settings", "ImageCache", "Storage", "Networking", "Messages", logging]),

        // `testbed web`: web views over the screens' view protocols, served with Hummingbird; the
        // page (plain HTML, CSS and JavaScript, no build step) is a resource.
        .target(
            name: "WebApp",
            dependencies: [
                "AppWireframe", "Gallery", "FeedScreen", "Settings", "ImageCache", "ImageCodec", "Messages",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                logging,
            ],
            resources: [.copy("Page")],
            swiftSettings: strict),

        // The mock server: imports only the shims and ImageCodec, never a client module.
        .target(
            name: "MockServer",
            dependencies: [
                "CMicroHTTPD", "ImageCodec", "CLibXML2",
                // The image zoo's JPEG and PNG encoders (MockServer/Server/Zoo).
                "CServerJPEG", "CServerPNG",
                // The image zoo's encoders (MockServer/Server/Zoo/Encoders).
                "CServerGIF", "CServerWebP", "CServerAVIF", "CServerHEIF",
                // zlib: the recorder gunzips recorded gzip answers (MockServer/Server/Recording).
                "CServerZlib",
                // libcurl (the shim, not the Networking module): POST /__admin/try probes the main port with it.
                "CCurl",
                // The HTTPS listeners' CA and certificates: keys from swift-crypto, X.509 from swift-certificates.
                .product(name: "Crypto", package: "swift-crypto"),
                x509,
                .product(name: "SwiftASN1", package: "swift-asn1"),
                logging,
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
                argumentParser,
                logging,
            ],
            path: "MockServer/CLI", swiftSettings: strict),

        // `testbed fetch URL`: the diagnostic client (later the terminal front end).
        .executableTarget(
            name: "testbed",
            dependencies: [
                "Networking", "Messages", "AppWireframe", "Gallery", "FeedData", "FeedScreen", "Settings", "ImageCache", "WebApp",
                argumentParser,
                logging,
                // `fetch --cacert`: PEM bundles and DER certificates parsed before libcurl sees them.
                x509,
            ],
            swiftSettings: strict),

        // Reusable contract suites (they import XCTest); never imported by Sources/. The core (Contract,
        // ContractViolation, the probes and XCTest's assertKeeps) needs only the mock server; each suite
        // needs only the modules it checks, so an adopter of the HTTP suite never builds GRDB or a screen.
        .target(
            name: "ContractsCore", dependencies: ["MockServer"],
            path: "Contracts/Core", swiftSettings: strict),
        contractSuite("HTTPClient", ["Networking", "Messages"]),
        // TESTBED_SCRATCH_RULE=1 in the environment compiles in one more rule and spec requirement:
        // ci/adopter.sh builds the example with it to show a new rule does not break an adopter.
        contractSuite(
            "ImageCaching", ["ImageCache", "ImageCodec"],
            settings: strict + (Context.environment["TESTBED_SCRATCH_RULE"] == "1" ? [.define("TESTBED_SCRATCH_RULE")] : [])),
        contractSuite("DiskCaching", ["ImageCache"]),
        contractSuite("ImageLoading", ["ImageCache", "ImageCodec", "Networking", "Messages", "Gallery"]),
        contractSuite("TweetStore", ["Storage", "FeedData", grdb]),
        contractSuite("FeedSource", ["FeedData", "FeedScreen", "Networking", "Messages", logging]),
        contractSuite("GalleryRules", ["Gallery", "Networking", "Messages"]),
        contractSuite("FeedRules", ["FeedData", "FeedScreen", "Networking", "Messages", clocks]),
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
            name: "TestSupport", dependencies: [logging], path: "Tests/TestSupport",
            swiftSettings: strict),
        // Feed caches that each break one TweetStore rule, and the program the crash rule kills;
        // a library (not in ConformanceTests) because that program runs the twins too.
        .target(
            name: "BrokenStores", dependencies: ["Storage", "FeedData", grdb],
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
        tests("FuzzReplayTests", ["FuzzHarness"]),
        tests(
            "ConformanceTests",
            [
                "Contracts", "Networking", "MockServer", "ImageCache", "ImageCodec", "Storage", "FeedData", "FeedScreen",
                "Gallery", "Messages", "BrokenStores", logging, "ContractsTesting",
            ]),
        tests("ContractsTestingTests", ["ContractsTesting", "Contracts", "ImageCache", "ImageCodec"]),
        // Storage and FeedData: to fill a feed cache with tweets the mock server never serves (bad avatar URLs).
        tests("TestbedCommandTests", ["MockServer", "TestSupport", "Storage", "FeedData"]),
        tests("NetworkingTests", ["Networking", "CCurl", "MockServer", "TestSupport", clocks]),
        // The import table of docs/ARCHITECTURE.md, checked against every target's `import` lines and this file.
        tests("ArchitectureTests", []),
        tests("MessagesTests", ["Messages", "Networking"]),
        tests("StorageTests", ["Storage", "FeedData", "TestSupport", grdb, logging]),
        tests("FeedDataTests", ["FeedData", "FeedScreen", "Storage", "Networking", "Messages", "MockServer", "TestSupport"]),
        tests(
            "AppWireframeTests",
            [
                "AppWireframe", "Gallery", "FeedData", "FeedScreen", "Settings", "Networking", "Messages",
                "MockServer", "TestSupport", clocks,
            ]),
        tests(
            "FeedScreenTests",
            ["FeedData", "FeedScreen", "Storage", "Networking", "Messages", "MockServer", "TestSupport", clocks]),
        // WebApp: the page protocol, sessions and web views against an in-process MockServer; and the
        // page in a real browser (Tests/Browser/web_test.py), as the dashboard's tests do.
        tests("WebAppTests", ["WebApp", "AppWireframe", "ImageCodec", "Networking", "MockServer", "TestSupport", logging]),
        tests("SettingsTests", ["Settings", "Storage", "TestSupport"]),
        tests("GalleryTests", ["Gallery", "ImageCache", "ImageCodec", "Networking", "Messages", "MockServer", "TestSupport"]),
        // Fixtures/: small real-world files written by other encoders (and the script that made them).
        tests("ImageCodecTests", ["ImageCodec", "CWebP"], resources: [.copy("Fixtures")]),
        tests("ImageCacheTests", ["ImageCache", "ImageCodec", "Networking", "MockServer", logging]),
        // The CServer* shims: the zoo's encoder tests read their files back with the same libraries' decoders.
        tests(
            "MockServerTests",
            [
                "MockServer", "ImageCodec", "CCurl", "CMicroHTTPD", "TestSupport", x509,
                "CServerGIF", "CServerWebP", "CServerAVIF", "CServerHEIF",
            ]),
    ]
)
