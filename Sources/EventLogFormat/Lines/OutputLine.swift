import TouchCore

// @LogLine 16: indirect case output(LogOutput) keys: LogOutput.LineKey accessor: output

/// An `output` line: an output described itself or changed (wl_output's geometry, current
/// mode, transform and scale): what turns pixels into millimetres (docs/qualify.md).
public struct LogOutput: Equatable, Sendable {
    public var name: String?
    /// wl_output's make, model and description, where the compositor says them: the
    /// screen a qualify report names.
    public var make: String?
    public var model: String?
    public var description: String?
    /// Millimetres; 0 where the output does not know (headless compositors).
    public var physicalWidth: Int
    public var physicalHeight: Int
    /// The current mode, pixels.
    public var width: Int
    public var height: Int
    public var refreshMillihertz: Int
    public var transform: Transform
    public var scale: Int

    /// wl_output's transform, named as the line writes it. Codable (the standard
    /// library's): the qualify report's JSON writes it as the log does.
    public enum Transform: String, CaseIterable, Codable, Sendable {
        case normal
        case rotated90 = "90", rotated180 = "180", rotated270 = "270"
        case flipped
        case flipped90 = "flipped-90", flipped180 = "flipped-180", flipped270 = "flipped-270"

        /// wl_output.transform's value (0 normal ... 7 flipped-270, the cases' order);
        /// nil for a value the protocol does not have.
        public init?(wlOutput value: Int32) {
            guard Self.allCases.indices.contains(Int(value)) else { return nil }
            self = Self.allCases[Int(value)]
        }
    }

    public init(name: String?, make: String? = nil, model: String? = nil, description: String? = nil,
                physicalWidth: Int, physicalHeight: Int, width: Int, height: Int, refreshMillihertz: Int,
                transform: Transform, scale: Int) {
        self.name = name; self.make = make; self.model = model; self.description = description
        self.physicalWidth = physicalWidth; self.physicalHeight = physicalHeight
        self.width = width; self.height = height; self.refreshMillihertz = refreshMillihertz
        self.transform = transform; self.scale = scale
    }
}

extension LogOutput {
    public enum LineKey: String, LogKey {
        case name, make, model, description, physicalWidth, physicalHeight, width, height, refreshMillihertz, transform, scale
        public var spec: LogKeySpec {
            switch self {
            case .name, .make, .model, .description: .optional(.string)
            case .transform: .required(.closed).values(of: LogOutput.Transform.self)
            case .scale: .required(.integer).minimum(1)
            case .physicalWidth, .physicalHeight, .width, .height, .refreshMillihertz: .required(.integer).minimum(0)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        if let name { LineKey.name.write(name, into: &out) }
        if let make { LineKey.make.write(make, into: &out) }
        if let model { LineKey.model.write(model, into: &out) }
        if let description { LineKey.description.write(description, into: &out) }
        LineKey.physicalWidth.write(physicalWidth, into: &out)
        LineKey.physicalHeight.write(physicalHeight, into: &out)
        LineKey.width.write(width, into: &out)
        LineKey.height.write(height, into: &out)
        LineKey.refreshMillihertz.write(refreshMillihertz, into: &out)
        LineKey.transform.write(closed: transform, into: &out)
        LineKey.scale.write(scale, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(name: try o.optionalString(LineKey.name), make: try o.optionalString(LineKey.make),
                  model: try o.optionalString(LineKey.model), description: try o.optionalString(LineKey.description),
                  physicalWidth: try o.int(LineKey.physicalWidth),
                  physicalHeight: try o.int(LineKey.physicalHeight), width: try o.int(LineKey.width),
                  height: try o.int(LineKey.height), refreshMillihertz: try o.int(LineKey.refreshMillihertz),
                  transform: try o.closed(LineKey.transform), scale: try o.int(LineKey.scale))
    }
}

extension LogOutput.LineKey: LogLineKey {
    public static var schemaDescription: String? {
        "An output described itself or changed: wl_output's name, make, model and description where sent, physical "
            + "size (mm, 0 where unknown), current mode, transform and scale."
    }
}
