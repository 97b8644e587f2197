// SPDX-License-Identifier: Zlib
import GameSound

/// The space layer of a scenario: the checks of places, speeds, directions, reverb sends and
/// occlusion that hold for scenarios built in code as well as parsed ones. (JSON cannot write NaN,
/// but a number too large for a 32-bit float becomes infinite, and code can write anything.)
extension Scenario {
    /// Checks a position or velocity: three finite numbers, each within ±``maximumCoordinate``.
    static func checkVector(_ vector: SIMDPosition?, field: String,
                            failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        guard let vector else { return }
        for (axis, value) in [("x", vector.x), ("y", vector.y), ("z", vector.z)] where !(value.isFinite && abs(value) <= maximumCoordinate) {
            let found = value.isNaN ? "NaN" : value.isInfinite ? "too large for a 32-bit float" : "\(value)"
            throw failure(field, "field \"\(field)\" must be three finite numbers [x, y, z], each within ±\(Int(maximumCoordinate)): "
                              + "\(axis) is \(found)")
        }
    }

    /// Checks a listener's orientation: finite, neither direction zero, and `up` across `at`.
    static func check(_ orientation: ListenerOrientation, failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        let at = "listener.orientation.at", up = "listener.orientation.up"
        try checkVector(orientation.at, field: at, failure: failure)
        try checkVector(orientation.up, field: up, failure: failure)
        for (field, direction) in [(at, orientation.at), (up, orientation.up)] where direction.length == 0 {
            throw failure(field, "field \"\(field)\" is [0, 0, 0]: a direction needs a length")
        }
        // In doubles, so that no product overflows; the runtime's own bound on the angle.
        let a = orientation.at, u = orientation.up
        let dot = Double(a.x) * Double(u.x) + Double(a.y) * Double(u.y) + Double(a.z) * Double(u.z)
        if abs(dot) / (Double(a.length) * Double(u.length)) >= 0.9999 {
            throw failure(up, "\"\(at)\" and \"\(up)\" point the same way (or opposite ways): the top of the listener's head "
                              + "must be across the way it faces, as [0, 1, 0] is to [0, 0, -1]")
        }
    }

    /// Checks what a `fire` gives a sound in space: its place and speed, its reverb send and its occlusion.
    func checkPlacement(position: SIMDPosition?, velocity: SIMDPosition?, reverbSend: Float?, occlusion: Float?,
                        failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        try Self.checkVector(velocity, field: "velocity", failure: failure)
        if velocity != nil, position == nil {
            throw failure("velocity", "field \"velocity\" needs a \"position\": a sound with no place in the world has no speed to be heard")
        }
        for (field, value) in [("reverbSend", reverbSend), ("occlusion", occlusion)] {
            if let value, !(value.isFinite && (0...1).contains(value)) {
                throw failure(field, "field \"\(field)\" (\(value)) must be within 0...1")
            }
        }
    }
}
