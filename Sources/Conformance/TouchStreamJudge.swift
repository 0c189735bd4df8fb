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
            return Finding(.seatHasTouch, .fail, "the seat never announced its capabilities")
        }
        if last & 4 != 0 { return Finding(.seatHasTouch, .pass, "capabilities \(last): touch") }
        return Finding(.seatHasTouch, .fail, "capabilities \(last): no touch, though the driver added a touch device",
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
                case .cancel: down.removeAll()
                case .motion: break
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
        for (index, group) in groups.enumerated() where lifts[index] == lastUp && group.steps != [.cancel] {
            judged += 1
            let touch = group.touchEvents
            if touch.last?.kind != .frame {
                missing.append("group \(index + 1) (\(group.label)): " + (touch.isEmpty ? "nothing arrived" : "no wl_touch.frame after it"))
                lines += ["# group \(index + 1): \(group.label)"] + touch.map(\.line)
            }
        }
        guard judged > 0 else { return Finding(check, .untestable, "no such group was injected") }
        if missing.isEmpty { return Finding(check, .pass, "a wl_touch.frame after each of \(judged) groups") }
        return Finding(check, .fail, "\(missing.count) of \(judged): " + missing.joined(separator: "; "), lines: lines)
    }

    /// The events of one hardware frame arrive in one wl_touch.frame.
    public static func groupInOneFrame(_ groups: [InjectedGroup]) -> Finding {
        var split: [String] = []
        var lines: [String] = []
        for (index, group) in groups.enumerated() where group.steps != [.cancel] {
            let touch = group.touchEvents
            let frames = touch.enumerated().filter { $0.element.kind == .frame && $0.offset < touch.count - 1 }.count
            if frames > 0 {
                split.append("group \(index + 1) (\(group.label)) in \(frames + 1) frames")
                lines += ["# group \(index + 1): \(group.label)"] + touch.map(\.line)
            }
        }
        if split.isEmpty { return Finding(.groupInOneFrame, .pass, "every group in one frame") }
        return Finding(.groupInOneFrame, .differs, split.joined(separator: "; "), lines: lines)
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
        if lines.isEmpty { return Finding(.idsUniqueWhileActive, .pass, "no down for an id still down") }
        return Finding(.idsUniqueWhileActive, .fail, "\(lines.count) down(s) for an id still down", lines: lines)
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
        if lines.isEmpty { return Finding(.nothingAfterUp, .pass, "no event for an id after its up") }
        return Finding(.nothingAfterUp, .fail, "\(lines.count) event(s) for an id after its up", lines: lines)
    }

    // MARK: coordinates

    /// Every down and motion lands where the group touched, in surface-local logical px.
    /// Injected ids are paired with received ones in the order of their downs: the
    /// compositor picks its own ids.
    public static func surfaceLocal(_ check: ConformanceCheck, _ groups: [InjectedGroup], context: String) -> Finding {
        var injectedDowns: [Int32] = []
        var receivedDowns: [Int32] = []
        var injectedFor: [Int32: Int32] = [:]  // received id -> injected id
        var compared = 0
        var wrong: [String] = []
        var lines: [String] = []
        for group in groups {
            var target: [Int32: (Double, Double)] = [:]
            for step in group.steps {
                switch step {
                case .down(let id, let x, let y): injectedDowns.append(id); target[id] = (x, y)
                case .motion(let id, let x, let y): target[id] = (x, y)
                default: break
                }
            }
            for event in group.touchEvents {
                let id: Int32, x: Double, y: Double
                switch event.kind {
                case .down(_, _, _, let i, let dx, let dy):
                    receivedDowns.append(i)
                    if receivedDowns.count <= injectedDowns.count { injectedFor[i] = injectedDowns[receivedDowns.count - 1] }
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
        }
        guard compared > 0 else {
            return Finding(check, .fail, "\(context): no down or motion arrived for the points touched",
                           lines: groups.flatMap(\.touchEvents).map(\.line))
        }
        if wrong.isEmpty { return Finding(check, .pass, "\(context): \(compared) positions within \(tolerance) px") }
        return Finding(check, .fail, "\(context): \(wrong.count) of \(compared) off: " + wrong.prefix(3).joined(separator: "; "),
                       lines: lines)
    }

    /// A finger went down in the window (group 1), moved outside it (group 2) and lifted
    /// there (group 3): its motion and up still come to the down's surface. `outside` is
    /// the surface-local point it moved to.
    public static func implicitGrab(_ groups: [InjectedGroup], outside: (x: Double, y: Double)) -> Finding {
        guard groups.count == 3 else { return Finding(.implicitGrab, .untestable, "the scenario has \(groups.count) groups, not 3") }
        let lines = groups.flatMap(\.touchEvents).map(\.line)
        guard let id = groups[0].touchEvents.compactMap({ event -> Int32? in
            if case .down(_, _, _, let id, _, _) = event.kind { return id }
            return nil
        }).first else {
            return Finding(.implicitGrab, .untestable, "the down inside the window did not arrive", lines: lines)
        }
        let ups = groups[2].touchEvents.filter { if case .up(_, _, id) = $0.kind { true } else { false } }
        guard !ups.isEmpty else {
            return Finding(.implicitGrab, .fail, "the finger lifted outside the window and no wl_touch.up came for it: the touch never ends",
                           lines: lines)
        }
        let motions = groups[1].touchEvents.compactMap { event -> (Double, Double)? in
            if case .motion(_, id, let x, let y) = event.kind { return (x, y) }
            return nil
        }
        guard let (x, y) = motions.last else {
            return Finding(.implicitGrab, .differs, "the up came, but no motion while the finger was outside the window", lines: lines)
        }
        guard abs(x - outside.x) <= tolerance, abs(y - outside.y) <= tolerance else {
            return Finding(.implicitGrab, .fail, "motion outside the window at \(x),\(y), not the surface-local \(outside.x),\(outside.y)",
                           lines: lines)
        }
        return Finding(.implicitGrab, .pass, "motion at \(x),\(y) (outside the surface) and the up came to the down's surface")
    }

    // MARK: wl_touch.cancel

    /// Fingers down, then the driver's way to make the compositor cancel them (the device
    /// cancels; gnome-shell takes three fingers for its own gesture): every touch that was
    /// down ends, by wl_touch.cancel or by up, and nothing follows a cancel for them.
    /// Judged on the whole stream of the scenario, which a driver may play back to back.
    public static func cancel(_ events: [ReceivedEvent]) -> Finding {
        let touch = events.filter { $0.object.hasPrefix("wl_touch@") }
        let lines = touch.map(\.line)
        var active: Set<Int32> = []
        var downs = 0
        for (index, event) in touch.enumerated() {
            switch event.kind {
            case .down(_, _, _, let id, _, _): active.insert(id); downs += 1
            case .up(_, _, let id): active.remove(id)
            case .cancel:
                let cancelled = active
                let following = touch[(index + 1)...].filter { $0.touchID.map(cancelled.contains) ?? false }
                if following.isEmpty {
                    return Finding(.cancelEndsEveryTouch, .pass, "wl_touch.cancel with \(cancelled.count) touches down, then nothing for them")
                }
                return Finding(.cancelEndsEveryTouch, .fail, "\(following.count) event(s) for cancelled touches after wl_touch.cancel",
                               lines: lines)
            default: break
            }
        }
        guard downs > 0 else { return Finding(.cancelEndsEveryTouch, .untestable, "the downs did not arrive", lines: lines) }
        if active.isEmpty {
            return Finding(.cancelEndsEveryTouch, .differs,
                           "ended by wl_touch.up, not wl_touch.cancel: a client takes the lift for a release (a tap, a drop)",
                           lines: lines)
        }
        return Finding(.cancelEndsEveryTouch, .fail,
                       "no wl_touch.cancel and no up: \(active.count) of \(downs) touches never end (\"ending with an up event\")",
                       lines: lines)
    }

    // MARK: serials and times

    /// Whether `b` comes after `a` on a 32-bit counter that wraps.
    static func isAfter(_ b: UInt32, _ a: UInt32, orEqual: Bool) -> Bool {
        let step = b &- a
        return step < 1 << 31 && (orEqual || step != 0)
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
            if let last, !isAfter(serial, last, orEqual: false) { lines.append(event.line) }
            last = serial
        }
        guard count > 1 else { return Finding(.serialsIncrease, .untestable, "fewer than two serials arrived") }
        if lines.isEmpty { return Finding(.serialsIncrease, .pass, "\(count) serials, each larger than the last") }
        return Finding(.serialsIncrease, .differs, "\(lines.count) of \(count) serials not larger than the one before", lines: lines)
    }

    public static func timesNeverGoBack(_ events: [ReceivedEvent]) -> Finding {
        var last: UInt32?
        var lines: [String] = []
        var count = 0
        for event in events {
            guard let time = event.time else { continue }
            count += 1
            if let last, !isAfter(time, last, orEqual: true) { lines.append(event.line) }
            last = time
        }
        guard count > 1 else { return Finding(.timesNeverGoBack, .untestable, "fewer than two timed events arrived") }
        if lines.isEmpty { return Finding(.timesNeverGoBack, .pass, "\(count) times, none before the one before") }
        return Finding(.timesNeverGoBack, .differs, "\(lines.count) of \(count) times earlier than the one before", lines: lines)
    }

    /// Each timestamp event against the time of the touch event it precedes.
    public static func timestampsAgree(_ events: [ReceivedEvent], advertised: Bool) -> Finding {
        guard advertised else {
            return Finding(.timestampsAgree, .untestable, "the compositor does not offer zwp_input_timestamps_manager_v1")
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
            return Finding(.timestampsAgree, .fail,
                           "offered, subscribed to, and no timestamp came before any of \(timed) timed events")
        }
        if lines.isEmpty { return Finding(.timestampsAgree, .pass, "\(compared) timestamps, each within 1 ms of its event's time") }
        return Finding(.timestampsAgree, .fail, "\(lines.count / 2) of \(compared) timestamps more than 1 ms from their event's time",
                       lines: lines)
    }
}
