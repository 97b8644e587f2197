// SPDX-License-Identifier: Zlib
import CGameSoundABI
import GameSound

/// `gs_sound_definition`, with its defaults and the Swift ``SoundDefinition`` it asks for.
extension gs_sound_definition: ExtensibleCStruct {
    static let cName = "gs_sound_definition"

    static let knownSize = MemoryLayout<gs_sound_definition>.offset(of: \gs_sound_definition.when_full)! + MemoryLayout<Int32>.size

    /// No variants yet, pitch and gain 1 to 1, repeats allowed, no cooldown, no instance limit
    /// (stealing the oldest when one is set), the play's own bus.
    static var defaults: gs_sound_definition {
        var definition = gs_sound_definition()
        definition.struct_size = UInt32(MemoryLayout<gs_sound_definition>.size)
        definition.pitch_min = 1
        definition.pitch_max = 1
        definition.gain_min = 1
        definition.gain_max = 1
        definition.when_full = GS_WHEN_FULL_STEAL_OLDEST
        return definition
    }

    /// The Swift definition these fields ask for. The C side checks what would trap in Swift (a
    /// range whose ends are not in order, or not numbers) and what only C can get wrong (NULL
    /// names, counts and enumerations out of range); the runtime checks the rest.
    func soundDefinition(in function: String) throws(CFailure) -> SoundDefinition {
        guard variant_count >= 1 else {
            throw CFailure(.invalidArgument, "\(function): variant_count is \(variant_count); a sound needs at least one variant")
        }
        guard let variants else { throw .null("variants", in: function) }
        var names: [String] = []
        for index in 0..<Int(variant_count) {
            names.append(try string(variants[index], named: "variants[\(index)]", in: function))
        }
        let bus = try self.bus.map { (pointer) throws(CFailure) in BusName(try string(pointer, named: "bus", in: function)) }
        guard pitch_min <= pitch_max else {
            throw CFailure(.invalidArgument, "\(function): pitch_min \(pitch_min) and pitch_max \(pitch_max) are not a range")
        }
        guard gain_min <= gain_max else {
            throw CFailure(.invalidArgument, "\(function): gain_min \(gain_min) and gain_max \(gain_max) are not a range")
        }
        guard max_instances >= 0 else {
            throw CFailure(.invalidArgument, "\(function): max_instances \(max_instances) is neither 0 (no limit) nor a count of voices")
        }
        guard when_full == GS_WHEN_FULL_STEAL_OLDEST || when_full == GS_WHEN_FULL_REFUSE else {
            throw CFailure(.invalidArgument, "\(function): when_full \(when_full) is not a GS_WHEN_FULL_ value")
        }
        return SoundDefinition(variants: names, pitch: pitch_min...pitch_max, gain: gain_min...gain_max,
                               avoidRepeat: avoid_repeat != 0, cooldown: cooldown,
                               maxInstances: max_instances == 0 ? nil : Int(max_instances),
                               whenFull: when_full == GS_WHEN_FULL_STEAL_OLDEST ? .stealOldest : .refuse, bus: bus)
    }
}
