import HarnessProtocol
import XCTest

/// The one parser of the harness command language (docs/harness-protocol.md) that the
/// weston module, the wlroots shim and touchspots-kwin-input share.
final class HarnessProtocolTests: XCTestCase {
    /// Parses `line`: the command, or the error reply.
    private func parse(_ line: String) -> Result<ts_command, ParseError> {
        var bytes = Array(line.utf8CString)
        var command = ts_command()
        var error = [CChar](repeating: 0, count: 512)
        let ok = bytes.withUnsafeMutableBufferPointer {
            ts_command_parse($0.baseAddress, &command, &error, error.count)
        }
        if ok { return .success(command) }
        return .failure(ParseError(reply: error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
    }

    struct ParseError: Error, Equatable { let reply: String }

    private func reply(_ line: String) -> String {
        switch parse(line) {
        case .success: return "ok"
        case .failure(let error): return error.reply
        }
    }

    /// The pixel watch and the window query (docs/benchmark.md, "Touch to pixel").
    func testPixelWatchCommands() throws {
        let watch = try parse("watch 212.5 134").get()
        XCTAssertEqual(watch.kind, TS_COMMAND_WATCH)
        XCTAssertEqual(watch.x, 212.5)
        XCTAssertEqual(watch.y, 134)
        XCTAssertEqual(try parse("watch-result").get().kind, TS_COMMAND_WATCH_RESULT)
        XCTAssertEqual(try parse("window").get().kind, TS_COMMAND_WINDOW)
        XCTAssertEqual(reply("watch 3"), "error: watch takes 2 arguments, not 1 (usage: watch X Y)")
        XCTAssertEqual(reply("watch 3 inf"), "error: watch: Y 'inf' is not a finite number")
        XCTAssertEqual(reply("watch-result now"), "error: watch-result takes 0 arguments, not 1 (usage: watch-result)")
    }

    /// A seat losing and regaining touch (the nested driver's announcement of touch to a
    /// compositor that started before it, docs/conformance.md).
    func testTouchCapability() throws {
        let on = try parse("touch-capability on").get()
        XCTAssertEqual(on.kind, TS_COMMAND_TOUCH_CAPABILITY)
        XCTAssertTrue(on.on)
        XCTAssertFalse(try parse("touch-capability off").get().on)
        XCTAssertEqual(reply("touch-capability maybe"), "error: touch-capability: 'maybe' is not on or off")
        XCTAssertEqual(reply("touch-capability"), "error: touch-capability takes 1 argument, not 0 (usage: touch-capability on|off)")
    }

    func testTouchCommandsCarryIdAndPosition() throws {
        let down = try parse("down 7 12.5 -3").get()
        XCTAssertEqual(down.kind, TS_COMMAND_DOWN)
        XCTAssertEqual(down.id, 7)
        XCTAssertEqual(down.x, 12.5)
        XCTAssertEqual(down.y, -3)
        let up = try parse("up\t-2147483648").get()
        XCTAssertEqual(up.kind, TS_COMMAND_UP)
        XCTAssertEqual(up.id, Int32.min)
        XCTAssertEqual(try parse("frame").get().kind, TS_COMMAND_FRAME)
        XCTAssertEqual(try parse("   ").get().kind, TS_COMMAND_NONE, "an empty line is no command")
    }

    func testButtonsKeysAndPaths() throws {
        let button = try parse("button left press").get()
        XCTAssertEqual(button.code, 0x110)
        XCTAssertTrue(button.pressed)
        let key = try parse("key leftalt release").get()
        XCTAssertEqual(key.code, 56)
        XCTAssertFalse(key.pressed)
        XCTAssertEqual(try parse("key 30 press").get().code, 30, "a Linux key code works too")
        let shot = try parse("screenshot /tmp/a.png").get()
        XCTAssertEqual(String(cString: shot.text), "/tmp/a.png")
    }

    func testErrorsNameTheBadArgument() {
        XCTAssertEqual(reply("down x 1 2"), "error: down: ID 'x' is not a 32-bit integer")
        XCTAssertEqual(reply("down 1 1 nan"), "error: down: Y 'nan' is not a finite number")
        XCTAssertEqual(reply("motion 1 inf 2"), "error: motion: X 'inf' is not a finite number")
        XCTAssertEqual(reply("up 4294967296"), "error: up: ID '4294967296' is not a 32-bit integer")
        XCTAssertEqual(reply("pointer 1 2abc"), "error: pointer: Y '2abc' is not a finite number")
        XCTAssertEqual(reply("button side press"), "error: button: BUTTON 'side' is not left, right or middle")
        XCTAssertEqual(reply("key leftalt hold"), "error: key: STATE 'hold' is not press or release")
        XCTAssertEqual(reply("key nosuchkey press"),
                       "error: key: KEY 'nosuchkey' is neither a known name nor a Linux key code")
        XCTAssertEqual(reply("down 1 2"), "error: down takes 3 arguments, not 2 (usage: down ID X Y)")
        XCTAssertEqual(reply("frame now"), "error: frame takes 0 arguments, not 1 (usage: frame)")
        XCTAssertEqual(reply("jump 1"), "error: unknown command 'jump'")
        XCTAssertEqual(reply("down 1 2 3 4 5 6 7 8 9 10 11 12 13"), "error: too many words (at most 12)")
        XCTAssertEqual(reply("down 1 2 3 4 5 6 7 8 9"), "error: down takes 3 arguments, not 9 (usage: down ID X Y)")
    }

    func testToolCommands() throws {
        let motion = try parse("tool-motion eraser 10 20.5 tilt 30 -20 pressure 0.25 distance 1").get()
        XCTAssertEqual(motion.kind, TS_COMMAND_TOOL_MOTION)
        XCTAssertEqual(motion.tool, TS_TOOL_ERASER)
        XCTAssertEqual(motion.x, 10)
        XCTAssertEqual(motion.y, 20.5)
        XCTAssertEqual(motion.axes, UInt32(TS_AXIS_PRESSURE.rawValue | TS_AXIS_TILT.rawValue | TS_AXIS_DISTANCE.rawValue))
        XCTAssertEqual(motion.pressure, 0.25)
        XCTAssertEqual(motion.tilt_x, 30)
        XCTAssertEqual(motion.tilt_y, -20)
        XCTAssertEqual(motion.distance, 1)
        XCTAssertEqual(try parse("tool-motion pen 1 2").get().axes, 0, "axes are optional")
        let tip = try parse("tool-tip pen down").get()
        XCTAssertEqual(tip.kind, TS_COMMAND_TOOL_TIP)
        XCTAssertTrue(tip.tip_down)
        let button = try parse("tool-button pen 331 press").get()
        XCTAssertEqual(button.code, 331)
        XCTAssertTrue(button.pressed)
        XCTAssertEqual(try parse("tool-in pen 5 6").get().kind, TS_COMMAND_TOOL_IN)
        XCTAssertEqual(try parse("tool-out eraser").get().tool, TS_TOOL_ERASER)

        XCTAssertEqual(reply("tool-in brush 1 2"), "error: tool-in: TOOL 'brush' is not pen or eraser")
        XCTAssertEqual(reply("tool-motion pen 1 2 pressure 1.5"), "error: tool-motion: pressure is 0 to 1, not 1.5")
        XCTAssertEqual(reply("tool-motion pen 1 2 tilt 30"), "error: tool-motion: tilt needs 2 values")
        XCTAssertEqual(reply("tool-motion pen 1 2 tilt 95 0"), "error: tool-motion: tilt is in degrees, -90 to 90")
        XCTAssertEqual(reply("tool-motion pen 1 2 speed 3"), "error: tool-motion: 'speed' is not pressure, tilt or distance")
        XCTAssertEqual(reply("tool-in pen 1 2 pressure 1"), "error: tool-in takes 3 arguments, not 5 (usage: tool-in pen|eraser X Y)")
        XCTAssertEqual(reply("tool-tip pen sideways"), "error: tool-tip: 'sideways' is not down or up")
        XCTAssertEqual(reply("tool-button pen 12 press"), "error: tool-button: CODE '12' is not a Linux button code")
        XCTAssertEqual(reply("tool-motion pen 1"), "error: tool-motion takes 3 arguments, not 2 (usage: tool-motion pen|eraser X Y [pressure P] [tilt TX TY] [distance D])")
    }
}
