/// Judges what a client received against what the driver injected, one check at a time
/// (docs/conformance.md). Pure: the same groups give the same findings, so each check is
/// shown failing on hand-made streams (ConformanceJudgeTests) as well as on compositors.
public enum TouchStreamJudge {
    /// How far a coordinate may lie from the point touched: wl_fixed_t carries 1/256 px,
    /// and a compositor's mapping of a normalized device position to logical pixels rounds.
    public static let tolerance = 0.5

    // MARK: wl_seat

    public static func seatHasTouch(_ events: [ReceivedEvent]) -> Finding {
        let masks = events.compactMap { event -> UInt32? in
            if case .capabilities(let mask) = event.kind { return mask }
            return nil
        }
        guard let last = masks.last else {
            return Finding(.seatHasTouch, verdict: .fail, detail: "the seat never announced its capabilities")
        }
        if last & 4 != 0 { return Finding(.seatHasTouch, verdict: .pass, detail: "capabilities \(last): touch") }
        return Finding(.seatHasTouch, verdict: .fail, detail: "capabilities \(last): no touch, though the driver added a touch device",
                       lines: events.filter { if case .capabilities = $0.kind { true } else { false } }.map(\.line))
    }

    // MARK: wl_touch.frame

    /// Whether the group lifts the last finger down (in what was injected).
    static func liftsLastFinger(_ groups: [InjectedGroup]) -> [Bool] {
        var down: Set<Int32> = []
        return groups.map { group in
            var lifted = false
            for step in group.steps {
                switch step {
                case .down(let id, _, _): down.insert(id)
                case .up(let id): down.remove(id); lifted = true
                case .cancel, .touchCapability(false): down.removeAll()
                default: break
                }
            }
            return lifted && down.isEmpty
        }
    }

    /// Each group whose fingers stay down ends with a frame (`lastUp` false), or each group
    /// that lifts the last finger does (`lastUp` true).
    public static func frameAfterGroups(_ groups: [InjectedGroup], lastUp: Bool) -> Finding {
        let check: ConformanceCheck = lastUp ? .frameAfterLastUp : .frameAfterEachGroup
        let lifts = liftsLastFinger(groups)
        var judged = 0
        var missing: [String] = []
        var lines: [String] = []
        for (index, group) in groups.enumerated() where lifts[index] == lastUp && group.isTouch {
            judged += 1
            let touch = group.touchEvents
            if touch.last?.kind != .frame {
                missing.append("group \(index + 1) (\(group.label)): " + (touch.isEmpty ? "nothing arrived" : "no wl_touch.frame after it"))
                lines += ["# group \(index + 1): \(group.label)"] + touch.map(\.line)
            }
        }
        guard judged > 0 else { return Finding(check, verdict: .untestable, detail: "no such group was injected") }
        if missing.isEmpty { return Finding(check, verdict: .pass, detail: "a wl_touch.frame after each of \(judged) groups") }
        return Finding(check, verdict: .fail, detail: "\(missing.count) of \(judged): " + missing.joined(separator: "; "), lines: lines)
    }

    /// The events of one hardware frame arrive in one wl_touch.frame.
    public static func groupInOneFrame(_ groups: [InjectedGroup]) -> Finding {
        var split: [String] = []
        var lines: [String] = []
        for (index, group) in groups.enumerated() where group.isTouch {
            let touch = group.touchEvents
            let frames = touch.enumerated().filter { $0.element.kind == .frame && $0.offset < touch.count - 1 }.count
            if frames > 0 {
                split.append("group \(index + 1) (\(group.label)) in \(frames + 1) frames")
                lines += ["# group \(index + 1): \(group.label)"] + touch.map(\.line)
            }
        }
        if split.isEmpty { return Finding(.groupInOneFrame, verdict: .pass, detail: "every group in one frame") }
        return Finding(.groupInOneFrame, verdict: .differs, detail: split.joined(separator: "; "), lines: lines)
    }

    // MARK: ids

    public static func idsUniqueWhileActive(_ events: [ReceivedEvent]) -> Finding {
        var active: Set<Int32> = []
        var lines: [String] = []
        for event in events {
            switch event.kind {
            case .down(_, _, _, let id, _, _):
                if !active.insert(id).inserted { lines.append(event.line) }
            case .up(_, _, let id): active.remove(id)
            case .cancel: active.removeAll()
            default: break
            }
        }
        if lines.isEmpty { return Finding(.idsUniqueWhileActive, verdict: .pass, detail: "no down for an id still down") }
        return Finding(.idsUniqueWhileActive, verdict: .fail, detail: "\(lines.count) down(s) for an id still down", lines: lines)
    }

    /// No event names an id after its up, until a new down. Ids ended by a cancel are the
    /// cancel check's.
    public static func nothingAfterUp(_ events: [ReceivedEvent]) -> Finding {
        var active: Set<Int32> = []
        var lifted: Set<Int32> = []
        var lines: [String] = []
        for event in events {
            switch event.kind {
            case .down(_, _, _, let id, _, _): active.insert(id); lifted.remove(id)
            case .up(_, _, let id):
                if lifted.contains(id) { lines.append(event.line) }
                if active.remove(id) != nil { lifted.insert(id) }
            case .cancel: active.removeAll()
            default:
                if let id = event.touchID, lifted.contains(id) { lines.append(event.line) }
            }
        }
        if lines.isEmpty { return Finding(.nothingAfterUp, verdict: .pass, detail: "no event for an id after its up") }
        return Finding(.nothingAfterUp, verdict: .fail, detail: "\(lines.count) event(s) for an id after its up", lines: lines)
    }

    // MARK: coordinates

    /// Every down and motion lands where the group touched, in surface-local logical px,
    /// and every down touched arrives. The compositor picks its own ids: a received down is
    /// paired with the nearest down touched in its group (the order of downs within a
    /// frame is the compositor's), and its later motions follow the pairing.
    public static func surfaceLocal(_ check: ConformanceCheck, _ groups: [InjectedGroup], context: String) -> Finding {
        var injectedFor: [Int32: Int32] = [:]  // received id -> injected id
        var compared = 0
        var wrong: [String] = []
        var missing: [String] = []
        var lines: [String] = []
        for (index, group) in groups.enumerated() {
            var target: [Int32: (x: Double, y: Double)] = [:]
            var unpaired: [Int32] = []
            for step in group.steps {
                switch step {
                case .down(let id, let x, let y): unpaired.append(id); target[id] = (x, y)
                case .motion(let id, let x, let y): target[id] = (x, y)
                default: break
                }
            }
            for event in group.touchEvents {
                let id: Int32, x: Double, y: Double
                switch event.kind {
                case .down(_, _, _, let i, let dx, let dy):
                    func apart(_ id: Int32) -> Double {
                        let (tx, ty) = target[id]!
                        return (tx - dx) * (tx - dx) + (ty - dy) * (ty - dy)
                    }
                    let nearest = unpaired.min { apart($0) < apart($1) }
                    if let nearest {
                        injectedFor[i] = nearest
                        unpaired.removeAll { $0 == nearest }
                    }
                    (id, x, y) = (i, dx, dy)
                case .motion(_, let i, let mx, let my): (id, x, y) = (i, mx, my)
                default: continue
                }
                guard let injected = injectedFor[id], let (tx, ty) = target[injected] else { continue }
                compared += 1
                if abs(x - tx) > tolerance || abs(y - ty) > tolerance {
                    wrong.append("touched at \(InjectedGroup.Step.number(tx)),\(InjectedGroup.Step.number(ty)), received \(x),\(y)")
                    lines.append(event.line)
                }
            }
            if !unpaired.isEmpty {
                missing.append("group \(index + 1): \(unpaired.count) down(s) never arrived")
                lines += ["# group \(index + 1): \(group.label)"] + group.touchEvents.map(\.line)
            }
        }
        guard compared > 0 else {
            return Finding(check, verdict: .fail, detail: "\(context): no down or motion arrived for the points touched",
                           lines: groups.flatMap(\.touchEvents).map(\.line))
        }
        if wrong.isEmpty && missing.isEmpty { return Finding(check, verdict: .pass, detail: "\(context): \(compared) positions within \(tolerance) px") }
        let off = wrong.isEmpty ? [] : ["\(wrong.count) of \(compared) off: " + wrong.prefix(3).joined(separator: "; ")]
        return Finding(check, verdict: .fail, detail: "\(context): " + (missing + off).joined(separator: "; "), lines: lines)
    }

    /// A finger went down in the window (group 1), moved outside it (group 2) and lifted
    /// there (group 3): its motion and up still come to the down's surface. `outside` is
    /// the surface-local point it moved to.
    public static func implicitGrab(_ groups: [InjectedGroup], outside: (x: Double, y: Double)) -> Finding {
        guard groups.count == 3 else { return Finding(.implicitGrab, verdict: .untestable, detail: "the scenario has \(groups.count) groups, not 3") }
        let lines = groups.flatMap(\.touchEvents).map(\.line)
        guard let id = groups[0].touchEvents.compactMap({ event -> Int32? in
            if case .down(_, _, _, let id, _, _) = event.kind { return id }
            return nil
        }).first else {
            return Finding(.implicitGrab, verdict: .untestable, detail: "the down inside the window did not arrive", lines: lines)
        }
        let ups = groups[2].touchEvents.filter { if case .up(_, _, id) = $0.kind { true } else { false } }
        guard !ups.isEmpty else {
            return Finding(.implicitGrab, verdict: .fail, detail: "the finger lifted outside the window and no wl_touch.up came for it: the touch never ends",
                           lines: lines)
        }
        let motions = groups[1].touchEvents.compactMap { event -> (Double, Double)? in
            if case .motion(_, id, let x, let y) = event.kind { return (x, y) }
            return nil
        }
        guard let (x, y) = motions.last else {
            return Finding(.implicitGrab, verdict: .differs, detail: "the up came, but no motion while the finger was outside the window", lines: lines)
        }
        guard abs(x - outside.x) <= tolerance, abs(y - outside.y) <= tolerance else {
            return Finding(.implicitGrab, verdict: .fail, detail: "motion outside the window at \(x),\(y), not the surface-local \(outside.x),\(outside.y)",
                           lines: lines)
        }
        return Finding(.implicitGrab, verdict: .pass, detail: "motion at \(x),\(y) (outside the surface) and the up came to the down's surface")
    }

    // MARK: wl_touch.cancel

    /// Fingers down, then the driver's way to make the compositor cancel them (the device
    /// cancels; gnome-shell takes three fingers for its own gesture): every touch that was
    /// down ends, by wl_touch.cancel or by up, and nothing follows a cancel for them.
    /// Judged on the whole stream of the scenario, which a driver may play back to back.
    public static func cancelEndsEveryTouch(_ events: [ReceivedEvent]) -> Finding {
        let touch = events.filter { $0.object.hasPrefix("wl_touch@") }
        let lines = touch.map(\.line)
        var active: Set<Int32> = []
        var downs = 0
        for (index, event) in touch.enumerated() {
            switch event.kind {
            case .down(_, _, _, let id, _, _): active.insert(id); downs += 1
            case .up(_, _, let id): active.remove(id)
            case .cancel where !active.isEmpty:
                // An id cancelled may be reused by a later down: from then on it is that touch's.
                var cancelled = active
                var following: [ReceivedEvent] = []
                for later in touch[(index + 1)...] {
                    if case .down(_, _, _, let id, _, _) = later.kind { cancelled.remove(id); continue }
                    if let id = later.touchID, cancelled.contains(id) { following.append(later) }
                }
                if following.isEmpty {
                    return Finding(.cancelEndsEveryTouch, verdict: .pass, detail: "wl_touch.cancel with \(active.count) touches down, then nothing for them")
                }
                return Finding(.cancelEndsEveryTouch, verdict: .fail, detail: "\(following.count) event(s) for cancelled touches after wl_touch.cancel",
                               lines: lines)
            case .cancel: active.removeAll()
            default: break
            }
        }
        guard downs > 0 else { return Finding(.cancelEndsEveryTouch, verdict: .untestable, detail: "the downs did not arrive", lines: lines) }
        if active.isEmpty {
            return Finding(.cancelEndsEveryTouch, verdict: .differs,
                           detail: "ended by wl_touch.up, not wl_touch.cancel: a client takes the lift for a release (a tap, a drop)",
                           lines: lines)
        }
        return Finding(.cancelEndsEveryTouch, verdict: .fail,
                       detail: "no wl_touch.cancel and no up: \(active.count) of \(downs) touches never end (\"ending with an up event\")",
                       lines: lines)
    }

    // MARK: the seat losing touch

    /// Fingers down (group 1), then the seat loses touch (group 2): nothing more on the old
    /// wl_touch after the capabilities without touch. Touches ended first (up, cancel)
    /// pass; touches left as they were differ: the client must end them itself.
    public static func touchCapabilityRemoved(_ groups: [InjectedGroup]) -> Finding {
        let events = groups.flatMap(\.received)
        let lines = events.map(\.line)
        guard let removed = events.firstIndex(where: { if case .capabilities(let mask) = $0.kind { mask & 4 == 0 } else { false } }) else {
            return Finding(.touchCapabilityRemoved, verdict: .fail, detail: "the seat lost touch and no wl_seat.capabilities said so", lines: lines)
        }
        var active: Set<Int32> = []
        for event in events[..<removed] {
            switch event.kind {
            case .down(_, _, _, let id, _, _): active.insert(id)
            case .up(_, _, let id): active.remove(id)
            case .cancel: active.removeAll()
            default: break
            }
        }
        let after = events[(removed + 1)...].filter { $0.object.hasPrefix("wl_touch@") }
        if !after.isEmpty {
            return Finding(.touchCapabilityRemoved, verdict: .fail, detail: "\(after.count) wl_touch event(s) after the seat lost touch", lines: lines)
        }
        if active.isEmpty { return Finding(.touchCapabilityRemoved, verdict: .pass, detail: "the touches ended, then the seat lost touch; nothing after") }
        return Finding(.touchCapabilityRemoved, verdict: .differs,
                       detail: "\(active.count) touch(es) left down when the seat lost touch: nothing after, but the client must end them itself",
                       lines: lines)
    }

    // MARK: shape and orientation

    /// Each wl_touch.shape and orientation names a touch that is down and comes before a
    /// frame; untestable where none was sent.
    public static func shapeAndOrientationInFrame(_ events: [ReceivedEvent]) -> Finding {
        let touch = events.filter { $0.object.hasPrefix("wl_touch@") }
        var active: Set<Int32> = []
        var sent = 0
        var lines: [String] = []
        var pending: ReceivedEvent?
        for event in touch {
            switch event.kind {
            case .down(_, _, _, let id, _, _): active.insert(id)
            case .up(_, _, let id): active.remove(id)
            case .cancel: active.removeAll()
            case .frame: pending = nil
            case .shape(let id), .orientation(let id):
                sent += 1
                if !active.contains(id) { lines.append(event.line) }
                if pending == nil { pending = event }
            default: break
            }
        }
        if let pending { lines.append(pending.line) }
        guard sent > 0 else {
            return Finding(.shapeAndOrientationInFrame, verdict: .untestable, detail: "no wl_touch.shape or orientation was sent (the driver's device reports no contact shape)")
        }
        if lines.isEmpty { return Finding(.shapeAndOrientationInFrame, verdict: .pass, detail: "\(sent) shape and orientation events, each of a touch down, each before a frame") }
        return Finding(.shapeAndOrientationInFrame, verdict: .fail,
                       detail: "\(lines.count) of \(sent) for a touch not down or with no frame after", lines: lines)
    }

    // MARK: tablet-v2

    /// A pen's groups (in, tip down, motion, tip up, out): proximity_in before down, and
    /// each group's events end with a frame.
    public static func tabletProximityDownFrame(_ groups: [InjectedGroup]) -> Finding {
        let tool = groups.map { $0.received.filter { $0.object.hasPrefix("zwp_tablet_tool_v2@") } }
        let lines = tool.flatMap { $0.map(\.line) }
        guard !lines.isEmpty else {
            return Finding(.tabletProximityDownFrame, verdict: .untestable, detail: "no tablet tool event arrived (the compositor forwards nothing from the driver's tablet)")
        }
        var inProximity = false
        var problems: [String] = []
        for (index, events) in tool.enumerated() {
            for event in events {
                guard case .tool(let name) = event.kind else { continue }
                if name == "proximity_in" { inProximity = true }
                if name == "proximity_out" { inProximity = false }
                if name == "down" && !inProximity { problems.append("a down out of proximity") }
            }
            if !events.isEmpty, events.last?.kind != .tool("frame") {
                problems.append("group \(index + 1) (\(groups[index].label)) has no frame after it")
            }
        }
        if problems.isEmpty { return Finding(.tabletProximityDownFrame, verdict: .pass, detail: "proximity_in before down, a frame after each of \(tool.filter { !$0.isEmpty }.count) groups") }
        return Finding(.tabletProximityDownFrame, verdict: .fail, detail: problems.joined(separator: "; "), lines: lines)
    }

    // MARK: serials and times

    /// Whether `b` comes after `a` on a 32-bit counter that wraps.
    static func follows(_ b: UInt32, after a: UInt32, allowingEqual: Bool) -> Bool {
        let step = b &- a
        return step < 1 << 31 && (allowingEqual || step != 0)
    }

    public static func serialsIncrease(_ events: [ReceivedEvent]) -> Finding {
        var last: UInt32?
        var lines: [String] = []
        var count = 0
        for event in events {
            let serial: UInt32
            switch event.kind {
            case .down(let s, _, _, _, _, _), .up(let s, _, _): serial = s
            default: continue
            }
            count += 1
            if let last, !follows(serial, after: last, allowingEqual: false) { lines.append(event.line) }
            last = serial
        }
        guard count > 1 else { return Finding(.serialsIncrease, verdict: .untestable, detail: "fewer than two serials arrived") }
        if lines.isEmpty { return Finding(.serialsIncrease, verdict: .pass, detail: "\(count) serials, each larger than the last") }
        return Finding(.serialsIncrease, verdict: .differs, detail: "\(lines.count) of \(count) serials not larger than the one before", lines: lines)
    }

    public static func timesNeverGoBack(_ events: [ReceivedEvent]) -> Finding {
        var last: UInt32?
        var lines: [String] = []
        var count = 0
        for event in events {
            guard let time = event.time else { continue }
            count += 1
            if let last, !follows(time, after: last, allowingEqual: true) { lines.append(event.line) }
            last = time
        }
        guard count > 1 else { return Finding(.timesNeverGoBack, verdict: .untestable, detail: "fewer than two timed events arrived") }
        if lines.isEmpty { return Finding(.timesNeverGoBack, verdict: .pass, detail: "\(count) times, none before the one before") }
        return Finding(.timesNeverGoBack, verdict: .differs, detail: "\(lines.count) of \(count) times earlier than the one before", lines: lines)
    }

    /// Each timestamp event against the time of the touch event it precedes.
    public static func timestampsAgree(_ events: [ReceivedEvent], advertised: Bool, subscribed: Bool) -> Finding {
        guard advertised else {
            return Finding(.timestampsAgree, verdict: .untestable, detail: "the compositor does not offer zwp_input_timestamps_manager_v1")
        }
        guard subscribed else {
            return Finding(.timestampsAgree, verdict: .untestable, detail: "the client did not subscribe to touch timestamps")
        }
        var pending: (UInt64, String)?
        var compared = 0
        var lines: [String] = []
        for event in events {
            if case .timestamp(let nanoseconds) = event.kind { pending = (nanoseconds, event.line); continue }
            guard let time = event.time else { continue }
            guard let (nanoseconds, line) = pending else { continue }
            pending = nil
            compared += 1
            let milliseconds = UInt32(truncatingIfNeeded: nanoseconds / 1_000_000)
            let apart = min(milliseconds &- time, time &- milliseconds)
            if apart > 1 { lines += [line, event.line] }
        }
        let timed = events.filter { $0.time != nil }.count
        guard compared > 0 else {
            return Finding(.timestampsAgree, verdict: .fail,
                           detail: "offered, subscribed to, and no timestamp came before any of \(timed) timed events")
        }
        if lines.isEmpty { return Finding(.timestampsAgree, verdict: .pass, detail: "\(compared) timestamps, each within 1 ms of its event's time") }
        return Finding(.timestampsAgree, verdict: .fail, detail: "\(lines.count / 2) of \(compared) timestamps more than 1 ms from their event's time",
                       lines: lines)
    }
}
