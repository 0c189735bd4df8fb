import EventLogFormat
import FoundationEssentials
import TouchCore

/// Why a plan was refused: one line naming the file and the step or threshold.
public struct PlanError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Qualify plans (docs/qualify.md, "Plans"): JSON, a name and steps whose places are
/// fractions of the screen, and a profile's thresholds. One reader for the client
/// (`--qualify`) and the report tool (`touchspots-report recording --plan`): a name finds a
/// shipped plan (`PREFIX/share/touchspots/plans/NAME.json`, PREFIX the binary's), a path
/// (with a `/` or ending in `.json`) is read as it is. Parsed here, in the executables'
/// layer: the core has no file I/O.
public enum PlanFormat {
    private struct File: Decodable {
        let name: String
        let steps: [Step]
        /// The profile's limits by name (`QualifyThresholds.keys`; `report-rate` a number
        /// or "refresh"): only those the profile sets; a limit it does not name keeps its
        /// validator's default (`QualifyLimit.defaultValue`, ChromiumOS 2014's), so a
        /// validator added later needs no plan changed.
        let thresholds: [String: Limit]?
    }

    private enum Limit: Decodable {
        case number(Double)
        case word(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let word = try? container.decode(String.self) {
                self = .word(word)
            } else {
                // A number too large for a Double (60,000 digits, 1e999) fails as a Double
                // and then as a string: it was told "must be a string".
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a number above 0 and at most 1000")
            }
        }
    }

    /// A step's keys, each read on its own: a key of the wrong type (`"count": 20.5`, a
    /// `"from"` that is no list of numbers) is told naming the step and the key, not as
    /// the decoder's text for the whole file.
    private struct Step: Decodable {
        var kind: String?
        var from: [Double]?
        var to: [Double]?
        var at: [Double]?
        var seconds: Double?
        var count: Double?
        var inset: Double?
        /// The first key whose value is not of its type.
        var mistyped: String?

        private enum Key: String, CodingKey { case kind, from, to, at, seconds, count, inset }

        init(from decoder: Decoder) throws {
            let keys = try decoder.container(keyedBy: Key.self)
            var mistyped: String?
            func field<T: Decodable>(_ key: Key, _ type: T.Type) -> T? {
                guard keys.contains(key) else { return nil }
                if let value = try? keys.decode(T.self, forKey: key) { return value }
                if mistyped == nil { mistyped = key.rawValue }
                return nil
            }
            kind = field(.kind, String.self)
            from = field(.from, [Double].self)
            to = field(.to, [Double].self)
            at = field(.at, [Double].self)
            seconds = field(.seconds, Double.self)
            count = field(.count, Double.self)
            inset = field(.inset, Double.self)
            self.mistyped = mistyped
        }
    }

    /// The file `plan` names.
    public static func path(for plan: String) -> String {
        plan.contains("/") || plan.hasSuffix(".json") ? plan : "\(PackageData.folder("plans"))/\(plan).json"
    }

    /// The plan `plan` names (`path(for:)`), read as a small file (`SmallTextFile`) and
    /// parsed: what the client's `--qualify` and `touchspots-harness qualify` both take.
    public static func read(_ plan: String) throws(PlanError) -> QualifyPlan {
        let path = path(for: plan)
        let text: String
        do { text = try SmallTextFile.read(path, what: "the plan") } catch { throw PlanError(error.description) }
        return try parse(text, path: path)
    }

    /// The plan in `text`, read from `path` (for the messages).
    public static func parse(_ text: String, path: String) throws(PlanError) -> QualifyPlan {
        do { return try parseThrowing(text, path: path) } catch let error as PlanError { throw error } catch {
            throw PlanError("the plan \(path) is not a plan: \(error)")
        }
    }

    private static func parseThrowing(_ text: String, path: String) throws -> QualifyPlan {
        let file: File
        do { try JSONText.check(text.utf8) } catch { throw PlanError("the plan \(path) is not a plan: \(error)") }
        do { file = try JSONDecoder().decode(File.self, from: Data(text.utf8)) } catch {
            throw PlanError("the plan \(path) is not a plan: \(describe(error))")
        }
        guard !file.steps.isEmpty else { throw PlanError("the plan \(path) has no steps") }
        var steps: [QualifyPlan.Step] = []
        for (index, step) in file.steps.enumerated() {
            func fail(_ why: String) -> PlanError {
                PlanError("the plan \(path), step \(index + 1)\(step.kind.map { " (\($0))" } ?? ""): \(why)")
            }
            // A value of the wrong type, or a number no Double holds (1e999): told with the
            // range the key takes, as a value out of range is (it was "must be a number").
            if let mistyped = step.mistyped {
                let wanted = ["kind": "a string", "from": "[x, y]", "to": "[x, y]", "at": "[x, y]",
                              "seconds": "a number from 0.5 to 60", "count": "a whole number from 1 to 100",
                              "inset": "a number from 0 to 50 (mm)"]
                throw fail("'\(mistyped)' must be \(wanted[mistyped] ?? "a number")")
            }
            guard let kind = step.kind else { throw fail("no 'kind' (kinds: \(kinds))") }
            func place(_ value: [Double]?, _ key: String) throws -> Point {
                guard let value, value.count == 2, value.allSatisfy({ (0...1).contains($0) }) else {
                    throw fail("'\(key)' must be [x, y], fractions of the screen from 0 to 1")
                }
                return Point(x: value[0], y: value[1])
            }
            func seconds() throws -> Double {
                guard let s = step.seconds, (0.5...60).contains(s) else { throw fail("'seconds' must be 0.5 to 60") }
                return s
            }
            switch QualifyKind(rawValue: kind) {
            case .line: steps.append(.line(from: try place(step.from, "from"), to: try place(step.to, "to"), seconds: try seconds()))
            case .hold: steps.append(.hold(at: try place(step.at, "at"), seconds: try seconds()))
            case .taps:
                guard let count = step.count, (1...100).contains(count), count == count.rounded() else {
                    throw fail("'count' must be a whole number from 1 to 100")
                }
                steps.append(.taps(at: try place(step.at, "at"), count: Int(count)))
            case .corners:
                guard let inset = step.inset, (0...50).contains(inset) else { throw fail("'inset' must be 0 to 50 mm") }
                steps.append(.corners(inset: inset))
            case .maximumContacts: steps.append(.maximumContacts)
            case .pinch: steps.append(.pinch)
            case .drumroll: steps.append(.drumroll(seconds: try seconds()))
            case .edges: steps.append(.edges)
            case .card, .plan, nil:
                throw fail("unknown kind (kinds: \(kinds))")
            }
        }
        return QualifyPlan(name: file.name, steps: steps, thresholds: try thresholds(file.thresholds ?? [:], path: path))
    }

    private static let kinds = QualifyKind.steps.map(\.rawValue).joined(separator: ", ")

    /// A decoder's error as a line: where in the file, and what.
    static func describe(_ error: Error) -> String {
        // steps, Index 3, from -> "step 4 'from'"; thresholds.x -> "thresholds.x".
        func place(_ path: [CodingKey]) -> String {
            var parts: [String] = []
            for key in path {
                if let index = key.intValue {
                    if parts.last == "steps" { parts[parts.count - 1] = "step \(index + 1)" } else { parts.append("item \(index + 1)") }
                } else {
                    parts.append(key.stringValue)
                }
            }
            return parts.joined(separator: ", ")
        }
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound(let key, let context):
            let within = place(context.codingPath)
            return "no '\(key.stringValue)'" + (within.isEmpty ? "" : " in \(within)")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let name = type == String.self ? "a string" : type == Double.self || type == Int.self ? "a number"
                : "\(type)".hasPrefix("Array") ? "a list" : "an object"
            return "\(place(context.codingPath)) must be \(name)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func thresholds(_ given: [String: Limit], path: String) throws -> QualifyThresholds {
        var limits = QualifyThresholds()
        let names = QualifyThresholds.keys.map(\.name) + [QualifyThresholds.reportRateKey]
        for (name, limit) in given.sorted(by: { $0.key < $1.key }) {
            func fail(_ why: String) -> PlanError { PlanError("the plan \(path), threshold '\(name)': \(why)") }
            switch (name, limit) {
            case (QualifyThresholds.reportRateKey, .word("refresh")): limits.reportRate = nil
            case (_, .number(let value)):
                guard value.isFinite, value > 0, value <= 1000 else { throw fail("must be a number above 0 and at most 1000") }
                if name == QualifyThresholds.reportRateKey { limits.reportRate = value; continue }
                guard let key = QualifyThresholds.keys.first(where: { $0.name == name }) else {
                    throw fail("unknown (thresholds: \(names.joined(separator: ", ")))")
                }
                limits[keyPath: key.value] = value
            case (_, .word):
                throw fail(names.contains(name) ? "must be a number\(name == QualifyThresholds.reportRateKey ? " or \"refresh\"" : "")"
                                                : "unknown (thresholds: \(names.joined(separator: ", ")))")
            }
        }
        return limits
    }
}
