import Glibc
import TestCompositor
@testable import WaylandClient
import XCTest

/// The registry against the in-process test compositor: what it binds of what is offered,
/// the seat's devices after the second roundtrip, an output's geometry as the log's
/// `output` line takes it, and the owner told of outputs described before it was set.
final class RegistryTests: XCTestCase {
    func testItBindsWhatTheCompositorOffersAndNothingElse() throws {
        let compositor = try CompositorThread()
        compositor.start()
        let display = try Display(name: compositor.displayName)
        let registry = try Registry(display: display)
        XCTAssertNotNil(registry.compositor)
        XCTAssertNotNil(registry.shm)
        XCTAssertNotNil(registry.wmBase)
        XCTAssertFalse(registry.hasSubcompositor, "the test compositor offers no wl_subcompositor unless asked")
        XCTAssertTrue(registry.offeredInterfaces.isSuperset(of: ["wl_compositor", "wl_shm", "xdg_wm_base", "wl_seat"]),
                      "offered: \(registry.offeredInterfaces.sorted())")
        XCTAssertEqual(registry.seats.count, 1)
        let seat = try XCTUnwrap(registry.seats.values.first)
        XCTAssertNotNil(seat.touch, "a touch-capable seat has its wl_touch after the second roundtrip")
        XCTAssertNil(seat.pointer, "the seat offers no pointer")
        XCTAssertTrue(registry.outputs.isEmpty)
        compositor.stop()
        compositor.close()
    }

    func testTheSubcompositorIsBoundWhenOffered() throws {
        let compositor = try CompositorThread(options: Int32(TC_SUBCOMPOSITOR.rawValue))
        compositor.start()
        let display = try Display(name: compositor.displayName)
        let registry = try Registry(display: display)
        XCTAssertTrue(registry.hasSubcompositor)
        XCTAssertTrue(registry.offeredInterfaces.contains("wl_subcompositor"))
        compositor.stop()
        compositor.close()
    }

    /// The test compositor describes a 300 x 200 mm output of 1024 x 640 at 60 Hz, scale 2.
    func testAnOutputIsDescribedWithItsGeometryAndScale() throws {
        let compositor = try CompositorThread()
        tc_add_output(compositor.tc, 2)
        compositor.start()
        let display = try Display(name: compositor.displayName)
        let registry = try Registry(display: display)
        let output = try XCTUnwrap(registry.outputs.values.first)
        XCTAssertTrue(output.isDescribed)
        XCTAssertEqual(output.scale, 2)
        let geometry = output.geometry
        XCTAssertEqual([geometry.width, geometry.height], [1024, 640])
        XCTAssertEqual([geometry.physicalWidth, geometry.physicalHeight], [300, 200])
        XCTAssertEqual(geometry.refreshMillihertz, 60000)
        XCTAssertEqual(geometry.make, "tc")

        let owner = OutputsHeard()
        registry.owner = owner
        XCTAssertEqual(owner.described, [geometry], "an owner set late is told of the outputs already described")
        compositor.stop()
        compositor.close()
    }

    func testAMissingShellIsNamed() throws {
        let compositor = try CompositorThread(options: Int32(TC_NO_XDG_WM_BASE.rawValue))
        compositor.start()
        let display = try Display(name: compositor.displayName)
        XCTAssertThrowsError(try Registry(display: display)) { error in
            XCTAssertTrue("\(error)".contains("xdg_wm_base"), "\(error)")
        }
        compositor.stop()
        compositor.close()
    }
}

private final class OutputsHeard: Registry.Owner {
    var described: [OutputGeometry] = []
    func registry(_ registry: Registry, added seat: Seat) {}
    func registryOutputsChanged(_ registry: Registry) {}
    func registry(_ registry: Registry, described output: Output) { described.append(output.geometry) }
}
