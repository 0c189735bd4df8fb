import Renderer
import TouchCore
import WaylandClient

/// Shows the window's layer views (the touch spots) on subsurfaces of its surface
/// (docs/architecture.md, "Drawing"): each is drawn into a small buffer of its own when its look
/// changes and otherwise only moved, so ten fingers moving cost the client no pixels.
/// Called by SurfacePresenter before each commit of the window's surface, which applies
/// everything sent here at once.
final class LayerPresenter {
    private struct Entry {
        var view: View
        let surface: LayerSurface
        var version = -1
        var alpha = -1.0
        var scale = 0.0
        var position: (x: Int32, y: Int32)?
        /// The logical size last drawn.
        var size: (width: Int32, height: Int32)?
        /// Where the view lies in its buffer (logical px): non-zero while the buffer is
        /// its `layerExtent`, larger than the view.
        var offset = Point.zero
    }

    private struct Found {
        var view: View
        var origin: Point
        /// Its superview's origin in the window, which only a walk changes.
        let parent: Point
        var alpha: Double
    }

    private let registry: Registry
    private let surface: Surface
    private let renderer: ViewRenderer
    /// Shown layers, bottom to top.
    private var entries: [Entry] = []
    /// Hidden layers kept for the next spot: fingers come and go all the time.
    private var spare: [LayerSurface] = []
    /// Buffer memory made ahead for layers not made yet (`reserveBuffers`).
    private var reserved: [LayerBuffer] = []
    /// The visible layer views of the latest pass, reused.
    private var found: [Found] = []
    /// Whether the latest pass met a shown view that keeps above layers.
    private var overlayShown = false
    /// Whether any layer is on screen.
    var isShowingLayers: Bool { !entries.isEmpty }
    /// What the latest pass was made for: a pass with nothing marked, no damage and the
    /// same scale can change no layer, and is skipped.
    private var lastPass: (scale: Double, usesViewport: Bool, allowsLayers: Bool)?

    init(registry: Registry, surface: Surface, renderer: ViewRenderer) {
        self.registry = registry
        self.surface = surface
        self.renderer = renderer
        entries.reserveCapacity(16)
        found.reserveCapacity(16)
    }

    /// The window's surface was replaced: its subsurfaces went with it (inert now), and
    /// the next update makes new ones.
    func forgetAll() {
        entries.removeAll(keepingCapacity: true)
        spare.removeAll()
        lastPass = nil
    }

    /// Makes the memory of `count` layer buffers of `bytes` each now, for the first spots:
    /// ten fingers landing on a fresh window otherwise wait for ten memfds, maps and pools
    /// in the commit that shows them. Only memory and wl_shm pools: no surface is made
    /// before a spot needs one.
    func reserveBuffers(count: Int, bytes: Int) throws {
        while reserved.count < count {
            reserved.append(try LayerBuffer(registry: registry, reserving: bytes))
        }
    }

    /// Brings the layers in line with `window`'s layer views: hides those gone, draws those
    /// new or changed, moves those moved, restacks when the order changed. Returns whether
    /// anything was sent (the window's surface must then be committed). A layer with no
    /// free buffer stays due, and the window is told it still needs a redraw.
    ///
    /// `marked` is the window's `layersChanged` as the core left it: every change of a
    /// layer (moved, resized, redrawn, added, removed) marks it, and every change around
    /// one (an ancestor moved or hidden, an overlay shown) sets `layerTreeChanged`. With
    /// neither, no damage and the same scale, nothing can have changed for the layers, so
    /// the view tree is not walked (a commit for the panel's text alone).
    func update(_ window: Window, scale: Double, usesViewport: Bool, marked: Bool = true) throws -> Bool {
        let pass = (scale: scale, usesViewport: usesViewport, allowsLayers: window.allowsLayers)
        let aroundUnchanged = !window.hasDamage && lastPass.map { $0 == pass } == true
        if !marked, !window.layerTreeChanged, aroundUnchanged { return false }
        if !window.layerTreeChanged, aroundUnchanged {
            // The same layer views as the last walk found, under ancestors that have not
            // moved: only their own frames may have (Window.layerTreeChanged).
            for i in found.indices {
                let frame = found[i].view.frame
                found[i].origin = Point(x: found[i].parent.x + frame.minX, y: found[i].parent.y + frame.minY)
            }
        } else {
            lastPass = pass
            window.layerTreeChanged = false
            found.removeAll(keepingCapacity: true)
            overlayShown = false
            collect(window, origin: .zero, alpha: 1)
        }
        // Layers lie above everything the window draws: while a view that must stay above
        // them is shown, the spots are drawn into the window's buffer and every layer hides.
        let composes = window.allowsLayers && !overlayShown
        if window.composesLayers != composes { window.composesLayers = composes }
        if !composes { found.removeAll(keepingCapacity: true) }
        var changed = false
        var restack = false

        // The same layers in the same order (every frame of fingers that only move): no
        // list to diff.
        let sameLayers = found.count == entries.count
            && found.indices.allSatisfy { found[$0].view === entries[$0].view }
        var i = 0
        while !sameLayers && i < entries.count {
            if found.contains(where: { $0.view === entries[i].view }) {
                i += 1
            } else {
                let gone = entries.remove(at: i)
                gone.surface.hide()
                CompositorQuirk.unmappedSubsurfaceStaysOnScreen.workAround {
                    if let position = gone.position, let size = gone.size {
                        window.addDamage(Rect(x: Double(position.x), y: Double(position.y),
                                              width: Double(size.width), height: Double(size.height)))
                    }
                }
                spare.append(gone.surface)
                changed = true
            }
        }

        for (index, item) in found.enumerated() {
            if !sameLayers && (index >= entries.count || entries[index].view !== item.view) {
                if let at = entries.firstIndex(where: { $0.view === item.view }) {
                    entries.insert(entries.remove(at: at), at: index)
                } else {
                    guard let layer = spare.popLast() ?? newLayer() else { continue }
                    entries.insert(Entry(view: item.view, surface: layer), at: index)
                }
                restack = true
            }
            if try draw(&entries[index], item, scale: scale, usesViewport: usesViewport) { changed = true }
            let offset = entries[index].offset
            let position = (x: Int32(clamping: Int((item.origin.x - offset.x).rounded())),
                            y: Int32(clamping: Int((item.origin.y - offset.y).rounded())))
            if entries[index].position.map({ $0 != position }) ?? true {
                entries[index].surface.move(x: position.x, y: position.y)
                entries[index].position = position
                changed = true
            }
        }

        if restack {
            var below = surface.proxy
            for entry in entries {
                entry.surface.place(above: below)
                below = entry.surface.proxy
            }
            changed = true
        }
        return changed
    }

    private func newLayer() -> LayerSurface? {
        guard let layer = LayerSurface(registry: registry, parent: surface) else { return nil }
        if let buffer = reserved.popLast() { layer.adopt(buffer) }
        return layer
    }

    /// Redraws a layer whose look, opacity or scale changed. Returns whether it did.
    private func draw(_ entry: inout Entry, _ item: Found, scale: Double, usesViewport: Bool) throws -> Bool {
        let view = item.view
        guard entry.version != view.contentVersion || entry.alpha != item.alpha || entry.scale != scale else {
            return false
        }
        let extent = view.layerExtent ?? view.frame.size
        let logical = (width: Int32(max(1, max(extent.width, view.frame.width).rounded(.up))),
                       height: Int32(max(1, max(extent.height, view.frame.height).rounded(.up))))
        // Centred in a buffer larger than the view: the layer's position (its frame's
        // origin less this, rounded) then stays put while a spot grows about its centre.
        let offset = Point(x: (Double(logical.width) - view.frame.width) / 2,
                           y: (Double(logical.height) - view.frame.height) / 2)
        let width = Int32((Double(logical.width) * scale).rounded())
        let height = Int32((Double(logical.height) * scale).rounded())
        guard let buffer = try entry.surface.freeBuffer(width: width, height: height) else {
            // Every buffer is with the compositor: try again after its next repaint.
            view.window?.layersChanged = true
            return false
        }
        guard let pixels = buffer.pixels else { return false }
        buffer.drawnBox = renderer.render(layer: view, into: PixelBuffer(pixels: pixels, width: width, height: height,
                                                                         stride: buffer.stride),
                                          scale: scale, alpha: item.alpha, offset: offset, dirty: buffer.drawnBox)
        entry.surface.show(buffer, scale: scale, usesViewport: usesViewport, logicalSize: logical)
        entry.version = view.contentVersion
        entry.alpha = item.alpha
        entry.scale = scale
        entry.size = logical
        entry.offset = offset
        return true
    }

    /// The visible layer views under `view`, back to front, with their window origin and
    /// the opacity their ancestors give them. A layer's own subviews are drawn with it.
    private func collect(_ view: View, origin: Point, alpha: Double) {
        for subview in view.subviews where !subview.isHidden && subview.drawingAlpha > 0 {
            if subview.keepsAboveLayers { overlayShown = true }
            let at = Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY)
            if subview.isLayer {
                found.append(Found(view: subview, origin: at, parent: origin, alpha: alpha))
            } else {
                collect(subview, origin: at, alpha: alpha * subview.drawingAlpha)
            }
        }
    }
}
