/// A screenful of views a person can play with. Scenes build their views into a window
/// and lay them out again whenever the window's size changes.
public protocol Scene: AnyObject {
    /// The name used on the command line and in the event log.
    var name: String { get }
    /// Adds the scene's views to `window`.
    func install(in window: Window)
    /// Places the views for the window's current size.
    func layout(in window: Window)
}

extension Window {
    /// The spot views currently in the tree (the event log's "spots").
    public var spotCount: Int {
        func count(_ view: View) -> Int {
            view.subviews.reduce(view is TouchSpotView ? 1 : 0) { $0 + count($1) }
        }
        return count(self)
    }
}
