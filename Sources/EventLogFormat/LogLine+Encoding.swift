import TouchCore

extension LogLine {
    /// The line's UTF-8 bytes, without the newline.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    /// The line as text, without the newline.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends the line's UTF-8 bytes (no newline) to `out`. The key order is part of how
    /// people read the log, and is the order of docs/event-log.md.
    public func encode(into out: inout [UInt8]) {
        JSONBytes.open(kind, into: &out)
        switch self {
        case .scene(let name):
            JSONBytes.key("name", string: name.rawValue, into: &out)
        case .ready(let width, let height, let scale):
            JSONBytes.key("width", double: width, into: &out)
            JSONBytes.key("height", double: height, into: &out)
            JSONBytes.key("scale", double: scale, into: &out)
        case .configure(let width, let height, let fullscreen, let maximized):
            JSONBytes.key("width", double: width, into: &out)
            JSONBytes.key("height", double: height, into: &out)
            JSONBytes.key("fullscreen", bool: fullscreen, into: &out)
            JSONBytes.key("maximized", bool: maximized, into: &out)
        case .seat(let name, let touch, let pointer, let keyboard):
            if let name { JSONBytes.key("name", string: name, into: &out) }
            JSONBytes.key("touch", bool: touch, into: &out)
            JSONBytes.key("pointer", bool: pointer, into: &out)
            JSONBytes.key("keyboard", bool: keyboard, into: &out)
        case .frame(let frame):
            JSONBytes.key("time", int: frame.time, into: &out)
            if let ns = frame.timeNs { JSONBytes.key("timeNs", int: ns, into: &out) }
            JSONBytes.key("spots", int: frame.spots, into: &out)
            JSONBytes.openKey("touches", into: &out)
            JSONBytes.array(frame.touches, into: &out) { $0.encode(into: &$1) }
        case .hit(let hit):
            JSONBytes.key("id", int: Int(hit.id), into: &out)
            JSONBytes.key("view", orNull: hit.view, into: &out)
            JSONBytes.key("visited", strings: hit.visited, into: &out)
            if hit.ignored { JSONBytes.key("ignored", bool: true, into: &out) }
        case .responder(let delivery):
            Self.encodeKeys(of: delivery, into: &out)
        case .gesture(let gesture):
            JSONBytes.key("name", string: gesture.kind.rawValue, into: &out)
            switch gesture {
            case .tap(let count): JSONBytes.key("count", int: count, into: &out)
            case .swipe(let axis, let fingers):
                JSONBytes.key("direction", string: axis.rawValue, into: &out)
                JSONBytes.key("fingers", int: fingers, into: &out)
            case .pinch(let direction): JSONBytes.key("direction", string: direction.rawValue, into: &out)
            case .checkmark: break
            case .longPress(let fingers): JSONBytes.key("fingers", int: fingers, into: &out)
            case .rotation(let direction, let degrees):
                JSONBytes.key("direction", string: direction.rawValue, into: &out)
                JSONBytes.key("degrees", int: degrees, into: &out)
            case .edgeSwipe(let edge, let fingers):
                JSONBytes.key("edge", string: edge.rawValue, into: &out)
                JSONBytes.key("fingers", int: fingers, into: &out)
            case .template(let name, let score):
                JSONBytes.key("template", string: name, into: &out)
                JSONBytes.key("score", double: score, into: &out)  // rounded once, in `Gesture.logged`
            }
        case .label(let text, let slot):
            JSONBytes.key("text", string: text, into: &out)
            JSONBytes.key("slot", string: slot.rawValue, into: &out)
        case .placard(let placard):
            JSONBytes.key("x", double: placard.center.x, into: &out)
            JSONBytes.key("y", double: placard.center.y, into: &out)
            JSONBytes.key("text", string: placard.text, into: &out)
            JSONBytes.key("state", string: placard.phase.rawValue, into: &out)
        case .warning(let message, let kind):
            JSONBytes.key("message", string: message, into: &out)
            JSONBytes.key("kind", string: kind.rawValue, into: &out)
        case .sync(let count):
            JSONBytes.key("count", int: count, into: &out)
        case .nearmiss(let misses):
            JSONBytes.key("text", string: NearMiss.text(of: misses), into: &out)
            JSONBytes.openKey("misses", into: &out)
            JSONBytes.array(misses, into: &out) { miss, out in
                out.append(UInt8(ascii: "{"))
                JSONBytes.append(#""recognizer":"#, to: &out)
                JSONBytes.encode(miss.recognizer, into: &out)
                JSONBytes.key("reason", string: miss.reason, into: &out)
                if let setting = miss.setting { JSONBytes.key("setting", string: setting, into: &out) }
                JSONBytes.key("value", double: miss.value, into: &out)
                JSONBytes.key("limit", double: miss.limit, into: &out)
                out.append(UInt8(ascii: "}"))
            }
        case .presented(let presented):
            JSONBytes.key("commit", int: presented.commit, into: &out)
            JSONBytes.key("touchToCommitMs", double: presented.touchToCommitMs, into: &out)
            if presented.discarded == true {
                JSONBytes.key("discarded", bool: true, into: &out)
            } else {
                JSONBytes.key("touchToPresentMs", orNull: presented.touchToPresentMs, into: &out)
                JSONBytes.key("refreshMs", orNull: presented.refreshMs, into: &out)
            }
            if let waited = presented.waitedForFrame { JSONBytes.key("waitedForFrame", bool: waited, into: &out) }
            if let input = presented.inputToReadMs { JSONBytes.key("inputToReadMs", double: input, into: &out) }
        case .qualify(let qualify):
            JSONBytes.key("plan", string: qualify.plan, into: &out)
            JSONBytes.key("step", int: qualify.step, into: &out)
            JSONBytes.key("of", int: qualify.of, into: &out)
            JSONBytes.key("kind", string: qualify.kind.rawValue, into: &out)
            JSONBytes.key("state", string: qualify.state.rawValue, into: &out)
            JSONBytes.key("millimetresPerPixel", double: qualify.millimetresPerPixel, into: &out)
            if qualify.panel.width > 0 { JSONBytes.key("panel", doubles: [qualify.panel.width, qualify.panel.height], into: &out) }
            if let guide = qualify.guide {
                JSONBytes.openKey("guide", into: &out)
                guide.encodeGuide(into: &out)
            }
            if let next = qualify.next { JSONBytes.key("next", doubles: [next.x, next.y], into: &out) }
            if !qualify.buttons.isEmpty {
                JSONBytes.openKey("buttons", into: &out)
                JSONBytes.array(qualify.buttons, into: &out) { rect, out in
                    JSONBytes.array([rect.minX, rect.minY, rect.width, rect.height], into: &out) { JSONBytes.encode($0, into: &$1) }
                }
            }
            if let card = qualify.card { JSONBytes.key("card", doubles: [card.minX, card.minY, card.width, card.height], into: &out) }
            if let thresholds = qualify.thresholds {
                JSONBytes.openKey("thresholds", into: &out)
                out.append(UInt8(ascii: "{"))
                for (index, limit) in thresholds.named.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONBytes.encode(limit.name, into: &out)
                    out.append(UInt8(ascii: ":"))
                    JSONBytes.encode(limit.value, into: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            JSONBytes.openKey("verdicts", into: &out)
            JSONBytes.array(qualify.verdicts, into: &out) { verdict, out in
                out.append(UInt8(ascii: "{"))
                JSONBytes.append(#""validator":"#, to: &out)
                JSONBytes.encode(verdict.validator, into: &out)
                JSONBytes.key("figure", orNull: verdict.measured, into: &out)
                JSONBytes.key("comparison", string: verdict.comparison.rawValue, into: &out)
                JSONBytes.key("threshold", double: verdict.threshold, into: &out)
                JSONBytes.key("unit", string: verdict.unit, into: &out)
                JSONBytes.key("passed", bool: verdict.passed, into: &out)
                JSONBytes.key("detail", string: verdict.detail, into: &out)
                out.append(UInt8(ascii: "}"))
            }
        case .output(let output):
            if let name = output.name { JSONBytes.key("name", string: name, into: &out) }
            JSONBytes.key("physicalWidth", int: output.physicalWidth, into: &out)
            JSONBytes.key("physicalHeight", int: output.physicalHeight, into: &out)
            JSONBytes.key("width", int: output.width, into: &out)
            JSONBytes.key("height", int: output.height, into: &out)
            JSONBytes.key("refreshMillihertz", int: output.refreshMillihertz, into: &out)
            JSONBytes.key("transform", string: output.transform.rawValue, into: &out)
            JSONBytes.key("scale", int: output.scale, into: &out)
        case .teach(let teach):
            JSONBytes.key("name", string: teach.name, into: &out)
            JSONBytes.key("step", string: teach.step.rawValue, into: &out)
            JSONBytes.key("examples", int: teach.examples, into: &out)
            JSONBytes.key("needed", int: teach.needed, into: &out)
            if let agreement = teach.agreement { JSONBytes.key("agreement", double: agreement, into: &out) }
            if let save = teach.saveAt { JSONBytes.key("save", doubles: [save.x, save.y], into: &out) }
            if let path = teach.savedTo { JSONBytes.key("path", string: path, into: &out) }
        case .readout(let readout):
            JSONBytes.key("touches", int: readout.touches, into: &out)
            JSONBytes.key("maxTouches", int: readout.maxTouches, into: &out)
            JSONBytes.key("framesPerSecond", double: readout.framesPerSecond, into: &out)
            JSONBytes.key("eventsPerFrame", double: readout.eventsPerFrame, into: &out)
            JSONBytes.key("shapeSeen", bool: readout.shapeSeen, into: &out)
            JSONBytes.openKey("fingers", into: &out)
            JSONBytes.array(readout.fingers, into: &out) { $0.encode(into: &$1) }
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension LogTouch {
    /// `{"id":N,"phase":"P","x":X,"y":Y,...}` with the optional keys in the docs' order.
    func encode(into out: inout [UInt8]) {
        JSONBytes.append(#"{"id":"#, to: &out)
        JSONBytes.encode(id, into: &out)
        JSONBytes.key("phase", string: phase.rawValue, into: &out)
        JSONBytes.key("x", double: x, into: &out)
        JSONBytes.key("y", double: y, into: &out)
        if let source { JSONBytes.key("source", string: source.rawValue, into: &out) }
        if let pressure { JSONBytes.key("pressure", double: pressure, into: &out) }
        if let tilt {
            JSONBytes.openKey("tilt", into: &out)
            JSONBytes.array(tilt, into: &out) { JSONBytes.encode($0, into: &$1) }
        }
        if let distance { JSONBytes.key("distance", double: distance, into: &out) }
        if let buttons {
            JSONBytes.openKey("buttons", into: &out)
            JSONBytes.array(buttons, into: &out) { JSONBytes.encode($0, into: &$1) }
        }
        if let major { JSONBytes.key("major", double: major, into: &out) }
        if let minor { JSONBytes.key("minor", double: minor, into: &out) }
        if let orientation { JSONBytes.key("orientation", double: orientation, into: &out) }
        if let seat { JSONBytes.key("seat", string: seat, into: &out) }
        out.append(UInt8(ascii: "}"))
    }
}

extension FingerReadout {
    /// `{"id":N,"x":X,...}`; `source` only for what is not a touchscreen finger.
    func encode(into out: inout [UInt8]) {
        JSONBytes.append(#"{"id":"#, to: &out)
        JSONBytes.encode(Int(id), into: &out)
        JSONBytes.key("x", double: location.x, into: &out)
        JSONBytes.key("y", double: location.y, into: &out)
        JSONBytes.key("dx", double: dx, into: &out)
        JSONBytes.key("dy", double: dy, into: &out)
        JSONBytes.key("velocity", orNull: velocity, into: &out)
        JSONBytes.key("reportRate", orNull: reportRate, into: &out)
        if source != .touchscreen { JSONBytes.key("source", string: source.rawValue, into: &out) }
        if let pressure { JSONBytes.key("pressure", double: pressure, into: &out) }
        if let major { JSONBytes.key("major", double: major, into: &out) }
        if let minor { JSONBytes.key("minor", double: minor, into: &out) }
        if let orientation { JSONBytes.key("orientation", double: orientation, into: &out) }
        out.append(UInt8(ascii: "}"))
    }
}

extension QualifyStep {
    /// `{"from":[x,y],...}`: the step's guide, its keys in `GuideKey`'s order
    /// (docs/event-log.md).
    func encodeGuide(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, entry) in guideEntries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONBytes.encode(entry.key.rawValue, into: &out)
            out.append(UInt8(ascii: ":"))
            switch entry.value {
            case .point(let p): JSONBytes.array([p.x, p.y], into: &out) { JSONBytes.encode($0, into: &$1) }
            case .points(let points):
                JSONBytes.array(points, into: &out) { p, out in JSONBytes.array([p.x, p.y], into: &out) { JSONBytes.encode($0, into: &$1) } }
            case .seconds(let seconds): JSONBytes.encode(seconds, into: &out)
            case .count(let count): JSONBytes.encode(count, into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
