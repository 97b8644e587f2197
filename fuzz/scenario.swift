// SPDX-License-Identifier: Zlib
// libFuzzer harness: the scenario parser over arbitrary bytes. It must answer with a scenario that
// passes its own validation or a ScenarioError, never crash or hang.
import GameSoundTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let scenario = try? Scenario.parse(json: bytes, sounds: ["laser", "step", "boom"]) {
        precondition((try? scenario.validate(sounds: ["laser", "step", "boom"])) != nil, "a parsed scenario fails validation")
    }
    return 0
}
