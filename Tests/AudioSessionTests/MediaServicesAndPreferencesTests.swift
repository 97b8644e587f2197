// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

@Suite("Media services")
struct MediaServicesTests {
    @Test("losing media services deactivates the session and every call fails with mediaServicesFailed")
    func lost() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.mediaServicesLose)
        #expect(fixture.recorder.take() == [.mediaServicesLost])
        #expect(!fixture.session.isActive)
        #expect(!fixture.session.mayRunOutput)
        expectRefusal(.mediaServicesFailed, fixture) { () throws(AudioSessionError) in
            try fixture.session.setCategory(.playback)
        }
        expectRefusal(.mediaServicesFailed, fixture) { () throws(AudioSessionError) in
            try fixture.session.setPreferredSampleRate(44_100)
        }
        expectRefusal(.mediaServicesFailed, fixture) { () throws(AudioSessionError) in
            try fixture.session.setPreferredIOBufferDuration(0.005)
        }
        expectRefusal(.mediaServicesFailed, fixture) { () throws(AudioSessionError) in
            try fixture.session.setActive(true)
        }
    }

    @Test("media services reset restores defaults")
    func resetRestoresDefaults() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.playAndRecord, mode: .voiceChat, options: .defaultToSpeaker)
        try fixture.session.setPreferredSampleRate(44_100)
        try fixture.session.setPreferredIOBufferDuration(0.005)
        try fixture.session.setActive(true)
        fixture.perform(.mediaServicesLose, .mediaServicesReset)
        #expect(fixture.recorder.take() == [.mediaServicesLost, .mediaServicesReset])
        #expect(fixture.session.category == .soloAmbient)
        #expect(fixture.session.mode == .default)
        #expect(fixture.session.categoryOptions == [])
        #expect(fixture.session.preferredSampleRate == 0)
        #expect(fixture.session.preferredIOBufferDuration == 0)
        #expect(fixture.session.sampleRate == 48_000)
        #expect(!fixture.session.isActive)
        try fixture.session.setActive(true)
        #expect(fixture.session.mayRunOutput)
    }

    @Test("a reset without a loss first reports the loss; losing twice is refused")
    func resetImpliesLoss() {
        let fixture = Fixture()
        fixture.perform(.mediaServicesReset)
        #expect(fixture.recorder.take() == [.mediaServicesLost, .mediaServicesReset])
        fixture.perform(.mediaServicesLose)
        #expect(throws: SystemActionError(action: .mediaServicesLose, reason: .mediaServicesAlreadyLost)) {
            try fixture.system.perform(.mediaServicesLose)
        }
    }

    @Test("media-services notifications reach every session, active or not")
    func reachesAll() {
        let fixture = Fixture()
        let other = AudioSession(system: fixture.system)
        let otherRecorder = NotificationRecorder(other)
        fixture.activate(.ambient)
        fixture.perform(.mediaServicesReset)
        #expect(fixture.recorder.all == [.mediaServicesLost, .mediaServicesReset])
        #expect(otherRecorder.all == [.mediaServicesLost, .mediaServicesReset])
    }
}

@Suite("Preferences")
struct PreferencesTests {
    @Test("the granted sample rate is the nearest the hardware supports, granted at activation", arguments: [
        (0.0, 48_000.0), (8_000, 44_100), (44_100, 44_100), (46_000, 44_100), (46_100, 48_000), (96_000, 48_000),
    ])
    func sampleRate(preferred: Double, granted: Double) throws {
        let fixture = Fixture()
        try fixture.session.setPreferredSampleRate(preferred)
        #expect(fixture.session.preferredSampleRate == preferred)
        fixture.activate(.soloAmbient)
        #expect(fixture.session.sampleRate == granted)
    }

    @Test("granted buffer duration is quantized to a power of two from 64 to 4096 frames", arguments: [
        (0.0, 1024.0), (0.0001, 64), (0.005, 256), (0.0107, 512), (0.02, 1024), (1.0, 4096),
    ])
    func bufferDuration(preferred: Double, frames: Double) throws {
        let fixture = Fixture()
        try fixture.session.setPreferredIOBufferDuration(preferred)
        fixture.activate(.soloAmbient)
        #expect(fixture.session.ioBufferDuration == frames / 48_000)
    }

    @Test("the buffer duration is quantized at the granted sample rate")
    func bufferAtGrantedRate() throws {
        let fixture = Fixture()
        try fixture.session.setPreferredSampleRate(44_100)
        try fixture.session.setPreferredIOBufferDuration(0.005)
        fixture.activate(.soloAmbient)
        #expect(fixture.session.ioBufferDuration == 256.0 / 44_100)
    }

    @Test("preferences are requests: the granted values change only when the session activates")
    func preferencesTakeEffectAtActivation() throws {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        #expect(fixture.session.sampleRate == 48_000)
        #expect(fixture.session.ioBufferDuration == 1024.0 / 48_000)
        try fixture.session.setPreferredSampleRate(44_100)
        try fixture.session.setPreferredIOBufferDuration(256.0 / 44_100)
        #expect(fixture.session.sampleRate == 48_000, "still the grant of the last activation")
        #expect(fixture.session.ioBufferDuration == 1024.0 / 48_000)
        try fixture.session.setActive(false)
        #expect(fixture.session.sampleRate == 48_000, "deactivating grants nothing")
        try fixture.session.setActive(true)
        #expect(fixture.session.sampleRate == 44_100)
        #expect(fixture.session.ioBufferDuration == 256.0 / 44_100)
    }

    @Test("while the screen is locked a playing session gets a 4096-frame buffer, and its own back on unlock")
    func screenLockBuffer() throws {
        let fixture = Fixture()
        try fixture.session.setPreferredIOBufferDuration(256.0 / 48_000)
        fixture.activate(.playback)
        fixture.session.setAudioIORunning(true)
        fixture.perform(.screenLock)
        #expect(fixture.session.ioBufferDuration == 4096.0 / 48_000)
        fixture.perform(.screenUnlock)
        #expect(fixture.session.ioBufferDuration == 256.0 / 48_000)
    }

    @Test("the screen lock leaves the buffer of a session that does not play alone")
    func screenLockIdleBuffer() throws {
        let fixture = Fixture()
        try fixture.session.setPreferredIOBufferDuration(256.0 / 48_000)
        fixture.activate(.playback)
        fixture.perform(.screenLock)
        #expect(fixture.session.ioBufferDuration == 256.0 / 48_000)
    }

    @Test("negative or non-finite preferences are badParam and change nothing", arguments: [-1.0, .nan, .infinity])
    func badPreferences(value: Double) {
        let fixture = Fixture()
        expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
            try fixture.session.setPreferredSampleRate(value)
        }
        expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
            try fixture.session.setPreferredIOBufferDuration(value)
        }
    }

    @Test("output latency follows the route: Bluetooth is slower than the speaker")
    func outputLatency() {
        let fixture = Fixture()
        let speaker = fixture.session.outputLatency
        fixture.perform(.routePlug(port: .bluetoothA2DP))
        #expect(fixture.session.currentRoute.outputs == [.bluetoothA2DP])
        #expect(fixture.session.outputLatency > speaker)
        #expect(speaker > 0)
    }
}
