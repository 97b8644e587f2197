/// Renders a scenario file headlessly to a WAV file and a JSON Lines event log.
///
/// - Parameters:
///   - scenario_path: The scenario (JSON).
///   - wav_path: Where to write the audio (16-bit stereo).
///   - events_path: Where to write the event log, or NULL for none.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_SCENARIO`, `GS_ERR_IO`; in this build
///   `GS_ERR_UNAVAILABLE`, because the scenario runner is not part of it yet.
@c public func gs_render_scenario(
    _ scenario_path: UnsafePointer<CChar>?, _ wav_path: UnsafePointer<CChar>?, _ events_path: UnsafePointer<CChar>?
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_render_scenario"
        _ = try string(scenario_path, named: "scenario_path", in: function)
        _ = try string(wav_path, named: "wav_path", in: function)
        throw CFailure(.unavailable, "\(function): the scenario runner is not in this build of libgamesound")
    }
}
