/// The keyboard help: every shortcut (`Shortcut.all`) and the active scene, over the
/// scene. It takes no touches, so the scene below still works while it shows.
public final class HelpOverlay: Overlay {
    public static let size = Size(width: 460, height: 396)

    public var sceneName = "" { didSet { if sceneName != oldValue { setNeedsDisplay() } } }

    init() {
        super.init(name: "Help", hidden: true)
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: Color(white: 0.12, alpha: 0.88))
        canvas.drawText("touchspots: \(sceneName) scene", in: Rect(x: 20, y: 14, width: bounds.width - 40, height: 30),
                        fontSize: 19, color: .white, alignment: .left)
        for (index, shortcut) in Shortcut.all.enumerated() {
            let y = 56 + Double(index) * 32
            canvas.drawText(shortcut.keys, in: Rect(x: 20, y: y, width: 130, height: 28), fontSize: 15,
                            color: Color(red: 1, green: 0.85, blue: 0.3), alignment: .left)
            canvas.drawText(shortcut.meaning, in: Rect(x: 160, y: y, width: bounds.width - 180, height: 28),
                            fontSize: 15, color: .white, alignment: .left)
        }
    }
}
