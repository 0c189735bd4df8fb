import TouchCore

/// The core's own placard state, its centre to hundredths of a pixel as written.
// @LogLine 10: case placard(PlacardState) keys: PlacardState.LineKey accessor: placard

// A `placard` line: the core's own placard state (scene "moveme").

extension PlacardState {
    /// The placard's centre (`x`, `y`, hundredths of a pixel as written), its text and
    /// its phase as `state`.
    public enum LineKey: String, LogKey {
        case x, y, text, state
        public var spec: LogKeySpec {
            switch self {
            case .x, .y: .required(.number)
            case .text: .required(.string)
            case .state: .required(.closed).values(of: PlacardState.Phase.self)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.x.write(center.x, into: &out)
        LineKey.y.write(center.y, into: &out)
        LineKey.text.write(text, into: &out)
        LineKey.state.write(closed: phase, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(center: Point(x: try o.double(LineKey.x), y: try o.double(LineKey.y)), text: try o.string(LineKey.text),
                  phase: try o.closed(LineKey.state))
    }
}

extension PlacardState {
    /// The placard as its line holds it: its centre to hundredths of a pixel.
    var logged: PlacardState { PlacardState(center: hundredths(center), text: text, phase: phase) }
}

extension PlacardState.LineKey: LogLineKey {}
