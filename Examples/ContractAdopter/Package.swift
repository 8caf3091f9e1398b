// swift-tools-version: 6.0
// ContractAdopter: an outside package that checks its own caches against Testbed's contract
// suites, the way docs/CONTRACTS.md describes. Testbed is a path dependency here (../..);
// an adopter elsewhere uses `.package(url: "https://github.com/…/Testbed", branch: "main")`.
import PackageDescription

/// The settings Testbed's own targets use.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ContractAdopter",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` matters: a path dependency's identity is its folder's name, lowercased
        // (`wt-adopter`, `ci-clone`…), and without `name:` a `.product(…, package: "Testbed")`
        // is an "unknown package". With it, "Testbed" works whatever the clone is called.
        .package(name: "Testbed", path: "../.."),
    ],
    targets: [
        .target(
            name: "SimpleCaches",
            dependencies: [
                .product(name: "ImageCache", package: "Testbed"),
                .product(name: "ImageCodec", package: "Testbed"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "SimpleCachesTests",
            dependencies: [
                "SimpleCaches",
                // One product per suite: only the suites this package adopts, so its build never
                // compiles the modules the other suites check (GRDB, the screens…).
                .product(name: "ContractsImageCaching", package: "Testbed"),
                .product(name: "ContractsDiskCaching", package: "Testbed"),
                .product(name: "ContractsTesting", package: "Testbed"),
                .product(name: "ImageCache", package: "Testbed"),
            ],
            swiftSettings: strict),
    ]
)
