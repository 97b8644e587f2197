// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import GameSound
import Logging

/// Renders scenarios headlessly and frame-exactly through a real `GameSoundRuntime`.
///
/// For each scenario the runner checks it against the assets (and that each stream's file
/// decodes), builds a fresh
/// `SimulatedSystem` in the scenario's launch state and a runtime with headless
/// output and the scenario's seed, sets up its buses and ducking rules, loads the effects it fires
/// (and the variants of its sounds) and defines its sounds, then renders up to each event's frame,
/// applies the event, and renders on to the end. Nothing waits on the wall clock, and the same scenario gives the
/// same samples and events on every run.
///
/// ```swift
/// let render = try ScenarioRunner().render(scenario, assets: .folder("assets"))
/// try render.write(wav: "out.wav", events: "out.jsonl", timeline: "out.svg")
/// ```
public struct ScenarioRunner: Sendable {
    /// Called as the render goes, with the fraction rendered so far (0...1), about once per second
    /// of audio: for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?
    /// Where each scenario's runtime reports trouble (a file that does not decode, say).
    public var logger: Logger

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - progress: Called with the fraction rendered so far, about once per second of audio.
    ///   - logger: Given to each scenario's runtime; by default swift-log's, labelled `gamesound`.
    public init(progress: (@Sendable (Double) -> Void)? = nil, logger: Logger = Logger(label: "gamesound")) {
        self.progress = progress
        self.logger = logger
    }

    /// Renders `scenario` from start to end.
    ///
    /// A system action the simulated system refuses at that moment (declining a call that is not
    /// ringing) does not stop the run: it is logged as an `actionRefused` event from the `system`
    /// source with the `action` and the `reason`. Likewise a game call the runtime refuses (firing
    /// or unloading an effect that is not loaded, preloading a file that does not decode) is logged as a
    /// `callRefused` event from the `game` source with the `call` (the runtime method's name), the
    /// `error`, and the `sound` when the call names one, and the run goes on: the render stays a
    /// faithful timeline of what a game doing the same calls would hear. An effect dropped by the
    /// runtime (during an interruption, or with every voice busy) is logged by the runtime as `effectDropped`.
    ///
    /// - Parameters:
    ///   - scenario: The scenario; it is validated here, so one built in code is checked too.
    ///   - assets: Where its effects and soundtracks are.
    /// - Returns: The audio and the event log.
    /// - Throws: ``ScenarioRunError/invalidScenario(_:)`` (before any runtime exists) for a malformed
    ///   scenario or a sound, soundtrack or stream the assets lack;
    ///   ``ScenarioRunError/stream(eventIndex:path:error:)`` (before any runtime exists) for a
    ///   stream's file that does not decode; ``ScenarioRunError/asset(name:path:error:)`` for an
    ///   effect file that does not decode; ``ScenarioRunError/runtime(_:)`` when the runtime cannot
    ///   start or render; ``ScenarioRunError/eventFailed(eventIndex:error:)`` when a game call fails
    ///   in a way no game could go on from (OpenAL itself failed, or the runtime stopped).
    public func render(_ scenario: Scenario, assets: ScenarioAssets) throws(ScenarioRunError) -> ScenarioRender {
        var collector = ScenarioRenderCollector(scenario: scenario)
        do {
            try render(scenario, assets: assets, into: &collector)
        } catch {
            // The collector never throws: only the run can have failed.
            guard case .run(let failure) = error else { preconditionFailure("the collector threw: \(error)") }
            throw failure
        }
        return collector.render
    }

    /// Renders `scenario` from start to end, handing the mix to `sink` one block (at most one second)
    /// at a time and the events as they are logged: the samples and events of
    /// ``render(_:assets:)``, with nothing kept here, so that a render of any length needs no more
    /// memory than a short one. ``progress`` is called as for ``render(_:assets:)``.
    ///
    /// - Parameters:
    ///   - scenario: The scenario; it is validated here, so one built in code is checked too.
    ///   - assets: Where its effects, soundtracks and streams are.
    ///   - sink: What takes the render, for example a ``ScenarioFileWriter``.
    /// - Throws: ``ScenarioStreamError/run(_:)`` with the errors of ``render(_:assets:)``;
    ///   ``ScenarioStreamError/output(_:)`` or ``ScenarioStreamError/sink(_:)`` when the sink throws,
    ///   which stops the render there.
    public func render(_ scenario: Scenario, assets: ScenarioAssets,
                       into sink: inout some ScenarioRenderSink) throws(ScenarioStreamError) {
        let plan: ScenarioPlan
        do {
            plan = try ScenarioPlan(scenario: scenario, assets: assets)
        } catch {
            throw .run(.invalidScenario(error))
        }
        do { try checkStreams(plan) } catch { throw .run(error) }
        try run(plan, into: &sink)
    }

    /// Opens each stream's file once, so that one that does not decode fails the render before it
    /// starts, as an effect that does not load does (the runtime itself would only log it).
    private func checkStreams(_ plan: ScenarioPlan) throws(ScenarioRunError) {
        var checked: Set<String> = []
        for index in plan.streamPaths.keys.sorted() {
            guard let path = plan.streamPaths[index], checked.insert(path).inserted else { continue }
            do {
                _ = try AudioStreamDecoder.open(path: path)
            } catch {
                throw .stream(eventIndex: index, path: path, error: .decoding(error))
            }
        }
    }

    private func run(_ plan: ScenarioPlan, into sink: inout some ScenarioRenderSink) throws(ScenarioStreamError) {
        let scenario = plan.scenario
        let recorder = EventRecorder()
        let runtime: GameSoundRuntime
        do {
            // The observer is given at creation, so the log starts with the launch itself
            // (categorySet, sessionActivated, soundtrackStarted).
            runtime = try GameSoundRuntime(configuration: plan.configuration,
                                           system: SimulatedSystem(launch: scenario.launch), soundtrack: plan.soundtrackPath,
                                           eventObserver: { recorder.record($0) }, logger: logger)
        } catch {
            throw .run(.runtime(error))
        }
        defer { runtime.shutdown() }
        do throws(ScenarioRunError) {
            try setUpMixing(plan, on: runtime)
            for (name, path) in plan.effects {
                do { try runtime.preload(name, path: path) } catch { throw .asset(name: name, path: path, error: error) }
            }
            try defineSounds(plan, on: runtime)
        } catch {
            throw .run(error)
        }

        func handOnEvents() throws(ScenarioStreamError) {
            let fresh = recorder.drain()
            guard !fresh.isEmpty else { return }
            try Self.deliver { () throws in try sink.receive(events: fresh) }
        }
        let chunk = scenario.sampleRate  // one second: the render is the same however it is cut
        var block = [Float](repeating: 0, count: chunk * 2)
        var rendered = 0
        func renderUntil(_ frame: Int) throws(ScenarioStreamError) {
            while rendered < frame {
                let count = min(frame - rendered, chunk)
                try block.withUnsafeMutableBufferPointer { (buffer) throws(ScenarioStreamError) in
                    let part = UnsafeMutableBufferPointer(rebasing: buffer[0..<(count * 2)])
                    do throws(GameSoundError) { try runtime.render(into: part) } catch { throw .run(.runtime(error)) }
                    try Self.deliver { () throws in try sink.receive(frames: UnsafeBufferPointer(part)) }
                }
                rendered += count
                try handOnEvents()
                progress?(Double(rendered) / Double(max(1, scenario.frameCount)))
            }
        }
        var game = GameCalls(plan: plan, runtime: runtime, recorder: recorder)
        for (index, event) in scenario.events.enumerated() {
            try renderUntil(scenario.frame(of: event.at))
            do { try game.apply(event, index: index) } catch { throw .run(error) }
            try handOnEvents()
        }
        try renderUntil(scenario.frameCount)
        try handOnEvents()
    }

    /// Calls the sink, sorting what it throws.
    private static func deliver(_ body: () throws -> Void) throws(ScenarioStreamError) {
        do {
            try body()
        } catch let error as ScenarioOutputError {
            throw .output(error)
        } catch {
            throw .sink(error)
        }
    }

    /// Makes and changes the scenario's buses, parents first, then adds its ducking rules. The plan
    /// checked them all, so a refusal here is the runtime failing.
    private func setUpMixing(_ plan: ScenarioPlan, on runtime: GameSoundRuntime) throws(ScenarioRunError) {
        let scenario = plan.scenario
        do {
            for name in scenario.busCreationOrder {
                guard let bus = scenario.buses[name] else { continue }
                try runtime.configureBus(name, parent: bus.parent, volume: bus.volume, limit: bus.limit.map { .some($0) },
                                         reserve: bus.reserve)
            }
            for rule in scenario.ducking { try runtime.addDuckingRule(rule) }
        } catch {
            throw .runtime(error)
        }
    }

    /// Defines the scenario's sounds once their variants are loaded.
    private func defineSounds(_ plan: ScenarioPlan, on runtime: GameSoundRuntime) throws(ScenarioRunError) {
        let sounds = plan.scenario.sounds
        do {
            for name in sounds.keys.sorted() {
                if let definition = sounds[name] { try runtime.defineSound(name, definition) }
            }
        } catch {
            throw .runtime(error)
        }
    }
}
