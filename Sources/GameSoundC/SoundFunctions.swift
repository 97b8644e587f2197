// SPDX-License-Identifier: Zlib
import CGameSoundABI
import GameSound

/// Fills a `gs_sound_definition` with the defaults, for the size in its `struct_size` (the inline
/// `gs_sound_definition_init` of gamesound.h sets it, then calls this): no variants yet, pitch and
/// gain 1 to 1, repeats allowed, no cooldown, no instance limit (stealing the oldest when one is
/// set), the play's own bus.
///
/// - Parameter definition: The struct to fill; NULL, or a `struct_size` below the first version's,
///   only records `GS_ERR_NULL_POINTER` or `GS_ERR_INVALID_ARGUMENT` as the last error.
@c public func gs_sound_definition_defaults(_ definition: UnsafeMutablePointer<gs_sound_definition>?) {
    gs_sound_definition.writeDefaults(to: definition, named: "definition", in: "gs_sound_definition_defaults")
}

/// Defines a sound played by name with variety: one of several loaded effects picked at random, a
/// random pitch and gain, a cooldown and a limit on voices at once. `gs_effect_play` and
/// `gs_effect_play_on` then play it by its name, which takes precedence over a loaded effect of the
/// same name; their gain and pitch multiply the random ones. Defining a name again replaces the
/// definition; voices already playing carry on. The runtime's seed (`gs_config.seed`) decides the
/// choices.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The name to play it by.
///   - definition: A `gs_sound_definition` filled by `gs_sound_definition_init`, then changed. The
///     names it points to are copied; they need not outlive the call.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER` (`rt`, `name`, `definition`, `variants` or one of its
///   names), `GS_ERR_INVALID_HANDLE`, `GS_ERR_UNKNOWN_NAME` (a variant that is not loaded, an unknown
///   bus), `GS_ERR_INVALID_ARGUMENT` (no variants, a range whose ends are out of order, not finite, a
///   pitch not above 0 or a gain below 0, a negative or non-finite cooldown, a negative
///   `max_instances`, a `when_full` that is no `GS_WHEN_FULL_` value, invalid UTF-8),
///   `GS_ERR_STOPPED`. Nothing changes on failure.
@c public func gs_sound_define(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ definition: UnsafePointer<gs_sound_definition>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_sound_define"
        let name = try string(name, named: "name", in: function)
        guard let definition else { throw .null("definition", in: function) }
        let sound = try gs_sound_definition.read(from: definition, in: function).soundDefinition(in: function)
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.defineSound(name, sound) }
        return ResultCode.ok.rawValue
    }
}
