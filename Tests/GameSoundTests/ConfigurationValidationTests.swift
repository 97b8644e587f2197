// SPDX-License-Identifier: Zlib
import GameSound
import Testing

/// A configuration the runtime cannot honour is refused at creation with a message naming the
/// setting, before anything opens: never a trap later, when the setting is first used.
@Suite("Configuration checks at creation")
struct ConfigurationValidationTests {
    @Test("a hint fade that is not a number, negative or over a minute is refused", arguments: [Double.nan, -0.1, .infinity, 61])
    func hintFade(seconds: Double) {
        var configuration = GameSoundConfiguration(output: .headless)
        configuration.hintFadeDuration = seconds
        #expect {
            _ = try GameSoundRuntime(configuration: configuration)
        } throws: { error in
            guard case GameSoundError.invalidArgument(let message) = error else { return false }
            return message.contains("hintFadeDuration")
        }
    }

    @Test("the bounds themselves are accepted: no fade, and a minute")
    func hintFadeBounds() throws {
        for seconds in [0.0, 60] {
            var configuration = GameSoundConfiguration(output: .headless)
            configuration.hintFadeDuration = seconds
            let runtime = try GameSoundRuntime(configuration: configuration)
            runtime.shutdown()
        }
    }
}
