import CXkbcommon
import TouchCore
import WaylandClient

/// The keyboard shortcuts (listed in the help overlay, HelpOverlay.shortcuts).
final class KeyboardInput: KeyboardHandler {
    enum Action: Equatable {
        case toggleFullscreen, quit
        /// What the core does itself.
        case session(TouchSessionCommand)
    }

    var onAction: (Action) -> Void = { _ in }
    var onAlt: (Bool) -> Void = { _ in }

    static func action(keysym: UInt32, text: String) -> Action? {
        switch Int32(bitPattern: keysym) {
        case XKB_KEY_F11: return .toggleFullscreen
        case XKB_KEY_Escape: return .quit
        default: break
        }
        switch text {
        case "f": return .toggleFullscreen
        case "q": return .quit
        case "c": return .session(.clearLabels)
        case "h": return .session(.toggleHelp)
        case "i": return .session(.toggleReadouts)
        case "t": return .session(.toggleTrails)
        case "1", "2", "3": return .session(.showScene(Int(text)!))
        default: return nil
        }
    }

    func keyPressed(keysym: UInt32, text: String, isRepeat: Bool) {
        guard let action = Self.action(keysym: keysym, text: text) else { return }
        // Repeats only make sense for actions that do the same thing again.
        if isRepeat {
            switch action {
            case .session(.clearLabels), .session(.showScene): break
            default: return
            }
        }
        onAction(action)
    }

    func modifiersChanged(alt: Bool) { onAlt(alt) }

    func keyboardLeft() { onAlt(false) }
}
