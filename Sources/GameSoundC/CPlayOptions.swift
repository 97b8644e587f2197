// SPDX-License-Identifier: Zlib
import CGameSoundABI
import GameSound

/// `gs_play_options`, with its defaults and the Swift ``PlayOptions`` it asks for.
extension gs_play_options: ExtensibleCStruct {
    static let cName = "gs_play_options"

    static let knownSize = MemoryLayout<gs_play_options>.offset(of: \gs_play_options.reverb_send)! + MemoryLayout<Float>.size

    /// Gain 1, pitch 1, centred, once, priority 0, no position, still, reference distance 1, no
    /// maximum distance (0), rolloff 1, no occlusion, the bus's reverb send.
    static var defaults: gs_play_options {
        var options = gs_play_options()
        options.struct_size = UInt32(MemoryLayout<gs_play_options>.size)
        options.gain = 1
        options.pitch = 1
        options.reference_distance = 1
        options.rolloff = 1
        options.reverb_send = GS_REVERB_SEND_BUS_DEFAULT
        return options
    }

    /// The Swift options these numbers ask for, on `bus`. The runtime checks the ranges; the
    /// velocity, like the position, counts only with `has_position`. A `max_distance` of 0 is none,
    /// and `GS_REVERB_SEND_BUS_DEFAULT` the bus's reverb send.
    func playOptions(bus: BusName) -> PlayOptions {
        let placed = has_position != 0
        return PlayOptions(gain: gain, pitch: pitch, pan: pan,
                           position: placed ? SIMDPosition(x: x, y: y, z: z) : nil,
                           loop: loop != 0, priority: Int(priority), bus: bus,
                           velocity: placed ? SIMDPosition(x: velocity_x, y: velocity_y, z: velocity_z) : nil,
                           referenceDistance: reference_distance,
                           maxDistance: max_distance == 0 ? .greatestFiniteMagnitude : max_distance,
                           rolloff: rolloff, reverbSend: reverb_send == GS_REVERB_SEND_BUS_DEFAULT ? nil : reverb_send, occlusion: occlusion)
    }
}
