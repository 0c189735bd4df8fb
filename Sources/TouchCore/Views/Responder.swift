/// An object that can handle touches, after UIKit's UIResponder: views, the window and
/// the application. Touches a responder does not handle go to its `nextResponder`
/// (superview, then window, then application); past the application they are dropped.
///
/// Unlike UIKit, the touch methods return whether they handled the touches and the window
/// walks the chain, rather than each override calling the next responder itself: the
/// chain can then be logged exactly, and an override cannot break it by forgetting super.
open class Responder {
    /// Shown in the event log (hit, responder) and in the HitTest scene.
    public var name: String

    public init(name: String) { self.name = name }

    /// Where unhandled touches go next.
    open var nextResponder: Responder? { nil }

    /// Touches of this phase bound to this responder's view (or passed up to it); `event`
    /// holds every active touch. Return true when handled; the default handles nothing.
    open func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool { false }
    open func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool { false }
    open func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool { false }
    open func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool { false }

    func touches(_ phase: TouchPhase, _ touches: [Touch], with event: TouchFrame) -> Bool {
        switch phase {
        case .began: return touchesBegan(touches, with: event)
        case .moved: return touchesMoved(touches, with: event)
        case .ended: return touchesEnded(touches, with: event)
        case .cancelled: return touchesCancelled(touches, with: event)
        }
    }
}

/// The end of every responder chain, as UIApplication. Handles nothing by default.
public final class Application: Responder {
    public init() { super.init(name: "Application") }
}
