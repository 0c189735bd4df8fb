/// The surface rules, judged on what `touchspots-surface-probe` received and asked for
/// (`SurfaceProbeLayout`, `SurfaceRequests`). A compositor picks its own touch ids, so a
/// received touch is paired with the injected one by its group: each group here has one
/// down at most.
extension TouchStreamJudge {
    /// Every down of `groups` names the surface under its point: the subsurface at the
    /// `kept` square's place (its own surface-local point) inside the square, the window's
    /// surface (the subsurface's parent) beside it.
    public static func downOnSubsurface(_ groups: [InjectedGroup], requests: SurfaceRequests) -> Finding {
        let square = SurfaceProbeLayout.kept
        guard let kept = requests.subsurface(at: square) else {
            return Finding(.downOnSubsurface, verdict: .untestable,
                           detail: "the probe's trace shows no subsurface placed at \(square.x),\(square.y): it did not draw its squares")
        }
        var said: [String] = []
        for group in groups {
            guard case .down(_, let x, let y)? = group.steps.first(where: { if case .down = $0 { true } else { false } }) else { continue }
            let inside = x >= Double(square.x) && x < Double(square.x + square.width)
                && y >= Double(square.y) && y < Double(square.y + square.height)
            let (surface, local) = inside ? (kept.surface, (x: x - Double(square.x), y: y - Double(square.y)))
                : (kept.parent, (x: x, y: y))
            let name = inside ? "the subsurface \(surface)" : "the window's surface \(surface)"
            let touched = "\(InjectedGroup.Step.number(x)),\(InjectedGroup.Step.number(y))"
            guard let event = group.touchEvents.first(where: { if case .down = $0.kind { true } else { false } }),
                  case .down(_, _, let named, _, let dx, let dy) = event.kind else {
                return Finding(.downOnSubsurface, verdict: .fail, detail: "a touch at \(touched), on \(name), brought no wl_touch.down",
                               lines: ["# \(group.label)"] + group.touchEvents.map(\.line))
            }
            guard named == surface else {
                let other = named == kept.parent ? "the window's surface \(named)" : named
                return Finding(.downOnSubsurface, verdict: .fail, detail: "a touch at \(touched) on \(name) named \(other) instead",
                               lines: [event.line])
            }
            guard abs(dx - local.x) <= tolerance, abs(dy - local.y) <= tolerance else {
                return Finding(.downOnSubsurface, verdict: .fail,
                               detail: "a touch at \(touched) on \(name) arrived at \(dx),\(dy), not at its surface-local \(InjectedGroup.Step.number(local.x)),\(InjectedGroup.Step.number(local.y))",
                               lines: [event.line])
            }
            said.append("\(name) at \(InjectedGroup.Step.number(dx)),\(InjectedGroup.Step.number(dy))")
        }
        guard !said.isEmpty else { return Finding(.downOnSubsurface, verdict: .untestable, detail: "no down was injected") }
        return Finding(.downOnSubsurface, verdict: .pass, detail: "each down named the surface under it: " + said.joined(separator: "; "))
    }

    /// The first group's down lands on a square the probe destroys (or unmaps) as the down
    /// arrives; later groups move and lift that finger, then a marker touch lands on the
    /// window and lifts. The touch must end (up or cancel) before the marker's down: the
    /// compositor handles the lift before it. A down that did not name a square, or a
    /// square the probe did not drop, tests nothing.
    public static func touchEndsWithItsSurface(_ check: ConformanceCheck, _ groups: [InjectedGroup],
                                               requests: SurfaceRequests) -> Finding {
        let destroys = check == .surfaceDestroyedEndsTouch
        let square = destroys ? SurfaceProbeLayout.destroyed : SurfaceProbeLayout.unmapped
        let verb = destroys ? "destroyed" : "unmapped"
        guard let first = groups.first,
              let down = first.touchEvents.first(where: { if case .down = $0.kind { true } else { false } }),
              case .down(_, _, let surface, let id, _, _) = down.kind else {
            return Finding(check, verdict: .untestable, detail: "the touch on the probe's \(square.name) square brought no wl_touch.down")
        }
        guard let placed = requests.subsurface(at: square), placed.surface == surface else {
            return Finding(check, verdict: .untestable, detail: "the down named \(surface), not the subsurface under the point, so nothing was \(verb) under the finger",
                           lines: [down.line])
        }
        guard (destroys ? requests.destroyed : requests.unmapped).contains(surface) else {
            return Finding(check, verdict: .untestable, detail: "the probe's trace shows \(surface) was never \(verb)", lines: [down.line])
        }
        // Everything after the down, with the group each event came in.
        var after: [(group: Int, event: ReceivedEvent)] = []
        for (index, group) in groups.enumerated() {
            var events = group.touchEvents[...]
            if index == 0, let at = events.firstIndex(where: { $0 == down }) { events = events[(at + 1)...] }
            after += events.map { (index, $0) }
        }
        let marker = after.first { entry in
            if case .down = entry.event.kind { true } else { false }
        }
        let beforeMarker = after.prefix { marker == nil || $0.event != marker!.event }
        let lifted = groups.firstIndex { $0.steps.contains { if case .up = $0 { true } else { false } } } ?? groups.count
        if let end = beforeMarker.first(where: { entry in
            switch entry.event.kind {
            case .up(_, _, let upID): upID == id
            case .cancel: true
            default: false
            }
        }) {
            let how = if case .cancel = end.event.kind { "wl_touch.cancel" } else { "wl_touch.up" }
            let when = end.group < lifted ? "as soon as its surface was \(verb), before the finger lifted" : "when the finger lifted"
            let motions = beforeMarker.filter { if case .motion(_, id, _, _) = $0.event.kind { true } else { false } }.count
            return Finding(check, verdict: .pass, detail: "touch \(id) on \(surface) ended with \(how) \(when)"
                + (motions > 0 ? " (\(motions) motion(s) came after the surface was \(verb))" : ""))
        }
        let lines = [down.line] + after.map(\.event.line)
        guard let marker else {
            return Finding(check, verdict: .fail,
                           detail: "touch \(id) never ended after its surface \(surface) was \(verb): no wl_touch.up or cancel, and not even the next touch's down arrived",
                           lines: lines)
        }
        // mutter 43 gives the next touch the id the client still holds.
        let reused = if case .down(_, _, _, id, _, _) = marker.event.kind { " (and reused id \(id), which the client still holds)" } else { "" }
        return Finding(check, verdict: .fail,
                       detail: "touch \(id) never ended after its surface \(surface) was \(verb): no wl_touch.up or cancel for it after the finger lifted, yet the next touch's down arrived\(reused)",
                       lines: Array(lines.prefix { $0 != marker.event.line }) + [marker.event.line])
    }
}
