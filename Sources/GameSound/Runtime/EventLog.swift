// SPDX-License-Identifier: Zlib
import AudioSession

/// The runtime's event log: who listens, and what the steps running now have logged. Touched only
/// under the runtime's lock; the events go to the observers through ``delivery``, outside it.
struct EventLog {
    /// An event observer: its id, what it is called with each event, and whether it wants events
    /// now (the C API's observer does only while a callback is set).
    struct Observer {
        let id: Int
        let observe: @Sendable (GameSoundEvent) -> Void
        var isListening: @Sendable () -> Bool = { true }
    }

    /// The observers, in the order they were added, which is the order they are called in; the
    /// delivery is given each change.
    private var observers: [Observer] = [] {
        didSet { delivery.setObservers(observers) }
    }
    /// The last id handed to an observer.
    private var lastObserverID = 0
    /// Events logged by the steps running now, for the delivery once the outermost is over.
    private var pending: [GameSoundEvent] = []
    /// Hands the events to the observers outside the runtime's lock (``CoreBox``).
    let delivery = EventDelivery()

    /// Whether any observer wants events now: with none, the runtime builds none.
    var isListening: Bool { observers.contains { $0.isListening() } }

    /// Adds an observer, called after those added before; returns its id, never handed out before.
    mutating func addObserver(_ observe: @escaping @Sendable (GameSoundEvent) -> Void,
                              whileListening isListening: @escaping @Sendable () -> Bool = { true }) -> Int {
        lastObserverID += 1
        observers.append(Observer(id: lastObserverID, observe: observe, isListening: isListening))
        return lastObserverID
    }

    mutating func removeObserver(id: Int) {
        observers.removeAll { $0.id == id }
    }

    mutating func record(_ event: GameSoundEvent) {
        pending.append(event)
    }

    /// Whether events wait to be handed out (``takePending()``).
    var hasPending: Bool { !pending.isEmpty }

    /// The events logged since the last time, oldest first, for the delivery.
    mutating func takePending() -> [GameSoundEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}

/// Hands the runtime's events to its observers outside the runtime's lock, in the order they were
/// logged, one observer call at a time.
///
/// A step logs its events under the runtime's lock; when the outermost step ends, still under it,
/// they are queued here (``enqueue(_:)``), so the queue holds every thread's events in the order
/// they were logged. Once the thread has let the lock go it delivers them (``deliver()``): so an
/// observer that takes a while (a C game's callback writing a log line, say) keeps no other thread's
/// call waiting, and may call any runtime, this one included, from any thread.
///
/// Only one thread delivers at a time. A thread that finds another delivering leaves its events to
/// it and returns at once: it never waits for an observer, so two observers calling each other's
/// runtime, or an observer waiting for a lock the game holds while it calls, cannot deadlock. The
/// events an observer's own call logs are queued behind the event being handed out, which reaches
/// every observer first, so all observers see one order.
final class EventDelivery: Sendable {
    /// The observers, as the runtime last gave them (``setObservers(_:)``).
    private let observers = LockedValue<[EventLog.Observer]>([])
    private let queue = HandOutQueue<GameSoundEvent>()

    /// The observers every later event goes to, in order: a change (an observer added or
    /// cancelled) counts from the next event handed out; an event being handed out on another
    /// thread may still reach an observer just cancelled.
    func setObservers(_ observers: [EventLog.Observer]) {
        self.observers.withLock { $0 = observers }
    }

    /// Queues events logged by a step that has just ended, under the runtime's lock.
    func enqueue(_ events: [GameSoundEvent]) {
        queue.enqueue(events)
    }

    /// Hands out what is queued, unless another thread is doing so (it hands out these too). Called
    /// without the runtime's lock. Returns when the queue is empty or another thread delivers.
    func deliver() {
        queue.drain { event in
            for observer in observers.withLock({ $0 }) { observer.observe(event) }
        }
    }
}
