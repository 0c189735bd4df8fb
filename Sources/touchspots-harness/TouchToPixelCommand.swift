import ArgumentParser
import Foundation
import Harness
import ToolSupport

struct TouchToPixelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-to-pixel",
        abstract: "Measure touch to pixel from outside the client, touchspots against weston-simple-touch.",
        discussion: """
            On headless weston (1024x768, pixman) the harness module watches the output \
            pixels under each probe finger and reports when a repaint first changed them \
            (docs/benchmark.md, "Touch to pixel"). Probe fingers land at seeded random \
            moments, with and without five fingers streaming at 120 Hz, and a finger that is \
            down jumps to fresh points. The clients alternate. Writes DIR/touch-to-pixel.md \
            and prints it.
            """)

    @Option(help: ArgumentHelp("Folder for the report and each run's logs.", valueName: "DIR"))
    var out: String
    @Option(help: "Probes per client, condition and round.") var probes = 100
    @Option(help: "Rounds (the clients alternate; each round has its own seed).") var rounds = 2
    @Option(help: "The first round's seed.") var seed: UInt64 = 28
    @Option(help: ArgumentHelp("Comma-separated extra touchspots configurations to measure, each its arguments joined with '+' (e.g. --single-buffer,--panel+--trails).", valueName: "LIST"))
    var variants: String?
    @Option(help: ArgumentHelp("Another touchspots binary to measure beside the one under test (an older build), with the default settings.", valueName: "PATH"))
    var alsoBinary: [String] = []
    @Option(help: ArgumentHelp("Comma-separated conditions: landing-stream, landing-alone, move-stream.", valueName: "LIST"))
    var conditions = "landing-stream,landing-alone,move-stream"

    func validate() throws {
        guard (1...2000).contains(probes) else { throw ValidationError("--probes must be 1...2000") }
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be 1...20") }
        _ = try parsedConditions()
    }

    private func parsedConditions() throws -> [TouchToPixel.Condition] {
        try conditions.split(separator: ",").map {
            switch $0 {
            case "landing-stream": return .landingWithStream
            case "landing-alone": return .landingAlone
            case "move-stream": return .moveWithStream
            default: throw ValidationError("unknown condition '\($0)' (landing-stream, landing-alone, move-stream)")
            }
        }
    }

    func run() throws {
        var configuration = TouchToPixel.Configuration()
        configuration.probes = probes
        configuration.seed = seed
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        var clients: [TouchToPixel.Client] = [.westonSimpleTouch, .reference, .touchspots()]
        for variant in (variants ?? "").split(separator: ",") {
            clients.append(.touchspots(variant.split(separator: "+").map(String.init)))
        }
        for binary in alsoBinary {
            clients.append(TouchToPixel.Client(name: "touchspots at \(binary)", arguments: [binary, "--fullscreen"]))
        }
        let conditions = try parsedConditions()
        try RunFolder.checkReplaceable(TouchToPixel.folders(clients, conditions: conditions, rounds: rounds, in: directory))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let runs = try TouchToPixel.run(clients, conditions: conditions, rounds: rounds,
                                        configuration: configuration, directory: directory) { print("touch-to-pixel: \($0)") }
        let report = "Touch to pixel on headless weston (1024x768, pixman), \(rounds) rounds of \(probes) probes "
            + "per client and condition, seeds \(seed)...\(seed &+ UInt64(rounds) &- 1) (wrapping), clients alternated; "
            + "touchspots is \(Products.touchspots):\n\n" + TouchToPixel.report(runs)
        try report.write(toFile: "\(directory)/touch-to-pixel.md", atomically: true, encoding: .utf8)
        print(report)
    }
}
