// SPDX-License-Identifier: Zlib
import OpenAL

/// The device and the context: opening them, clearing the context for an interruption and making it
/// current again, destroying it, closing the device, pausing a real device.
extension ALMirror {
    /// What every context of a runtime is made with (the first one and each rebuild).
    struct ContextSpec: Equatable {
        var sampleRate: Int
        var voices: Int
        var headless: Bool
        /// The buffering of GameSound's own server output (``ALDevice/openServerOutput(buffering:)``),
        /// tried first for the default real output; nil: OpenAL Soft's own output.
        var serverOutput: OpenALProcess.OutputBuffering? = nil

        var attributes: ALContextAttributes {
            var attributes = ALContextAttributes(frequency: sampleRate, monoSources: voices + 8, stereoSources: voices + 8)
            if headless {
                attributes.renderFormat = ALRenderFormat(sampleRate: sampleRate, channels: .stereo, sampleType: .float32)
            }
            attributes.maxAuxiliarySends = 2  // the environment crossfades between two reverbs
            return attributes
        }
    }

    var hasContext: Bool { context != nil }
    /// Whether the output is GameSound's own server output (``openRealOutput(named:_:)``).
    var outputIsServerOutput: Bool { device?.isServerOutput == true }
    var hasDevice: Bool { device != nil }

    /// Opens the output device (the loopback device headless) and a context on it, made current:
    /// the ``PreparedOutput`` offered for it if there is one, else opened here. Nothing is kept
    /// when either fails.
    func openDevice(_ output: GameSoundConfiguration.Output, _ spec: ContextSpec) throws(GameSoundError) {
        if let ready = prepared, ready.matches(output, spec) {
            prepared = nil
            do {
                try al { () throws(OpenALError) in try ready.context.makeCurrentOnThisThread() }
            } catch {
                ready.retire()
                throw error
            }
            device = ready.device
            outputThreads = ready.threads
            adopt(ready.context)
            preparedStreams = ready.streams
            preparedPlayers = ready.players
            preparedBuffers = ready.buffers
            return
        }
        var threads = output != .headless ? OutputThreads.noteBefore() : nil
        let (device, context) = try al { () throws(OpenALError) in
            let device = switch output {
            case .headless: try ALDevice.openLoopback()
            case .realtime(let name): try openRealOutput(named: name, spec)
            }
            threads?.noteDeviceOpened(mixerIsDeviceLoop: device.isServerOutput)
            let context = try ThreadRoster.startingThreads { () throws(OpenALError) in try ALContext(device: device, attributes: spec.attributes) }
            try context.makeCurrentOnThisThread()
            return (device, context)
        }
        self.device = device
        outputThreads = threads
        adopt(context)
    }

    /// Opens the real output `name` names (nil: the default): GameSound's own server output when the
    /// spec asks for it and a server answers, else OpenAL Soft's. Why the server output was not
    /// used, when it was asked for, is kept in ``serverOutputRefusal`` for the runtime to log.
    func openRealOutput(named name: String?, _ spec: ContextSpec) throws(OpenALError) -> ALDevice {
        let opened = try Self.openRealOutput(named: name, spec)
        serverOutputRefusal = opened.refusal
        return opened.device
    }

    /// As ``openRealOutput(named:_:)``, returning the refusal (for outputs opened ahead, ``PreparedOutput``).
    static func openRealOutput(named name: String?, _ spec: ContextSpec) throws(OpenALError) -> (device: ALDevice, refusal: String?) {
        var refusal: String?
        if name == nil, let buffering = spec.serverOutput {
            do {
                return (try ALDevice.openServerOutput(buffering: buffering), nil)
            } catch where error.code == ALDevice.serverOutputTimedOut {
                // A server that hangs would hang OpenAL Soft's own connection too, with no time
                // limit: the open fails, and the runtime tries again as for any device that fails.
                throw error
            } catch {
                refusal = "\(error.code)"
            }
        }
        return (try ALDevice.openOutput(named: name), refusal)
    }

    /// Makes a new context on the open device, current.
    func makeContext(_ spec: ContextSpec) throws(GameSoundError) {
        guard let device else { throw .openAL(OpenALError(operation: "alcCreateContext", code: .invalidDevice)) }
        if !spec.headless { noteThreadsBeforeOutput() }
        adopt(try al { () throws(OpenALError) in
            let context = try ThreadRoster.startingThreads { () throws(OpenALError) in try ALContext(device: device, attributes: spec.attributes) }
            try context.makeCurrentOnThisThread()
            return context
        })
    }

    /// Takes a context just made and made current: nothing suspended, HRTF to be decided again (a new
    /// device's is whatever it opened with, a new context applies its own attributes to the device),
    /// no failure reported on it yet.
    private func adopt(_ new: ALContext) {
        context = new
        contextSuspended = false
        hrtfApplied = nil
        reportedFailures = []
    }

    /// Takes an output opened ahead for the next ``openDevice(_:_:)``, retiring one offered before.
    func offer(_ output: PreparedOutput) {
        prepared?.retire()
        prepared = output
    }

    /// Retires the output opened ahead if no rebuild took it, and what a rebuild that took it left:
    /// the stream files and players no stream took (a stream that ended meanwhile), the buffers it
    /// did not install. Those are in the current context, current here (a step), or gone with it.
    func retirePrepared() {
        guard prepared != nil || !preparedStreams.isEmpty || !preparedPlayers.isEmpty || !preparedBuffers.isEmpty else { return }
        prepared?.retire()
        prepared = nil
        for file in preparedStreams { file.decoding.cancel() }
        preparedStreams = []
        for player in preparedPlayers { destroy(player, affected: "a stream player made ahead") }
        preparedPlayers = []
        deletePreparedBuffers()
    }

    /// Clears the current context for an interruption (the suspend strategy): every object stays.
    /// It was current on this thread only, for this step (``releaseThread()``), and no other thread
    /// holds it, so it is current nowhere now.
    func suspendContext() {
        releaseThread()
        contextSuspended = true
    }

    /// Leaves this runtime's context current on no thread: at the end of each of its steps, so that
    /// the thread (a game's own) goes back to the process-wide current context, if its own code has
    /// one, and no thread keeps ours. A failure is reported, not thrown.
    ///
    /// Whatever context is current on this thread only is released, not only this runtime's: a
    /// context left there holds a reference that OpenAL Soft drops when the thread ends, and a
    /// context destroyed meanwhile would then be freed from under it.
    func releaseThread() {
        guard ALContext.isAnyCurrentOnThisThread else { return }
        attempt("the audio context") { () throws(OpenALError) in try ALContext.clearCurrentOnThisThread() }
    }

    /// Makes the context current again if it was cleared for an interruption, reporting a failure:
    /// before what it holds is torn down, so that it is deleted rather than refused.
    func resumeSuspendedContext() {
        guard contextSuspended, let context else { return }
        attempt("the audio context") { () throws(OpenALError) in try context.makeCurrentOnThisThread() }
        contextSuspended = false
    }

    /// Makes the suspended context current again at the end of an interruption; throws when it cannot be.
    func restoreSuspendedContext() throws(GameSoundError) {
        guard let context else { return }
        try al { () throws(OpenALError) in try context.makeCurrentOnThisThread() }
        contextSuspended = false
    }

    /// Destroys the context (its objects must be gone), here: the device stays in use (a
    /// rebuild-strategy interruption makes a new context on it).
    func destroyContext() {
        releaseThread()
        context?.destroy()
        context = nil
        contextSuspended = false
    }

    /// Lets the context and the device go together, for a new device to come: a
    /// real device's on the retirement queue (``OutputRetirement``), a loopback's here. Nothing of
    /// ours uses that device again, so OpenAL Soft stopping its mixer runs beside nothing of it.
    ///
    /// - Parameter objects: Let go of after them (``OutputRetirement/retire(context:closing:lettingGo:)``).
    func retireOutput(lettingGo objects: [AnyObject] = []) {
        releaseThread()
        let (oldContext, oldDevice) = (context, device)
        context = nil
        contextSuspended = false
        device = nil
        if oldDevice?.kind == .output {
            OutputRetirement.retire(context: oldContext, closing: oldDevice, lettingGo: objects)
        } else {
            oldContext?.destroy()
            if let oldDevice { attempt("the output device") { () throws(OpenALError) in try oldDevice.close() } }
        }
    }

    /// Whether ``retireOutputWhole(letting:)`` can be used: the output is a real device, which goes on the
    /// retirement queue. A loopback's objects are deleted one by one, in order with the render.
    var retiresOutputWhole: Bool { device?.kind == .output }

    /// Lets a real output go for a new one with everything made in it: the pool's sources, the
    /// effects' buffers, the reverb's slots, effects and filter are forgotten here, not deleted one
    /// by one, and destroying the context then closing the device on the retirement queue
    /// (``OutputRetirement``) deletes them in OpenAL Soft (alcDestroyContext deletes a context's
    /// sources and effect slots, alcCloseDevice a device's buffers, effects and filters).
    ///
    /// - Parameter players: Stream players made in the context, abandoned (``AudioStream/abandon()``):
    ///   let go on the queue, after the context, since freeing one frees its decoder.
    func retireOutputWhole(letting players: [AudioStream]) {
        forgetSources()
        forgetBuffers()
        forgetReverb()
        retireOutput(lettingGo: players)
    }

    /// Closes the device (its contexts must be gone) and lets it go: a loopback at once, a real
    /// device on the retirement queue, after the context it had. The only way a device is closed,
    /// so that ``loopbackRenderer`` never outlives an open device.
    ///
    /// - Parameter waiting: Closes a real device here too, after everything retired before it
    ///   (when the runtime shuts down: nothing is left open behind it).
    func closeDevice(waiting: Bool = false) {
        defer { device = nil }
        guard let device else { return }
        if device.kind == .output, !waiting {
            OutputRetirement.retire(context: nil, closing: device)
        } else {
            OutputRetirement.drain()
            attempt("the output device") { () throws(OpenALError) in try device.close() }
        }
    }

    /// The frames at `rate` the device's mixer has produced (`ALC_DEVICE_CLOCK_SOFT`); nil without an
    /// open device or without the extension, and on a failure (reported).
    func mixedFrames(rate: Int) -> Int? {
        guard let device, !device.isClosed else { return nil }
        do {
            let nanoseconds = try device.clock()
            return Int((Double(nanoseconds) * Double(rate) / 1e9).rounded())
        } catch where error.code == .extensionMissing("ALC_SOFT_device_clock") {
            return nil
        } catch {
            report(error, affected: "the output device's clock")
            return nil
        }
    }

    /// Whether the open device is OpenAL Soft's null device (opened as "No Output"): it mixes in
    /// time and plays to nothing (`ALSOFT_DRIVERS=null`, or no other backend could open).
    var deviceIsNullOutput: Bool { device?.kind == .output && device?.openedName == "No Output" }

    /// The device says when it is disconnected (``wakeOnDisconnection``): GameSound's server output.
    /// OpenAL Soft's devices must be asked.
    var deviceTellsDisconnection: Bool { outputIsServerOutput }

    /// Whether the open device says it stopped working (`ALC_EXT_disconnect`): unplugged, or its sound server gone.
    var deviceDisconnected: Bool {
        guard let device, !device.isClosed else { return false }
        return !device.isConnected
    }
}
