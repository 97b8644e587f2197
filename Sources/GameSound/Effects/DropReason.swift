// SPDX-License-Identifier: Zlib
/// Why an effect was not played.
public enum DropReason: String, Sendable, Hashable {
    /// The session is interrupted (a call, an alarm): no sound may start, and a one-shot effect is
    /// not worth keeping for later.
    case interrupted
    /// Media services are lost; the runtime is waiting for the reset.
    case mediaServicesLost
    /// Every voice is busy with a sound of higher priority.
    case allVoicesOutrank
    /// The session is not active (for example activation failed in the background).
    case sessionInactive
    /// The output device stopped working (unplugged, its sound server gone) and no other could be
    /// opened yet; the runtime keeps trying and plays again as soon as one opens.
    case noOutputDevice
    /// The bus's voice limit is reached and every voice on it outranks the new sound.
    case busVoiceLimit
    /// A defined sound played again before its cooldown ran out (``SoundDefinition/cooldown``).
    case cooldown
    /// A defined sound already plays on as many voices as it may (``SoundDefinition/maxInstances``).
    case maxInstances
}
