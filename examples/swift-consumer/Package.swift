// swift-tools-version: 6.2
// SPDX-License-Identifier: Zlib
// A game's own SwiftPM package that depends on GameSound by path, as a game beside a GameSound
// checkout would: `swift build` here, then run the product with an effect file.
import PackageDescription

let package = Package(
    name: "swift-consumer",
    dependencies: [
        .package(name: "GameSound", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "swift-consumer",
            dependencies: [.product(name: "GameSound", package: "GameSound")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
