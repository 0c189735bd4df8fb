/// Every keyboard shortcut, and the mouse's ways of standing in for fingers, in the order
/// the help lists them: the one table that the keyboard handler (the client's
/// `KeyboardInput`) and the help overlay both read, so a key cannot do one thing and be
/// listed as another.
public struct Shortcut: Sendable {
    /// What a key asks for.
    public enum Action: Equatable, Sendable {
        case toggleFullscreen, quit
        /// What the core does itself.
        case session(TouchSessionCommand)

        /// Whether a held key's repeats do it again (actions that toggle do not).
        public var repeats: Bool {
            switch self {
            case .session(.clearLabels), .session(.showScene): true
            default: false
            }
        }
    }

    /// A key as the keyboard reports it: the text it types, or (for keys that type
    /// nothing) its xkbcommon keysym name.
    public enum Key: Hashable, Sendable {
        case text(String)
        case named(String)
    }

    /// As the help shows the keys.
    public let keys: String
    /// As the help says what they do.
    public let meaning: String
    /// Each key and what it does; none for the mouse's entries.
    public let bindings: [(key: Key, action: Action)]

    /// The whole table. The number keys follow the scene list.
    public static let all: [Shortcut] = [
        Shortcut(keys: "F11 or f", meaning: "toggle fullscreen",
                 bindings: [(.named("F11"), .toggleFullscreen), (.text("f"), .toggleFullscreen)]),
        Shortcut(keys: "Esc or q", meaning: "quit", bindings: [(.named("Escape"), .quit), (.text("q"), .quit)]),
        Shortcut(keys: "c", meaning: "clear gesture labels", bindings: [(.text("c"), .session(.clearLabels))]),
        Shortcut(keys: "h", meaning: "show or hide this help", bindings: [(.text("h"), .session(.toggleHelp))]),
        Shortcut(keys: "i", meaning: "instrument panel: every finger's numbers",
                 bindings: [(.text("i"), .session(.toggleReadouts))]),
        Shortcut(keys: "t", meaning: "trails: each finger's samples, fading",
                 bindings: [(.text("t"), .session(.toggleTrails))]),
        Shortcut(keys: "w", meaning: "why the last touch fired no gesture",
                 bindings: [(.text("w"), .session(.showNearMiss))]),
        Shortcut(keys: Stage.sceneNames.indices.map { "\($0 + 1)" }.joined(separator: "  "),
                 meaning: Stage.sceneNames.map(\.rawValue).joined(separator: ", "),
                 bindings: Stage.sceneNames.indices.map { (.text("\($0 + 1)"), .session(.showScene($0 + 1))) }),
        Shortcut(keys: "left button", meaning: "a finger (mouse)", bindings: []),
        Shortcut(keys: "Alt + drag", meaning: "a second, mirrored finger: pinch", bindings: []),
    ]

    /// What `key` does, if anything.
    public static func action(for key: Key) -> Action? {
        for shortcut in all {
            if let binding = shortcut.bindings.first(where: { $0.key == key }) { return binding.action }
        }
        return nil
    }
}
