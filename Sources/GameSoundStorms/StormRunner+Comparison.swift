// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization

/// How a storm's second run (``StormComparison``) is compared with its first.
extension StormRunner {
    /// How a run with rebuilds differs from the same storm's plain run, which passed: an invariant only
    /// the rebuilt run broke, a log entry that differs, or a sample further than ``rebuildSampleBound``
    /// from the plain run's; nil when within the bound.
    public static func comparison(plain: StormTrace, rebuilt: (failure: StormFailure?, trace: StormTrace),
                                  in storm: StormSequence) -> StormFailure? {
        let rebuilds = "\(rebuilt.trace.rebuildFrames.count) rebuilds"
        if let failure = rebuilt.failure {
            return StormFailure(kind: .rebuildDiffers, step: failure.step, message: "only with \(rebuilds): \(failure)")
        }
        // Where the rebuilt run built its context anew at an interruption's end, the plain run
        // restored its suspended one or built one as its strategy does: the context's own entries at
        // those frames (and a rebuild's own entries, StormState.isRebuildsOwn) are left out of both.
        let deferred = Set(rebuilt.trace.deferredRebuildFrames)
        let leavingOutDeferred = { (events: [GameSoundEvent]) in
            events.filter { !(deferred.contains($0.frame) && ($0.name == "contextRestored" || StormState.isRebuildsOwn($0))) }
        }
        let (plainEvents, rebuiltEvents) = (leavingOutDeferred(plain.events), leavingOutDeferred(rebuilt.trace.events))
        if let index = firstDifferentEvent(plainEvents, rebuiltEvents) {
            return StormFailure(kind: .rebuildDiffers, step: storm.step(at: eventFrame(index, plainEvents, rebuiltEvents)),
                                message: "with \(rebuilds) (at frames \(rebuilt.trace.rebuildFrames.prefix(8))…), log entry \(index): "
                                    + "\(describe(index, plainEvents)) in the plain run, \(describe(index, rebuiltEvents)) with rebuilds")
        }
        if plain.samples.count != rebuilt.trace.samples.count {
            return StormFailure(kind: .rebuildDiffers, step: storm.steps.count, message:
                "\(plain.samples.count) samples in the plain run, \(rebuilt.trace.samples.count) with rebuilds")
        }
        let worst = largestDifference(plain: plain, rebuilt: rebuilt.trace)
        if worst.difference > rebuildSampleBound {
            let since = worst.framesAfterRebuild.map { "\($0) frames after a rebuild" } ?? "before any rebuild"
            return StormFailure(kind: .rebuildDiffers, step: storm.step(at: worst.frame), message:
                "with \(rebuilds), frame \(worst.frame) (\(since)) differs from the plain run's by \(worst.difference): "
                + "more than \(rebuildSampleBound)")
        }
        return nil
    }

    /// The largest difference between a plain run's samples and a rebuilt run's outside the
    /// ``rebuildSettleFrames`` after each rebuild and fresh start, and outside the reverb tail heard
    /// at each rebuild (``StormTrace/rebuildTails``), and where.
    public static func largestDifference(plain: StormTrace, rebuilt: StormTrace) -> (difference: Float, frame: Int, framesAfterRebuild: Int?) {
        var worst: (difference: Float, frame: Int) = (0, 0)
        let tails = rebuilt.rebuildTails + Array(repeating: 0, count: max(0, rebuilt.rebuildFrames.count - rebuilt.rebuildTails.count))
        let exempt = zip(rebuilt.rebuildFrames, tails).map { ($0, $0 + max(rebuildSettleFrames, $1)) }
            + rebuilt.freshStartFrames.map { ($0, $0 + rebuildSettleFrames) }
        var windows = exempt.sorted { $0.0 < $1.0 }[...]
        var exemptUntil = Int.min
        for (index, pair) in zip(plain.samples, rebuilt.samples).enumerated() {
            let frame = index / 2
            while let next = windows.first, next.0 <= frame {
                exemptUntil = max(exemptUntil, next.1)
                windows.removeFirst()
            }
            if frame < exemptUntil { continue }
            let difference = abs(pair.0 - pair.1)
            if difference > worst.difference { worst = (difference, frame) }
        }
        return (worst.difference, worst.frame, rebuilt.rebuildFrames.last { $0 <= worst.frame }.map { worst.frame - $0 })
    }

    static func firstDifferentEvent(_ a: [GameSoundEvent], _ b: [GameSoundEvent]) -> Int? {
        zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (a.count == b.count ? nil : min(a.count, b.count))
    }

    static func eventFrame(_ index: Int, _ a: [GameSoundEvent], _ b: [GameSoundEvent]) -> Int {
        min(a.indices.contains(index) ? a[index].frame : .max, b.indices.contains(index) ? b[index].frame : .max)
    }

    static func describe(_ index: Int, _ events: [GameSoundEvent]) -> String {
        events.indices.contains(index) ? "\(events[index].name) at frame \(events[index].frame)" : "nothing"
    }

    /// How a run with whole updates differs from the same storm's run with quiet ones, which passed:
    /// an invariant only the whole run broke, or the first log entry or sample that differs; nil
    /// when they are the same. Either is a ``StormFailure/Kind/quietUpdateDiffers``, so that
    /// shrinking keeps the comparison, and a scenario printed from the quiet run's trace is not
    /// taken for the run that failed.
    public static func comparison(quiet: StormTrace, whole: (failure: StormFailure?, trace: StormTrace),
                                  in storm: StormSequence) -> StormFailure? {
        if let failure = whole.failure {
            return StormFailure(kind: .quietUpdateDiffers, step: failure.step,
                                message: "only with whole updates: \(failure)")
        }
        return difference(quiet, whole.trace, in: storm)
    }

    /// Where a run with quiet updates first differs from the same storm with whole ones, if it does.
    static func difference(_ quiet: StormTrace, _ whole: StormTrace, in storm: StormSequence) -> StormFailure? {
        if let index = firstDifferentEvent(quiet.events, whole.events) {
            return StormFailure(kind: .quietUpdateDiffers, step: storm.step(at: eventFrame(index, quiet.events, whole.events)),
                                message: "log entry \(index): \(describe(index, quiet.events)) with quiet updates, \(describe(index, whole.events)) with whole ones")
        }
        if let sample = zip(quiet.samples, whole.samples).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return StormFailure(kind: .quietUpdateDiffers, step: storm.step(at: sample / 2),
                                message: "the audio differs from frame \(sample / 2): \(quiet.samples[sample]) with quiet updates, \(whole.samples[sample]) with whole ones")
        }
        return nil
    }
}
