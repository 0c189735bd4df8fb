/// The default scene of seed 000: a guide label at the top and a TouchableView filling
/// the window, so that every finger gets a spot.
public final class SpotScene: Scene {
    public let name = "playground"
    public static let guideText = "Touch the screen with one or more fingers"

    public let touchable = TouchableView()
    public let guide = Label(name: "Guide", text: SpotScene.guideText, fontSize: 20,
                             textColor: .darkGray)

    public init() {}

    public func install(in window: Window) {
        window.addSubview(touchable)
        // The label sits above the touchable view but takes no touches, so fingers
        // landing on it still make spots (and spots are drawn above it).
        window.insertSubview(guide, at: 0)
        layout(in: window)
    }

    public func layout(in window: Window) {
        touchable.frame = window.bounds
        let height = guide.fontSize * 2.4
        guide.frame = Rect(x: 0, y: 8, width: window.bounds.width, height: height)
        // Keep the text inside narrow windows: shrink rather than clip.
        let fitting = window.bounds.width / (Double(SpotScene.guideText.count) * 0.55)
        guide.fontSize = min(20, max(10, fitting))
    }
}
