import TouchCore
import XCTest

/// Touch spots as layers (docs/architecture.md, "Drawing"): when the window composes
/// layers, a spot that moves leaves the window's buffer alone and keeps its pixels; only
/// a change of its look asks for a redraw of its own buffer.
final class LayerTests: XCTestCase {
    private var driver: SessionDriver!
    private var clock: ManualClock { driver.clock }
    private var window: Window { driver.window }
    private var scene: PlaygroundScene { driver.scene as! PlaygroundScene }

    override func setUp() {
        driver = SessionDriver(now: 100)
    }

    /// Lands a finger, lets its spot grow to full size and settles every change.
    private func grownSpot(composing: Bool) -> TouchSpotView {
        window.composesLayers = composing
        driver.send([(1, .began, 200, 150)])
        clock.advance(by: 0.3)
        window.stepAnimations()
        _ = window.takeDamage()
        window.layersChanged = false
        driver.send([(1, .moved, 201, 150)])  // the panel's text settles on "Moved"
        _ = window.takeDamage()
        window.layersChanged = false
        XCTAssertFalse(window.needsRedraw)
        return scene.touchable.spots[1]!
    }

    func testAMovingLayerDamagesNothingAndKeepsItsPixels() {
        let spot = grownSpot(composing: true)
        XCTAssertTrue(spot.isLayer)
        let version = spot.contentVersion
        driver.send([(1, .moved, 300, 220)])
        XCTAssertEqual(spot.center, Point(x: 300, y: 220))
        XCTAssertTrue(window.layersChanged, "the presenter must move the layer")
        XCTAssertFalse(window.hasDamage, "nothing to repaint in the window's buffer")
        XCTAssertEqual(spot.contentVersion, version, "a move keeps the layer's pixels")
    }

    /// The presenter skips its walk of the tree while `layerTreeChanged` is false and the
    /// window has no damage: a layer only moving must leave it false, and every change that
    /// the walk depends on (a view added, removed, hidden, faded, made a layer or an
    /// overlay) must set it, or a spot would stay on screen or never show.
    func testOnlyTheTreesChangesAskForTheLayerWalk() {
        let spot = grownSpot(composing: true)
        window.layerTreeChanged = false
        driver.send([(1, .moved, 300, 220)])
        XCTAssertFalse(window.layerTreeChanged, "a layer that moved is moved without a walk")
        XCTAssertFalse(window.hasDamage)
        let other = View(name: "other", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let changes: [(String, () -> Void)] = [
            ("a view added", { self.window.addSubview(other) }),
            ("a view inserted", { self.window.insertSubview(View(name: "inserted"), at: 0) }),
            ("a view removed", { other.removeFromSuperview() }),
            ("a spot hidden", { spot.isHidden = true }),
            ("a spot shown", { spot.isHidden = false }),
            ("a spot faded", { spot.alpha = 0.5 }),
            ("a spot's container faded", { spot.superview!.alpha = 0.5 }),
            ("a spot's container moved", { spot.superview!.frame.origin.x += 5 }),
            ("a view made a layer", { self.window.subviews[0].isLayer.toggle() }),
            ("an overlay", { self.window.subviews[0].keepsAboveLayers.toggle() }),
        ]
        for (what, change) in changes {
            window.layerTreeChanged = false
            change()
            XCTAssertTrue(window.layerTreeChanged, what)
        }
        window.layersChanged = false
        spot.superview!.frame.origin.y += 5
        XCTAssertTrue(window.layersChanged, "a container's move makes a pass due for its layers")
        let leaf = View(name: "leaf", frame: Rect(x: 40, y: 40, width: 20, height: 20))
        window.addSubview(leaf)
        window.layerTreeChanged = false
        leaf.frame.origin.x += 5
        XCTAssertFalse(window.layerTreeChanged, "a view with no subviews moves no layer")
        window.layerTreeChanged = false
        driver.send([(1, .ended, 300, 220)])
        clock.advance(by: 2)
        window.stepAnimations()
        XCTAssertTrue(window.layerTreeChanged, "a lifted finger's spot goes")
    }

    /// A layer inside a layer is drawn as part of the outer one (the presenter collects
    /// no layer below a layer): every change inside, the inner layer's move included, is a
    /// change of the outer one's look, or the outer buffer would keep the old pixels.
    func testALayerInsideALayerRedrawsTheOuterOne() {
        window.composesLayers = true
        let outer = View(name: "outer", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        outer.isLayer = true
        let inner = View(name: "inner", frame: Rect(x: 10, y: 10, width: 40, height: 40))
        inner.isLayer = true
        inner.backgroundColor = .black
        outer.addSubview(inner)
        window.addSubview(outer)
        _ = window.takeDamage()
        let changes: [(String, () -> Void)] = [
            ("the inner layer moved", { inner.frame.origin.x += 5 }),
            ("the inner layer resized", { inner.frame.size.width += 5 }),
            ("the inner layer redrawn", { inner.backgroundColor = .white }),
            ("the inner layer hidden", { inner.isHidden = true }),
        ]
        for (what, change) in changes {
            let outerVersion = outer.contentVersion
            window.layersChanged = false
            change()
            XCTAssertGreaterThan(outer.contentVersion, outerVersion, what)
            XCTAssertTrue(window.layersChanged, what)
            XCTAssertFalse(window.hasDamage, "\(what): the window's buffer holds neither layer")
        }
        let outerVersion = outer.contentVersion
        outer.frame.origin.x += 5
        XCTAssertEqual(outer.contentVersion, outerVersion, "the outer layer moved keeps its pixels")
    }

    func testALayersLookChangeBumpsItsVersionOnly() {
        let spot = grownSpot(composing: true)
        let version = spot.contentVersion
        spot.contact = TouchSpotView.Contact(major: 60, minor: 30, orientation: 45)
        XCTAssertGreaterThan(spot.contentVersion, version)
        XCTAssertFalse(window.hasDamage)
        let resized = spot.contentVersion
        spot.frame = Rect(center: spot.center, size: Size(width: 80, height: 80))
        XCTAssertGreaterThan(spot.contentVersion, resized, "a new size is a new look")
        XCTAssertFalse(window.hasDamage)
    }

    func testGrowingInRedrawsTheLayerEveryStep() {
        window.composesLayers = true
        driver.send([(1, .began, 200, 150)])
        let spot = scene.touchable.spots[1]!
        var versions: Set<Int> = [spot.contentVersion]
        for _ in 0..<4 {
            clock.advance(by: 0.04)
            window.stepAnimations()
            versions.insert(spot.contentVersion)
        }
        XCTAssertEqual(versions.count, 5, "each step of the growth is a new look")
    }

    func testWithoutLayersAMoveDamagesTheOldAndNewPlace() {
        let spot = grownSpot(composing: false)
        let old = spot.frame
        driver.send([(1, .moved, 300, 220)])
        XCTAssertFalse(window.layersChanged)
        let damage = window.takeDamage()
        XCTAssertTrue(damage.contains { $0.union(old) == $0 }, "the old place is repainted")
        XCTAssertTrue(damage.contains { $0.union(spot.frame) == $0 }, "and the new one")
    }

    /// The globals touchspots was offered by cage 0.1.4, phoc 0.24 and sway 1.7 (headless,
    /// WAYLAND_DEBUG=client): only the first two hide subsurfaces by direct scan-out.
    func testDirectScanoutQuirkIsToldFromTheGlobals() {
        let cage: Set<String> = [
            "org_kde_kwin_idle", "org_kde_kwin_server_decoration_manager", "wl_compositor",
            "wl_data_device_manager", "wl_output", "wl_seat", "wl_shm", "wl_subcompositor",
            "xdg_wm_base", "zwlr_export_dmabuf_manager_v1", "zwlr_gamma_control_manager_v1",
            "zwlr_screencopy_manager_v1", "zwp_idle_inhibit_manager_v1",
            "zxdg_decoration_manager_v1", "zxdg_output_manager_v1"]
        let phoc: Set<String> = [
            "gtk_shell1", "org_kde_kwin_idle", "org_kde_kwin_server_decoration_manager",
            "phosh_private", "wl_compositor", "wl_data_device_manager", "wl_output", "wl_seat",
            "wl_shm", "wl_subcompositor", "wp_presentation", "wp_viewporter", "xdg_activation_v1",
            "xdg_wm_base", "zphoc_layer_shell_effects_v1", "zwlr_data_control_manager_v1",
            "zwlr_export_dmabuf_manager_v1", "zwlr_foreign_toplevel_manager_v1",
            "zwlr_gamma_control_manager_v1", "zwlr_input_inhibit_manager_v1",
            "zwlr_layer_shell_v1", "zwlr_output_manager_v1", "zwlr_output_power_manager_v1",
            "zwlr_screencopy_manager_v1", "zwlr_virtual_pointer_manager_v1",
            "zwp_input_method_manager_v2", "zwp_pointer_constraints_v1", "zwp_pointer_gestures_v1",
            "zwp_primary_selection_device_manager_v1", "zwp_relative_pointer_manager_v1",
            "zwp_tablet_manager_v2", "zwp_text_input_manager_v3",
            "zwp_virtual_keyboard_manager_v1", "zxdg_decoration_manager_v1", "zxdg_exporter_v1",
            "zxdg_exporter_v2", "zxdg_importer_v1", "zxdg_importer_v2", "zxdg_output_manager_v1"]
        let sway: Set<String> = [
            "org_kde_kwin_idle", "org_kde_kwin_server_decoration_manager", "wl_compositor",
            "wl_data_device_manager", "wl_output", "wl_seat", "wl_shm", "wl_subcompositor",
            "wp_presentation", "wp_viewporter", "xdg_activation_v1", "xdg_wm_base",
            "zwlr_data_control_manager_v1", "zwlr_export_dmabuf_manager_v1",
            "zwlr_foreign_toplevel_manager_v1", "zwlr_gamma_control_manager_v1",
            "zwlr_input_inhibit_manager_v1", "zwlr_layer_shell_v1", "zwlr_output_manager_v1",
            "zwlr_output_power_manager_v1", "zwlr_screencopy_manager_v1",
            "zwlr_virtual_pointer_manager_v1", "zwp_idle_inhibit_manager_v1",
            "zwp_input_method_manager_v2", "zwp_keyboard_shortcuts_inhibit_manager_v1",
            "zwp_pointer_constraints_v1", "zwp_pointer_gestures_v1",
            "zwp_primary_selection_device_manager_v1", "zwp_relative_pointer_manager_v1",
            "zwp_tablet_manager_v2", "zwp_text_input_manager_v3",
            "zwp_virtual_keyboard_manager_v1", "zxdg_decoration_manager_v1", "zxdg_exporter_v1",
            "zxdg_exporter_v2", "zxdg_importer_v1", "zxdg_importer_v2", "zxdg_output_manager_v1"]
        XCTAssertTrue(CompositorQuirk.hidesSubsurfaces(offering: cage))
        XCTAssertTrue(CompositorQuirk.hidesSubsurfaces(offering: phoc))
        XCTAssertFalse(CompositorQuirk.hidesSubsurfaces(offering: sway))
        let weston: Set<String> = ["wl_compositor", "wl_subcompositor", "wl_shm", "xdg_wm_base", "wp_presentation",
                                   "wp_viewporter", "zwp_input_timestamps_manager_v1", "weston_capture_v1"]
        XCTAssertFalse(CompositorQuirk.hidesSubsurfaces(offering: weston))
    }
}
