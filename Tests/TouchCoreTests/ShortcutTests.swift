import TouchCore
import XCTest

/// The one shortcut table: what the keyboard does is what the help lists.
final class ShortcutTests: XCTestCase {
    func testNoKeyIsBoundTwice() {
        let keys = Shortcut.all.flatMap { $0.bindings.map(\.key) }
        XCTAssertEqual(Set(keys).count, keys.count)
    }

    func testEverySceneHasItsNumberKey() {
        for (index, name) in Stage.sceneNames.enumerated() {
            XCTAssertEqual(Shortcut.action(for: .text("\(index + 1)")), .session(.showScene(index + 1)), name.rawValue)
        }
        XCTAssertNil(Shortcut.action(for: .text("\(Stage.sceneNames.count + 1)")))
        XCTAssertTrue(Shortcut.all.contains { $0.meaning == Stage.sceneNames.map(\.rawValue).joined(separator: ", ") })
    }

    func testEveryToggleTheSessionHasIsOnAKey() {
        let actions = Shortcut.all.flatMap { $0.bindings.map(\.action) }
        for command: TouchSessionCommand in [.clearLabels, .toggleHelp, .toggleReadouts, .toggleTrails] {
            XCTAssertTrue(actions.contains(.session(command)), "\(command)")
        }
        XCTAssertTrue(actions.contains(.quit))
        XCTAssertTrue(actions.contains(.toggleFullscreen))
    }

    func testOnlyRepeatableActionsRepeat() {
        XCTAssertTrue(Shortcut.Action.session(.clearLabels).repeats)
        XCTAssertFalse(Shortcut.Action.session(.toggleHelp).repeats)
        XCTAssertFalse(Shortcut.Action.quit.repeats)
    }
}
