// swift-tools-version:6.1
import PackageDescription

/// Layers, one-way (each imports only layers above it and, in layers 4 and 5, targets of its own):
/// 1. TouchCore: pure Swift, no C imports.
/// 2. WaylandClient: thin wrappers over libwayland-client, the event loop, shm buffers.
/// 3. Renderer: pixman + FreeType drawing of a TouchCore view tree.
/// 4. EventLogFormat: the event log's lines, one type with its encoder and decoder, shared by
///    the client that writes them and the harness that reads them (imports TouchCore only).
///    TouchspotsClient: the client as a library (wiring, the seat, presenting, the event log's
///    fd writer, the files it reads); touchspots: the executable's main and command line.
///    QualifyPlans (plan files), LibinputRecord (libinput record YAML, read and written), QualifyReport +
///    touchspots-report: a qualify run's log or recording judged offline into a report.
/// 5. TouchRobot (the robot, the digitizer and its faults, the seeded generator: what the
///    core's tests, the harness and `touchspots-harness qualify` play), ToolSupport (child
///    processes, the built programs, the clock), Harness + touchspots-harness, with
///    TouchspotsWeston (weston module),
///    TouchspotsWlroots (LD_PRELOAD shim for sway, cage, phoc) and touchspots-kwin-input:
///    headless compositors, touch injection, scenarios, screenshots, the interop matrix.
/// Release builds of the client's own code skip Swift's run-time exclusivity checks, which
/// cost a hash-table insert per access of a class property: with them, the touch path
/// takes 55 % more instructions (docs/design/performance.md, "Performance devices"). Debug builds,
/// which the tests run, keep them.
let releaseSpeed: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

/// Release builds of the client lay out its functions in the order of
/// Benchmarks/symbol-order.txt (scripts/make-symbol-order): the 270 or so a moving touch
/// frame runs together at the front, not scattered over the 30 MB binary, so that the
/// code a frame runs, evicted by the compositor between frames, comes back from a few
/// pages: 9 % less client CPU on the 10-finger stream. lld, the Swift toolchain's own
/// linker, applies a symbol order; gold, the default, left a section order of the same
/// functions unapplied. docs/design/performance.md, "The hot functions together".
let hotFunctionsFirst: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Benchmarks/symbol-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "touchspots",
    products: [
        .executable(name: "touchspots", targets: ["touchspots"]),
        .executable(name: "touchspots-harness", targets: ["touchspots-harness"]),
        .executable(name: "touchspots-report", targets: ["touchspots-report"]),
        .executable(name: "touchspots-kwin-input", targets: ["touchspots-kwin-input"]),
        .executable(name: "touchspots-reference-client", targets: ["touchspots-reference-client"]),
        .executable(name: "touchspots-surface-probe", targets: ["touchspots-surface-probe"]),
        // The weston 10 module that gives headless weston a touch seat and a control socket.
        .library(name: "touchspots-weston", type: .dynamic, targets: ["TouchspotsWeston"]),
        // LD_PRELOAD shim giving headless wlroots 0.15 compositors (sway, cage, phoc) a touchscreen.
        .library(name: "touchspots-wlroots", type: .dynamic, targets: ["TouchspotsWlroots"]),
        // LD_PRELOAD allocation counter for the benchmark's whole-client count.
        .library(name: "touchspots-alloc-count", type: .dynamic, targets: ["TouchspotsAllocCount"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The core's benchmarks (Benchmarks/), with allocation counts from its malloc interposer.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Random sequences of input for the invariants of the core (Tests/TouchCoreTests) and of
        // the real client under the test compositor (Tests/AdversarialCompositorTests).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        // The qualify report's HTML and JUnit XML (touchspots-report).
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
    ],
    targets: [
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CXkbcommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CLibdecor", pkgConfig: "libdecor-0",
                       providers: [.apt(["libdecor-0-dev"])]),
        .systemLibrary(name: "CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWeston", pkgConfig: "libweston-10",
                       providers: [.apt(["libweston-10-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // wayland-scanner output (checked in, regenerated by scripts/generate-protocols)
        // plus the few C shims Swift cannot express.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),

        // Swift's squareRoot() and rounding call libm in debug builds; no C is imported.
        .target(name: "TouchCore", swiftSettings: releaseSpeed, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "EventLogFormat", dependencies: ["TouchCore"], swiftSettings: releaseSpeed),
        .target(name: "WaylandClient",
                dependencies: ["TouchCore", "CWaylandProtocols", "CWaylandClient", "CXkbcommon", "CLibdecor"],
                swiftSettings: releaseSpeed),
        .target(name: "Renderer",
                dependencies: ["TouchCore", "CPixman", "CFreeType", "CFontconfig"],
                swiftSettings: releaseSpeed),
        // The client: wiring (`App`), the seat's inputs, presenting frames, the event log's
        // writer, the files it reads. A library, so its logic is tested in-process
        // (TouchspotsClientTests); the executable keeps `main` and the command line.
        .target(name: "TouchspotsClient",
                dependencies: ["TouchCore", "EventLogFormat", "WaylandClient", "Renderer", "CXkbcommon", "QualifyPlans"],
                swiftSettings: releaseSpeed),
        // How the three tools tell an error: one line, status 64 for a bad argument.
        .target(name: "CommandLineErrors", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "touchspots",
                          dependencies: [
                              "TouchspotsClient", "TouchCore", "WaylandClient", "CommandLineErrors",
                              .product(name: "ArgumentParser", package: "swift-argument-parser"),
                          ],
                          swiftSettings: releaseSpeed, linkerSettings: hotFunctionsFirst),

        // A qualify run judged offline from its event log into a report (HTML, JSON, JUnit),
        // and two reports compared: a target and a tool of their own, so the client's
        // start-up does not carry them.
        // A `libinput record` YAML file's touchscreen: for the harness's replay and the
        // report tool's judging of a recorded run.
        // Read line by line as libinput and evemu write them (no YAML library: docs/replay.md),
        // and written from an event log's frames beside the reader (LibinputRecordWriter), so
        // that the report's tests write recordings without the harness.
        .target(name: "LibinputRecord", dependencies: ["TouchCore", "EventLogFormat"]),
        // Qualify plans: the JSON reader the client and the report tool share.
        .target(name: "QualifyPlans", dependencies: ["TouchCore", "EventLogFormat"], swiftSettings: releaseSpeed),
        .target(name: "QualifyReport",
                dependencies: ["TouchCore", "EventLogFormat", "QualifyPlans", "LibinputRecord",
                               .product(name: "Plot", package: "Plot")]),
        .executableTarget(name: "touchspots-report",
                          dependencies: ["QualifyReport", "EventLogFormat", "QualifyPlans", "LibinputRecord", "TouchCore", "CommandLineErrors",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // `swift package benchmark` (scripts/bench runs it): the core through its front door.
        .executableTarget(name: "CoreBenchmarks",
                          dependencies: ["TouchCore", .product(name: "Benchmark", package: "benchmark")],
                          path: "Benchmarks/CoreBenchmarks",
                          plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),

        // The harness command language, parsed once for every driver written in C
        // (docs/harness-protocol.md).
        .target(name: "HarnessProtocol"),
        .target(name: "HarnessServerSupport", dependencies: ["CWaylandServer", "CPNG", "HarnessProtocol"],
                linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "TouchspotsWeston", dependencies: ["CWeston", "HarnessServerSupport", "HarnessProtocol"],
                linkerSettings: [.linkedLibrary("weston-10"), .linkedLibrary("wayland-server")]),
        .target(name: "TouchspotsAllocCount"),
        .systemLibrary(name: "CWlroots", pkgConfig: "wlroots", providers: [.apt(["libwlroots-dev"])]),
        .target(name: "TouchspotsWlroots", dependencies: ["CWlroots", "CWaylandServer", "HarnessServerSupport", "HarnessProtocol"],
                cSettings: [.define("WLR_USE_UNSTABLE")],
                linkerSettings: [.linkedLibrary("wlroots"), .linkedLibrary("wayland-server"),
                                 .linkedLibrary("dl")]),
        .executableTarget(name: "touchspots-kwin-input", dependencies: ["CWaylandProtocols", "CWaylandClient", "HarnessProtocol"],
                          linkerSettings: [.linkedLibrary("wayland-client")]),
        // The benchmark's floor of touchspots' design: its protocol work and nothing else.
        .executableTarget(name: "touchspots-reference-client", dependencies: ["CWaylandProtocols", "CWaylandClient"],
                          linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("m")]),
        // The client a conformance run touches for the surface rules of wl_touch (a down on a
        // subsurface; a touch whose surface is destroyed or unmapped): touchspots has no
        // subsurface that takes input and never drops its surface (docs/conformance.md).
        .executableTarget(name: "touchspots-surface-probe",
                          dependencies: ["WaylandClient", "EventLogFormat", "Conformance", "TouchCore", "CommandLineErrors",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // What the core's tests and the harness both play: the seeded generator, the robot's
        // fingers for each step of a plan, the digitizer between them and the contacts, and
        // the event log's schema check. Pure Swift: the core's tests link it without the
        // harness (no compositors, no C, no libpng).
        .target(name: "TouchRobot", dependencies: ["TouchCore", "QualifyPlans"]),
        .target(name: "CHarness"),
        // What the harness shares with the tests that run the built tools: child processes
        // (`ChildProcess`), where the built programs are (`Products`), screenshots read
        // (`PNGImage`), the monotonic clock they pace touches and time runs by, and the
        // error they throw. The report's tests run touchspots-report through it without
        // linking the harness.
        .target(name: "ToolSupport", dependencies: ["CHarness", "CPNG"]),
        // A compositor held to the touch protocol's words (docs/conformance.md): the
        // checks, the judging of a WAYLAND_DEBUG trace against what was injected, the
        // report and its schema. Pure Swift with no compositor, so every check is shown
        // failing on hand-made streams (HarnessTests); the harness drives it.
        .target(name: "Conformance", dependencies: ["TouchCore"]),
        .target(name: "Harness", dependencies: ["CPNG", "TouchCore", "EventLogFormat", "LibinputRecord", "QualifyPlans",
                                                "TouchRobot", "Conformance", "ToolSupport"],
                resources: [.copy("Compositors/Scripts/mutter-driver.py"), .copy("Compositors/Scripts/kwin-screenshot.py")]),
        .executableTarget(name: "touchspots-harness",
                          dependencies: [
                              "Harness", "EventLogFormat", "CommandLineErrors", "TouchCore", "Conformance", "QualifyPlans", "QualifyReport", "TouchRobot",
                              "ToolSupport",
                              .product(name: "ArgumentParser", package: "swift-argument-parser"),
                          ]),

        // The core's unit tests, in folders as the core's sources are (Qualify/ for the
        // qualify judging and scene); they build without the harness.
        .testTarget(name: "TouchCoreTests",
                    dependencies: ["TouchCore", "TouchRobot", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "HarnessProtocolTests", dependencies: ["HarnessProtocol"]),
        .testTarget(name: "RepositoryTests", dependencies: ["TouchCore", "EventLogFormat", "QualifyReport", "Harness", "ToolSupport"]),
        .testTarget(name: "WaylandClientTests", dependencies: ["WaylandClient", "CWaylandProtocols", "TestCompositor", "TouchCore"]),
        .testTarget(name: "RendererTests", dependencies: ["Renderer", "CPixman", "TouchCore"]),
        .testTarget(name: "QualifyReportTests",
                    dependencies: ["QualifyReport", "EventLogFormat", "TouchCore", "ToolSupport", "TouchRobot", "LibinputRecord",
                                   .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "EventLogFormatTests", dependencies: ["EventLogFormat", "TouchCore", "TouchRobot"]),
        // The harness's own parts that need no compositor (its log reader).
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "EventLogFormat", "TouchCore", "Conformance", "ToolSupport",
                                                          "LibinputRecord"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Harness", "TouchRobot", "EventLogFormat", "LibinputRecord", "TouchCore",
                                                          "Conformance", "ToolSupport"]),
        // An in-process compositor for what real compositors will not send.
        .target(name: "TestCompositor", dependencies: ["CWaylandServer", "CWaylandProtocols", "HarnessServerSupport"],
                path: "Tests/TestCompositor"),
        .testTarget(name: "TouchspotsClientTests",
                    dependencies: ["TouchspotsClient", "TouchCore", "EventLogFormat", "WaylandClient", "TestCompositor",
                                   "TouchRobot"]),
        .testTarget(name: "AdversarialCompositorTests",
                    dependencies: ["Conformance", "TestCompositor", "Harness", "TouchRobot", "EventLogFormat", "TouchCore", "ToolSupport",
                                   .product(name: "PropertyBased", package: "swift-property-based")]),
    ]
)
