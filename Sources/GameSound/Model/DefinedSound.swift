// SPDX-License-Identifier: Zlib
/// A defined sound as the runtime keeps it: the definition and what its limits remember.
struct DefinedSound: Equatable {
    var definition: SoundDefinition
    var lastVariant: Int?
    var lastStart: Int?
}
