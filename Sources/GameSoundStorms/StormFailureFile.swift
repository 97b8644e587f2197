// SPDX-License-Identifier: Zlib
import Foundation
import GameSound

/// A failing storm saved for later: the seed and configuration that draw it again, the steps its
/// shrinking kept, what broke, and the shrunk storm as a scenario file (the `scenario` member), so
/// that `gamesound-storms --replay` runs it again and `shooter-soundboard render` can play it.
public struct StormFailureFile: Codable, Sendable, Hashable {
    /// What broke, in a form that reads back.
    public struct Broken: Codable, Sendable, Hashable {
        /// ``StormFailure/Kind``'s raw value.
        public var kind: String
        /// The step after which it was seen.
        public var step: Int
        /// What was seen.
        public var message: String

        /// The record of `failure`.
        public init(_ failure: StormFailure) {
            kind = failure.kind.rawValue
            step = failure.step
            message = failure.message
        }
    }

    /// The seed ``StormSequence/random(seed:length:environments:)`` draws the whole storm from.
    public var seed: UInt64
    /// Whether the storm was drawn with `environment` calls.
    public var environments: Bool
    /// Whether the storm ran twice to compare quiet updates with whole ones (``StormRunner/comparesWholeUpdates``);
    /// absent (false) in files written before that check existed.
    public var comparesWholeUpdates: Bool?
    /// What the storm ran a second time for (``StormComparison``); absent in files written before the
    /// rebuild comparison existed, where ``comparesWholeUpdates`` says.
    public var comparison: StormComparison?

    /// What the storm ran a second time for, from whichever field the file has.
    public var effectiveComparison: StormComparison {
        comparison ?? (comparesWholeUpdates == true ? .wholeUpdates : .none)
    }
    /// The storm's policy, interruption strategy and voices, for a reader.
    public var policy: String
    /// The interruption strategy's raw value.
    public var interruptionStrategy: String
    /// The size of the voice pool.
    public var voices: Int
    /// How many steps the whole storm has.
    public var stepCount: Int
    /// The indices of the steps shrinking kept (``StormSequence/keeping(steps:)``).
    public var keptSteps: [Int]
    /// The kept steps in words: a replay compares them with what the seed draws now.
    public var steps: [String]
    /// What the whole storm broke.
    public var failure: Broken
    /// What the shrunk storm broke.
    public var shrunkFailure: Broken
    /// The assets folder the scenario renders against.
    public var assets: String

    /// The record of a failing storm and its shrunk form.
    public init(storm: StormSequence, environments: Bool, comparison: StormComparison = .none, failure: StormFailure,
                shrunk: StormSequence, shrunkFailure: StormFailure, keptSteps: [Int]) {
        seed = storm.seed
        self.environments = environments
        comparesWholeUpdates = comparison == .wholeUpdates
        self.comparison = comparison
        policy = storm.policy.rawValue
        interruptionStrategy = storm.strategy.rawValue
        voices = storm.voices
        stepCount = storm.steps.count
        self.keptSteps = keptSteps
        steps = shrunk.steps.map { "\($0.action), then \($0.framesAfter) frames" }
        self.failure = Broken(failure)
        self.shrunkFailure = Broken(shrunkFailure)
        assets = StormAssets.root
    }

    /// The file's text: these fields, then `scenario` with the scenario JSON as the storm prints it.
    ///
    /// - Parameter scenario: ``StormSequence/scenarioJSON(trace:)`` of the shrunk storm.
    public func json(scenario: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let fields = String(decoding: try encoder.encode(self), as: UTF8.self)
        guard let close = fields.lastIndex(of: "}") else { return fields }
        let indented = scenario.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        return fields[..<close].trimmingCharacters(in: .whitespacesAndNewlines) + ",\n  \"scenario\" : " + indented + "\n}\n"
    }

    /// Reads a file ``json(scenario:)`` wrote.
    ///
    /// - Returns: The fields, and the text of the `scenario` member for `Scenario.parse(json:)`.
    /// - Throws: What Foundation's JSON reading throws, or `CocoaError(.fileReadCorruptFile)` when
    ///   there is no `scenario` object.
    public static func read(path: String) throws -> (file: StormFailureFile, scenario: String) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try JSONDecoder().decode(StormFailureFile.self, from: data)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenario = object["scenario"], JSONSerialization.isValidJSONObject(scenario) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let text = try JSONSerialization.data(withJSONObject: scenario, options: [.prettyPrinted, .sortedKeys])
        return (file, String(decoding: text, as: UTF8.self))
    }
}
