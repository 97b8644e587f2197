// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

/// The other app changes its mind while active (issue 30, item 7): it activates again with another
/// category or other options, and the sessions of the app react as on iOS.
@Suite("The other app activates again while active")
struct OtherAppChangeTests {
    static let mixing = SystemAction.otherAppActivate(category: .playback, options: .mixWithOthers)
    static let ducking = SystemAction.otherAppActivate(category: .playback, options: .duckOthers)
    static let nonMixable = SystemAction.otherAppActivate(category: .playback, options: [])

    @Test("a navigation app active at launch ducks an ambient session for its prompt, and lets go when it mixes again or deactivates",
          arguments: [mixing, .otherAppDeactivate(notifyOthers: false)])
    func promptDucks(end: SystemAction) {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        fixture.activate(.ambient)
        #expect(fixture.system.isOtherAppActive)
        #expect(!fixture.session.isDucked)
        fixture.perform(Self.ducking)
        #expect(fixture.session.isDucked, "activating again with duckOthers ducks")
        #expect(fixture.session.isActive, "a mixable peer interrupts nobody")
        #expect(fixture.system.otherAppOptions.contains(.duckOthers))
        fixture.perform(end)
        #expect(!fixture.session.isDucked)
        #expect(fixture.session.isActive)
        #expect(fixture.recorder.all.isEmpty, "iOS tells an app nothing about ducking")
    }

    @Test("a peer that becomes non-mixable while active interrupts a non-mixable session; mixing again does not end it, deactivating does",
          arguments: [true, false])
    func becomesNonMixable(notify: Bool) {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        fixture.activate(.soloAmbient)
        #expect(fixture.system.isOtherAppPlaying, "a non-mixable activation spares a mixable peer")
        fixture.perform(Self.nonMixable)
        #expect(!fixture.session.isActive)
        #expect(fixture.session.isInterrupted)
        #expect(fixture.recorder.take() == [began])
        fixture.perform(Self.mixing)
        #expect(fixture.session.isInterrupted, "only the other app's deactivation ends the interruption")
        #expect(fixture.recorder.take().isEmpty)
        fixture.perform(.otherAppDeactivate(notifyOthers: notify))
        #expect(!fixture.session.isInterrupted)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: notify)])
    }

    @Test("an ambient session hears the hint begin when the peer stops mixing while active, and end when it ducks instead")
    func hintFollowsTheChange() {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        fixture.activate(.ambient)
        #expect(!fixture.session.secondaryAudioShouldBeSilencedHint)
        fixture.perform(Self.nonMixable)
        #expect(fixture.session.isActive, "a mixable session is not interrupted")
        #expect(fixture.session.secondaryAudioShouldBeSilencedHint)
        #expect(fixture.recorder.take() == [.silenceSecondaryAudioHint(began: true)])
        #expect(!fixture.session.isDucked)
        fixture.perform(Self.ducking)
        #expect(!fixture.session.secondaryAudioShouldBeSilencedHint)
        #expect(fixture.session.isDucked)
        #expect(fixture.recorder.take() == [.silenceSecondaryAudioHint(began: false)])
    }

    @Test("activating again with the same category and options is accepted and changes nothing")
    func sameAgain() {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        fixture.activate(.ambient)
        fixture.perform(Self.ducking)
        let before = SystemSnapshot(fixture.system)
        let status = fixture.session.status
        fixture.perform(Self.ducking)
        #expect(SystemSnapshot(fixture.system) == before)
        #expect(fixture.session.status == status)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("a non-mixable peer our session silenced takes the audio back by activating again")
    func heldPeerTakesAudioBack() {
        let fixture = Fixture()
        fixture.perform(Self.nonMixable)
        fixture.activate(.playback)
        #expect(fixture.system.isOtherAppActive)
        #expect(!fixture.system.isOtherAppPlaying, "our non-mixable activation silenced it")
        #expect(fixture.recorder.take() == [.silenceSecondaryAudioHint(began: false)])
        fixture.perform(Self.nonMixable)
        #expect(fixture.system.isOtherAppPlaying)
        #expect(fixture.session.isInterrupted)
        #expect(fixture.recorder.take() == [began])
    }

    @Test("activating again during a call or with options the category refuses is refused and changes nothing",
          arguments: [
            ([SystemAction.phoneRing], ducking, SystemActionError.Reason.audioHeldByCallOrAlarm),
            ([.alarmFire], ducking, .audioHeldByCallOrAlarm),
            ([], .otherAppActivate(category: .ambient, options: .duckOthers), .invalidCategoryOptions),
          ])
    func refused(before actions: [SystemAction], action: SystemAction, reason: SystemActionError.Reason) {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        fixture.activate(.ambient)
        for setup in actions { fixture.perform(setup) }
        _ = fixture.recorder.take()
        let before = SystemSnapshot(fixture.system)
        let status = fixture.session.status
        #expect(throws: SystemActionError(action: action, reason: reason)) { try fixture.system.perform(action) }
        #expect(SystemSnapshot(fixture.system) == before)
        #expect(fixture.system.otherAppOptions == .mixWithOthers, "the other app keeps what it had")
        #expect(fixture.session.status == status)
        #expect(fixture.recorder.all.isEmpty)
    }
}
