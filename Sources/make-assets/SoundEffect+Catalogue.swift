// SPDX-License-Identifier: Zlib
extension SoundEffect {
    /// Every effect `make-assets` writes, in the order it writes them.
    static func catalogue() -> [SoundEffect] {
        [laser(), blaster(), torpedo(), explosion(), shield(), reload(), step(), blip(), klaxon()]
    }
}
