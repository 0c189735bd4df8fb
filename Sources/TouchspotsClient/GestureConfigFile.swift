import QualifyPlans
import Glibc
import TouchCore

/// The gesture thresholds a run uses: `--config` (or the user's gestures.conf when it
/// exists), then every `--gesture KEY=VALUE`. A bad file or value is a `UsageError`, told
/// as one line with status 64 like a bad flag.
package enum GestureConfigFile {
    /// Defaults, then the config file, then --gesture flags.
    package static func settings(config: String?, overrides gestureOverrides: [String]) throws -> GestureSettings {
        var settings = GestureSettings()
        let path = config ?? DataFolder.config("gestures.conf")
        if let path {
            let explicit = config != nil
            if explicit || access(path, F_OK) == 0 {
                let text: String
                do { text = try SmallTextFile.read(path, what: "the config file") } catch { throw UsageError(error.description) }
                do { try settings.apply(configuration: text, source: path) } catch {
                    throw UsageError("\(error)")
                }
            }
        }
        for override in gestureOverrides {
            let parts = override.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("--gesture needs KEY=VALUE, not '\(override)'") }
            do { try settings.set(parts[0], to: parts[1]) } catch { throw UsageError("\(error)") }
        }
        do { try settings.checkConsistency() } catch { throw UsageError("\(error)") }
        return settings
    }
}
