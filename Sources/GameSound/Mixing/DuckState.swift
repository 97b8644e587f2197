// SPDX-License-Identifier: Zlib
/// A ducking rule as the runtime follows it: bus numbers, the gain it ducks to, and its ramp.
struct DuckState: Equatable {
    let rule: DuckingRule
    let trigger: Int
    let ducked: Int
    let floor: Float
    let attackFrames: Int
    let releaseFrames: Int
    var ramp = Ramp<Float>.steady(1)
    var active = false
}
