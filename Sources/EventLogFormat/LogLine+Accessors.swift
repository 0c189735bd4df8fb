import TouchCore

/// The payload of a line when it is of one kind, for readers that filter a log
/// (`log.compactMap(\.frame)`).
extension LogLine {
    public var frame: TouchFrame? { if case .frame(let f, _, _) = self { f } else { nil } }
    /// A frame line's spot views alive after the frame.
    public var spots: Int? { if case .frame(_, let spots, _) = self { spots } else { nil } }
    public var hit: TouchHit? { if case .hit(let h) = self { h } else { nil } }
    public var responder: ResponderDelivery? { if case .responder(let r) = self { r } else { nil } }
    public var gesture: Gesture? { if case .gesture(let g) = self { g } else { nil } }
    public var placard: PlacardState? { if case .placard(let p) = self { p } else { nil } }
    public var teach: LessonProgress? { if case .teach(let t) = self { t } else { nil } }
    public var output: LogOutput? { if case .output(let o) = self { o } else { nil } }
    public var qualify: QualifyProgress? { if case .qualify(let q) = self { q } else { nil } }
    public var run: LogRun? { if case .run(let r) = self { r } else { nil } }
    /// A warning's message.
    public var warning: String? { if case .warning(let m, _) = self { m } else { nil } }
    public var warningKind: LogWarningKind? { if case .warning(_, let k) = self { k } else { nil } }
    public var label: (text: String, slot: LabelSlot)? {
        if case .label(let text, let slot) = self { (text, slot) } else { nil }
    }
    public var presented: LogPresented? { if case .presented(let p) = self { p } else { nil } }
    public var readout: ReadoutSnapshot? { if case .readout(let r) = self { r } else { nil } }
    public var sceneName: SceneName? { if case .scene(let name) = self { name } else { nil } }
    public var syncCount: Int? { if case .sync(let count) = self { count } else { nil } }
    public var configure: (width: Double, height: Double, fullscreen: Bool, maximized: Bool)? {
        if case .configure(let w, let h, let f, let m) = self { (w, h, f, m) } else { nil }
    }
    public var ready: (width: Double, height: Double, scale: Double)? {
        if case .ready(let w, let h, let s) = self { (w, h, s) } else { nil }
    }
    public var seat: (name: String?, touch: Bool, pointer: Bool, keyboard: Bool)? {
        if case .seat(let n, let t, let p, let k) = self { (n, t, p, k) } else { nil }
    }
}
