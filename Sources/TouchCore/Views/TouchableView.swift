/// The spot view's home (docs/concepts.md): a spot for every finger, kept in a dictionary
/// by finger, created at began, centred under the finger as it moves, removed at ended or
/// cancelled.
public final class TouchableView: View {
    private struct Entry {
        let touchID: Int32
        let source: TouchSource
        let spot: TouchSpotView
    }

    private var entries: [FingerID: Entry] = [:]

    /// Touchscreen spots by the compositor's touch id.
    public var spots: [Int32: TouchSpotView] {
        var result: [Int32: TouchSpotView] = [:]
        for entry in entries.values where entry.source == .touchscreen { result[entry.touchID] = entry.spot }
        return result
    }

    /// Every spot, the mouse's included.
    public var spotCount: Int { entries.count }

    public override init(name: String = "TouchableView", frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            let spot = TouchSpotView(touchID: touch.id, center: convert(touch.location, from: nil))
            addSubview(spot)
            if let animator = window?.animator { spot.grow(using: animator) }
            entries[touch.finger] = Entry(touchID: touch.id, source: touch.source, spot: spot)
        }
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            entries[touch.finger]?.spot.center = convert(touch.location, from: nil)
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

    private func removeSpot(for touch: Touch) {
        entries.removeValue(forKey: touch.finger)?.spot.removeFromSuperview()
    }
}
