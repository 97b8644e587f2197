// SPDX-License-Identifier: Zlib
import Synchronization

/// One session's observers and async streams; hands each notification to all of them.
///
/// Callbacks run outside the lock, so an observer may call back into the session.
final class NotificationHub: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var observers: [(id: UInt64, callback: @Sendable (AudioSessionNotification) -> Void)] = []
        var continuations: [UInt64: AsyncStream<AudioSessionNotification>.Continuation] = [:]
        var finished = false
    }

    private let state = Mutex(State())

    func addObserver(_ callback: @escaping @Sendable (AudioSessionNotification) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.observers.append((state.nextID, callback))
            return state.nextID
        }
    }

    func removeObserver(_ id: UInt64) {
        state.withLock { state in
            state.observers.removeAll { $0.id == id }
        }
    }

    func makeStream() -> AsyncStream<AudioSessionNotification> {
        let (stream, continuation) = AsyncStream<AudioSessionNotification>.makeStream(bufferingPolicy: .unbounded)
        let id: UInt64? = state.withLock { state in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func deliver(_ notification: AudioSessionNotification) {
        let (callbacks, continuations) = state.withLock { state in
            (state.observers.map(\.callback), Array(state.continuations.values))
        }
        for callback in callbacks {
            callback(notification)
        }
        for continuation in continuations {
            continuation.yield(notification)
        }
    }

    func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            state.observers.removeAll()
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations {
            continuation.finish()
        }
    }
}
