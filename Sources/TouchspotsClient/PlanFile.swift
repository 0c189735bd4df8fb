import QualifyPlans
import TouchCore

/// `--qualify PLAN`: the plan's file read as the client reads its small files (a regular
/// file of at most 64 KiB) and parsed by `PlanFormat`; any problem is a usage error that
/// names the file and the step.
package enum PlanFile {
    package static func read(_ plan: String) throws -> QualifyPlan {
        do { return try PlanFormat.read(plan) } catch { throw UsageError(error.description) }
    }
}
