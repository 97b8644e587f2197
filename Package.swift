// swift-tools-version: 6.2
// SPDX-License-Identifier: Zlib
import PackageDescription

let package = Package(
    name: "GameSound",
    products: [
        .library(name: "GameSound", targets: ["GameSound"]),
        .library(name: "GameSoundTesting", targets: ["GameSoundTesting"]),
        .library(name: "AudioSession", targets: ["AudioSession"]),
        .library(name: "AudioFiles", targets: ["AudioFiles"]),
        .library(name: "AudioEncoding", targets: ["AudioEncoding"]),
        .library(name: "OpenAL", targets: ["OpenAL"]),
        .library(name: "AudioAnalysis", targets: ["AudioAnalysis"]),
        .library(name: "PulseSystem", targets: ["PulseSystem"]),
        .library(name: "DesktopSignals", targets: ["DesktopSignals"]),
        .executable(name: "shooter-soundboard", targets: ["ShooterSoundboard"]),
        .library(name: "gamesound", type: .dynamic, targets: ["GameSoundC"]),
        .executable(name: "make-assets", targets: ["make-assets"]),
        .executable(name: "gamesound-bench", targets: ["gamesound-bench"]),
        .executable(name: "gamesound-storms", targets: ["gamesound-storms"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `make docs`: the DocC catalogs of GameSound, AudioSession and GameSoundTesting.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "COpenAL",
            pkgConfig: "openal",
            providers: [.apt(["libopenal-dev"])]
        ),
        .systemLibrary(
            name: "CVorbis",
            pkgConfig: "vorbisfile",
            providers: [.apt(["libvorbis-dev"])]
        ),
        .systemLibrary(
            name: "COpusFile",
            pkgConfig: "opusfile",
            providers: [.apt(["libopusfile-dev"])]
        ),
        .systemLibrary(
            name: "CFLAC",
            pkgConfig: "flac",
            providers: [.apt(["libflac-dev"])]
        ),
        .systemLibrary(
            name: "CVorbisEnc",
            pkgConfig: "vorbisenc",
            providers: [.apt(["libvorbis-dev"])]
        ),
        // libpulse and libsystemd's sd-bus: their headers for the types, and a loader that opens each
        // library with dlopen on first use (the first desktop probe, the first bus), so that a game
        // that never reaches the desktop never maps them (issue 29). Neither links its library.
        .target(name: "CPulse"),
        .target(name: "CSDBus"),
        // gamesound.h itself (no library to link): GameSoundC reads the C structs with the C layout.
        .systemLibrary(name: "CGameSoundABI"),
        .target(name: "AudioAnalysis"),
        // glibc's mallinfo2, for the endurance tests' heap series (Swift's Glibc module lacks <malloc.h>).
        .target(name: "CMallocStats"),
        // What several test targets share: running other programs as child processes.
        .target(name: "TestSupport"),
        .target(name: "AudioFiles", dependencies: ["CVorbis", "COpusFile", "CFLAC"]),
        .target(name: "AudioEncoding", dependencies: ["AudioFiles", "CVorbisEnc"]),
        .target(name: "OpenAL", dependencies: ["COpenAL", "CPulse"]),
        .target(name: "AudioSession"),
        // MemberImportVisibility: a file reaches OpenAL's types and their members only by importing
        // OpenAL, which only the mirror's folder (Sources/GameSound/Mirror) does (issue 27).
        .target(name: "GameSound", dependencies: ["AudioFiles", "OpenAL", "AudioSession", "AudioAnalysis", "DesktopSignals",
                                                  .product(name: "Logging", package: "swift-log")],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .target(name: "PulseSystem", dependencies: ["CPulse", "AudioSession", .product(name: "Logging", package: "swift-log")]),
        .target(name: "DesktopSignals", dependencies: ["CSDBus", "AudioSession", .product(name: "Logging", package: "swift-log")]),
        .target(name: "GameSoundTesting", dependencies: ["GameSound", "AudioAnalysis", "AudioFiles", "AudioSession", "OpenAL",
                                                         .product(name: "Logging", package: "swift-log")]),
        .target(name: "GameSoundC", dependencies: ["CGameSoundABI", "GameSound", "GameSoundTesting", "AudioSession", "OpenAL", "PulseSystem",
                                                   "DesktopSignals", .product(name: "Logging", package: "swift-log")]),
        .executableTarget(
            name: "ShooterSoundboard",
            dependencies: ["GameSound", "GameSoundTesting", "PulseSystem", "DesktopSignals", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            path: "demo/Sources",
            resources: [.copy("scenarios")]
        ),
        .executableTarget(
            name: "gamesound-bench",
            dependencies: ["GameSound", "AudioFiles", "AudioEncoding", "AudioSession", "OpenAL", "COpenAL",
                           .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // Random storms (docs/reliability.md): the machinery the tests and `gamesound-storms` share.
        .target(name: "GameSoundStorms", dependencies: ["GameSound", "GameSoundTesting", "AudioAnalysis", "AudioEncoding", "AudioFiles",
                                                        "AudioSession", "OpenAL"]),
        .executableTarget(name: "gamesound-storms", dependencies: ["GameSoundStorms", "GameSound", "GameSoundTesting",
                                                                   .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                                   .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ShooterSoundboardTests", dependencies: ["ShooterSoundboard", "TestSupport"]),
        .executableTarget(name: "make-assets", dependencies: ["AudioFiles", "AudioEncoding", "AudioAnalysis"]),
        .testTarget(name: "AudioFilesTests", dependencies: ["AudioFiles", "AudioEncoding", "AudioAnalysis", "CVorbis", "COpusFile", "TestSupport"]),
        .testTarget(name: "OpenALTests", dependencies: ["OpenAL", "AudioAnalysis"]),
        .testTarget(name: "AudioSessionTests", dependencies: ["AudioSession", "AudioAnalysis"]),
        .testTarget(name: "PulseSystemTests", dependencies: ["PulseSystem", "GameSound", "AudioSession", "AudioAnalysis", "AudioFiles", "AudioEncoding", "OpenAL", "CMallocStats", "TestSupport",
                                                          .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "GameSoundTests", dependencies: ["GameSound", "AudioAnalysis", "AudioFiles", "AudioEncoding", "AudioSession", "DesktopSignals", "OpenAL", "TestSupport",
                                                           .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "GameSoundTestingTests", dependencies: ["GameSoundTesting", "GameSound", "AudioAnalysis", "AudioFiles", "AudioEncoding",
                                                                  "AudioSession", "OpenAL"]),
        .testTarget(name: "MakeAssetsTests", dependencies: ["AudioFiles", "AudioAnalysis", "TestSupport"]),
        .testTarget(name: "GameSoundStormsTests", dependencies: ["GameSoundStorms", "GameSound", "GameSoundTesting", "OpenAL"]),
        // The whole stack's reliability: concurrency, endurance, what the storms and the fuzzers found.
        .testTarget(name: "ReliabilityTests", dependencies: ["GameSoundStorms", "CMallocStats", "GameSound", "GameSoundTesting", "AudioAnalysis", "AudioFiles", "AudioEncoding", "AudioSession", "OpenAL"]),
    ]
)

// Every target of ours: Swift 6 language mode, complete strict concurrency checking, and
// warnings treated as errors (only our targets: dependencies keep their own settings).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .treatAllWarnings(as: .error),
        .enableUpcomingFeature("StrictConcurrency"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}

// `make sanitize-ci` runs two suites under ThreadSanitizer, and building every target and test
// with it took 4 of `make check`'s minutes. GAMESOUND_ONLY_TESTS (test targets, comma-separated)
// keeps those test targets and what they depend on; the other tests, the executables and the C
// library are left out of that build. Unset, the package is whole.
if let only = Context.environment["GAMESOUND_ONLY_TESTS"] {
    let kept = Set(only.split(separator: ",").map(String.init))
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var pending = Array(kept)
    while let name = pending.popLast() {
        guard let target = byName[name], needed.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return !targets.allSatisfy(needed.contains)
    }
}
