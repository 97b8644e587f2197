// SPDX-License-Identifier: Zlib
import OpenAL

/// Writes a game's call leaves to the audio thread.
///
/// A game's call that only changes what sounds (play, stop, a voice's gain or place,
/// a bus's volume, the listener) decides everything on the spot, under the runtime's lock, and
/// touches no OpenAL: each write it would make is recorded instead, with the mirror's shadow
/// already saying what OpenAL will hold once it is made. Headless, the next render makes the
/// recorded writes, before it mixes (the renders stay byte-identical).
///
/// In real time the runtime's update thread makes them, and not under the runtime's lock, which is
/// what a game's call waits for: it takes them under that lock (``takeWritesForAudioThread()``),
/// lets it go, and makes them holding only the mirror's ``work`` lock (``makeWritesOnAudioThread()``),
/// which game's calls do not take. Every step that uses OpenAL holds both locks, the runtime's first,
/// so it never runs beside those writes, and it makes what the audio thread took and has not made
/// first. Work that needs the runtime (a voice's clock, a failure to report) waits in the batch for
/// a step under both locks.
///
/// Order is what keeps this right: every step that is not such a call (the update, a notification,
/// a query that reads OpenAL, a rebuild) makes the recorded writes first, when it makes the
/// context current (``useContext()``), and so does a call that must read OpenAL or make an object
/// after all (it takes the ``work`` lock then, always after the runtime's, never the other way).
///
/// A write made later cannot fail the call that asked for it: a failure is reported then
/// (`openALFailed` in the event log, `openal.call-failed` in the game's log), as every failure of
/// the update is.
extension ALMirror {
    /// One thing recorded for the audio thread.
    enum DeferredWork {
        /// OpenAL calls, and what they affect in words (worked out only on a failure).
        case write(affected: () -> String, body: () throws(OpenALError) -> Void)
        /// A voice's write, as values (``VoiceWrite``).
        case voice(VoiceWrite)
        /// A write to the listener, the distance model or Doppler, as values (``ContextWrite``).
        case context(ContextWrite)
        /// Work of the runtime that must follow the writes before it (a voice's clock starts when its
        /// source plays, which is when the device's clock is read).
        case runtime(() -> Void)
        /// The same for a voice, as values: what the runtime does for the voice in `slot`, if it is
        /// still the one of that generation (``voiceFollowUp``). Every play records one, so it is no closure.
        case voiceFollowUp(slot: Int, generation: Int, VoiceFollowUp)
    }

    /// Recorded writes the audio thread took (``takeWritesForAudioThread()``), as far as it made them.
    struct InFlightWrites {
        /// The context they were recorded for: a step that changes it makes them first.
        let context: ALContext
        var items: [DeferredWork]
        /// The first item not made yet.
        var next = 0
        /// Writes that failed, to be reported under the runtime's lock.
        var failures: [(affected: () -> String, error: OpenALError, item: DeferredWork)] = []
    }

    /// Makes OpenAL calls now, or records them for the audio thread (or the next render) during a game's call.
    /// A failure made now is thrown, as ``al(_:)`` throws it; one made later is reported.
    @inline(__always)
    func write(_ affected: @escaping @autoclosure () -> String,
               _ body: @escaping () throws(OpenALError) -> Void) throws(GameSoundError) {
        if defersWrites {
            deferred.append(.write(affected: affected, body: body))
            return
        }
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        do { try body() } catch { throw .openAL(error) }
    }

    /// Makes a voice's write now, or records it for the audio thread (or the next render) during a
    /// game's call, as ``write(_:_:)`` does a closure's.
    @inline(__always)
    func write(_ voiceWrite: VoiceWrite) throws(GameSoundError) {
        if defersWrites {
            deferred.append(.voice(voiceWrite))
            return
        }
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        do { try voiceWrite.make() } catch {
            forgetWrites(voiceWrite)
            throw .openAL(error)
        }
    }

    /// A voice's write that failed or was dropped: its source's shadow forgets what it holds, if the
    /// slot still has that source (a later voice may have it already, with a shadow of its own).
    private func forgetWrites(_ voiceWrite: VoiceWrite) {
        if voices[voiceWrite.slot].source === voiceWrite.source { voices[voiceWrite.slot].forgetWrites() }
    }

    /// The same for a write to the context, if it is still the mirror's.
    private func forgetWrites(_ contextWrite: ContextWrite) {
        if context === contextWrite.context { contextShadow = ContextShadow() }
    }

    private func forgetWrites(of item: DeferredWork) {
        switch item {
        case .voice(let voiceWrite): forgetWrites(voiceWrite)
        case .context(let contextWrite): forgetWrites(contextWrite)
        case .write, .runtime, .voiceFollowUp: break
        }
    }

    /// Makes a write to the context now, or records it, as ``reportingWrite(_:_:)`` does a closure's;
    /// one that fails is reported and forgotten by the shadow.
    @inline(__always)
    func write(_ contextWrite: ContextWrite) {
        if defersWrites {
            deferred.append(.context(contextWrite))
            return
        }
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        make(contextWrite)
    }

    /// Makes a write to the context on this thread, where it is current: a failure is reported and
    /// forgotten by the shadow.
    private func make(_ contextWrite: ContextWrite) {
        if attempt(contextWrite.affected, { () throws(OpenALError) in try contextWrite.make() }) == nil { forgetWrites(contextWrite) }
    }

    /// What a failed voice write names: the voice, then the part of it.
    private func affected(by voiceWrite: VoiceWrite) -> String {
        if case .release = voiceWrite.change { return released(voiceWrite.slot) }
        return voiceName(voiceWrite.slot) + voiceWrite.aspect
    }

    /// Makes OpenAL calls now or records them, as ``write(_:_:)``; a failure is reported either way
    /// (``attempt(_:_:)``).
    @inline(__always)
    func reportingWrite(_ affected: @escaping @autoclosure () -> String, _ body: @escaping () throws(OpenALError) -> Void) {
        if defersWrites {
            deferred.append(.write(affected: affected, body: body))
            return
        }
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        attempt(affected(), body)
    }

    /// Runs work of the runtime now, or after the writes recorded before it.
    @inline(__always)
    func afterWrites(_ work: @escaping () -> Void) {
        if defersWrites { deferred.append(.runtime(work)) } else { work() }
    }

    /// Records what the runtime does for the voice in `slot` (of `generation`) after the writes
    /// recorded before it (``voiceFollowUp``); only during a game's call.
    @inline(__always)
    func afterWrites(toVoiceIn slot: Int, generation: Int, _ what: VoiceFollowUp) {
        assert(defersWrites, "a voice's follow-up recorded outside a game's call")
        deferred.append(.voiceFollowUp(slot: slot, generation: generation, what))
    }

    /// Whether the context can take writes: now (made current on this thread), or, during a game's
    /// call, when the audio thread or the next render makes them (it exists and is not suspended: nothing
    /// is made current here).
    func canWrite() -> Bool {
        defersWrites ? contextUsable : useContext()
    }

    /// Whether there is a context that is not suspended for an interruption: what plays in it is
    /// where its clocks say. Asks OpenAL nothing.
    var contextUsable: Bool { context != nil && !contextSuspended }

    /// Makes the recorded writes, in order, on this thread, where the context has just been made
    /// current (``useContext()``): first what the audio thread took and has not made, then the rest.
    /// Writes left for a context that is gone or suspended are dropped: every step that changes the
    /// context makes them first, so none can be left there.
    func runDeferred(contextCurrent: Bool) {
        let deferring = defersWrites
        defersWrites = false
        if var batch = inFlight {
            inFlight = nil
            for failure in batch.failures {
                forgetWrites(of: failure.item)
                report(failure.error, affected: failure.affected())
            }
            run(batch.items[batch.next...], contextCurrent: contextCurrent)
            batch.items.removeAll(keepingCapacity: true)
            if deferredSpare.capacity < batch.items.capacity { deferredSpare = batch.items }
        }
        if !deferred.isEmpty {
            // The two lists swap, each keeping its storage: a game's next calls append without growing one.
            var work = deferredSpare
            swap(&work, &deferred)
            run(work[...], contextCurrent: contextCurrent)
            work.removeAll(keepingCapacity: true)
            deferredSpare = work
        }
        defersWrites = deferring
    }

    private func run(_ items: ArraySlice<DeferredWork>, contextCurrent: Bool) {
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        for item in items {
            switch item {
            case .write(let affected, let body): if contextCurrent { attempt(affected(), body) }
            case .voice(let voiceWrite):
                if !contextCurrent || attempt(affected(by: voiceWrite), { () throws(OpenALError) in try voiceWrite.make() }) == nil {
                    forgetWrites(voiceWrite)
                }
            case .context(let contextWrite):
                if contextCurrent { make(contextWrite) } else { forgetWrites(contextWrite) }
            case .runtime(let body): body()
            case .voiceFollowUp(let slot, let generation, let what): voiceFollowUp(slot, generation, what)
            }
        }
    }

    /// Whether recorded writes wait, here or with the audio thread.
    var hasDeferredWork: Bool { !deferred.isEmpty || inFlight != nil }

    // MARK: - On the audio thread

    /// Takes the recorded writes for the audio thread to make (``makeWritesOnAudioThread()``), under
    /// the runtime's lock, outside every step; false when there are none, or no context to make them in.
    func takeWritesForAudioThread() -> Bool {
        guard inFlight == nil, !deferred.isEmpty, let context, !contextSuspended else { return false }
        inFlight = InFlightWrites(context: context, items: deferred)
        deferred = deferredSpare
        deferredSpare = madeStorage ?? []
        madeStorage = nil
        return true
    }

    /// Makes the writes taken by ``takeWritesForAudioThread()``, holding ``work`` and not the
    /// runtime's lock: OpenAL calls only, on this thread, with the context current here while they run.
    /// Stops at the first work that needs the runtime (a voice's clock) and leaves it, and every
    /// failure, to a step under both locks.
    ///
    /// - Returns: Whether such a step is needed (something is left in ``inFlight``).
    func makeWritesOnAudioThread() -> Bool {
        guard var batch = inFlight else { return false }  // a step made them meanwhile
        inFlight = nil
        do {
            try batch.context.makeCurrentOnThisThread()
        } catch {
            // Left to the step, which reports the context and drops what it cannot make.
            inFlight = batch
            return true
        }
        defer { try? ALContext.clearCurrentOnThisThread() }
        while batch.next < batch.items.count {
            switch batch.items[batch.next] {
            case .write(let affected, let body):
                do throws(OpenALError) { try body() } catch { batch.failures.append((affected, error, batch.items[batch.next])) }
            case .voice(let voiceWrite):
                do throws(OpenALError) { try voiceWrite.make() } catch {
                    batch.failures.append(({ self.affected(by: voiceWrite) }, error, batch.items[batch.next]))
                }
            case .context(let contextWrite):
                do throws(OpenALError) { try contextWrite.make() } catch {
                    batch.failures.append(({ contextWrite.affected }, error, batch.items[batch.next]))
                }
            case .runtime, .voiceFollowUp:
                inFlight = batch
                return true
            }
            batch.next += 1
        }
        guard batch.failures.isEmpty else {
            inFlight = batch
            return true
        }
        batch.items.removeAll(keepingCapacity: true)
        madeStorage = batch.items
        return false
    }
}
