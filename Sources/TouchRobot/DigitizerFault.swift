import TouchCore

/// The robot's `--fault` option (`touchspots-harness qualify --fault NAME[=SIZE]`): the
/// faults are the qualify contract's (`PanelFault`, in TouchCore), which the `Digitizer`
/// simulates; reading and listing them for a command line is the robot's.
extension PanelFault {
    /// Every fault as `--help` lists it: `name[=SIZE]  what it does (unit, default)`.
    public static var helpText: String {
        allCases.map { fault in
            guard let size = fault.defaultSize else { return "\(fault.name): \(fault.summary)" }
            let value = size.value.rounded() == size.value ? "\(Int(size.value))" : "\(size.value)"
            return "\(fault.name)[=N]: \(fault.summary) (N \(size.unit), \(value) unless given)"
        }.joined(separator: "; ")
    }

    /// A fault and its size from `NAME[=SIZE]`; the error names what is wrong.
    public static func parse(_ text: String) throws(OptionError) -> (fault: PanelFault, size: Double) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let fault = allCases.first(where: { $0.name == parts[0] }) else {
            throw OptionError("unknown fault '\(parts[0])': one of \(allCases.map(\.name).joined(separator: ", "))")
        }
        guard let size = fault.defaultSize else {
            guard parts.count == 1 else { throw OptionError("the fault '\(fault.name)' takes no size") }
            return (fault, 0)
        }
        guard parts.count == 2 else { return (fault, size.value) }
        // Decimal only, as a person writes it: Double also reads "0x10" and "+3".
        let decimal = !parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }
        guard decimal, let value = Double(parts[1]), value.isFinite, size.range.contains(value) else {
            throw OptionError("--fault \(fault.name)=N: N (\(size.unit)) must be a number in \(size.range.lowerBound)...\(size.range.upperBound)")
        }
        if [.droppedSamples, .ghost, .contactLimit].contains(fault), value != value.rounded() {
            throw OptionError("--fault \(fault.name)=N: N counts \(size.unit), a whole number")
        }
        return (fault, value)
    }

    /// Why a `--fault` value was refused.
    public struct OptionError: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
