/// The default scene: spots under every finger, with the gestures the session recognizes
/// (TapTaps, Swipes, PinchMe, CheckPlease in docs/concepts.md) shown as labels that clear
/// themselves, and the TouchExplorer panel describing the latest frame.
///
/// Drawing order keeps the spots visible: guide, gesture labels and panel are behind the
/// touchable view, whose only content is the spots; none of them takes touches.
public final class PlaygroundScene: Scene {
    public let name = SceneName.playground
    public static let guideText = "Touch the screen with one or more fingers"

    public var onEvent: (SceneEvent) -> Void = { _ in }
    private let settings: GestureSettings
    public let touchable = TouchableView()
    public let guide = Label(name: "Guide", text: PlaygroundScene.guideText, fontSize: 20,
                             textColor: .darkGray)
    public private(set) var gestureLabels: [LabelSlot: Label] = [:]
    public let phaseLabel = Label(name: "Phase", alignment: .left)
    public let tapsLabel = Label(name: "Taps", alignment: .left)
    public let touchesLabel = Label(name: "Touches", alignment: .left)
    /// The client's own touch-to-screen latency (p50 / p99), when it measures one.
    public let latencyLabel = Label(name: "Latency", alignment: .left)

    /// Unowned, not weak: the window outlives its scenes (the session holds both), and a
    /// weak reference would send every retain of the window, several per moving spot and
    /// frame, through the runtime's slow path (View.superview says more).
    private unowned var window: Window?
    private var expiries: [LabelSlot: Timers.ID] = [:]

    /// Only the label durations are read here; recognition is the session's.
    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
        for slot in LabelSlot.allCases {
            gestureLabels[slot] = Label(name: "Gesture \(slot.rawValue)", fontSize: 28,
                                        textColor: Color(white: 0.1))
        }
        for label in [phaseLabel, tapsLabel, touchesLabel, latencyLabel] { label.textColor = .darkGray }
    }

    public func install(in window: Window) {
        self.window = window
        window.addSubview(guide)
        for slot in LabelSlot.allCases { window.addSubview(gestureLabels[slot]!) }
        for label in [phaseLabel, tapsLabel, touchesLabel, latencyLabel] { window.addSubview(label) }
        window.addSubview(touchable)
        layout(in: window)
    }

    public func layout(in window: Window) {
        let bounds = window.bounds
        // One unit is 1 at 800 x 600, larger on big screens, smaller on small windows but
        // never below what keeps 8 px text.
        let unit = max(0.5, min(1.5, min(bounds.width / 800, bounds.height / 600)))
        touchable.frame = bounds
        guide.fontSize = max(8, min(20 * unit, bounds.width / (Double(Self.guideText.count) * 0.55)))
        guide.frame = Rect(x: 0, y: 4 * unit, width: bounds.width, height: 32 * unit)
        var y = guide.frame.maxY + 8 * unit
        for slot in LabelSlot.allCases {
            let label = gestureLabels[slot]!
            label.fontSize = max(8, min(28 * unit, bounds.width / 20))
            label.frame = Rect(x: 0, y: y, width: bounds.width, height: 36 * unit)
            y += 36 * unit
        }
        // The panel goes at the bottom-left; in a window too short for it, it is hidden
        // rather than drawn over the gesture labels.
        let line = 22 * unit
        var panelY = bounds.height - 8 * unit - 4 * line
        let fits = panelY >= y
        for label in [phaseLabel, tapsLabel, touchesLabel, latencyLabel] {
            label.fontSize = max(8, 15 * unit)
            label.frame = Rect(x: 12 * unit, y: panelY, width: bounds.width - 24 * unit, height: line)
            label.isHidden = !fits
            panelY += line
        }
    }

    public var spotCount: Int { touchable.spotCount }
    public var spots: TouchableView? { touchable }

    public func didReceive(_ frame: TouchFrame, tapCount: Int) {
        // A hovering pen touches nothing: the panel speaks of touches only.
        guard !frame.touches.isEmpty else { return }
        updatePanel(frame, tapCount: tapCount)
    }

    public func didRecognize(_ gestures: [Gesture]) { show(gestures) }

    // MARK: TouchExplorer panel

    /// Texts are made only when a number changes: a frame that changes nothing in the
    /// panel allocates nothing.
    private func updatePanel(_ frame: TouchFrame, tapCount: Int) {
        var began = false, ended = false, cancelled = false
        for touch in frame.touches {
            switch touch.phase {
            case .began: began = true
            case .moved: break
            case .ended: ended = true
            case .cancelled: cancelled = true
            }
        }
        phaseLabel.text = cancelled ? "Touches Cancelled" : ended ? "Touches Ended"
            : began ? "Touches Began" : "Touches Moved"
        let taps = cancelled ? 0 : tapCount
        if taps != shownTaps {
            shownTaps = taps
            tapsLabel.text = "\(taps) taps detected"
        }
        // Distinct fingers in the frame (one may appear twice: down and up in one frame).
        var fingers = 0
        for (index, touch) in frame.touches.enumerated()
            where !frame.touches[..<index].contains(where: { $0.finger == touch.finger }) {
            fingers += 1
        }
        if fingers != shownFingers {
            shownFingers = fingers
            touchesLabel.text = "\(fingers) touches detected"
        }
    }

    private var shownTaps: Int?
    private var shownFingers: Int?

    // MARK: Gesture labels

    private func show(_ gestures: [Gesture]) {
        guard let window else { return }
        for gesture in gestures {
            onEvent(.gesture(gesture))
            let slot = LabelSlot(gesture)
            let duration = slot == .swipe ? settings.swipeLabelDuration : settings.labelDuration
            setLabel(slot, gesture.label)
            window.timers.cancel(expiries[slot])
            expiries[slot] = window.timers.schedule(after: duration) { [weak self] in
                self?.expiries[slot] = nil
                self?.setLabel(slot, "")
            }
        }
    }

    private func setLabel(_ slot: LabelSlot, _ text: String) {
        guard let label = gestureLabels[slot], label.text != text else { return }
        label.text = text
        onEvent(.label(slot: slot, text: text))
    }

    /// Removes every gesture label now (the keyboard's "clear").
    public func showLatency(_ text: String) { latencyLabel.text = text }

    public func clearLabels() {
        for slot in LabelSlot.allCases {
            window?.timers.cancel(expiries[slot])
            expiries[slot] = nil
            setLabel(slot, "")
        }
    }
}
