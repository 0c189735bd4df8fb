/// What `touchspots-surface-probe` shows, declared once for the probe that draws it and
/// the conformance run that touches it and judges what arrived (docs/conformance.md,
/// "The surface probe").
///
/// touchspots itself has no subsurface that takes input (its spots and overlays have an
/// empty input region) and never unmaps or destroys its surface while a finger is on it,
/// so the surface rules of `wl_touch` are held with a client of their own: a fullscreen
/// white window with three squares, each a `wl_subsurface` of its own with the default
/// (infinite) input region, in desynchronized mode, so that what the probe does to one
/// takes effect at once:
/// - `kept` (blue) stays: a down on it must name it, at its own surface-local point;
/// - `destroyed` (orange): the probe destroys its `wl_subsurface` and `wl_surface` as the
///   down that lands on it arrives;
/// - `unmapped` (green): the probe attaches no buffer to it and commits as the down arrives.
/// A square does not come back: the probe is started anew for each run.
public enum SurfaceProbeLayout {
    public struct Square: Equatable, Sendable {
        public var name: String
        /// In the window's logical px.
        public var x: Int32, y: Int32, width: Int32, height: Int32
        /// XRGB8888.
        public var color: UInt32

        /// The middle of the square, where a conformance run touches it.
        public var middle: (x: Double, y: Double) { (Double(x) + Double(width) / 2, Double(y) + Double(height) / 2) }
    }

    public static let kept = Square(name: "kept", x: 100, y: 100, width: 200, height: 150, color: 0x3060C0)
    public static let destroyed = Square(name: "destroyed", x: 400, y: 100, width: 200, height: 150, color: 0xE07020)
    public static let unmapped = Square(name: "unmapped", x: 700, y: 100, width: 200, height: 150, color: 0x30A050)
    public static let squares = [kept, destroyed, unmapped]

    /// A point of the window's own surface, below the squares: the marker touch that shows
    /// the compositor has handled everything before it.
    public static let parentPoint = (x: 500.0, y: 420.0)

    /// The smallest window the squares fit in with the parent point below them.
    public static let minimumSize = (width: Int32(920), height: Int32(480))
}

/// The surfaces a client asked for, read from the requests in libwayland's
/// `WAYLAND_DEBUG=client` trace (`-> wl_subcompositor@6.get_subsurface(new id
/// wl_subsurface@14, wl_surface@13, wl_surface@3)`, `-> wl_subsurface@14.set_position(100,
/// 100)`, `-> wl_surface@13.destroy()`, `-> wl_surface@15.attach(nil, 0, 0)`): which
/// subsurface lies where, and which surfaces were destroyed or unmapped.
public struct SurfaceRequests: Equatable, Sendable {
    public struct Subsurface: Equatable, Sendable {
        /// `wl_surface@13`.
        public var surface: String
        public var parent: String
        public var x: Int32 = 0, y: Int32 = 0
    }

    /// In the order they were made; a position is the last one set.
    public var subsurfaces: [Subsurface] = []
    /// Surfaces the client destroyed, in order.
    public var destroyed: [String] = []
    /// Surfaces the client attached no buffer to (`attach(nil, ...)`), in order.
    public var unmapped: [String] = []

    public init() {}

    /// The subsurface placed at the square's corner, the first of them.
    public func subsurface(at square: SurfaceProbeLayout.Square) -> Subsurface? {
        subsurfaces.first { $0.x == square.x && $0.y == square.y }
    }

    public static func parse(trace: String) -> SurfaceRequests {
        var requests = SurfaceRequests()
        var surfaceOf: [String: Int] = [:]  // wl_subsurface@N -> index in subsurfaces
        for line in trace.split(separator: "\n", omittingEmptySubsequences: true) {
            // A request's arrow follows the time stamp (and a `{queue}` name, as later
            // libwayland writes one): an event's string argument holding "-> " is no request.
            guard let close = line.firstIndex(of: "]") else { continue }
            var rest = line[line.index(after: close)...].drop { $0 == " " }
            if rest.first == "{", let end = rest.firstIndex(of: "}") { rest = rest[rest.index(after: end)...].drop { $0 == " " } }
            guard rest.hasPrefix("-> ") else { continue }
            let message = rest.dropFirst(3)
            guard let dot = message.firstIndex(of: "."), let open = message.firstIndex(of: "("), dot < open,
                  message.last == ")" else { continue }
            let object = String(message[..<dot])
            let name = message[message.index(after: dot)..<open]
            let arguments = message[message.index(after: open)..<message.index(before: message.endIndex)]
                .split(separator: ",").map { String($0.trimmingSpaces) }
            switch name {
            case "get_subsurface" where object.hasPrefix("wl_subcompositor@") && arguments.count == 3:
                let new = arguments[0].split(separator: " ").last.map(String.init) ?? ""
                surfaceOf[new] = requests.subsurfaces.count
                requests.subsurfaces.append(Subsurface(surface: arguments[1], parent: arguments[2]))
            case "set_position" where object.hasPrefix("wl_subsurface@") && arguments.count == 2:
                if let index = surfaceOf[object], let x = Int32(arguments[0]), let y = Int32(arguments[1]) {
                    requests.subsurfaces[index].x = x
                    requests.subsurfaces[index].y = y
                }
            case "destroy" where object.hasPrefix("wl_subsurface@"):
                // The id may be given to a new object from now on.
                surfaceOf[object] = nil
            case "destroy" where object.hasPrefix("wl_surface@"):
                requests.destroyed.append(object)
            case "attach" where object.hasPrefix("wl_surface@") && arguments.first == "nil":
                requests.unmapped.append(object)
            default:
                break
            }
        }
        return requests
    }
}
