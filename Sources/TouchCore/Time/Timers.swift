/// One-shot timers on the injected clock. The core only records deadlines; the client's
/// event loop sleeps until `nextDeadline` and then calls `fireDue()`, and tests move a
/// ManualClock, so nothing polls and everything is deterministic.
public final class Timers {
    public struct ID: Hashable, Sendable { let value: Int }

    private struct Entry {
        let id: ID
        let deadline: Double
        let action: () -> Void
    }

    private let clock: Clock
    private var entries: [Entry] = []
    private var next = 0

    public init(clock: Clock) { self.clock = clock }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ID {
        let id = ID(value: next)
        next += 1
        entries.append(Entry(id: id, deadline: clock.now + max(0, delay), action: action))
        return id
    }

    public func cancel(_ id: ID?) {
        guard let id else { return }
        entries.removeAll { $0.id == id }
    }

    /// The earliest deadline, in clock seconds.
    public var nextDeadline: Double? {
        var earliest: Double?
        for entry in entries where earliest.map({ entry.deadline < $0 }) ?? true { earliest = entry.deadline }
        return earliest
    }

    /// Runs every timer whose deadline has passed, earliest first. Timers scheduled by
    /// those actions run in a later call.
    public func fireDue() {
        let now = clock.now
        guard entries.contains(where: { $0.deadline <= now }) else { return }
        let due = entries.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        let ids = Set(due.map(\.id))
        entries.removeAll { ids.contains($0.id) }
        for entry in due { entry.action() }
    }
}
