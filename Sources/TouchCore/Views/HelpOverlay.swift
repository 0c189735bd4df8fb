/// The keyboard help: every shortcut and the active scene, over the scene. It takes no
/// touches, so the scene below still works while it shows.
public final class HelpOverlay: View {
    public static let shortcuts: [(keys: String, action: String)] = [
        ("F11 or f", "toggle fullscreen"),
        ("Esc or q", "quit"),
        ("c", "clear gesture labels"),
        ("h", "show or hide this help"),
        ("i", "instrument panel: every finger's numbers"),
        ("t", "trails: each finger's samples, fading"),
        ("1  2  3", "playground, hittest, moveme"),
        ("left button", "a finger (mouse)"),
        ("Alt + drag", "a second, mirrored finger: pinch"),
    ]
    public static let size = Size(width: 460, height: 364)

    public var sceneName = "" { didSet { if sceneName != oldValue { setNeedsDisplay() } } }

    init() {
        super.init(name: "Help")
        isUserInteractionEnabled = false
        isHidden = true
        keepsAboveLayers = true
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: Color(white: 0.12, alpha: 0.88))
        canvas.drawText("touchspots: \(sceneName) scene", in: Rect(x: 20, y: 14, width: bounds.width - 40, height: 30),
                        fontSize: 19, color: .white, alignment: .left)
        for (index, shortcut) in Self.shortcuts.enumerated() {
            let y = 56 + Double(index) * 32
            canvas.drawText(shortcut.keys, in: Rect(x: 20, y: y, width: 130, height: 28), fontSize: 15,
                            color: Color(red: 1, green: 0.85, blue: 0.3), alignment: .left)
            canvas.drawText(shortcut.action, in: Rect(x: 160, y: y, width: bounds.width - 180, height: 28),
                            fontSize: 15, color: .white, alignment: .left)
        }
    }
}
