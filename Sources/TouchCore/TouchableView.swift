/// Seed 000's TouchableView: a spot for every finger, kept in a dictionary by touch id,
/// created at began, centred under the finger as it moves, removed at ended or cancelled.
/// The key also names the source, so the mouse's finger never shares a touchscreen id.
public final class TouchableView: View {
    public struct Key: Hashable, Sendable {
        public let source: TouchSource
        public let id: Int32
        init(_ touch: Touch) { source = touch.source; id = touch.id }
    }

    public private(set) var spotsByKey: [Key: TouchSpotView] = [:]

    /// Touchscreen spots by id.
    public var spots: [Int32: TouchSpotView] {
        Dictionary(uniqueKeysWithValues: spotsByKey.filter { $0.key.source == .touchscreen }
            .map { ($0.key.id, $0.value) })
    }

    public override init(name: String = "TouchableView", frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            removeSpot(for: touch)
            let spot = TouchSpotView(touchID: touch.id, center: convert(touch.location, from: nil))
            addSubview(spot)
            if let animator = window?.animator { spot.grow(using: animator) }
            spotsByKey[Key(touch)] = spot
        }
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            spotsByKey[Key(touch)]?.center = convert(touch.location, from: nil)
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
        spotsByKey.removeValue(forKey: Key(touch))?.removeFromSuperview()
    }
}
