/// A defined sound as the runtime keeps it: the definition and what its limits remember.
struct DefinedSound {
    var definition: SoundDefinition
    var lastVariant: Int?
    var lastStart: Int?
}
