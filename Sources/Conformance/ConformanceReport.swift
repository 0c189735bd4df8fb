import Foundation
import TouchCore

/// A conformance run's report: what ran (touchspots' version and commit), when, on what
/// (the host's kernel), and for each compositor its version as its binary reports it, the
/// driver that touched it and every check's verdict. One Codable type for the JSON the
/// harness writes and `--compare` reads (docs/conformance.md; its schema,
/// docs/conformance.schema.json, is generated from this file's enums: `schema`).
public struct ConformanceReport: Codable, Sendable, Equatable {
    public struct Touchspots: Codable, Sendable, Equatable {
        public var version: String
        /// The source tree's commit the harness was built from, or "unknown".
        public var commit: String
        public init(version: String, commit: String) { self.version = version; self.commit = commit }
    }

    public struct Host: Codable, Sendable, Equatable {
        public var name: String
        /// `uname -r` and `-v`.
        public var kernel: String
        public init(name: String, kernel: String) { self.name = name; self.kernel = kernel }
    }

    public struct Check: Codable, Sendable, Equatable {
        public var id: String
        public var element: String
        public var sentence: String
        public var verdict: ConformanceVerdict
        public var detail: String
        /// The check's evidence folder, relative to the report (checks that do not pass).
        public var evidence: String?

        public init(_ finding: Finding, evidence: String?) {
            id = finding.check.rawValue
            element = finding.check.element
            sentence = finding.check.sentence
            verdict = finding.verdict
            detail = finding.detail
            self.evidence = evidence
        }
    }

    public struct Compositor: Codable, Sendable, Equatable {
        public var name: String
        /// What the compositor's binary says of itself (`weston --version`), or why not.
        public var version: String
        /// How the harness reached it, and what that can inject.
        public var driver: String
        /// The command line it was started with.
        public var command: String
        public var checks: [Check]

        public init(name: String, version: String, driver: String, command: String, checks: [Check]) {
            self.name = name; self.version = version; self.driver = driver; self.command = command; self.checks = checks
        }

        public func count(_ verdict: ConformanceVerdict) -> Int { checks.filter { $0.verdict == verdict }.count }
    }

    public var touchspots: Touchspots
    /// ISO 8601, UTC.
    public var date: String
    public var host: Host
    public var compositors: [Compositor]

    public init(touchspots: Touchspots, date: String, host: Host, compositors: [Compositor]) {
        self.touchspots = touchspots; self.date = date; self.host = host; self.compositors = compositors
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The largest report `--compare` reads: seven compositors' report is some 20 KB.
    public static let sizeLimit = 16 << 20

    /// Refuses a report that names a compositor twice, or a check twice for one compositor:
    /// `--compare` pairs them by name, and took the first of two, so that a failing second
    /// entry compared as "no verdict changed". A decoding error is told in a line (where,
    /// and what), not as Swift's description of it.
    public init(json data: Data) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw ReportReadError(Self.describe(error))
        }
        var names: Set<String> = []
        for compositor in compositors {
            guard names.insert(compositor.name).inserted else {
                throw ReportReadError("the compositor \"\(printableText(compositor.name, limit: 200))\" is listed twice")
            }
            var ids: Set<String> = []
            for check in compositor.checks where !ids.insert(check.id).inserted {
                throw ReportReadError("\(printableText(compositor.name, limit: 200)) lists the check \"\(printableText(check.id, limit: 200))\" twice")
            }
        }
    }

    /// "compositors[0].checks[3].verdict: ..." for a value that is not what it should be.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)): \(printableText(context.debugDescription, limit: 200))"
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(printableText(context.debugDescription, limit: 200))"
        @unknown default: return "not a conformance report"
        }
    }

    // MARK: comparing two runs

    /// A check whose verdict is not the same in two runs of the same compositor.
    public struct Change: Sendable, Equatable {
        public var compositor: String
        public var check: String
        public var before: ConformanceVerdict?
        public var after: ConformanceVerdict?
        /// Worse (or gone): `--compare` exits 1.
        public var isRegression: Bool {
            guard let after else { return true }
            guard let before else { return after == .fail }
            return after > before
        }
        public var text: String {
            "\(isRegression ? "WORSE" : "changed") \(compositor) \(check): \(before?.rawValue ?? "absent") -> \(after?.rawValue ?? "absent")"
        }
    }

    /// Every check whose verdict changed from `before` to `self`, compositor by compositor
    /// (by name, so two versions of one compositor are one row; and where one compositor is
    /// left on each side, those two).
    /// Linear in the reports' sizes (a hostile 2 MB report of 32,000 checks took minutes
    /// when each was looked up in a list); a name or id said twice counts once, its first.
    public func changes(since before: ConformanceReport) -> [Change] {
        /// Each compositor's checks in order, and their verdicts.
        func table(_ report: ConformanceReport) -> (names: [String], ids: [String: [String]], verdicts: [String: [String: ConformanceVerdict]]) {
            var names: [String] = []
            var ids: [String: [String]] = [:]
            var verdicts: [String: [String: ConformanceVerdict]] = [:]
            for compositor in report.compositors where verdicts[compositor.name] == nil {
                names.append(compositor.name)
                var checks: [String: ConformanceVerdict] = [:]
                var order: [String] = []
                for check in compositor.checks where checks[check.id] == nil {
                    checks[check.id] = check.verdict
                    order.append(check.id)
                }
                verdicts[compositor.name] = checks
                ids[compositor.name] = order
            }
            return (names, ids, verdicts)
        }
        func ordered(_ words: [String]) -> [String] {
            var seen: Set<String> = []
            return words.filter { seen.insert($0).inserted }
        }
        let old = table(before), new = table(self)
        // Compositors by name; one left on each side are the same compositor under two
        // names (two builds: "/opt/a/weston (nested)" before, "/opt/b/weston (nested)" after).
        var pairs = ordered(old.names + new.names).map { ($0, $0) }
        let onlyOld = old.names.filter { new.verdicts[$0] == nil }, onlyNew = new.names.filter { old.verdicts[$0] == nil }
        if onlyOld.count == 1, onlyNew.count == 1 {
            pairs.removeAll { onlyOld.contains($0.0) || onlyNew.contains($0.0) }
            pairs.append((onlyOld[0], onlyNew[0]))
        }
        var changes: [Change] = []
        for (oldName, newName) in pairs {
            let a = old.verdicts[oldName] ?? [:], b = new.verdicts[newName] ?? [:]
            let name = oldName == newName ? oldName : "\(oldName) -> \(newName)"
            for id in ordered((old.ids[oldName] ?? []) + (new.ids[newName] ?? [])) where a[id] != b[id] {
                changes.append(Change(compositor: name, check: id, before: a[id], after: b[id]))
            }
        }
        return changes
    }

    // MARK: the schema

    /// The JSON Schema of the report, made from the enums above so that it cannot list a
    /// verdict or check the code does not have; docs/conformance.schema.json is this, and
    /// a test fails when it is stale (`touchspots-harness conformance --schema` prints it).
    public static var schema: String {
        func string(_ description: String) -> [String: Any] { ["type": "string", "description": description] }
        let check: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "required": ["id", "element", "sentence", "verdict", "detail"],
            "properties": [
                "id": ["type": "string", "description": "the check's stable id (docs/conformance.md); new ids may appear",
                       "examples": ConformanceCheck.allCases.map(\.rawValue)] as [String: Any],
                "element": string("the protocol element the check is about, e.g. wl_touch.frame"),
                "sentence": string("the protocol's words the compositor is held to, quoted from its XML"),
                "verdict": ["enum": ConformanceVerdict.allCases.map(\.rawValue),
                            "description": "pass: the words hold; fail: they are broken; differs: allowed, but a client must cope; untestable: not tried, detail says why"] as [String: Any],
                "detail": string("what was seen, in a line"),
                "evidence": string("the folder of the trace lines, logs and screenshot, relative to the report"),
            ] as [String: Any],
        ]
        let compositor: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "required": ["name", "version", "driver", "command", "checks"],
            "properties": [
                "name": string("the compositor's name"),
                "version": string("what its binary says of its version"),
                "driver": string("how the harness reached it and what that can inject"),
                "command": string("the command line it was started with"),
                "checks": ["type": "array", "items": check] as [String: Any],
            ] as [String: Any],
        ]
        let root: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "touchspots conformance report",
            "description": "Written by touchspots-harness conformance (docs/conformance.md); generated from Sources/Conformance/ConformanceReport.swift.",
            "type": "object", "additionalProperties": false,
            "required": ["touchspots", "date", "host", "compositors"],
            "properties": [
                "touchspots": ["type": "object", "additionalProperties": false, "required": ["version", "commit"],
                               "properties": ["version": string("touchspots' version"),
                                              "commit": string("the commit it was built from, or unknown")]] as [String: Any],
                "date": ["type": "string", "format": "date-time", "description": "when the run began, UTC"] as [String: Any],
                "host": ["type": "object", "additionalProperties": false, "required": ["name", "kernel"],
                         "properties": ["name": string("the host's name"), "kernel": string("uname -r and -v")]] as [String: Any],
                "compositors": ["type": "array", "items": compositor] as [String: Any],
            ] as [String: Any],
        ]
        let data = try! JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Why a file is not a conformance report, in a line.
public struct ReportReadError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
