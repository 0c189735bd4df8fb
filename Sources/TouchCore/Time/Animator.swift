/// Runs time-based property changes. Steps only when the window is about to draw, so an
/// animation costs one update per displayed frame and nothing while idle.
public final class Animator {
    public enum Curve: Sendable {
        case linear, easeInOut

        func apply(_ t: Double) -> Double {
            switch self {
            case .linear: return t
            case .easeInOut: return t < 0.5 ? 2 * t * t : 1 - ((-2 * t + 2) * (-2 * t + 2)) / 2
            }
        }
    }

    private struct Running {
        let id: Int
        let start: Double
        let duration: Double
        let curve: Curve
        let update: (Double) -> Void
        let completion: () -> Void
    }

    private let clock: Clock
    private var running: [Running] = []
    private var lastID = 0

    init(clock: Clock) { self.clock = clock }

    public var isRunning: Bool { !running.isEmpty }

    /// Calls `update` with progress 0 now and with 0...1 at each later step; `completion`
    /// runs once progress reaches 1. Returns the animation's id, for `cancel`.
    @discardableResult
    public func animate(duration: Double, curve: Curve = .easeInOut,
                        update: @escaping (Double) -> Void,
                        completion: @escaping () -> Void = {}) -> Int {
        update(0)
        lastID += 1
        running.append(Running(id: lastID, start: clock.now, duration: max(duration, 0), curve: curve,
                               update: update, completion: completion))
        return lastID
    }

    /// Stops an animation where it is, without its completion: one whose view has left
    /// the window would otherwise keep the window committing frames that show nothing.
    public func cancel(_ id: Int) {
        running.removeAll { $0.id == id }
    }

    /// Applies every animation at the clock's current time.
    /// Animations started by an update or a completion begin with the next step.
    public func step() {
        guard !running.isEmpty else { return }
        let now = clock.now
        let current = running
        running.removeAll()
        var unfinished: [Running] = []
        var finished: [Running] = []
        for animation in current {
            let t = animation.duration > 0 ? min(1, (now - animation.start) / animation.duration) : 1
            animation.update(animation.curve.apply(t))
            if t >= 1 { finished.append(animation) } else { unfinished.append(animation) }
        }
        running = unfinished + running
        for animation in finished { animation.completion() }
    }
}
