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
        /// or "refresh"); the rest stay ChromiumOS 2014's.
        let thresholds: [String: Limit]?
    }

    private enum Limit: Decodable {
        case number(Double)
        case word(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else {
                self = .word(try container.decode(String.self))
            }
        }
    }

    private struct Step: Decodable {
        let kind: String
        let from: [Double]?
        let to: [Double]?
        let at: [Double]?
        let seconds: Double?
        let count: Int?
        let inset: Double?
    }

    /// The file `plan` names.
    public static func path(for plan: String) -> String {
        plan.contains("/") || plan.hasSuffix(".json") ? plan : "\(PackageData.folder("plans"))/\(plan).json"
    }

    /// The plan in `text`, read from `path` (for the messages).
    public static func parse(_ text: String, path: String) throws(PlanError) -> QualifyPlan {
        do { return try parseThrowing(text, path: path) } catch let error as PlanError { throw error } catch {
            throw PlanError("the plan \(path) is not a plan: \(error)")
        }
    }

    private static func parseThrowing(_ text: String, path: String) throws -> QualifyPlan {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(text.utf8)) } catch {
            throw PlanError("the plan \(path) is not a plan: \(error)")
        }
        guard !file.steps.isEmpty else { throw PlanError("the plan \(path) has no steps") }
        var steps: [QualifyPlan.Step] = []
        for (index, step) in file.steps.enumerated() {
            func fail(_ why: String) -> PlanError { PlanError("the plan \(path), step \(index + 1) (\(step.kind)): \(why)") }
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
            switch step.kind {
            case "line": steps.append(.line(from: try place(step.from, "from"), to: try place(step.to, "to"), seconds: try seconds()))
            case "hold": steps.append(.hold(at: try place(step.at, "at"), seconds: try seconds()))
            case "taps":
                guard let count = step.count, (1...100).contains(count) else { throw fail("'count' must be 1 to 100") }
                steps.append(.taps(at: try place(step.at, "at"), count: count))
            case "corners":
                guard let inset = step.inset, (0...50).contains(inset) else { throw fail("'inset' must be 0 to 50 mm") }
                steps.append(.corners(inset: inset))
            case "maximum-contacts": steps.append(.maximumContacts)
            case "pinch": steps.append(.pinch)
            case "drumroll": steps.append(.drumroll(seconds: try seconds()))
            case "edges": steps.append(.edges)
            default:
                throw fail("unknown kind (kinds: line, hold, taps, corners, maximum-contacts, pinch, drumroll, edges)")
            }
        }
        return QualifyPlan(name: file.name, steps: steps, thresholds: try thresholds(file.thresholds ?? [:], path: path))
    }

    private static func thresholds(_ given: [String: Limit], path: String) throws -> QualifyThresholds {
        var limits = QualifyThresholds()
        let names = QualifyThresholds.keys.map(\.name) + ["report-rate"]
        for (name, limit) in given.sorted(by: { $0.key < $1.key }) {
            func fail(_ why: String) -> PlanError { PlanError("the plan \(path), threshold '\(name)': \(why)") }
            switch (name, limit) {
            case ("report-rate", .word("refresh")): limits.reportRate = nil
            case (_, .number(let value)):
                guard value.isFinite, value > 0, value <= 1000 else { throw fail("must be a number above 0 and at most 1000") }
                if name == "report-rate" { limits.reportRate = value; continue }
                guard let key = QualifyThresholds.keys.first(where: { $0.name == name }) else {
                    throw fail("unknown (thresholds: \(names.joined(separator: ", ")))")
                }
                limits[keyPath: key.value] = value
            case (_, .word):
                throw fail(names.contains(name) ? "must be a number\(name == "report-rate" ? " or \"refresh\"" : "")"
                                                : "unknown (thresholds: \(names.joined(separator: ", ")))")
            }
        }
        return limits
    }
}
