import TouchCore

// @LogLine 13: case presented(LogPresented) keys: LogPresented.LineKey accessor: presented

/// A `presented` line: a commit that drew touches reached the screen, or was discarded.
public struct LogPresented: Equatable, Sendable {
    public var commit: Int
    public var touchToCommitMs: Double
    /// Absent when discarded; null when the compositor gave no usable time.
    public var touchToPresentMs: Double?
    public var refreshMs: Double?
    /// Written only when true.
    public var discarded: Bool?
    /// A frame callback was pending when the touch was read.
    public var waitedForFrame: Bool?
    /// From the oldest touch's own timestamp to touchspots reading it; absent where no
    /// clock fits the touch's time.
    public var inputToReadMs: Double?

    public init(commit: Int, touchToCommitMs: Double, touchToPresentMs: Double? = nil, refreshMs: Double? = nil,
                discarded: Bool? = nil, waitedForFrame: Bool? = nil, inputToReadMs: Double? = nil) {
        self.commit = commit; self.touchToCommitMs = touchToCommitMs; self.touchToPresentMs = touchToPresentMs
        self.refreshMs = refreshMs; self.discarded = discarded; self.waitedForFrame = waitedForFrame
        self.inputToReadMs = inputToReadMs
    }
}

extension LogPresented {
    /// `touchToPresentMs` and `refreshMs` are written (as `null` where not known) unless the
    /// commit was discarded, when `discarded` stands in their place.
    public enum LineKey: String, LogKey {
        case commit, touchToCommitMs, discarded, touchToPresentMs, refreshMs, waitedForFrame, inputToReadMs
        public var spec: LogKeySpec {
            switch self {
            case .commit: .required(.integer).minimum(1)
            case .touchToCommitMs: .required(.number).minimum(0)
            case .discarded: .optional(.boolean).with("const", true)
            case .waitedForFrame: .optional(.boolean)
            case .touchToPresentMs: .nullable(.number).requiredByAlternative
            case .refreshMs: .nullable(.number).exclusiveMinimum(0).requiredByAlternative
            case .inputToReadMs:
                .optional(.number).described("From the oldest touch's own timestamp (ns input timestamps where offered) "
                    + "to touchspots reading it; absent where no clock fits the touch's time.")
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.commit.write(commit, into: &out)
        LineKey.touchToCommitMs.write(touchToCommitMs, into: &out)
        if discarded == true {
            LineKey.discarded.write(true, into: &out)
        } else {
            LineKey.touchToPresentMs.write(orNull: touchToPresentMs, into: &out)
            LineKey.refreshMs.write(orNull: refreshMs, into: &out)
        }
        if let waitedForFrame { LineKey.waitedForFrame.write(waitedForFrame, into: &out) }
        if let inputToReadMs { LineKey.inputToReadMs.write(inputToReadMs, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        let discarded = try o.optionalBool(LineKey.discarded)
        // A discarded commit has no presentation to report: its two keys are left out (and
        // still refused when they hold something else than a number or null).
        let presented = discarded != true
        let touchToPresentMs = try o.nullableDouble(LineKey.touchToPresentMs, required: presented)
        let refreshMs = try o.nullableDouble(LineKey.refreshMs, required: presented)
        self.init(commit: try o.int(LineKey.commit), touchToCommitMs: try o.double(LineKey.touchToCommitMs),
                  touchToPresentMs: presented ? touchToPresentMs : nil, refreshMs: presented ? refreshMs : nil,
                  discarded: discarded, waitedForFrame: try o.optionalBool(LineKey.waitedForFrame),
                  inputToReadMs: try o.optionalDouble(LineKey.inputToReadMs))
    }
}

extension LogPresented.LineKey: LogLineKey {
    /// A commit is discarded, or has the times of its presentation.
    public static var schemaRules: [LogSchema.Pair] {
        [.init("oneOf", [["required": [.string(discarded.rawValue)]],
                         ["required": [.string(touchToPresentMs.rawValue), .string(refreshMs.rawValue)],
                          "not": ["required": [.string(discarded.rawValue)]]]])]
    }
}
