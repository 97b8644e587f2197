import AudioSession
import GameSound

/// The C struct `gs_config`, read and written field by field at fixed offsets.
///
/// The layout is 64 bytes: eight `int32_t` fields, the `uint64_t` seed at offset 32 (it took the
/// first two of the eight reserved slots, which programs built before it zero, and zero is the
/// default seed), `spatialization` at 40 and `distance_model` at 44 (the next two slots; 0 is the
/// default of each), `system` at 48 (the next slot; 0 is `GS_SYSTEM_AUTO`), then three reserved
/// `int32_t` slots that `gs_config_init` zeroes so later versions can give them a meaning without
/// breaking programs built against this one. The seed is
/// read unaligned: a program built against the first header lays the struct out on 4-byte
/// boundaries. `gamesound.h` asserts the same size and these offsets at compile time.
struct CConfig: Equatable {
    static let byteCount = 64

    var policy: Int32 = 2
    var output: Int32 = 0
    var sampleRate: Int32 = 48_000
    var voices: Int32 = 32
    var launchOtherAudio: Int32 = 0
    var launchSilentSwitch: Int32 = 0
    var launchScreenLocked: Int32 = 0
    var interruptionStrategy: Int32 = 0
    var seed: UInt64 = 0
    /// `GS_SPATIALIZATION_AUTO`.
    var spatialization: Int32 = 0
    /// `GS_DISTANCE_INVERSE_CLAMPED`.
    var distanceModel: Int32 = 0
    /// `GS_SYSTEM_AUTO`.
    var system: Int32 = 0

    /// Where `seed` lies.
    static let seedOffset = 32
    /// Where `spatialization` lies; `distance_model` follows it.
    static let spatializationOffset = 40
    /// Where `system` lies.
    static let systemOffset = 48

    init() {}

    init(reading memory: UnsafeRawPointer) {
        func field(_ index: Int) -> Int32 { memory.loadUnaligned(fromByteOffset: index * 4, as: Int32.self) }
        policy = field(0)
        output = field(1)
        sampleRate = field(2)
        voices = field(3)
        launchOtherAudio = field(4)
        launchSilentSwitch = field(5)
        launchScreenLocked = field(6)
        interruptionStrategy = field(7)
        seed = memory.loadUnaligned(fromByteOffset: Self.seedOffset, as: UInt64.self)
        spatialization = memory.loadUnaligned(fromByteOffset: Self.spatializationOffset, as: Int32.self)
        distanceModel = memory.loadUnaligned(fromByteOffset: Self.spatializationOffset + 4, as: Int32.self)
        system = memory.loadUnaligned(fromByteOffset: Self.systemOffset, as: Int32.self)
    }

    func write(to memory: UnsafeMutableRawPointer) {
        let fields = [policy, output, sampleRate, voices, launchOtherAudio, launchSilentSwitch,
                      launchScreenLocked, interruptionStrategy]
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
        for (index, value) in fields.enumerated() {
            memory.storeBytes(of: value, toByteOffset: index * 4, as: Int32.self)
        }
        memory.storeBytes(of: seed, toByteOffset: Self.seedOffset, as: UInt64.self)
        memory.storeBytes(of: spatialization, toByteOffset: Self.spatializationOffset, as: Int32.self)
        memory.storeBytes(of: distanceModel, toByteOffset: Self.spatializationOffset + 4, as: Int32.self)
        memory.storeBytes(of: system, toByteOffset: Self.systemOffset, as: Int32.self)
    }

    /// The runtime configuration, the launch state and the system choice these numbers ask for.
    func runtimeSettings(in function: String) throws(CFailure) -> (GameSoundConfiguration, LaunchState, SystemChoice) {
        let policies: [GameSoundConfiguration.Policy] = [
            .effectsOnly, .effectsPlusSoundtrack, .effectsPlusSoundtrackIfNoOtherAudio, .mediaPlayback, .voiceChat,
        ]
        let others: [LaunchState.OtherAudio] = [.none, .music, .mixable]
        let strategies: [GameSoundConfiguration.InterruptionStrategy] = [.suspendContext, .rebuildContext]
        guard let policy = Self.pick(policy, from: policies) else {
            throw CFailure(.invalidArgument, "\(function): policy \(self.policy) is not a GS_POLICY_ value")
        }
        guard output == 0 || output == 1 else {
            throw CFailure(.invalidArgument, "\(function): output \(output) is not GS_OUTPUT_REALTIME or GS_OUTPUT_HEADLESS")
        }
        guard let otherAudio = Self.pick(launchOtherAudio, from: others) else {
            throw CFailure(.invalidArgument, "\(function): launch_other_audio \(launchOtherAudio) is not a GS_OTHER_AUDIO_ value")
        }
        guard let strategy = Self.pick(interruptionStrategy, from: strategies) else {
            throw CFailure(.invalidArgument,
                           "\(function): interruption_strategy \(interruptionStrategy) is not a GS_INTERRUPTION_ value")
        }
        guard let spatialization = Spatialization(cValue: self.spatialization) else {
            throw CFailure(.invalidArgument, "\(function): spatialization \(self.spatialization) is not a GS_SPATIALIZATION_ value")
        }
        guard let distanceModel = DistanceModel(cValue: self.distanceModel) else {
            throw CFailure(.invalidArgument, "\(function): distance_model \(self.distanceModel) is not a GS_DISTANCE_ value")
        }
        guard let systemChoice = SystemChoice(rawValue: system) else {
            throw CFailure(.invalidArgument, "\(function): system \(system) is not a GS_SYSTEM_ value")
        }
        var configuration = GameSoundConfiguration(
            policy: policy, output: output == 0 ? .realtime() : .headless, sampleRate: Int(sampleRate),
            voices: Int(voices), interruptionStrategy: strategy, seed: seed)
        configuration.spatialization = spatialization
        configuration.distanceModel = distanceModel
        // gs_config has no field for virtual voices yet: a C game keeps the full pool's stealing
        // and dropping by priority that the C API documents, until the field says otherwise.
        configuration.virtualVoices = 0
        let launch = LaunchState(otherAudio: otherAudio, silentSwitch: launchSilentSwitch != 0,
                                 screenLocked: launchScreenLocked != 0)
        return (configuration, launch, systemChoice)
    }

    private static func pick<Value>(_ index: Int32, from values: [Value]) -> Value? {
        values.indices.contains(Int(index)) ? values[Int(index)] : nil
    }
}
