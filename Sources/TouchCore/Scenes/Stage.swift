/// The window's current scene plus the on-screen bar that switches scenes and the help
/// overlay. The session owns it.
public final class Stage {
    public static let sceneNames = ["playground", "hittest", "moveme"]

    public let window: Window
    public private(set) var scene: Scene
    public let bar: SceneBar
    public let help = HelpOverlay()
    /// Hovering pens' markers, above every scene.
    public let pens = PenMarkersView()
    /// The instrument panel (key i), above every scene.
    public let readouts = ReadoutOverlay()
    /// Fingers' trails (key t), above every scene, under the panel.
    public let trails = TrailsView()
    /// The compositor's anomalies, counted, for a few seconds after each.
    public let anomalies = AnomalyBanner()
    private let settings: GestureSettings
    /// Everything the scenes report, plus scene starts.
    public var onEvent: (SceneEvent) -> Void = { _ in } {
        didSet { scene.onEvent = onEvent }
    }

    /// nil when `name` is not one of `sceneNames`.
    public init?(window: Window, sceneName: String, settings: GestureSettings = GestureSettings()) {
        guard let first = Stage.makeScene(sceneName, settings: settings) else { return nil }
        self.window = window
        self.settings = settings
        scene = first
        bar = SceneBar(names: Stage.sceneNames)
        readouts.slop = settings.tapSlop
        bar.onSelect = { [unowned self] name in show(name) }
        install(first)
    }

    static func makeScene(_ name: String, settings: GestureSettings) -> Scene? {
        switch name {
        case "playground": return PlaygroundScene(settings: settings)
        case "hittest": return HitTestScene()
        case "moveme": return MoveMeScene()
        default: return nil
        }
    }

    /// Announces the first scene; call once the event log is listening.
    public func start() { onEvent(.scene(scene.name)) }

    /// Replaces the scene (no-op for the current one or an unknown name).
    public func show(_ name: String) {
        guard name != scene.name, let next = Stage.makeScene(name, settings: settings) else { return }
        window.unbindAllTouches()
        for view in window.subviews { view.removeFromSuperview() }
        pens.removeAll()
        trails.removeAll()
        scene = next
        install(next)
        onEvent(.scene(next.name))
    }

    private func install(_ scene: Scene) {
        scene.onEvent = onEvent
        (scene as? PlaygroundScene)?.latencyLabel.text = latencyText
        scene.install(in: window)
        window.addSubview(trails)
        window.addSubview(readouts)
        window.addSubview(anomalies)
        window.addSubview(bar)
        window.addSubview(pens)
        window.addSubview(help)  // frontmost
        bar.current = scene.name
        help.sceneName = scene.name
        layout()
    }

    /// Lays out the scene and the bar for the window's size. The bar sits at the bottom
    /// right; in the HitTest scene it must stay out of the experiment's 800 x 600, so in a
    /// window with no room beside it, it is hidden (start with --scene to switch then).
    public func layout() {
        scene.layout(in: window)
        let tab = SceneBar.tabSize
        let height = Double(Stage.sceneNames.count) * tab.height
        bar.frame = Rect(x: window.bounds.width - tab.width - 8, y: window.bounds.height - height - 8,
                         width: tab.width, height: height)
        bar.isHidden = scene is HitTestScene && bar.frame.intersects(HitTestScene.area)
        help.frame = Rect(center: window.bounds.center, size: HelpOverlay.size)
        pens.frame = window.bounds
        anomalies.frame = Rect(x: 8, y: 44, width: AnomalyBanner.width, height: anomalies.frame.height)
        trails.frame = window.bounds
        let size = ReadoutOverlay.size
        readouts.frame = Rect(x: max(0, window.bounds.width - size.width - 8), y: readouts.frame.minY,
                              width: size.width, height: readouts.frame.height)
        readouts.bottom = max(size.height, (bar.isHidden ? window.bounds.height : bar.frame.minY) - 8)
    }

    /// Shows the help if hidden, hides it if shown.
    public func toggleHelp() { help.isHidden.toggle() }

    /// Switches to the n-th scene (1-based), if there is one.
    public func show(number: Int) {
        guard Stage.sceneNames.indices.contains(number - 1) else { return }
        show(Stage.sceneNames[number - 1])
    }

    /// The latency line the client measures, shown on the playground's panel.
    public var latencyText = "" {
        didSet { (scene as? PlaygroundScene)?.latencyLabel.text = latencyText }
    }

    /// Removes gesture labels now, in the scenes that have them.
    public func clearLabels() { (scene as? PlaygroundScene)?.clearLabels() }

}

/// A column of tabs naming the scenes; a tap on one switches to it.
public final class SceneBar: View {
    public static let tabSize = Size(width: 120, height: 34)
    let names: [String]
    var onSelect: (String) -> Void = { _ in }
    var current = "" { didSet { if current != oldValue { setNeedsDisplay() } } }
    private var pressed: String?

    init(names: [String]) {
        self.names = names
        super.init(name: "SceneBar")
    }

    private func tab(at point: Point) -> String? {
        let index = Int(point.y / Self.tabSize.height)
        return bounds.contains(point) && names.indices.contains(index) ? names[index] : nil
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        pressed = touches.first.flatMap { tab(at: convert($0.location, from: nil)) }
        return true
    }
    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool { true }
    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool {
        if let touch = touches.first, let name = tab(at: convert(touch.location, from: nil)),
           name == pressed {
            onSelect(name)
        }
        pressed = nil
        return true
    }
    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool {
        pressed = nil
        return true
    }

    public override func draw(in canvas: Canvas) {
        for (index, name) in names.enumerated() {
            let rect = Rect(x: 0, y: Double(index) * Self.tabSize.height, width: Self.tabSize.width,
                            height: Self.tabSize.height - 4)
            let selected = name == current
            canvas.fill(rect, color: selected ? Color(white: 0.3) : Color(white: 0.85))
            canvas.drawText(name, in: rect, fontSize: 14, color: selected ? .white : .black,
                            alignment: .center)
        }
    }
}
