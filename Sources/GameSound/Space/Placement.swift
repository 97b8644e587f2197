// SPDX-License-Identifier: Zlib
/// Where OpenAL puts a voice: a point in the world, or one relative to the listener.
struct Placement: Equatable {
    var relative: Bool
    var x: Float
    var y: Float
    var z: Float
}
