// SPDX-License-Identifier: Zlib
import GameSound

/// Renders the next frames of a headless runtime's mix as interleaved 16-bit stereo.
///
/// The runtime's clock moves only here: events take effect at exact frames, and the output is
/// exact silence (all zeros) while the session is interrupted or the system silences it.
///
/// - Parameters:
///   - rt: A runtime created with `GS_OUTPUT_HEADLESS`.
///   - interleaved_stereo: Room for `2 * frames` samples, left then right.
///   - frames: How many frames; 0 does nothing.
/// - Returns: `GS_OK`, or `GS_ERR_WRONG_OUTPUT` on a real-time runtime, `GS_ERR_INVALID_ARGUMENT`
///   for a negative count, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_render(_ rt: OpaquePointer?, _ interleaved_stereo: UnsafeMutablePointer<Int16>?, _ frames: Int32) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_render"
        guard frames >= 0 else { throw CFailure(.invalidArgument, "\(function): frames is \(frames)") }
        guard let interleaved_stereo else { throw .null("interleaved_stereo", in: function) }
        let samples = Int(frames) * 2
        var mix = [Float](repeating: 0, count: samples)
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try mix.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in try runtime.render(into: buffer) }
        }
        for index in 0..<samples {
            interleaved_stereo[index] = Int16((min(max(mix[index], -1), 1) * 32_767).rounded())
        }
        return ResultCode.ok.rawValue
    }
}
