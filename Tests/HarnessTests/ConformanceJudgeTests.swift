import Conformance
import Foundation
import XCTest

/// Every conformance check shown failing on a stream that breaks it on purpose, written as
/// libwayland's WAYLAND_DEBUG=client trace (the judge reads nothing else), and passing on
/// the stream a conforming compositor sends (weston 10's own lines, with the frame it owes).
final class ConformanceJudgeTests: XCTestCase {
    /// A trace in libwayland 1.21's format from short event texts: "down 5 100 1 300 300"
    /// is serial 5, time 100, id 1 at 300,300 on wl_surface@3.
    func trace(_ events: [String]) -> [ReceivedEvent] {
        var lines: [String] = []
        for (index, event) in events.enumerated() {
            let w = event.split(separator: " ").map(String.init)
            let stamp = "[ \(1000 + index).000]"
            switch w[0] {
            case "down": lines.append("\(stamp) wl_touch@13.down(\(w[1]), \(w[2]), wl_surface@3, \(w[3]), \(w[4]).00000000, \(w[5]).00000000)")
            case "up": lines.append("\(stamp) wl_touch@13.up(\(w[1]), \(w[2]), \(w[3]))")
            case "motion": lines.append("\(stamp) wl_touch@13.motion(\(w[1]), \(w[2]), \(w[3]).00000000, \(w[4]).00000000)")
            case "frame": lines.append("\(stamp) wl_touch@13.frame()")
            case "cancel": lines.append("\(stamp) wl_touch@13.cancel()")
            case "stamp": lines.append("\(stamp) zwp_input_timestamps_v1@14.timestamp(0, \(w[1]), \(w[2]))")
            case "caps": lines.append("\(stamp) wl_seat@12.capabilities(\(w[1]))")
            case "shape": lines.append("\(stamp) wl_touch@13.shape(\(w[1]), 12.00000000, 8.00000000)")
            case "tool": lines.append("\(stamp) zwp_tablet_tool_v2@25.\(w[1])(\(w.dropFirst(2).joined(separator: ", ")))")
            case "touch2": lines.append("\(stamp) wl_touch@31.motion(\(w[1]), \(w[2]), \(w[3]).00000000, \(w[4]).00000000)")
            default: XCTFail("unknown \(event)")
            }
        }
        let subscription = "[ 999.000]  -> zwp_input_timestamps_manager_v1@11.get_touch_timestamps(new id zwp_input_timestamps_v1@14, wl_touch@13)"
        return ReceivedEvent.parse(trace: ([subscription] + lines).joined(separator: "\n"))
    }

    let twoFingers: [InjectedGroup.Step] = [.down(id: 1, x: 300, y: 300), .down(id: 2, x: 600, y: 320)]
    let moveThem: [InjectedGroup.Step] = [.motion(id: 1, x: 330, y: 310), .motion(id: 2, x: 560, y: 340)]
    let liftThem: [InjectedGroup.Step] = [.up(id: 1), .up(id: 2)]

    /// The two-finger scenario with what arrived for each group.
    func scenario(_ first: [String], _ second: [String], _ third: [String]) -> [InjectedGroup] {
        [InjectedGroup(steps: twoFingers, received: trace(first)),
         InjectedGroup(steps: moveThem, received: trace(second)),
         InjectedGroup(steps: liftThem, received: trace(third))]
    }

    var conforming: [InjectedGroup] {
        scenario(["down 5 100 1 300 300", "down 6 100 2 600 320", "frame"],
                 ["motion 110 1 330 310", "motion 110 2 560 340", "frame"],
                 ["up 7 120 1", "up 8 120 2", "frame"])
    }

    func testAConformingStreamPassesEveryCheck() {
        let groups = conforming
        let events = groups.flatMap(\.received)
        for finding in [
            TouchStreamJudge.frameAfterGroups(groups, lastUp: false), TouchStreamJudge.frameAfterGroups(groups, lastUp: true),
            TouchStreamJudge.groupInOneFrame(groups), TouchStreamJudge.idsUniqueWhileActive(events),
            TouchStreamJudge.nothingAfterUp(events), TouchStreamJudge.surfaceLocal(.downSurfaceLocal, groups, context: "test"),
            TouchStreamJudge.serialsIncrease(events), TouchStreamJudge.timesNeverGoBack(events),
            TouchStreamJudge.seatHasTouch(trace(["caps 7"])),
        ] {
            XCTAssertEqual(finding.verdict, .pass, "\(finding.check): \(finding.detail)")
        }
    }

    func testWestonsOwnTraceLinesParse() {
        let text = """
            [ 849790.604] wl_seat@12.capabilities(7)
            [ 849849.194] zwp_input_timestamps_v1@14.timestamp(0, 185, 134345683)
            [ 849849.250] wl_touch@13.down(5, 185134, wl_surface@3, 1, 300.00000000, 300.00000000)
            [ 849849.279] wl_touch@13.frame()
            [ 849849.300]  -> wl_surface@3.commit()
            [ 849849.310] wl_touch@21.frame()
            """
        let events = ReceivedEvent.parse(trace: text)
        XCTAssertEqual(events.map(\.kind), [
            .capabilities(7), .down(serial: 5, time: 185_134, surface: "wl_surface@3", id: 1, x: 300, y: 300), .frame,
        ], "the timestamp of an object not subscribed for this wl_touch, the request and a second wl_touch are left out")
    }

    func testNoFrameAtAllFailsEachGroup() {
        // cage 0.1.4: no wl_touch.frame at all.
        let groups = scenario(["down 5 100 1 300 300", "down 6 100 2 600 320"], ["motion 110 1 330 310", "motion 110 2 560 340"],
                              ["up 7 120 1", "up 8 120 2"])
        let finding = TouchStreamJudge.frameAfterGroups(groups, lastUp: false)
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertTrue(finding.detail.hasPrefix("2 of 2"), finding.detail)
        XCTAssertEqual(finding.lines.count, 6, "each group's heading and its two events are the evidence")
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: true).verdict, .fail)
    }

    func testNoFrameAfterTheLastUpFails() {
        // weston 10 (weston#44) and mutter 43.
        let groups = scenario(["down 5 100 1 300 300", "down 6 100 2 600 320", "frame"],
                              ["motion 110 1 330 310", "motion 110 2 560 340", "frame"], ["up 7 120 1", "up 8 120 2"])
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: false).verdict, .pass)
        let finding = TouchStreamJudge.frameAfterGroups(groups, lastUp: true)
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertTrue(finding.detail.contains("group 3 (up 1, up 2)"), finding.detail)
    }

    func testAGroupSplitInFramesDiffers() {
        // mutter: a frame after each event.
        let groups = scenario(["down 5 100 1 300 300", "frame", "down 6 100 2 600 320", "frame"],
                              ["motion 110 1 330 310", "motion 110 2 560 340", "frame"], ["up 7 120 1", "up 8 120 2", "frame"])
        let finding = TouchStreamJudge.groupInOneFrame(groups)
        XCTAssertEqual(finding.verdict, .differs)
        XCTAssertEqual(finding.detail, "group 1 (down 1 300 300, down 2 600 320) in 2 frames")
    }

    func testAnIDReusedWhileDownFails() {
        let events = trace(["down 5 100 1 300 300", "down 6 100 1 600 320", "frame"])
        let finding = TouchStreamJudge.idsUniqueWhileActive(events)
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertEqual(finding.lines.count, 1)
        XCTAssertEqual(TouchStreamJudge.idsUniqueWhileActive(trace(["down 5 100 1 300 300", "up 6 110 1", "down 7 120 1 3 3"])).verdict,
                       .pass, "an id may be reused after its up")
    }

    func testMotionAfterUpFails() {
        let finding = TouchStreamJudge.nothingAfterUp(trace(["down 5 100 1 300 300", "frame", "up 6 110 1", "frame",
                                                             "motion 120 1 310 300", "frame"]))
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertEqual(finding.lines.count, 1)
    }

    func testMotionToTheWrongPlaceFails() {
        // Buffer pixels at scale 2, not surface-local logical px.
        let groups = scenario(["down 5 100 1 600 600", "down 6 100 2 1200 640", "frame"],
                              ["motion 110 1 660 620", "motion 110 2 1120 680", "frame"], ["up 7 120 1", "up 8 120 2", "frame"])
        let finding = TouchStreamJudge.surfaceLocal(.downSurfaceLocalScale2, groups, context: "scale 2")
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertTrue(finding.detail.hasPrefix("scale 2: 4 of 4 off: touched at "), finding.detail)
        let oneLost = scenario(["down 5 100 1 300 300", "frame"], ["motion 110 1 330 310", "frame"], ["up 7 120 1", "frame"])
        let lost = TouchStreamJudge.surfaceLocal(.downSurfaceLocal, oneLost, context: "one lost")
        XCTAssertEqual(lost.verdict, .fail, "a down touched that never arrived")
        XCTAssertTrue(lost.detail.contains("group 1: 1 down(s) never arrived"), lost.detail)
        let reordered = scenario(["down 5 100 1 600 320", "down 6 100 2 300 300", "frame"],
                                 ["motion 110 1 560 340", "motion 110 2 330 310", "frame"], ["up 7 120 1", "up 8 120 2", "frame"])
        XCTAssertEqual(TouchStreamJudge.surfaceLocal(.downSurfaceLocal, reordered, context: "reordered").verdict, .pass,
                       "downs of one frame in another order, with the compositor's ids")
        let nothing = scenario([], [], [])
        XCTAssertEqual(TouchStreamJudge.surfaceLocal(.downSurfaceLocal, nothing, context: "none").verdict, .fail,
                       "no down at all is no coordinate held")
    }

    func testTheImplicitGrab() {
        let steps: [[InjectedGroup.Step]] = [[.down(id: 1, x: 200, y: 250)], [.motion(id: 1, x: 200, y: -19)], [.up(id: 1)]]
        func grab(_ received: [[String]]) -> Finding {
            TouchStreamJudge.implicitGrab(zip(steps, received).map { InjectedGroup(steps: $0, received: trace($1)) },
                                          outside: (200, -19))
        }
        XCTAssertEqual(grab([["down 5 100 1 200 250", "frame"], ["motion 110 1 200 -19", "frame"], ["up 6 120 1", "frame"]]).verdict, .pass)
        XCTAssertEqual(grab([["down 5 100 1 200 250", "frame"], ["motion 110 1 200 -19", "frame"], []]).verdict, .fail,
                       "the up withheld: the touch never ends")
        XCTAssertEqual(grab([["down 5 100 1 200 250", "frame"], [], ["up 6 120 1", "frame"]]).verdict, .differs,
                       "motion withheld (sway 1.7): zero motions are allowed")
        XCTAssertEqual(grab([["down 5 100 1 200 250", "frame"], ["motion 110 1 200 0", "frame"], ["up 6 120 1", "frame"]]).verdict,
                       .fail, "motion clamped to the surface is not surface-local")
    }

    func testCancel() {
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "down 6 100 2 500 300", "frame", "cancel"])).verdict, .pass)
        let followed = TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "frame", "cancel", "motion 110 1 310 300", "frame"]))
        XCTAssertEqual(followed.verdict, .fail, "a cancel followed by motion")
        let never = TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "down 6 100 2 500 300", "frame"]))
        XCTAssertEqual(never.verdict, .fail, "neither cancel nor up (sway 1.7, weston 10 as shipped)")
        XCTAssertTrue(never.detail.contains("2 of 2 touches never end"), never.detail)
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "frame", "up 6 110 1", "frame"])).verdict, .differs)
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "frame", "cancel", "down 7 120 1 310 300",
                                                                    "motion 130 1 320 300", "frame"])).verdict,
                       .pass, "an id cancelled may be reused by a new down")
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(trace(["down 5 100 1 300 300", "frame", "up 6 110 1", "frame", "cancel"])).verdict,
                       .differs, "a cancel with nothing down is not the cancel of these touches")
    }

    func testSerialsAndTimesGoingBackwardsDiffer() {
        let serials = TouchStreamJudge.serialsIncrease(trace(["down 9 100 1 300 300", "frame", "up 8 110 1", "frame"]))
        XCTAssertEqual(serials.verdict, .differs)
        let times = TouchStreamJudge.timesNeverGoBack(trace(["down 5 100 1 300 300", "frame", "motion 90 1 310 300", "frame"]))
        XCTAssertEqual(times.verdict, .differs)
        XCTAssertEqual(TouchStreamJudge.timesNeverGoBack(trace(["down 5 4294967290 1 3 3", "motion 5 1 4 4"])).verdict, .pass,
                       "the 32-bit millisecond clock wraps forward")
    }

    func testTimestampsThatDisagreeFail() {
        let agree = trace(["stamp 185 134345683", "down 5 185134 1 300 300", "frame"])
        XCTAssertEqual(TouchStreamJudge.timestampsAgree(agree, advertised: true, subscribed: true).verdict, .pass)
        let apart = trace(["stamp 185 140000000", "down 5 185134 1 300 300", "frame"])
        XCTAssertEqual(TouchStreamJudge.timestampsAgree(apart, advertised: true, subscribed: true).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.timestampsAgree(trace(["down 5 1 1 3 3"]), advertised: true, subscribed: true).verdict, .fail,
                       "offered and subscribed, yet none came")
        XCTAssertEqual(TouchStreamJudge.timestampsAgree(agree, advertised: false, subscribed: true).verdict, .untestable)
        XCTAssertEqual(TouchStreamJudge.timestampsAgree(agree, advertised: true, subscribed: false).verdict, .untestable)
    }

    func testTheSeatLosingTouch() {
        func judge(_ after: [String]) -> Finding {
            // One trace, as a run reads it: the first wl_touch is the one judged.
            let events = trace(["down 5 100 1 300 300", "down 6 100 2 600 320", "frame"] + after)
            return TouchStreamJudge.touchCapabilityRemoved([
                InjectedGroup(steps: twoFingers, received: Array(events.prefix(3))),
                InjectedGroup(steps: [.touchCapability(false)], received: Array(events.dropFirst(3))),
            ])
        }
        XCTAssertEqual(judge(["cancel", "caps 3"]).verdict, .pass, "ended, then gone")
        XCTAssertEqual(judge(["caps 3"]).verdict, .differs, "gone with the touches still down")
        XCTAssertEqual(judge(["caps 3", "motion 120 1 310 300", "frame"]).verdict, .fail, "an event after the seat lost touch")
        XCTAssertEqual(judge(["up 7 120 1", "up 8 120 2", "frame"]).verdict, .fail, "no capabilities said it")
        XCTAssertEqual(judge(["caps 3", "caps 7", "touch2 130 1 310 300"]).verdict, .differs,
                       "a new wl_touch after touch came back is not the old one")
    }

    func testShapeAndOrientation() {
        XCTAssertEqual(TouchStreamJudge.shapeAndOrientationInFrame(trace(["down 5 100 1 300 300", "shape 1", "frame"])).verdict, .pass)
        XCTAssertEqual(TouchStreamJudge.shapeAndOrientationInFrame(trace(["down 5 100 1 300 300", "frame", "shape 1"])).verdict, .fail,
                       "no frame after the shape")
        XCTAssertEqual(TouchStreamJudge.shapeAndOrientationInFrame(trace(["shape 4", "frame"])).verdict, .fail, "a shape of no touch")
        XCTAssertEqual(TouchStreamJudge.shapeAndOrientationInFrame(conforming.flatMap(\.received)).verdict, .untestable)
    }

    func testTheTabletToolsOrder() {
        let steps = ["tool-in pen 300 300", "tool-tip pen down", "tool-tip pen up", "tool-out pen"].map { [InjectedGroup.Step.pen($0)] }
        func judge(_ received: [[String]]) -> Finding {
            TouchStreamJudge.tabletProximityDownFrame(zip(steps, received).map { InjectedGroup(steps: $0, received: trace($1)) })
        }
        let inOrder = [["tool proximity_in 1 zwp_tablet_v2@24 wl_surface@3", "tool motion 300.0 300.0", "tool frame 100"],
                       ["tool down 2", "tool frame 110"], ["tool up", "tool frame 120"], ["tool proximity_out", "tool frame 130"]]
        XCTAssertEqual(judge(inOrder).verdict, .pass)
        var noFrame = inOrder
        noFrame[1] = ["tool down 2"]
        XCTAssertEqual(judge(noFrame).verdict, .fail, "a group with no frame")
        XCTAssertEqual(judge([["tool down 2", "tool frame 100"], [], [], []]).verdict, .fail, "a down out of proximity")
        XCTAssertEqual(judge([[], [], [], []]).verdict, .untestable, "nothing arrived")
    }

    func testASeatWithoutTouchFails() {
        XCTAssertEqual(TouchStreamJudge.seatHasTouch(trace(["caps 3"])).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.seatHasTouch([]).verdict, .fail)
    }

    /// Each check's sentence is the protocol's, word for word (white space folded).
    func testEverySentenceIsQuotedFromTheProtocolsXML() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for check in ConformanceCheck.allCases {
            let xml = try String(contentsOf: root.appendingPathComponent("protocols/\(check.source)"), encoding: .utf8)
            let folded = xml.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(folded.contains(check.sentence), "\(check.rawValue): not in protocols/\(check.source)")
        }
    }

    func testTheSchemaInDocsIsFresh() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let published = try String(contentsOf: root.appendingPathComponent("docs/conformance.schema.json"), encoding: .utf8)
        XCTAssertEqual(published, ConformanceReport.schema,
                       "docs/conformance.schema.json is stale: .build/debug/touchspots-harness conformance --schema > docs/conformance.schema.json")
    }

    func report(_ verdicts: [String: ConformanceVerdict], version: String = "1") -> ConformanceReport {
        let checks = verdicts.keys.sorted().map { id in
            var check = ConformanceReport.Check(Finding(ConformanceCheck(rawValue: id)!, verdict: verdicts[id]!, detail: "seen"), evidence: nil)
            check.id = id
            return check
        }
        return ConformanceReport(touchspots: .init(version: "0.1.0", commit: "abc"), date: "2026-12-06T00:00:00Z",
                                 host: .init(name: "h", kernel: "6"),
                                 compositors: [.init(name: "sway", version: version, driver: "d", command: "c", checks: checks)])
    }

    func testCompareNamesWhatGotWorse() throws {
        let before = report(["frame-after-last-up": .fail, "cancel-ends-every-touch": .pass])
        let after = report(["frame-after-last-up": .pass, "cancel-ends-every-touch": .fail], version: "2")
        let changes = after.changes(since: before)
        XCTAssertEqual(changes.map(\.text).sorted(), [
            "WORSE sway cancel-ends-every-touch: pass -> fail", "changed sway frame-after-last-up: fail -> pass",
        ])
        XCTAssertTrue(before.changes(since: before).isEmpty)
        // Two builds under two names, one compositor each side: compared with each other.
        var renamed = after
        renamed.compositors[0].name = "/opt/sway-1.9/bin/sway (nested)"
        XCTAssertEqual(renamed.changes(since: before).map(\.text).sorted(), [
            "WORSE sway -> /opt/sway-1.9/bin/sway (nested) cancel-ends-every-touch: pass -> fail",
            "changed sway -> /opt/sway-1.9/bin/sway (nested) frame-after-last-up: fail -> pass",
        ])
        // And it reads back what it writes.
        XCTAssertEqual(try ConformanceReport(json: after.json()), after)
    }

    func testPagesEscapeWhatIsNotOurs() {
        var hostile = report(["seat-has-touch": .fail])
        hostile.compositors[0].version = "sway <b>1.7</b>\u{1B}[31m"
        XCTAssertFalse(hostile.html.contains("<b>1.7"))
        XCTAssertFalse(hostile.html.contains("\u{1B}"))
        XCTAssertFalse(hostile.junit.contains("\u{1B}"))
        XCTAssertTrue(hostile.text.contains("\\u{1B}"), hostile.text)
        XCTAssertTrue(hostile.junit.contains("<failure message=\"seen\">"))
    }
}
