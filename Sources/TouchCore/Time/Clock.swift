/// Monotonic time in seconds. The core never reads a system clock itself: the client
/// injects a real one, tests inject `ManualClock`, so animations and timeouts are deterministic.
public protocol Clock: AnyObject {
    var now: Double { get }
}

/// A clock that moves only when told to.
public final class ManualClock: Clock {
    public var now: Double
    public init(now: Double = 0) { self.now = now }
    public func advance(by seconds: Double) { now += seconds }
}
