// SPDX-License-Identifier: Zlib

/// What the runtime does for a voice once the writes a game's call recorded for it are made
/// (``ALMirror/DeferredWork/voiceFollowUp(slot:generation:_:)``): what needs the source to have
/// been given them, such as the device's clock read as the source starts.
enum VoiceFollowUp {
    /// Its source was configured and told to play (`playing`) or left paused: its clock starts,
    /// and its end check is scheduled.
    case started(playing: Bool)
    /// Its pitch changed: its end check moves.
    case pitchChanged
    /// The game paused or resumed it: its source follows, unless it played out.
    case pausedOrResumed
    /// What moves its mixer's step (pitch, place, velocity, the listener, Doppler) was given to its
    /// source: its clock follows.
    case retime
}
