import CXkbcommon
import TouchCore
import WaylandClient

/// The keyboard: each key pressed is looked up in the core's one shortcut table
/// (`Shortcut.all`, which the help lists), by the text it types or, for keys that type
/// nothing, by its keysym's name.
final class KeyboardInput: KeyboardHandler {
    var onAction: (Shortcut.Action) -> Void = { _ in }
    var onAlt: (Bool) -> Void = { _ in }

    static func action(keysym: UInt32, text: String) -> Shortcut.Action? {
        if !text.isEmpty, let action = Shortcut.action(for: .text(text)) { return action }
        var name = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &name, name.count) > 0 else { return nil }
        return Shortcut.action(for: .named(String(cString: name)))
    }

    func keyPressed(keysym: UInt32, text: String, isRepeat: Bool) {
        guard let action = Self.action(keysym: keysym, text: text), !isRepeat || action.repeats else { return }
        onAction(action)
    }

    func modifiersChanged(alt: Bool) { onAlt(alt) }

    func keyboardLeft() { onAlt(false) }
}
