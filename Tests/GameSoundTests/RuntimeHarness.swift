// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import AudioSession
import DesktopSignals
import Foundation
import GameSound
import Logging
import OpenAL
import Synchronization

/// Sounds made by the tests: an 880 Hz mono beep (effect) and a looping 220 Hz stereo soundtrack.
enum TestAssets {
    static let beepFrequency = 880.0
    static let trackFrequency = 220.0

    static let directory: String = {
        let path = NSTemporaryDirectory() + "gamesound-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static let beep: PCMBuffer<Float> = PCMBuffer(
        format: PCMFormat(sampleRate: 48_000, channelCount: 1),
        samples: Signal.sine(frequency: beepFrequency, amplitude: 0.5, frameCount: 14_400, sampleRate: 48_000))

    /// A 4 s Vorbis soundtrack, written once per test process.
    static let soundtrackPath: String = {
        let tone = Signal.sine(frequency: trackFrequency, amplitude: 0.4, frameCount: 192_000, sampleRate: 48_000)
        let stereo = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 2), samples: tone.flatMap { [$0, $0] })
        let path = directory + "/track.ogg"
        let bytes = (try? VorbisEncoder.encode(stereo)) ?? []
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }()
}

/// A headless runtime plus everything it rendered and logged, for assertions on the real output.
final class Harness {
    let runtime: GameSoundRuntime
    /// The simulated system; with `overlaid`, it plays a real desktop under the runtime's overlay.
    let system: SimulatedSystem
    private let recorder = EventRecorder()
    private var token: EventObservation?
    private(set) var samples: [Float] = []

    init(policy: GameSoundConfiguration.Policy = .effectsPlusSoundtrackIfNoOtherAudio,
         launch: LaunchState = .init(), soundtrack: Bool = true, voices: Int = 32,
         strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext,
         routePolicy: GameSoundConfiguration.RoutePolicy? = nil, overlaid: Bool = false, desktop: Bool = false,
         virtualVoices: Int = 0, backgroundPolicy: BackgroundPolicy = .whenHidden,
         testbedSwitches: String? = nil, logger: Logger = Logger(label: "gamesound")) throws {
        OpenALProcess.setDrivers("null")
        system = SimulatedSystem(launch: launch)
        let recorder = self.recorder
        // Record from the very first event: the observer is added by a configuration hook below.
        var configuration = GameSoundConfiguration(policy: policy, output: .headless, voices: voices, interruptionStrategy: strategy,
                                                   routePolicy: routePolicy)
        configuration.virtualVoices = virtualVoices
        configuration.testbedSwitchesPath = testbedSwitches
        configuration.backgroundPolicy = backgroundPolicy
        // `desktop`: the desktop's own layer (the window as the app's lifecycle, the lock, sleep) with
        // its bus watchers off, over the simulated system playing the sound server, as a C game gets it.
        let real: any SystemAudio = desktop
            ? DesktopSignalsSystem(wrapping: system, logger: logger, watchPlayers: false, watchLogind: false) : system
        runtime = try GameSoundRuntime(
            configuration: configuration,
            system: overlaid || desktop ? SimulatedSwitchesOverlay(wrapping: real) : system,
            soundtrack: soundtrack ? TestAssets.soundtrackPath : nil,
            eventObserver: { recorder.append($0) }, logger: logger)
        try runtime.preload("beep", sound: TestAssets.beep)
    }

    var events: [GameSoundEvent] { recorder.events }
    var eventNames: [String] { events.map(\.name) }
    var frame: Int { samples.count / 2 }

    @discardableResult
    func render(seconds: Double) throws -> Range<Int> {
        try render(frames: Int(seconds * 48_000))
    }

    @discardableResult
    func render(frames: Int) throws -> Range<Int> {
        let start = frame
        samples += try runtime.render(frames: frames)
        return start..<frame
    }

    func perform(_ name: String, _ parameters: [String: SystemActionParameter] = [:]) throws {
        try runtime.perform(SystemAction(name: name, parameters: parameters))
    }

    func left(_ frames: Range<Int>) -> [Float] {
        frames.map { samples[$0 * 2] }
    }

    func rms(_ frames: Range<Int>) -> Float { Signal.rms(left(frames)) }

    func isSilent(_ frames: Range<Int>) -> Bool { Signal.isExactlySilent(frames.flatMap { [samples[$0 * 2], samples[$0 * 2 + 1]] }) }

    /// Power of the soundtrack's and the beep's frequencies in `frames`.
    func trackPower(_ frames: Range<Int>) -> Double {
        Signal.power(at: TestAssets.trackFrequency, in: left(frames), sampleRate: 48_000)
    }

    func beepPower(_ frames: Range<Int>) -> Double {
        Signal.power(at: TestAssets.beepFrequency, in: left(frames), sampleRate: 48_000)
    }

    func firstEvent(_ name: String, after frame: Int = 0) -> GameSoundEvent? {
        events.first { $0.name == name && $0.frame >= frame }
    }

    func firstAudibleFrame(from frame: Int) -> Int? {
        (frame..<self.frame).first { samples[$0 * 2] != 0 || samples[$0 * 2 + 1] != 0 }
    }

    /// Whether `names` appear in the log in this order (other events may come between).
    func logContainsInOrder(_ names: [String]) -> Bool {
        var remaining = names[...]
        for event in events where event.name == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }
}

final class EventRecorder: Sendable {
    private let storage = Mutex<[GameSoundEvent]>([])
    func append(_ event: GameSoundEvent) { storage.withLock { $0.append(event) } }
    var events: [GameSoundEvent] { storage.withLock { $0 } }
}
