// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// ``Lifecycle``: where the runtime stands with the system, and the actions each transition asks
/// for, with no device and no session.
@Suite("The session lifecycle as a value")
struct LifecycleTests {
    private static let rate = 48_000

    /// A lifecycle whose output has started.
    private static func running() -> Lifecycle {
        var lifecycle = Lifecycle()
        lifecycle.activated()
        lifecycle.outputStarted()
        return lifecycle
    }

    @Test("an interruption silences a running runtime; its end asks for reactivation, tried at every update until the session accepts")
    func interruptionAndItsEnd() {
        var lifecycle = Self.running()
        let step1 = lifecycle.interruptionBegan(deviceUntrusted: false)
        #expect(step1 == [.silence])
        #expect(lifecycle.phase == .inactive)
        #expect(!lifecycle.retriesActivation, "an interrupted runtime does not try to activate")
        #expect(!lifecycle.reopensDevice)
        // A second begin (the system repeats itself) asks for nothing.
        let step2 = lifecycle.interruptionBegan(deviceUntrusted: false)
        #expect(step2 == [])
        let step3 = lifecycle.interruptionEnded()
        #expect(step3 == [.reactivate])
        #expect(lifecycle.retriesActivation)
        // Refused twice: logged once, retried.
        let step4 = lifecycle.activationRefused()
        #expect(step4)
        let step5 = lifecycle.activationRefused()
        #expect(!step5)
        #expect(lifecycle.retriesActivation)
        lifecycle.activated()
        #expect(!lifecycle.retriesActivation)
        lifecycle.outputStarted()
        #expect(lifecycle.state == .running(reopenDue: false))
        // An end with no interruption asks for nothing.
        let step6 = lifecycle.interruptionEnded()
        #expect(step6 == [])
    }

    @Test("a new series of refusals is logged again: after an interruption's end, and after an activation")
    func refusalsAreLoggedOncePerSeries() {
        var lifecycle = Lifecycle()
        let step7 = lifecycle.activationRefused()
        #expect(step7)
        let step8 = lifecycle.activationRefused()
        #expect(!step8)
        _ = lifecycle.interruptionBegan(deviceUntrusted: false)
        #expect(!lifecycle.retriesActivation, "the interruption stops the retries")
        let step9 = lifecycle.interruptionEnded()
        #expect(step9 == [.reactivate])
        let step10 = lifecycle.activationRefused()
        #expect(step10, "a refusal after the end is news again")
        lifecycle.activated()
        let step11 = lifecycle.activationRefused()
        #expect(step11)
    }

    @Test("the machine's sleep, a due reopen, a route change while interrupted, and a wait for a device each make the restore open a new device; opening one answers it")
    func whatReopensTheDevice() {
        var slept = Self.running()
        let step12 = slept.interruptionBegan(deviceUntrusted: true)
        #expect(step12 == [.silence])
        #expect(slept.reopensDevice)

        var disconnected = Self.running()
        disconnected.reopenNeeded()
        #expect(disconnected.reopenIsDue)
        _ = disconnected.interruptionBegan(deviceUntrusted: false)
        #expect(disconnected.reopensDevice, "a reopen that was due is not forgotten by the interruption")

        var moved = Self.running()
        _ = moved.interruptionBegan(deviceUntrusted: false)
        #expect(!moved.reopensDevice)
        let step13 = moved.outputDeviceChanged(at: 0)
        #expect(step13 == [])
        #expect(moved.reopensDevice)
        let step14 = moved.askForNewDevice()
        #expect(!step14, "asked for already")
        moved.openingNewDevice()
        #expect(!moved.reopensDevice)
        let step15 = moved.askForNewDevice()
        #expect(step15)

        var waiting = Self.running()
        waiting.awaitDevice(at: 0, sampleRate: Self.rate)
        let step16 = waiting.interruptionBegan(deviceUntrusted: false)
        #expect(step16 == [], "nothing to silence: no device")
        #expect(waiting.reopensDevice)
    }

    @Test("a route change moves a running output now, and makes a waiting runtime try at once")
    func routeChanges() {
        var running = Self.running()
        let step17 = running.outputDeviceChanged(at: 100)
        #expect(step17 == [.reopen])
        var waiting = Self.running()
        waiting.awaitDevice(at: 1_000, sampleRate: Self.rate)
        waiting.deviceAttemptFailed(at: 10_000, sampleRate: Self.rate)
        #expect(!waiting.deviceAttemptDue(at: 12_000))
        let step18 = waiting.outputDeviceChanged(at: 12_000)
        #expect(step18 == [])
        #expect(waiting.deviceAttemptDue(at: 12_000))
        #expect(waiting.state == .awaitingDevice(nextAttempt: 12_000, failures: 0))
        var lost = Self.running()
        _ = lost.mediaServicesLost()
        let step19 = lost.outputDeviceChanged(at: 0)
        #expect(step19 == [])
        #expect(lost.phase == .lost)
    }

    @Test("while waiting for a device, attempts come after 0.1, 0.2, 0.3 s, then every 0.5 s; the output starting ends the wait")
    func deviceAttemptsBackOff() {
        var lifecycle = Self.running()
        lifecycle.awaitDevice(at: 0, sampleRate: Self.rate)
        #expect(!lifecycle.deviceAttemptDue(at: 4_799))
        #expect(lifecycle.deviceAttemptDue(at: 4_800))
        var now = 4_800
        for (failures, pause) in [(1, 0.2), (2, 0.3), (3, 0.5), (4, 0.5), (5, 0.5)] {
            lifecycle.deviceAttemptFailed(at: now, sampleRate: Self.rate)
            let next = now + Int(pause * Double(Self.rate))
            #expect(lifecycle.state == .awaitingDevice(nextAttempt: next, failures: failures))
            now = next
        }
        lifecycle.outputStarted()
        #expect(lifecycle.phase == .running)
        #expect(!lifecycle.deviceAttemptDue(at: now))
        // A failure reported outside the wait changes nothing.
        lifecycle.deviceAttemptFailed(at: now, sampleRate: Self.rate)
        #expect(lifecycle.state == .running(reopenDue: false))
    }

    @Test("media services: a loss tears down once from any live state; the reset leaves the runtime inactive with nothing remembered")
    func mediaServices() {
        for start in [Self.running(), Lifecycle(), { var waiting = Self.running(); waiting.awaitDevice(at: 0, sampleRate: Self.rate); return waiting }()] {
            var lifecycle = start
            let step20 = lifecycle.mediaServicesLost()
            #expect(step20 == [.tearDown])
            let step21 = lifecycle.mediaServicesLost()
            #expect(step21 == [], "lost already")
            let step22 = lifecycle.interruptionBegan(deviceUntrusted: true)
            #expect(step22 == [])
            #expect(lifecycle.phase == .lost)
            let step23 = lifecycle.mediaServicesReset()
            #expect(step23)
            #expect(lifecycle.state == .inactive(.init()))
            let step24 = lifecycle.mediaServicesReset()
            #expect(!step24, "a reset with no loss before it")
        }
    }

    @Test("coming back to the foreground: reactivation when inactive, the policy again when running; the game asking for output retries a refused start once")
    func foregroundAndTheGame() {
        var running = Self.running()
        let step25 = running.becameActive()
        #expect(step25 == [.followPolicy])
        var inactive = Lifecycle()
        let step26 = inactive.activationRefused()
        #expect(step26)
        let step27 = inactive.becameActive()
        #expect(step27 == [.reactivate])
        let step28 = inactive.activationRefused()
        #expect(step28, "coming back starts a new series")
        let step29 = inactive.gameWantsOutput()
        #expect(step29 == [], "retrying at every update already")
        var interrupted = Self.running()
        _ = interrupted.interruptionBegan(deviceUntrusted: false)
        let step30 = interrupted.gameWantsOutput()
        #expect(step30 == [.reactivate])
        #expect(interrupted.retriesActivation)
        let step31 = running.gameWantsOutput()
        #expect(step31 == [])
    }

    @Test("a stopped runtime stays stopped whatever the system says")
    func stoppedStaysStopped() {
        var lifecycle = Self.running()
        lifecycle.stop()
        let step32 = lifecycle.interruptionBegan(deviceUntrusted: true)
        #expect(step32 == [])
        let step33 = lifecycle.interruptionEnded()
        #expect(step33 == [])
        let step34 = lifecycle.mediaServicesLost()
        #expect(step34 == [])
        let step35 = lifecycle.mediaServicesReset()
        #expect(!step35)
        let step36 = lifecycle.outputDeviceChanged(at: 0)
        #expect(step36 == [])
        let step37 = lifecycle.becameActive()
        #expect(step37 == [])
        #expect(lifecycle.phase == .stopped)
    }
}
