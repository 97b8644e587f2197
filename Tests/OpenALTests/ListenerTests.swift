// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL
import Testing

/// The listener, distance attenuation and the Doppler effect, measured on rendered samples.
@Suite("Listener, distance and Doppler")
struct ListenerTests {
    /// 1 s of 440 Hz: a whole number of cycles, so it loops without a click and 4 800 frames hold 44 cycles.
    let tone = Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)

    @Test("the listener's position, velocity, orientation and gain read back as set")
    func listenerReadsBack() throws {
        try withLoopback { rig in
            let context = rig.context
            #expect(try context.listenerOrientation() == (at: SIMD3<Float>(0, 0, -1), up: SIMD3<Float>(0, 1, 0)))
            try context.setListenerPosition(x: 1, y: 2, z: 3)
            try context.setListenerVelocity(x: -4, y: 0, z: 5)
            try context.setListenerOrientation(at: SIMD3(0, 0, 1), up: SIMD3(0, 1, 0))
            try context.setListenerGain(0.5)
            #expect(try context.listenerPosition() == (x: 1, y: 2, z: 3))
            #expect(try context.listenerVelocity() == (x: -4, y: 0, z: 5))
            #expect(try context.listenerOrientation() == (at: SIMD3<Float>(0, 0, 1), up: SIMD3<Float>(0, 1, 0)))
            #expect(try context.listenerGain() == 0.5)
            #expect(try context.dopplerFactor() == 1)
            #expect(abs(try context.speedOfSound() - 343.3) < 0.001)
            #expect(try context.distanceModel() == .inverseClamped)
            try context.setDopplerFactor(2)
            try context.setSpeedOfSound(100)
            #expect(try context.dopplerFactor() == 2)
            #expect(try context.speedOfSound() == 100)
            #expect(throws: OpenALError(operation: "alSpeedOfSound", code: .invalidValue)) { try context.setSpeedOfSound(0) }
            #expect(throws: OpenALError(operation: "alDopplerFactor", code: .invalidValue)) { try context.setDopplerFactor(-1) }
        }
    }

    @Test("a source at +x is heard on the right; with the listener turned around (at 0,0,1) it is on the left")
    func turningTheListenerSwapsSides() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(tone, channelCount: 1))
            try source.setLooping(true)
            try rig.context.setDistanceModel(.none)
            try source.setPosition(x: 1, y: 0, z: 0)
            try source.play()
            let facing = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(facing.right) > 0.3)
            #expect(Signal.rms(facing.left) < Signal.rms(facing.right) / 100)

            try rig.context.setListenerOrientation(at: SIMD3(0, 0, 1), up: SIMD3(0, 1, 0))
            _ = try rig.render(frames: 1_024)  // let the panning ramp settle
            let turned = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(turned.left) > 0.3)
            #expect(Signal.rms(turned.right) < Signal.rms(turned.left) / 100)
        }
    }

    /// A source 4 units in front of the listener, reference distance 1, maximum 3, rolloff 0.5:
    /// the OpenAL 1.1 formulas give a different gain for every model.
    static let distanceCases: [(ALContext.DistanceModel, Float)] = [
        (.none, 1),
        (.inverse, 1 / (1 + 0.5 * 3)),                  // 0.4
        (.inverseClamped, 1 / (1 + 0.5 * 2)),           // distance clamped to 3: 0.5
        (.linear, 1 - 0.5 * 3 / 2),                     // 0.25
        (.linearClamped, 1 - 0.5 * 2 / 2),              // 0.5
        (.exponent, Float(pow(4.0, -0.5))),             // 0.5
        (.exponentClamped, Float(pow(3.0, -0.5))),      // 0.577
    ]

    @Test("each distance model attenuates by its formula", arguments: distanceCases)
    func distanceModels(model: ALContext.DistanceModel, expectedGain: Float) throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(tone, channelCount: 1))
            try source.setLooping(true)
            try source.setPosition(x: 0, y: 0, z: -4)
            try source.setReferenceDistance(1)
            try source.setMaxDistance(3)
            try source.setRolloffFactor(0.5)
            try rig.context.setDistanceModel(.none)
            try source.play()
            _ = try rig.render(frames: 1_024)
            let unattenuated = Signal.rms(try rig.renderChannels(frames: 4_800).left)

            try rig.context.setDistanceModel(model)
            #expect(try rig.context.distanceModel() == model)
            _ = try rig.render(frames: 1_024)  // let the gain ramp settle
            let attenuated = Signal.rms(try rig.renderChannels(frames: 4_800).left)
            #expect(abs(attenuated / unattenuated - expectedGain) < 0.01, "gain \(attenuated / unattenuated)")
        }
    }

    @Test("a source's velocity and distance settings read back, and bad values are invalidValue")
    func sourceSettingsReadBack() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            #expect(try source.referenceDistance() == 1)
            #expect(try source.rolloffFactor() == 1)
            #expect(try source.maxDistance() == .greatestFiniteMagnitude)
            #expect(try source.isRelativeToListener() == false)
            try source.setVelocity(x: 1, y: -2, z: 3)
            try source.setReferenceDistance(5)
            try source.setMaxDistance(50)
            try source.setRolloffFactor(2)
            try source.setRelativeToListener(true)
            #expect(try source.velocity() == (x: 1, y: -2, z: 3))
            #expect(try source.referenceDistance() == 5)
            #expect(try source.maxDistance() == 50)
            #expect(try source.rolloffFactor() == 2)
            #expect(try source.isRelativeToListener())
            #expect(throws: OpenALError(operation: "alSourcef", code: .invalidValue)) { try source.setReferenceDistance(-1) }
            #expect(throws: OpenALError(operation: "alSourcef", code: .invalidValue)) { try source.setRolloffFactor(-1) }
        }
    }

    /// A 1 kHz source 10 units in front of the listener (on −z), velocities along z, in units per
    /// second. The heard frequency is 1000 × (c − vL) / (c − vS), where vS is the source's speed
    /// towards the listener and vL the listener's speed away from the source, each times the
    /// Doppler factor.
    struct DopplerCase: Sendable, CustomTestStringConvertible {
        var sourceZ: Float
        var listenerZ: Float = 0
        var factor: Float = 1
        var speedOfSound: Float = 343.3
        var expected: Double {
            let towardsListener = Double(sourceZ * factor), awayFromSource = Double(listenerZ * factor)
            return 1_000 * (Double(speedOfSound) - awayFromSource) / (Double(speedOfSound) - towardsListener)
        }
        var testDescription: String {
            "source \(sourceZ), listener \(listenerZ), factor \(factor), c \(speedOfSound): \(Int(expected.rounded())) Hz"
        }
    }

    static let dopplerCases: [DopplerCase] = [
        .init(sourceZ: 50),                        // approaching: 1 170 Hz
        .init(sourceZ: -50),                       // receding: 873 Hz
        .init(sourceZ: 0, listenerZ: -50),         // the listener approaches: 1 146 Hz
        .init(sourceZ: 50, factor: 0),             // Doppler off: 1 000 Hz
        .init(sourceZ: 50, speedOfSound: 686.6),   // a faster sound shifts less: 1 079 Hz
    ]

    @Test("velocities shift the pitch by the Doppler formula", arguments: dopplerCases)
    func doppler(_ motion: DopplerCase) throws {
        try withLoopback { rig in
            let oneKilohertz = Signal.sine(frequency: 1_000, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(oneKilohertz, channelCount: 1))
            try source.setLooping(true)
            try rig.context.setDistanceModel(.none)
            try rig.context.setDopplerFactor(motion.factor)
            try rig.context.setSpeedOfSound(motion.speedOfSound)
            try source.setPosition(x: 0, y: 0, z: -10)
            try source.setVelocity(x: 0, y: 0, z: motion.sourceZ)
            try rig.context.setListenerVelocity(x: 0, y: 0, z: motion.listenerZ)
            try source.play()
            _ = try rig.render(frames: 1_024)
            let heard = Signal.dominantFrequency(try rig.renderChannels(frames: 9_600).left, sampleRate: 48_000)
            #expect(abs(heard - motion.expected) / motion.expected < 0.002, "heard \(heard) Hz")
        }
    }

    @Test("a source moving towards the listener is higher in pitch than one moving away")
    func approachingIsHigher() throws {
        func heard(velocity: Float) throws -> Double {
            try withLoopback { rig in
                let source = try ALSource(context: rig.context)
                try source.setBuffer(try rig.buffer(tone, channelCount: 1))
                try source.setLooping(true)
                try source.setPosition(x: 3, y: 0, z: -4)
                try source.setVelocity(x: -0.6 * velocity, y: 0, z: 0.8 * velocity)  // along the line to the listener
                try source.play()
                _ = try rig.render(frames: 1_024)
                return Signal.dominantFrequency(try rig.renderChannels(frames: 9_600).right, sampleRate: 48_000)
            }
        }
        let approaching = try heard(velocity: 30), receding = try heard(velocity: -30)
        #expect(approaching > 440 * 1.08)
        #expect(receding < 440 * 0.93)
    }
}

#if canImport(Glibc)
import Glibc
#endif
