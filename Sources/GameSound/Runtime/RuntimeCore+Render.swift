/// Headless rendering: the loopback device mixes on request, block by block, with the update run
/// at exact frame positions.
extension RuntimeCore {
    func render(into buffer: UnsafeMutableBufferPointer<Float>) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard isHeadless else { throw .wrongOutputMode("render works on a headless runtime; this one plays in real time") }
        let totalFrames = buffer.count / 2
        var done = 0
        // At the start of a block while running, the update below follows the status first thing.
        if phase != .running || needsReactivation || frame % configuration.updateFrames != 0 { updateSilence() }
        while done < totalFrames {
            if frame % configuration.updateFrames == 0 {
                update()
                if heldBack { betweenBlocks() }
            }
            let untilUpdate = configuration.updateFrames - frame % configuration.updateFrames
            let count = min(untilUpdate, totalFrames - done)
            let slice = UnsafeMutableBufferPointer(rebasing: buffer[(done * 2)..<((done + count) * 2)])
            // A device is never closed without `device` being cleared, so a device here is open
            // (ALDevice.render checks again, and throws, should that ever change).
            if phase == .running, outputRunning, let device {
                do { try device.render(into: slice, channels: .stereo) } catch { throw .openAL(error) }
                if silenceCause != nil { slice.update(repeating: 0) }
            } else {
                slice.update(repeating: 0)
            }
            done += count
            frame += count
        }
    }
}
