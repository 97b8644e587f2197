// SPDX-License-Identifier: Zlib
import CGameSoundABI
import AudioSession
import GameSound
import Logging
import PulseSystem

/// Fills a `gs_config` with the defaults a typical game wants, for the size in its `struct_size`
/// (the inline `gs_config_init` of gamesound.h sets it, then calls this).
///
/// Policy `GS_POLICY_EFFECTS_PLUS_SOUNDTRACK_IF_NO_OTHER_AUDIO`, real-time output on the default
/// device, 48 000 Hz, 32 voices and the virtual voices of ``GameSoundConfiguration``, a quiet device
/// at launch; bytes past what this library knows are zeroed.
///
/// - Parameter config: The struct to fill; NULL, or a `struct_size` below the first version's, only
///   records `GS_ERR_NULL_POINTER` or `GS_ERR_INVALID_ARGUMENT` as the last error.
@c public func gs_config_defaults(_ config: UnsafeMutablePointer<gs_config>?) {
    gs_config.writeDefaults(to: config, named: "config", in: "gs_config_defaults")
}

/// Creates a runtime: configures its audio session, opens its output and activates.
///
/// The system comes from `config.system`: with `GS_SYSTEM_AUTO` (the default) a real-time runtime
/// lives on the desktop when a sound server answers within 2 s, and on the simulated system
/// otherwise (the sound server's warning says why); a headless one always on the simulated system.
///
/// - Parameter config: A `gs_config` filled by `gs_config_init` and then changed as wanted.
/// - Returns: A handle for the other functions, or NULL on failure (see `gs_last_error`):
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_ARGUMENT` for a value out of range, `GS_ERR_OPENAL`
///   when no output device opens, `GS_ERR_NO_SERVER` for `GS_SYSTEM_DESKTOP` with no sound server.
@c public func gs_runtime_create(_ config: UnsafePointer<gs_config>?) -> OpaquePointer? {
    cCall(onFailure: { _ in nil }) { () throws(CFailure) -> OpaquePointer? in
        let function = "gs_runtime_create"
        guard let config else { throw .null("config", in: function) }
        let settings = try gs_config.read(from: config, in: function)
        let (configuration, launch, choice) = try settings.runtimeSettings(in: function)
        let identity = try settings.desktopIdentity(in: function)
        let logger = CLog.logger(label: "gamesound")
        if case .realtime = configuration.output {
            // Before the desktop's probe and OpenAL Soft connect: libpulse reads it at each connection.
            PulseSystem.advertiseApplication(name: identity.name, iconName: identity.iconName)
        }
        let system = try choice.makeSystem(output: configuration.output, launch: launch, logger: logger, in: function)
        let callback = EventCallbackSlot()
        let runtime: GameSoundRuntime
        do throws(GameSoundError) {
            runtime = try GameSoundRuntime(configuration: configuration, system: system, logger: logger)
        } catch {
            throw CFailure(error, in: function)
        }
        // No callback can be set before the runtime is made: the observer listens only once one is
        // (gs_set_event_callback), and the runtime builds no event while none is.
        let observation = runtime.addEventObserver(whileListening: { callback.hasCallback }) { callback.deliver($0) }
        return RuntimeRegistry.shared.register(RuntimeEntry(runtime: runtime, callback: callback, observation: observation))
    }
}

/// Destroys a runtime: its handle stops working at once, and its output closes.
///
/// The output closes before this returns, unless another thread is in a call on the same runtime
/// (then when that call returns) or this is called from inside an event callback (then when the
/// `gs_` call that caused the event returns, or, on a real-time runtime's update thread, right
/// after on another thread). Destroying NULL or a handle already destroyed records the error and does
/// nothing else.
///
/// - Parameter rt: The runtime.
@c public func gs_runtime_destroy(_ rt: OpaquePointer?) {
    _ = cCall { () throws(CFailure) -> Int32 in
        let entry = try RuntimeRegistry.shared.remove(rt, in: "gs_runtime_destroy")
        entry.callback.set(nil)
        if CallbackDepth.isInsideCallback { DeferredReleases.release(entry) }
        return ResultCode.ok.rawValue
    }
}

/// Sets the function that receives every event the runtime logs from now on.
///
/// The callback runs outside the runtime's lock, one call at a time, in the order the events were
/// logged: usually on the thread that caused the event (a thread of the game, or a real-time
/// runtime's update thread), before its call returns; on another thread that is delivering this
/// runtime's events at that moment otherwise. Its strings live until it returns. It may call any
/// `gs_` function, including this one.
///
/// - Parameters:
///   - rt: The runtime.
///   - callback: The function, or NULL to stop delivery.
///   - user_data: Passed back to the callback untouched.
/// - Returns: `GS_OK`, `GS_ERR_NULL_POINTER` or `GS_ERR_INVALID_HANDLE`.
@c public func gs_set_event_callback(
    _ rt: OpaquePointer?, _ callback: gs_event_callback?, _ user_data: UnsafeMutableRawPointer?
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: "gs_set_event_callback")
        entry.callback.set(callback.map { EventCallback(function: $0, userData: user_data) })
        return ResultCode.ok.rawValue
    }
}
