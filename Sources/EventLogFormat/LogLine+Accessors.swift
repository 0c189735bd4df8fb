import TouchCore

/// The payload of a line when it is of one kind, for readers that filter a log
/// (`log.compactMap(\.frame)`): those that are not the whole of a case's values. The rest
/// are generated from the `accessor:` of each kind's declaration in `Lines/`
/// (LogLine+Generated.swift).
extension LogLine {
    public var frame: TouchFrame? { if case .frame(let f, _, _) = self { f } else { nil } }
    /// A frame line's spot views alive after the frame.
    public var spots: Int? { if case .frame(_, let spots, _) = self { spots } else { nil } }
    /// A warning's message.
    public var warning: String? { if case .warning(let m, _) = self { m } else { nil } }
    public var warningKind: LogWarningKind? { if case .warning(_, let k) = self { k } else { nil } }
}
