// swift-tools-version: 6.0
// ThirdPartyConformance: Testbed's HTTPClient contract suite against AsyncHTTPClient, through an
// adapter, for the conformance matrix. A package of its own (like Benchmarks) so that `make test`
// never builds swift-nio; `make conformance` builds it, runs it, and the matrix reads its results.
import PackageDescription

/// The settings Testbed's own targets use.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ThirdPartyConformance",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` keeps the identity "Testbed" whatever the clone's folder is called.
        .package(name: "Testbed", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
    ],
    targets: [
        // AsyncHTTPClient as a `Networking.HTTPClient`: deadlines, the body limit and its errors mapped
        // to `NetworkError`, the way an adopter of the suite would write it.
        .target(
            name: "AsyncHTTPClientAdapter",
            dependencies: [
                .product(name: "Networking", package: "Testbed"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict),
        // Runs the suite against the adapter and writes one JSON file of results for the matrix.
        .executableTarget(
            name: "third-party-conformance",
            dependencies: [
                "AsyncHTTPClientAdapter",
                .product(name: "ContractsHTTPClient", package: "Testbed"),
                .product(name: "Networking", package: "Testbed"),
            ],
            swiftSettings: strict),
    ]
)
