// SPDX-License-Identifier: Zlib
/// Headless rendering: the loopback device mixes on request, block by block, with the update run
/// at exact frame positions.
///
/// The device is only ever asked for whole groups of 4 frames. OpenAL Soft 1.19.1's reverb
/// cross-fades its delay lines over 128 frames after a preset is loaded and, in the middle of a
/// mix, rounds each step of that fade down to a multiple of 4: when earlier mixes of an odd
/// length leave fewer than 4 frames of fade, the step becomes 0 frames and the mixer runs off the
/// end of its buffer (a crash inside `alcRenderSamplesSOFT`, found by the storms with environment
/// steps). So a render that ends inside a group mixes the whole group and keeps the frames it did
/// not hand out (at most 3) for the next render, which starts with them.
extension RuntimeCore {
    /// How many frames the device is mixed at a time, at least (see above).
    static let mixGroupFrames = 4  // a power of two: `& ~(mixGroupFrames - 1)` rounds down to a group

    /// Renders into `buffer`, or the start of it: returns how many frames it rendered.
    ///
    /// - Parameters:
    ///   - resuming: The render goes on from a block it returned early at (below): the block's update
    ///     has run, so it does not follow the status again first.
    ///   - returnsForEvents: Returns early, right after a block's update, when that update logged
    ///     events, so that the observers get them (outside the lock) before the block mixes, as they
    ///     would at that moment in real time: what an observer's call asks for is in that block.
    func render(into buffer: UnsafeMutableBufferPointer<Float>, resuming: Bool = false,
                returnsForEvents: Bool = false) throws(GameSoundError) -> Int {
        let totalFrames = buffer.count / 2
        guard phase != .stopped else {
            // Stopped by an observer partway: the rest is silence, as a stopped output's.
            guard resuming else { throw .stopped }
            buffer.update(repeating: 0)
            return totalFrames
        }
        guard isHeadless else { throw .wrongOutputMode("render works on a headless runtime; this one plays in real time") }
        var done = 0
        // At the start of a block while running, the update below follows the status first thing.
        if !resuming, phase != .running || framesToUpdate != 0 { updateSilence() }
        if carriedFrames > 0 { done = handOutCarriedFrames(into: buffer) }
        while done < totalFrames {
            if framesToUpdate == 0 {
                update()
                if heldBack { betweenBlocks() }
                framesToUpdate = configuration.updateFrames
                if returnsForEvents, events.hasPending { return done }
            }
            // `frame` is a whole number of groups here, and so is the update period.
            let count = min(framesToUpdate, totalFrames - done)
            let whole = count & ~(Self.mixGroupFrames - 1)
            // Raw slices: `done + count` never passes `totalFrames`, so they stay inside `buffer`.
            if whole > 0 { try mix(into: UnsafeMutableBufferPointer(start: buffer.baseAddress! + done * 2, count: whole * 2)) }
            if whole < count {
                // The last, partial group: mixed whole, its first frames handed out, the rest carried.
                try carriedGroup.withUnsafeMutableBufferPointer { (group) throws(GameSoundError) in try mix(into: group) }
                let handed = count - whole
                for index in 0..<(handed * 2) { buffer[(done + whole) * 2 + index] = carriedGroup[index] }
                carriedFrames = Self.mixGroupFrames - handed
                for index in 0..<(carriedFrames * 2) { carriedGroup[index] = carriedGroup[handed * 2 + index] }
            }
            done += count
            frame += count
            framesToUpdate -= count
        }
        return done
    }

    /// The device's next frames, or silence when the output is stopped or silenced.
    private func mix(into slice: UnsafeMutableBufferPointer<Float>) throws(GameSoundError) {
        // The renderer goes with `device`, which is cleared whenever the device closes
        // (``closeDevice()``), so the device behind it is open.
        if phase == .running, outputRunning, mirror.render(into: slice) {
            mixedFrames &+= slice.count / 2
            if model.silenceCause != nil { slice.update(repeating: 0) }
        } else {
            slice.update(repeating: 0)
        }
    }

    /// Hands out the frames the previous render mixed ahead; returns how many. They are silence
    /// if the output has been stopped or silenced since they were mixed.
    private func handOutCarriedFrames(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let count = min(carriedFrames, buffer.count / 2)
        let audible = phase == .running && outputRunning && mirror.canRender && model.silenceCause == nil
        for index in 0..<(count * 2) { buffer[index] = audible ? carriedGroup[index] : 0 }
        carriedFrames -= count
        for index in 0..<(carriedFrames * 2) { carriedGroup[index] = carriedGroup[count * 2 + index] }
        frame += count
        framesToUpdate -= count
        return count
    }
}
