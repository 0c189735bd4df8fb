import Foundation
import Harness
import EventLogFormat
import ToolSupport
import TouchRobot
import TouchCore
import XCTest

/// Base for tests that run the real touchspots under a real headless weston. Each test
/// gets its own folder under .build/e2e with screenshots, the event log and process logs.
class EndToEndTestCase: XCTestCase {
    var headlessRun: HeadlessRun!

    var outputDirectory: String {
        let name = String(self.name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return "\(Products.buildDirectory)/../e2e/\(name)"
    }

    /// An empty output folder for a test that starts its own processes: a log left by an
    /// earlier run would satisfy waits before the new client has written anything.
    func makeFreshOutputDirectory() throws {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    }

    func startHeadlessRun(compositor: CompositorKind = .weston, width: Int = 1024, height: Int = 640,
                          scale: Double = 1, windowed: Bool = false, arguments: [String] = [],
                          environment: [String: String] = [:]) throws {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        headlessRun = try HeadlessRun(outputDirectory: outputDirectory, compositor: compositor, width: width, height: height,
                                  scale: scale, windowed: windowed, clientArguments: arguments, environment: environment)
    }

    /// Stops what the test started, then checks every event log it wrote against the
    /// schema (docs/event-log.schema.json).
    override func tearDown() {
        headlessRun?.stop()
        headlessRun = nil
        EventLogSchema.assertValid(under: outputDirectory)
        super.tearDown()
    }

    /// Presses and releases a key on the compositor's keyboard.
    func key(_ name: String) throws {
        try headlessRun.send(batch: ["key \(name) press", "key \(name) release"])
    }

    /// The frame events logged so far.
    func frames() throws -> [TouchFrame] { try headlessRun.eventLog.frames() }

    /// The spot views alive after each frame logged so far.
    func spots() throws -> [Int] { try headlessRun.eventLog.spots() }

    /// "id phase" for each touch of a logged frame.
    func phases(_ frame: TouchFrame) -> [String] { frame.phases }

    func position(_ frame: TouchFrame, id: Int32) -> (Double, Double)? {
        frame.entry(id: id).map { ($0.location.x, $0.location.y) }
    }

    /// Fraction of a disc of `radius` around (x, y) that is spot grey.
    func spotCoverage(_ image: PNGImage, x: Int, y: Int, radius: Int = 40, scale: Int = 1) -> Double {
        let r = radius * scale
        let grey = image.count(x: x * scale - r / 2, y: y * scale - r / 2, width: r, height: r) {
            $0.isGray(170, tolerance: 6)
        }
        return Double(grey) / Double(r * r)
    }

    func isBackground(_ image: PNGImage, x: Int, y: Int, scale: Int = 1) -> Bool {
        image.count(x: x * scale - 30 * scale, y: y * scale - 30 * scale, width: 60 * scale,
                    height: 60 * scale) { !$0.isGray(255, tolerance: 0) } == 0
    }
}

/// Everything a pipe or FIFO yields until every writer has closed it, as lines (the
/// descriptor is switched to blocking reads first).
func readLinesToEnd(_ fd: Int32) -> [Substring] {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        data += chunk[..<n]
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
}
