// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "MyGame",
    dependencies: [
        .package(path: "../GameSound"),
    ],
    targets: [
        .executableTarget(
            name: "MyGame",
            dependencies: [
                .product(name: "GameSound", package: "GameSound"),
            ]
        ),
    ]
)
