import TouchCore
import XCTest

final class PenButtonsTests: XCTestCase {
    func testButtonsKeepTheirPressOrderAndReleaseOneByOne() {
        var buttons: PenButtons = []
        XCTAssertTrue(buttons.isEmpty)
        buttons.append(0x14c)
        buttons.append(0x14b)
        buttons.append(0x149)
        XCTAssertEqual(Array(buttons), [0x14c, 0x14b, 0x149])
        buttons.remove(0x14b)
        XCTAssertEqual(buttons, [0x14c, 0x149])
        buttons.remove(0x140)
        XCTAssertEqual(buttons, [0x14c, 0x149], "releasing a button not held changes nothing")
        buttons.removeAll()
        XCTAssertEqual(buttons, [])
    }

    func testAPressBeyondTheCapacityIsDropped() {
        var buttons = PenButtons()
        for code in 0..<UInt32(PenButtons.capacity) { XCTAssertTrue(buttons.append(0x100 + code)) }
        XCTAssertFalse(buttons.append(0x200))
        XCTAssertEqual(buttons.count, PenButtons.capacity)
        XCTAssertFalse(buttons.contains(0x200))
        XCTAssertEqual(buttons.last, 0x100 + UInt32(PenButtons.capacity) - 1)
    }

    func testEqualListsHashAlikeWhateverWasRemovedBefore() {
        var a: PenButtons = [1, 2, 3]
        a.remove(3)
        let b: PenButtons = [1, 2]
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, [2, 1])
        XCTAssertEqual(b.description, "[1, 2]")
    }

    /// A touch is copied several times per frame; it must stay plain bytes (no reference
    /// inside to retain and release), which is why the buttons are inline.
    func testATouchIsPlainData() {
        XCTAssertTrue(_isPOD(Touch.self))
        XCTAssertTrue(_isPOD(PenState.self))
    }
}
