/// Seed 000's TouchableView: a spot for every finger, kept in a dictionary by touch id,
/// created at began, centred under the finger as it moves, removed at ended or cancelled.
public final class TouchableView: View {
    public private(set) var spots: [Int32: TouchSpotView] = [:]

    public override init(name: String = "TouchableView", frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            removeSpot(for: touch.id)
            let spot = TouchSpotView(touchID: touch.id, center: convert(touch.location, from: nil))
            addSubview(spot)
            if let animator = window?.animator { spot.grow(using: animator) }
            spots[touch.id] = spot
        }
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches {
            spots[touch.id]?.center = convert(touch.location, from: nil)
        }
        return true
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches { removeSpot(for: touch.id) }
        return true
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool {
        for touch in touches { removeSpot(for: touch.id) }
        return true
    }

    private func removeSpot(for id: Int32) {
        spots.removeValue(forKey: id)?.removeFromSuperview()
    }
}
