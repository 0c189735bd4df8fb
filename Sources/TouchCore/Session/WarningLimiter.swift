/// The same warning (same text: a touch id is in it, so distinct ids stay apart) at most
/// once a second; the next one says how many were held back. A compositor that sends
/// 20,000 motions for an unknown id gets a line a second, not 20,000.
struct WarningLimiter {
    private var last: [String: (time: Double, heldBack: Int)] = [:]
    /// Remembered messages; past this the memory starts over (ids keep messages distinct).
    static let capacity = 256

    /// The text to report for `message` at `now`, or nil when it is held back.
    mutating func admit(_ message: String, at now: Double) -> String? {
        guard let previous = last[message] else {
            if last.count >= Self.capacity { last.removeAll() }
            last[message] = (now, 0)
            return message
        }
        guard now - previous.time >= 1 else {
            last[message] = (previous.time, previous.heldBack + 1)
            return nil
        }
        last[message] = (now, 0)
        return previous.heldBack > 0 ? "\(message) (\(previous.heldBack) more like it in the second before)" : message
    }
}
