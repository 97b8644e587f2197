// SPDX-License-Identifier: Zlib
import AudioSession
import CGameSoundABI
import GameSound

/// `gs_config`, with the defaults of ``GameSoundConfiguration`` and the checks C needs.
extension gs_config: ExtensibleCStruct {
    static let cName = "gs_config"

    static let knownSize = MemoryLayout<gs_config>.offset(of: \gs_config.io_buffer_duration)! + MemoryLayout<Double>.size
    /// ABI 1.0's `gs_config` ended with `device_name`; `app_name`, `app_icon_name` and (1.1)
    /// `background_policy`, `realtime_priority` and `io_buffer_duration` came after.
    static let firstSize = MemoryLayout<gs_config>.offset(of: \gs_config.device_name)! + MemoryLayout<UnsafePointer<CChar>?>.size

    /// The defaults of a Swift ``GameSoundConfiguration``, so that C and Swift games start alike.
    static var defaults: gs_config {
        let swift = GameSoundConfiguration()
        var config = gs_config()
        config.struct_size = UInt32(MemoryLayout<gs_config>.size)
        config.policy = GS_POLICY_EFFECTS_PLUS_SOUNDTRACK_IF_NO_OTHER_AUDIO
        config.output = GS_OUTPUT_REALTIME
        config.sample_rate = Int32(swift.sampleRate)
        config.voices = Int32(swift.voices)
        config.virtual_voices = Int32(swift.virtualVoices)
        config.update_frames = Int32(swift.updateFrames)
        config.launch_other_audio = GS_OTHER_AUDIO_NONE
        config.interruption_strategy = GS_INTERRUPTION_SUSPEND_CONTEXT
        config.route_policy = GS_ROUTE_POLICY_DEFAULT
        config.spatialization = GS_SPATIALIZATION_AUTO
        config.distance_model = GS_DISTANCE_INVERSE_CLAMPED
        config.system = GS_SYSTEM_AUTO
        config.seed = swift.seed
        config.hint_fade_seconds = swift.hintFadeDuration
        config.device_name = nil
        config.app_name = nil
        config.app_icon_name = nil
        config.background_policy = GS_BACKGROUND_WHEN_HIDDEN
        config.realtime_priority = GS_REALTIME_PRIORITY_ASK
        config.io_buffer_duration = 0
        return config
    }

    /// The runtime configuration, the launch state and the system choice these numbers ask for.
    /// The enumerations are checked here; the runtime checks the ranges.
    func runtimeSettings(in function: String) throws(CFailure) -> (GameSoundConfiguration, LaunchState, SystemChoice) {
        let policies: [GameSoundConfiguration.Policy] = [
            .effectsOnly, .effectsPlusSoundtrack, .effectsPlusSoundtrackIfNoOtherAudio, .mediaPlayback, .voiceChat,
        ]
        let others: [LaunchState.OtherAudio] = [.none, .music, .mixable]
        let strategies: [GameSoundConfiguration.InterruptionStrategy] = [.suspendContext, .rebuildContext]
        let routes: [GameSoundConfiguration.RoutePolicy?] = [nil, .playOn, .pauseSoundtrackOnDeviceLoss]
        guard let policy = Self.pick(policy, from: policies) else {
            throw CFailure(.invalidArgument, "\(function): policy \(self.policy) is not a GS_POLICY_ value")
        }
        guard output == GS_OUTPUT_REALTIME || output == GS_OUTPUT_HEADLESS else {
            throw CFailure(.invalidArgument, "\(function): output \(output) is not GS_OUTPUT_REALTIME or GS_OUTPUT_HEADLESS")
        }
        guard let otherAudio = Self.pick(launch_other_audio, from: others) else {
            throw CFailure(.invalidArgument, "\(function): launch_other_audio \(launch_other_audio) is not a GS_OTHER_AUDIO_ value")
        }
        guard let strategy = Self.pick(interruption_strategy, from: strategies) else {
            throw CFailure(.invalidArgument,
                           "\(function): interruption_strategy \(interruption_strategy) is not a GS_INTERRUPTION_ value")
        }
        guard let routePolicy = Self.pick(route_policy, from: routes) else {
            throw CFailure(.invalidArgument, "\(function): route_policy \(route_policy) is not a GS_ROUTE_ value")
        }
        guard let spatialization = Spatialization(cValue: self.spatialization) else {
            throw CFailure(.invalidArgument, "\(function): spatialization \(self.spatialization) is not a GS_SPATIALIZATION_ value")
        }
        guard let distanceModel = DistanceModel(cValue: distance_model) else {
            throw CFailure(.invalidArgument, "\(function): distance_model \(distance_model) is not a GS_DISTANCE_ value")
        }
        guard let backgroundPolicy = Self.pick(background_policy, from: [BackgroundPolicy.whenHidden, .whenUnfocused, .never]) else {
            throw CFailure(.invalidArgument, "\(function): background_policy \(background_policy) is not a GS_BACKGROUND_ value")
        }
        guard let systemChoice = SystemChoice(rawValue: system) else {
            throw CFailure(.invalidArgument, "\(function): system \(system) is not a GS_SYSTEM_ value")
        }
        guard realtime_priority == GS_REALTIME_PRIORITY_ASK || realtime_priority == GS_REALTIME_PRIORITY_OFF else {
            throw CFailure(.invalidArgument, "\(function): realtime_priority \(realtime_priority) is not a GS_REALTIME_PRIORITY_ value")
        }
        let deviceName = try device_name.map { (name) throws(CFailure) in try string(name, named: "device_name", in: function) }
        var configuration = GameSoundConfiguration(
            policy: policy, output: output == GS_OUTPUT_REALTIME ? .realtime(deviceName: deviceName) : .headless,
            sampleRate: Int(sample_rate), voices: Int(voices), interruptionStrategy: strategy, routePolicy: routePolicy,
            updateFrames: Int(update_frames), hintFadeDuration: hint_fade_seconds, seed: seed)
        configuration.virtualVoices = Int(virtual_voices)
        configuration.spatialization = spatialization
        configuration.distanceModel = distanceModel
        configuration.backgroundPolicy = backgroundPolicy
        configuration.realtimePriority = realtime_priority == GS_REALTIME_PRIORITY_ASK
        // 0: the default; anything else is checked by the runtime (0.001...0.5 s).
        configuration.ioBufferDuration = io_buffer_duration == 0 ? nil : io_buffer_duration
        let launch = LaunchState(otherAudio: otherAudio, silentSwitch: launch_silent_switch != 0,
                                 screenLocked: launch_screen_locked != 0)
        return (configuration, launch, systemChoice)
    }

    /// `app_name` and `app_icon_name`, checked as UTF-8 text: what the desktop's mixer should call the game.
    func desktopIdentity(in function: String) throws(CFailure) -> (name: String?, iconName: String?) {
        let name = try app_name.map { (text) throws(CFailure) in try string(text, named: "app_name", in: function) }
        let icon = try app_icon_name.map { (text) throws(CFailure) in try string(text, named: "app_icon_name", in: function) }
        return (name, icon)
    }

    private static func pick<Value>(_ index: Int32, from values: [Value]) -> Value? {
        values.indices.contains(Int(index)) ? values[Int(index)] : nil
    }
}
