import Foundation
import EventLogFormat
import Harness
import QualifyReport
import TouchCore
import XCTest

/// What the repository promises about itself: every workaround documented, no document
/// cited that is not in the tree, a README that stays a user's page, targets that import
/// only what they declare.
final class RepositoryTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8)
    }

    /// Tracked and untracked-but-not-ignored files, as git sees them.
    private func files() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", root, "ls-files", "--cached", "--others", "--exclude-standard"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
            .filter { FileManager.default.fileExists(atPath: "\(root)/\($0)") }
    }

    func testEveryQuirkIsDocumentedAndNamedAtASite() throws {
        let page = try read("docs/compositor-quirks.md")
        let sources = try files().filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Tests/") }
            .map { try read($0) }.joined(separator: "\n")
        for quirk in CompositorQuirk.allCases {
            XCTAssertTrue(page.contains("`\(quirk.rawValue)`"), "\(quirk) is not in docs/compositor-quirks.md")
            XCTAssertTrue(sources.contains("CompositorQuirk.\(quirk.rawValue)"), "no site names \(quirk)")
        }
        for quirk in HarnessQuirk.allCases {
            XCTAssertTrue(page.contains("`\(quirk.rawValue)`"), "\(quirk) is not in docs/compositor-quirks.md")
            XCTAssertTrue(sources.contains("HarnessQuirk.\(quirk.rawValue)"), "no site names \(quirk)")
        }
    }

    func testNothingCitesADocumentOutsideTheTree() throws {
        for file in try files() where !file.hasSuffix(".png") && !file.hasSuffix(".svg")
            && file != "Tests/RepositoryTests/RepositoryTests.swift" {
            let text = try read(file)
            let fieldNotes = "FIELD" + "-NOTES"  // spelled apart, so this file does not cite it
            XCTAssertFalse(text.contains(fieldNotes), "\(file) cites the field notes")
            // The UIKit notes the project began from ("seed 001", "the seeds"); a random
            // generator's seed is another thing.
            XCTAssertNil(text.range(of: #"[Ss]eed 00\d|[Tt]he seeds\b|[Ss]eeds'|[Ss]eed's"#, options: .regularExpression),
                         "\(file) cites the seed notes")
        }
    }

    func testLinksBetweenDocsResolve() throws {
        for file in try files() where file.hasSuffix(".md") {
            let text = try read(file)
            let folder = (file as NSString).deletingLastPathComponent
            let links = try NSRegularExpression(pattern: #"\]\(([^)#:]+)(#[^)]*)?\)"#)
            for match in links.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = (text as NSString).substring(with: match.range(at: 1))
                let path = folder.isEmpty ? target : "\(folder)/\(target)"
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(path)"),
                              "\(file) links to \(target), which is not in the tree")
            }
        }
    }

    /// Small files named after what they hold: none hand-written over 500 lines
    /// (wayland-scanner's output is generated).
    func testNoHandWrittenFileIsOver500Lines() throws {
        for file in try files() where (file.hasSuffix(".swift") || file.hasSuffix(".c") || file.hasSuffix(".h"))
            && !file.hasSuffix("-protocol.c") && !file.hasSuffix("-protocol.h") {
            let lines = try read(file).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            XCTAssertLessThanOrEqual(lines, 500, "\(file) has \(lines) lines")
        }
    }

    /// The two types every feature used to grow: the front door routes, the app wires.
    func testTheFrontDoorAndTheAppStaySmall() throws {
        for (path, limit) in [("Sources/TouchCore/Session/TouchSession.swift", 250), ("Sources/TouchspotsClient/App.swift", 200)] {
            let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            XCTAssertLessThanOrEqual(lines, limit, path)
        }
        // Counted with their extensions, wherever they live.
        let sources = try files().filter { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }
        for file in sources {
            let text = try read(file)
            XCTAssertNil(text.range(of: #"extension (TouchSession|App)\b"#, options: .regularExpression),
                         "\(file) extends TouchSession or App")
        }
    }

    func testReadmeStaysAUsersPage() throws {
        let size = try read("README.md").utf8.count
        XCTAssertLessThanOrEqual(size, 12_000, "README.md is \(size) bytes")
    }

    /// Every `import` of a target names a dependency Package.swift declares for it.
    func testTargetsImportOnlyWhatTheyDeclare() throws {
        let manifest = try read("Package.swift")
        let declaration = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget)\(name: "([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let standard: Set<String> = ["Foundation", "FoundationEssentials", "FoundationXML", "Glibc", "XCTest", "Dispatch", "Testing", "Synchronization"]
        var checked = 0
        for match in declaration.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = (manifest as NSString).substring(with: match.range(at: 1))
            let list = match.range(at: 2).location == NSNotFound ? "" : (manifest as NSString).substring(with: match.range(at: 2))
            var declared = Set(list.matches(of: /"([A-Za-z][\w-]*)"/).map { String($0.1) })
            declared.formUnion(list.matches(of: /\.product\(name: "(\w+)"/).map { String($0.1) })
            declared.remove("swift-argument-parser")
            let folder = ["Sources/\(name)", "Tests/\(name)"].first {
                FileManager.default.fileExists(atPath: "\(root)/\($0)")
            }
            guard let folder else { continue }
            for file in try files() where file.hasPrefix(folder + "/") && file.hasSuffix(".swift") {
                for line in try read(file).split(separator: "\n") {
                    guard let imported = line.firstMatch(of: /^(?:@\w+ )*import (\w+)/)?.1 else { continue }
                    checked += 1
                    let module = String(imported)
                    XCTAssertTrue(standard.contains(module) || declared.contains(module),
                                  "\(file) imports \(module), which \(name) does not declare")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50, "the manifest was read")
    }

    /// The closed sets' values: the log's (phases, sources, states, kinds, lesson steps,
    /// gestures, a verdict's comparison, an output's transform, a label's slot, a scene's
    /// name, where a report's scale came from) and the tools' (validators, near-miss
    /// recognizers, interop capabilities, recording kinds, compositors). Each is an enum;
    /// `closedSetPrefixes` are the starts of values with an open part ("template NAME").
    static let closedSetWords = Set(TouchPhase.allCases.map(\.rawValue) + PenHover.Phase.allCases.map(\.rawValue)
        + TouchSource.allCases.map(\.rawValue) + QualifyProgress.State.allCases.map(\.rawValue)
        + QualifyKind.allCases.map(\.rawValue) + StrokeLesson.Step.allCases.map(\.rawValue)
        + PlacardState.Phase.allCases.map(\.rawValue) + ["not reached"]
        + Gesture.Kind.allCases.map(\.rawValue) + Gesture.Axis.allCases.map(\.rawValue)
        + Gesture.PinchDirection.allCases.map(\.rawValue) + Gesture.RotationDirection.allCases.map(\.rawValue)
        + Gesture.Edge.allCases.map(\.rawValue) + Verdict.Comparison.allCases.map(\.rawValue)
        + LogOutput.Transform.allCases.map(\.rawValue) + LabelSlot.allCases.map(\.rawValue)
        + SceneName.allCases.map(\.rawValue) + QualifyReport.Scale.Source.allCases.map(\.rawValue)
        + QualifyValidator.allCases.map(\.rawValue) + NearMiss.Recognizer.fixed.map(\.rawValue)
        + Interop.Capability.allCases.map(\.rawValue) + Interop.Outcome.allCases.map(\.rawValue)
        + Recording.Kind.allCases.map(\.rawValue) + CompositorKind.allCases.map(\.rawValue))
    static let closedSetPrefixes = [NearMiss.Recognizer.template("").rawValue]

    /// The closed sets above are enums; readers match on their cases. A reader that
    /// compares one of those values with a string literal, or switches on one over string
    /// cases, is a second spelling of the set: docs/design/event-log.md, "One vocabulary".
    func testNoReaderComparesAClosedSetWithAString() throws {
        let words = Self.closedSetWords
        let sample = """
            if touch.phase == "began" {}
            if "ended" != touch.phase {}
            if ["started", "calibrating"].contains(q.state) {}
            switch q.state {
            case .finished: break
            case "judged": break
            }
            switch other {
            case "judged": break
            }
            """
        XCTAssertEqual(Self.stringComparisons(in: sample, of: words).map(\.line), [1, 2, 3, 6],
                       "the check finds what it looks for, and only that")
        for file in try files() where file.hasPrefix("Sources/") && file.hasSuffix(".swift") {
            for found in Self.stringComparisons(in: try read(file), of: words) {
                XCTFail("\(file):\(found.line): \(found.text) compares a closed set with a string")
            }
        }
    }

    /// The tools' closed sets, each compared as they were before they were enums: every
    /// line of the sample is a finding but the last two (no closed set's value; no
    /// property of one).
    func testTheCheckFindsTheToolsClosedSetsComparedWithStrings() {
        let sample = """
            if miss.recognizer == "swipe" {}
            if misses.contains(where: { $0.recognizer == "template star" }) {}
            if miss.recognizer.rawValue.hasPrefix("template ") {}
            if verdict.validator == "no gap" {}
            switch verdict.validator {
            case "stationary jitter": break
            }
            if capability == "windowed" && kind == .cage {}
            switch capability {
            case "last-up-no-frame": break
            }
            if recording.kind == "event log" {}
            guard name == "sway" else { return }
            if cell.outcome.rawValue == "not run" {}
            if verdict.validator == "straightness" {}
            if miss.reason == "swipe" {}
            """
        let found = Self.stringComparisons(in: sample, of: Self.closedSetWords, prefixes: Self.closedSetPrefixes)
        XCTAssertEqual(found.map(\.line), [1, 2, 3, 4, 6, 8, 10, 12, 13, 14], "\(found)")
    }

    /// Lines that compare `.phase`, `.state`, `.kind`, `.source`, `.step`, `.name`,
    /// `.direction`, `.edge`, `.comparison`, `.transform`, `.slot`, `.from`, `.validator`,
    /// `.recognizer`, `.capability` or `.outcome` (or a variable of one of those names, or its
    /// `rawValue`) with one of `words` or a value starting with one of `prefixes` (either side
    /// of `==` or `!=`, as an array literal's `contains`, or as `hasPrefix`'s argument), or that
    /// are a `case` of one of them in a switch on one of those.
    static func stringComparisons(in text: String, of words: Set<String>,
                                  prefixes: [String] = closedSetPrefixes) -> [(line: Int, text: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(line: Int, text: String)] = []
        var switchIndent: Int?  // the indentation of the switch whose cases are being read
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            // Swift's regexes are slow on the whole tree (27 s); a line without a quote
            // has no literal to compare, and one without "switch" opens no switch.
            let quoted = line.contains("\"")
            var literals: [Substring] = []
            if quoted {
                literals += line.matches(of: (/\b(?:phase|state|kind|source|step|name|direction|edge|comparison|transform|slot|from|validator|recognizer|capability|outcome)(?:\.rawValue)?\)?\??\s*(?:==|!=)\s*"([^"]*)"/).wordBoundaryKind(.simple)).map(\.1)
                literals += line.matches(of: (/"([^"]*)"\s*(?:==|!=)\s*[\w.?]*\b(?:phase|state|kind|source|step|name|direction|edge|comparison|transform|slot|from|validator|recognizer|capability|outcome)\b/).wordBoundaryKind(.simple)).map(\.1)
                literals += line.matches(of: (/\b(?:recognizer|validator|capability|kind|name)(?:\.rawValue)?\??\.hasPrefix\("([^"]*)"\)/).wordBoundaryKind(.simple)).map(\.1)
                if let list = line.firstMatch(of: (/\[([^\]]*)\]\??\.contains\([^)]*\b(?:phase|state|kind|source|step|name|direction|edge|comparison|transform|slot|from|validator|recognizer|capability|outcome)\b/).wordBoundaryKind(.simple)) {
                    literals += list.1.matches(of: /"([^"]*)"/).map(\.1)
                }
            }
            if let open = switchIndent {
                if indent <= open && line.trimmingCharacters(in: .whitespaces).hasPrefix("}") {
                    switchIndent = nil
                } else if quoted && line.contains(/^\s*case\s+"/) {
                    literals += line.matches(of: /"([^"]*)"/).map(\.1)
                }
            }
            if line.contains("switch") && line.contains((/switch\s.*\b(?:phase|state|kind|source|step|name|direction|edge|comparison|transform|slot|from|validator|recognizer|capability|outcome)\s*\{/).wordBoundaryKind(.simple)) { switchIndent = indent }
            if literals.contains(where: { literal in
                words.contains(String(literal)) || prefixes.contains { literal.hasPrefix($0) }
            }) {
                found.append((index + 1, line.trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }
}
