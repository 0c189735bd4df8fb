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

    /// Identifies a running animation so its owner can stop it.
    public struct Token: Hashable, Sendable { let value: Int }

    private struct Running {
        let token: Token
        let start: Double
        let duration: Double
        let curve: Curve
        let update: (Double) -> Void
        let completion: () -> Void
    }

    private let clock: Clock
    private var running: [Running] = []
    private var nextToken = 0

    init(clock: Clock) { self.clock = clock }

    public var isRunning: Bool { !running.isEmpty }

    /// Calls `update` with progress 0 now and with 0...1 at each later step; `completion`
    /// runs once progress reaches 1.
    @discardableResult
    public func animate(duration: Double, curve: Curve = .easeInOut,
                        update: @escaping (Double) -> Void,
                        completion: @escaping () -> Void = {}) -> Token {
        let token = Token(value: nextToken)
        nextToken += 1
        update(0)
        running.append(Running(token: token, start: clock.now, duration: max(duration, 0),
                               curve: curve, update: update, completion: completion))
        return token
    }

    /// Stops an animation where it is, without completion.
    public func cancel(_ token: Token) {
        running.removeAll { $0.token == token }
    }

    /// Applies every animation at the clock's current time.
    public func step() {
        let now = clock.now
        var finished: [Running] = []
        for animation in running {
            let t = animation.duration > 0 ? min(1, (now - animation.start) / animation.duration) : 1
            animation.update(animation.curve.apply(t))
            if t >= 1 { finished.append(animation) }
        }
        guard !finished.isEmpty else { return }
        let done = Set(finished.map(\.token))
        running.removeAll { done.contains($0.token) }
        for animation in finished { animation.completion() }
    }
}
