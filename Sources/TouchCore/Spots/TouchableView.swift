/// The spot view's home (docs/concepts.md): a spot for every finger, kept in a table
/// by finger, created at began, centred under the finger as it moves, removed at ended or
/// cancelled.
public final class TouchableView: View {
    private struct Entry {
        let touchID: Int32
        let source: TouchSource
        let spot: View
        /// Made by `follow(_:)` for a finger bound to another view (the scene bar, a
        /// button): only `follow` moves and removes it.
        var followed = false
    }

    /// By finger: a table, not a dictionary (`FingerTable` says why).
    private var entries = FingerTable<Entry>()

    /// Touchscreen spots by the compositor's touch id.
    public var spots: [Int32: TouchSpotView] {
        var result: [Int32: TouchSpotView] = [:]
        for entry in entries.values where entry.source == .touchscreen {
            if let spot = entry.spot as? TouchSpotView { result[entry.touchID] = spot }
        }
        return result
    }

    /// Pens' spots by tool id.
    public var penSpots: [Int32: PenSpotView] {
        var result: [Int32: PenSpotView] = [:]
        for entry in entries.values { if let spot = entry.spot as? PenSpotView { result[entry.touchID] = spot } }
        return result
    }

    /// Every spot, the mouse's and pens' included.
    public var spotCount: Int { entries.count }

    public override init(name: String = "TouchableView", frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isMultipleTouchEnabled = true
    }

    /// Every finger seen: after the window has delivered `frame`, a finger that landed on
    /// another view in this view's bounds (the scene bar, a button) gets its spot too,
    /// which follows it and goes when it lifts. A finger this view was handed already has
    /// one.
    public func follow(_ frame: TouchFrame) {
        for touch in frame.touches {
            switch touch.phase {
            case .began:
                // Off the window (weston routes later fingers to the first one's surface) a
                // finger is bound to nothing and shows nothing, as before.
                if entries[touch.finger] == nil, bounds.contains(convert(touch.location, from: nil)) {
                    _ = touchesBegan([touch], with: frame)
                    entries.modify(touch.finger) { $0.followed = true }
                }
            case .moved:
                if let entry = entries[touch.finger], entry.followed { entry.spot.center = convert(touch.location, from: nil) }
            case .ended, .cancelled:
                if entries[touch.finger]?.followed == true { removeSpot(for: touch) }
            }
        }
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            let center = convert(touch.location, from: nil)
            let spot: View
            if touch.source.isPen {
                spot = PenSpotView(touchID: touch.id, center: center, isEraser: touch.source == .eraser,
                                   state: touch.pen ?? PenState())
                addSubview(spot)
            } else {
                let finger = TouchSpotView(touchID: touch.id, center: center)
                finger.contact = Self.contact(of: touch)
                addSubview(finger)
                if let animator = window?.animator { finger.grow(using: animator) }
                spot = finger
            }
            entries[touch.finger] = Entry(touchID: touch.id, source: touch.source, spot: spot)
        }
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool {
        // convert(_:from: nil) per touch, with this view's place in the window found once
        // per frame instead of by a walk up the tree for every touch.
        let origin = window == nil ? Point.zero : originInWindow
        for touch in touches {
            guard let spot = entries[touch.finger]?.spot else { continue }
            spot.center = Point(x: touch.location.x - origin.x, y: touch.location.y - origin.y)
            if let pen = touch.pen, let penSpot = spot as? PenSpotView { penSpot.update(pen) }
            if touch.major != nil, let finger = spot as? TouchSpotView { finger.contact = Self.contact(of: touch) }
        }
        return true
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches { removeSpot(for: touch) }
        return true
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches { removeSpot(for: touch) }
        return true
    }

    private static func contact(of touch: Touch) -> TouchSpotView.Contact? {
        guard let major = touch.major else { return nil }
        return TouchSpotView.Contact(major: major, minor: touch.minor ?? major, orientation: touch.orientation ?? 0)
    }

    private func removeSpot(for touch: Touch) {
        guard let spot = entries.removeValue(forKey: touch.finger)?.spot else { return }
        (spot as? TouchSpotView)?.stopGrowing()
        spot.removeFromSuperview()
    }
}
