// SPDX-License-Identifier: Zlib
// The main of the coverage build (fuzz/build.sh OUT --coverage): runs the harness linked with it
// (-D FUZZ_wav, FUZZ_vorbis or FUZZ_scenario) once over every file of the folders and files it is
// given, as libFuzzer would, so that llvm-cov reports what the corpus reaches (fuzz/coverage.sh).
import Foundation

@main
enum CoverageMain {
    static func main() {
        #if FUZZ_wav
        let harness = fuzzWAV
        #elseif FUZZ_vorbis
        let harness = fuzzVorbis
        #else
        let harness = fuzzScenario
        #endif
        var inputs: [String] = []
        for argument in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                inputs += names.sorted().map { argument + "/" + $0 }
            } else {
                inputs.append(argument)
            }
        }
        for path in inputs {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            // libFuzzer never passes a null pointer, even for an empty input.
            var bytes = [UInt8](data)
            let count = bytes.count
            if bytes.isEmpty { bytes.append(0) }
            _ = bytes.withUnsafeBufferPointer { harness($0.baseAddress!, count) }
        }
        print("ran \(inputs.count) inputs")
    }
}
