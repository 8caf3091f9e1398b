// swift-tools-version: 6.0
// Testbed's benchmarks: our modules against what a user would otherwise pick (nginx, the curl
// CLI, URLSession, libpng, raw sqlite3), measured side by side in one run. A package of its own
// so `make test` never builds it; `make bench` (ci/bench.sh) builds it in release and runs it.
import PackageDescription

/// A product of Testbed, the path dependency below.
func testbed(_ product: String) -> Target.Dependency {
    .product(name: product, package: "Testbed")
}

let package = Package(
    name: "TestbedBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` because a path dependency's identity is its folder's name, which a clone may change.
        .package(name: "Testbed", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        // The peers called directly: libpng's simplified API and sqlite3's C API.
        .systemLibrary(
            name: "CBenchPNG", path: "Sources/CBenchPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // Case 4's decode peers: giflib, libwebp, libavif and libheif, each through its simple API
        // (linked by name: libavif's pkg-config flags carry a define SwiftPM refuses).
        .systemLibrary(
            name: "CBenchDecode", path: "Sources/CBenchDecode",
            providers: [.apt(["libgif-dev", "libwebp-dev", "libavif-dev", "libheif-dev"]), .brew(["giflib", "webp", "libavif", "libheif"])]),
        .systemLibrary(
            name: "CBenchSQLite", path: "Sources/CBenchSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .executableTarget(
            name: "bench",
            dependencies: [
                "CBenchPNG", "CBenchSQLite", "CBenchDecode",
                testbed("Networking"), testbed("ImageCodec"), testbed("ImageCache"), testbed("Storage"),
                testbed("FeedData"), testbed("MockServer"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]),
        // The harness's own arithmetic and parsing: `swift test --package-path Benchmarks`.
        .testTarget(name: "benchTests", dependencies: ["bench"]),
    ]
)
