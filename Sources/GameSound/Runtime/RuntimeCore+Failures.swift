// SPDX-License-Identifier: Zlib
/// The runtime's side of the one error policy (``ALMirror/attempt(_:_:)``): OpenAL work it asks of
/// the mirror is reported there, once, naming the voice or stream it concerned.
extension RuntimeCore {
    /// Runs mirror calls; when one fails, reports it (``ALMirror/report(_:affected:)``) and returns nil.
    @inline(__always) @discardableResult
    func attempt<T, E: Error>(_ affected: @autoclosure () -> String, _ body: () throws(E) -> T) -> T? {
        mirror.attempt(affected(), body)
    }

    /// Reports a failure once per context (``ALMirror/report(_:affected:)``).
    func report(_ error: any Error, affected: String) {
        mirror.report(error, affected: affected)
    }

    /// Makes this runtime's context current if it has a usable one, and says whether it has
    /// (``ALMirror/useContext()``).
    func useContext() -> Bool { mirror.useContext() }

    /// A voice in words, as the events number it: "voice 3".
    func voiceLabel(_ slot: Int) -> String {
        "voice \(Voice(slot: slot, generation: model.allocator.slots[slot].generation, runtime: runtimeTag).localID)"
    }
}
