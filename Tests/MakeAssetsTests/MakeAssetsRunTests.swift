// SPDX-License-Identifier: Zlib
import Foundation
import Testing
import TestSupport

@Suite("Running the make-assets tool")
struct MakeAssetsRunTests {
    /// The `make-assets` binary that `swift build --build-tests` puts beside the test bundle.
    static func toolPath() -> String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        // The test runner is `.build/<triple>/debug/<package>PackageTests.xctest` (a file on Linux,
        // a bundle folder elsewhere); either way the tool is in the folder that holds it.
        var folder = bundle.deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        return folder.appendingPathComponent("make-assets").path
    }

    /// Runs the tool with `--out directory` and returns its exit status and standard error.
    static func run(_ tool: String, into directory: URL) throws -> (status: Int32, errors: String) {
        let result = try ChildProcess.run(tool, ["--out", directory.path])
        return (result.status, result.errorOutput)
    }

    @Test("two runs into fresh folders write exactly the bytes that are committed under assets/")
    func sameCommandSameBytes() async throws {
        let tool = Self.toolPath()
        try #require(FileManager.default.isExecutableFile(atPath: tool),
                     "make-assets is not at \(tool): build it first with `swift build --build-tests`")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("make-assets-test-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runs = [scratch.appendingPathComponent("first"), scratch.appendingPathComponent("second")]

        // Both runs at once: each takes seconds in a debug build, and they must not share state.
        let results = try await withThrowingTaskGroup(of: (Int32, String).self) { group in
            for folder in runs {
                group.addTask { try Self.run(tool, into: folder) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (status, errors) in results {
            #expect(status == 0, "make-assets failed: \(errors)")
        }

        for relative in Assets.relativePaths {
            let committed = try Data(contentsOf: URL(fileURLWithPath: "\(Assets.root)/assets/\(relative)"))
            for folder in runs {
                let fresh = try Data(contentsOf: folder.appendingPathComponent(relative))
                #expect(fresh == committed, "\(folder.lastPathComponent) run: \(relative) differs from the committed file")
            }
        }
    }

    @Test("an unknown argument is refused with the usage line and a non-zero status")
    func refusesUnknownArguments() throws {
        let tool = Self.toolPath()
        try #require(FileManager.default.isExecutableFile(atPath: tool),
                     "make-assets is not at \(tool): build it first with `swift build --build-tests`")
        let result = try ChildProcess.run(tool, ["--loud"])
        let message = result.errorOutput
        #expect(result.status != 0)
        #expect(message.contains("unknown argument '--loud'"))
        #expect(message.contains("usage: make-assets"))
    }
}
