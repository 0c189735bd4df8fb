import TouchCore
import WaylandClient

/// Works around `CompositorQuirk.libdecorFrameIgnoresTouch` (libdecor 0.1.1, Debian 12): its cairo frame, drawn where the compositor
/// offers no server-side decorations (mutter, gnome-shell, weston's desktop shell), answers
/// only the pointer; touches on it do nothing. touchspots' own wl_touch hears those
/// touches too (the frame is made of subsurfaces of our window), so it acts on them as the
/// frame would on a click: a tap on the close, maximize or minimize button, a drag on the
/// title bar to move the window, on the border to resize it. Retire with libdecor 0.2,
/// whose plugins handle touch themselves.
///
/// The plugin keeps its surfaces private, so which one a touch is on is told from the
/// position: a title bar TITLE_HEIGHT high across the content's width, with its buttons
/// BUTTON_WIDTH wide at the right end, and a border band BORDER wide around it all (the
/// sizes of 0.1.1's cairo plugin, as it draws them). A touch in the top band just above
/// the title bar's left `width` pixels cannot be told from one on the title bar, and is
/// taken as one.
final class LibdecorFrameTouches {
    static let titleHeight = 24.0
    static let buttonWidth = 32.0
    static let border = 24.0
    /// A finger that travels further than this has started a drag, not a tap.
    static let dragDistance = 8.0

    enum Part: Equatable {
        case title, close, maximize, minimize
        case border(Toplevel.ResizeEdge)
    }

    private struct Press {
        let part: Part
        let start: Point
        let serial: UInt32
        let seat: Seat
        var acted = false
    }

    private let toplevel: Toplevel
    /// The window's content size, in logical pixels.
    var contentSize: () -> Size = { .zero }
    private var presses: [Int32: Press] = [:]

    init(toplevel: Toplevel) {
        self.toplevel = toplevel
    }

    /// Where on the cairo frame a surface-local point lies, for a content of `size`.
    static func part(at point: Point, contentSize size: Size) -> Part {
        if point.x < size.width && point.y < titleHeight {
            let fromRight = size.width - point.x
            if fromRight <= buttonWidth { return .close }
            if fromRight <= 2 * buttonWidth { return .maximize }
            if fromRight <= 3 * buttonWidth { return .minimize }
            return .title
        }
        // The border surface spans the content, the title bar and a band around both.
        var edge: Toplevel.ResizeEdge = []
        if point.x < border { edge.insert(.left) }
        if point.x >= size.width + border { edge.insert(.right) }
        if point.y < border { edge.insert(.top) }
        if point.y >= size.height + titleHeight + border { edge.insert(.bottom) }
        return .border(edge)
    }

    /// Follows a touch that began on `surface` if that is a cairo frame surface.
    func down(id: Int32, at point: Point, surface: OpaquePointer, serial: UInt32, seat: Seat) {
        guard toplevel.decorationPlugin(of: surface) == "libdecor-cairo" else { return }
        presses[id] = Press(part: Self.part(at: point, contentSize: contentSize()), start: point,
                            serial: serial, seat: seat)
    }

    func motion(id: Int32, to point: Point) {
        guard var press = presses[id], !press.acted,
              point.distance(to: press.start) > Self.dragDistance else { return }
        press.acted = true
        presses[id] = press
        switch press.part {
        case .title, .close, .maximize, .minimize: toplevel.move(seat: press.seat, serial: press.serial)
        case .border(let edge) where !edge.isEmpty:
            toplevel.resize(seat: press.seat, serial: press.serial, edge: edge)
        case .border: break
        }
    }

    func up(id: Int32) {
        guard let press = presses.removeValue(forKey: id), !press.acted else { return }
        switch press.part {
        case .close: toplevel.close()
        case .maximize: toplevel.toggleMaximized()
        case .minimize: toplevel.minimize()
        case .title, .border: break
        }
    }

    func cancelAll() { presses.removeAll() }
}
