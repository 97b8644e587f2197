// SPDX-License-Identifier: Zlib
import Glibc
import Synchronization

/// A test-only hook: make a named OpenAL call fail, for tests of what the code above does when
/// OpenAL refuses. Nothing in GameSound arms it; a process that never calls
/// ``OpenALProcess/failNextCalls(of:count:code:)`` pays one relaxed atomic load per `al*` call.
///
/// It is not a mock: every other call reaches OpenAL Soft as usual, and the failing one is refused
/// before it is made, exactly as the wrappers refuse a call with no current context, so that
/// OpenAL's state is what it would be had OpenAL itself refused the call.
extension OpenALProcess {
    /// One armed failure: on which thread, which call, with what code, how many more times.
    private struct InjectedFailure {
        var thread: pthread_t
        var operation: String
        var code: OpenALError.Code
        var remaining: Int
        /// A stall: the call is made after this many seconds instead of failing.
        var stallSeconds: Double = 0
    }

    private static let injectedFailures = Mutex<[InjectedFailure]>([])
    /// Whether any failure is armed: the only thing an `al*` call looks at when none is.
    static let failuresArmed = Atomic<Bool>(false)

    /// For tests only: the next `count` calls of the `al*` function `operation` (for example
    /// `"alSourcef"` or `"alSourcePlay"`, as ``OpenALError/operation`` names it) made on the calling
    /// thread fail with `code` instead of being made. Each failure is raised like OpenAL's own
    /// (it counts in ``errorCount`` and ``errorCountOnCurrentThread``).
    ///
    /// Calls on other threads are not affected, so tests running in parallel do not see each
    /// other's failures. Only `al*` calls (those that need a current context) can be made to fail,
    /// and of the `alc*` ones `alcCreateContext` (give it `.invalidDevice`, as OpenAL Soft's pulse
    /// backend fails when the server does not get its stream ready), `alcDevicePauseSOFT` and
    /// `alcDeviceResumeSOFT`.
    package static func failNextCalls(of operation: String, count: Int = 1, code: OpenALError.Code = .invalidOperation) {
        failNextCalls(of: operation, count: count, code: code, on: pthread_self())
    }

    /// For tests only: the same, for the calls `thread` makes (a runtime's update thread).
    package static func failNextCalls(of operation: String, count: Int = 1, code: OpenALError.Code = .invalidOperation,
                                      on thread: pthread_t) {
        guard count > 0 else { return }
        injectedFailures.withLock { failures in
            failures.append(InjectedFailure(thread: thread, operation: operation, code: code, remaining: count))
            failuresArmed.store(true, ordering: .relaxed)
        }
    }

    /// For tests only: the next `count` calls of the function `operation` made on `thread` (an `al*`
    /// one, or an `alc*` one ``failNextCalls(of:count:code:)`` names) are
    /// made only after `seconds` of sleep: an OpenAL call that stalls (OpenAL Soft's own locks taken
    /// by its mixer, a server that does not answer), to test who waits for it.
    package static func stallNextCalls(of operation: String, count: Int = 1, seconds: Double, on thread: pthread_t) {
        guard count > 0, seconds > 0 else { return }
        injectedFailures.withLock { failures in
            failures.append(InjectedFailure(thread: thread, operation: operation, code: .invalidOperation, remaining: count,
                                            stallSeconds: seconds))
            failuresArmed.store(true, ordering: .relaxed)
        }
    }

    /// For tests only: disarms every failure armed on the calling thread that has not happened yet.
    package static func clearInjectedFailures() {
        let thread = pthread_self()
        injectedFailures.withLock { failures in
            failures.removeAll { pthread_equal($0.thread, thread) != 0 }
            failuresArmed.store(!failures.isEmpty, ordering: .relaxed)
        }
    }

    /// The code an armed failure gives this call of `operation` on this thread, using it up; nil
    /// when the call is to be made (after the pause of an armed stall).
    @inline(never)
    static func takeInjectedFailure(_ operation: StaticString) -> OpenALError.Code? {
        let thread = pthread_self()
        let name = "\(operation)"
        let taken = injectedFailures.withLock { failures -> InjectedFailure? in
            guard let index = failures.firstIndex(where: { pthread_equal($0.thread, thread) != 0 && $0.operation == name })
            else { return nil }
            let taken = failures[index]
            failures[index].remaining -= 1
            if failures[index].remaining == 0 { failures.remove(at: index) }
            failuresArmed.store(!failures.isEmpty, ordering: .relaxed)
            return taken
        }
        guard let taken else { return nil }
        guard taken.stallSeconds == 0 else {
            usleep(useconds_t(taken.stallSeconds * 1_000_000))
            return nil
        }
        return taken.code
    }
}
