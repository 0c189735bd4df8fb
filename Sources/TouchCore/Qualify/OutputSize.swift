/// What an output says of its size (wl_output's physical size in millimetres, 0 where it
/// does not know; its mode in pixels; its integer scale): the one rule that turns it into
/// the panel's millimetres per logical pixel, for the client (a qualify run's scale, the
/// gestures' lengths in millimetres) and for the report (whether the run's scale was the
/// output's), so that both read an output alike.
public struct OutputSize: Equatable, Sendable {
    public var physicalWidth: Int
    public var physicalHeight: Int
    public var width: Int
    public var height: Int
    public var scale: Int

    public init(physicalWidth: Int, physicalHeight: Int, width: Int, height: Int, scale: Int) {
        self.physicalWidth = physicalWidth; self.physicalHeight = physicalHeight
        self.width = width; self.height = height; self.scale = scale
    }

    /// Millimetres per logical pixel: the physical width over the mode's width divided by
    /// the scale (a scale below 1 read as 1); nil when the output does not say its size,
    /// or says its mode in pixels as its size in millimetres (a placeholder).
    public var millimetresPerPixel: Double? {
        guard physicalWidth > 0, width > 0 else { return nil }
        let placeholder = CompositorQuirk.physicalSizeInPixels.workAround {
            physicalWidth == width && physicalHeight == height
        }
        if placeholder { return nil }
        return Double(physicalWidth) / (Double(width) / Double(max(1, scale)))
    }

    /// The scale of the first of `outputs` that says its physical size (a placeholder
    /// size says nothing, and no later output is asked either: the first output that
    /// gives a size is the one the run is on); nil when none does.
    public static func millimetresPerPixel(of outputs: [OutputSize]) -> Double? {
        outputs.first { $0.physicalWidth > 0 && $0.width > 0 }.flatMap(\.millimetresPerPixel)
    }

    /// The scales a qualify run is judged at, wherever the scale comes from (the
    /// `--millimetres-per-pixel` of the client and of the report tool, a recorded
    /// touchscreen's resolution): the densest panels made are about 0.03 mm per pixel
    /// (800 ppi), and below 0.01 a 10 mm target would be wider than any buffer; 10 mm a
    /// pixel is no screen.
    public static let judgedScales: Range<Double> = 0.01..<10
    /// How a message says `judgedScales`.
    public static let judgedScalesText = "0.01 or above and below 10"
}
