/// The window's current scene, the on-screen bar that switches scenes, and the overlays
/// over every scene. The session owns it.
public final class Stage {
    /// Every scene, in the order of the bar, the number keys and the help: the one list.
    static let scenes: [(name: SceneName, make: @Sendable (GestureSettings) -> Scene)] = [
        (.playground, { PlaygroundScene(settings: $0) }),
        (.hittest, { _ in HitTestScene() }),
        (.moveme, { _ in MoveMeScene() }),
    ]
    /// The bar's scenes, as `--scene` takes them (their raw values) and the number keys
    /// count them.
    public static let sceneNames = scenes.map(\.name)

    public let window: Window
    public private(set) var scene: Scene
    public let bar: SceneBar
    public let overlays: Overlays
    private let settings: GestureSettings
    /// Everything the scenes report, plus scene starts.
    public var onEvent: (SceneEvent) -> Void = { _ in } {
        didSet { scene.onEvent = onEvent }
    }

    /// nil when `sceneName` is not one of `sceneNames` (a lesson and a qualify run are
    /// shown otherwise, `show(_: Scene)`).
    public init?(window: Window, sceneName: SceneName, settings: GestureSettings = GestureSettings()) {
        guard let first = Stage.makeScene(sceneName, settings: settings) else { return nil }
        self.window = window
        self.settings = settings
        scene = first
        bar = SceneBar(names: Stage.sceneNames)
        overlays = Overlays(settings: settings)
        bar.onSelect = { [unowned self] name in show(name) }
        install(first)
    }

    static func makeScene(_ name: SceneName, settings: GestureSettings) -> Scene? {
        scenes.first { $0.name == name }?.make(settings)
    }

    /// Announces the first scene; call once the event log is listening.
    public func start() { onEvent(.scene(scene.name)) }

    /// Replaces the scene (no-op for the current one or one not on the bar).
    public func show(_ name: SceneName) {
        guard name != scene.name, let next = Stage.makeScene(name, settings: settings) else { return }
        show(next)
    }

    /// Replaces the scene with `next`, one of the bar's or not (a stroke lesson).
    public func show(_ next: Scene) {
        window.unbindAllTouches()
        for view in window.subviews { view.removeFromSuperview() }
        overlays.sceneChanged()
        scene = next
        install(next)
        onEvent(.scene(next.name))
    }

    private func install(_ scene: Scene) {
        scene.onEvent = onEvent
        scene.showLatency(latencyText)
        scene.install(in: window)
        overlays.install(in: window, bar: bar)
        bar.current = scene.name
        overlays.help.sceneName = scene.name.rawValue
        layout()
    }

    /// Lays out the scene and the bar for the window's size. The bar sits at the bottom
    /// right; where the scene needs that place clear (the HitTest experiment's 800 x 600),
    /// in a window with no room beside it, it is hidden (start with --scene to switch then).
    public func layout() {
        scene.layout(in: window)
        let tab = SceneBar.tabSize
        let height = Double(Stage.sceneNames.count) * tab.height
        bar.frame = Rect(x: window.bounds.width - tab.width - 8, y: window.bounds.height - height - 8,
                         width: tab.width, height: height)
        bar.isHidden = scene.needsClear(bar.frame)
        overlays.layout(in: window.bounds, panelBottom: (bar.isHidden ? window.bounds.height : bar.frame.minY) - 8)
    }

    /// Switches to the n-th scene (1-based), if there is one.
    public func show(number: Int) {
        guard Stage.sceneNames.indices.contains(number - 1) else { return }
        show(Stage.sceneNames[number - 1])
    }

    /// The latency line the client measures, shown on the playground's panel.
    public var latencyText = "" {
        didSet { scene.showLatency(latencyText) }
    }
}

/// A column of tabs naming the scenes; a tap on one switches to it.
public final class SceneBar: View {
    public static let tabSize = Size(width: 120, height: 34)
    let names: [SceneName]
    var onSelect: (SceneName) -> Void = { _ in }
    var current: SceneName? { didSet { if current != oldValue { setNeedsDisplay() } } }
    private var pressed: SceneName?

    init(names: [SceneName]) {
        self.names = names
        super.init(name: "SceneBar")
    }

    private func tab(at point: Point) -> SceneName? {
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
            canvas.drawText(name.rawValue, in: rect, fontSize: 14, color: selected ? .white : .black,
                            alignment: .center)
        }
    }
}
