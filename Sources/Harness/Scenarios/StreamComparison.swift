/// A replay's delivered touch stream against the frames the harness played, which are the
/// recording's but for what a compositor could not be given in their shape (docs/replay.md,
/// "What is compared"): the same frames, in order, with the same touches, phases and
/// positions. A compositor that drops, splits or merges frames, or moves a touch, changes
/// what every client sees, whatever gestures come out; the first difference is what a
/// developer needs to see.
///
/// Compared: touchscreen fingers only (the pointer, pens and what the harness could not
/// inject are reported as skipped by the player); frames that hold no finger are left out
/// on both sides. Ids are numbered per touch, in order of their downs, on each side, since
/// compositors pick their own ids (mutter counts from 288). Positions within
/// `tolerance` logical px: wl_fixed_t carries 1/256 px and a compositor's mapping of a
/// normalized position to pixels rounds.
public struct StreamComparison: Sendable, Equatable {
    public static let tolerance = 0.5

    public var recordedFrames: Int
    public var deliveredFrames: Int
    /// The first difference, in words, or nil when the streams agree.
    public var firstDifference: String?

    public var matches: Bool { firstDifference == nil }

    /// One finger's entry as compared: its touch's number on its side, its phase and place.
    struct Entry: Equatable {
        var touch: Int
        var phase: String
        var x: Double, y: Double

        func agrees(with other: Entry) -> Bool {
            touch == other.touch && phase == other.phase
                && abs(x - other.x) <= StreamComparison.tolerance && abs(y - other.y) <= StreamComparison.tolerance
        }

        var text: String { "touch \(touch) \(phase) at \(Self.number(x)),\(Self.number(y))" }

        /// To the hundredth; a whole number without its ".0". A recording's 1e19 (beyond
        /// `Int`) once stopped the harness on the conversion: such a value is written as
        /// `Double` writes it.
        static func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            guard rounded.isFinite, abs(rounded) < 1e15 else { return String(value) }
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
    }

    /// Each frame's finger entries, ids replaced by touch numbers (a new number at each
    /// down), frames without fingers left out. The touches that begin in one frame are
    /// numbered in the order of their places (left to right, then top to bottom), not of
    /// their events, whose order is the compositor's; entries are then taken in touch order.
    static func entries(of frames: [Recording.Frame]) -> [[Entry]] {
        var numbers: [Int: Int] = [:]
        var next = 0
        return frames.compactMap { frame in
            let fingers = frame.touches.filter { $0.source == nil }
            guard !fingers.isEmpty else { return nil }
            let landing = fingers.filter { $0.phase == .touch(.began) || numbers[$0.id] == nil }
                .sorted { ($0.x, $0.y, $0.id) < ($1.x, $1.y, $1.id) }
            var numbered: Set<Int> = []
            for touch in landing where numbered.insert(touch.id).inserted {
                next += 1
                numbers[touch.id] = next
            }
            return inTouchOrder(fingers.map { Entry(touch: numbers[$0.id]!, phase: $0.phase.rawValue, x: $0.x, y: $0.y) })
        }
    }

    /// Stable: one touch's entries keep their order (a down, then its motion).
    static func inTouchOrder(_ entries: [Entry]) -> [Entry] {
        entries.enumerated().sorted { ($0.element.touch, $0.offset) < ($1.element.touch, $1.offset) }.map(\.element)
    }

    public init(recorded: [Recording.Frame], delivered: [Recording.Frame]) {
        let a = Self.entries(of: recorded), b = Self.entries(of: delivered)
        recordedFrames = a.count
        deliveredFrames = b.count
        firstDifference = nil
        for index in 0..<max(a.count, b.count) {
            guard index < a.count else {
                firstDifference = "frame \(index + 1): not recorded, delivered [\(Self.text(b[index]))] (\(b.count - a.count) frame(s) more than recorded)"
                return
            }
            guard index < b.count else {
                firstDifference = "frame \(index + 1): recorded [\(Self.text(a[index]))], not delivered (\(a.count - b.count) frame(s) fewer than recorded)"
                return
            }
            let x = a[index], y = b[index]
            if x.count != y.count || !zip(x, y).allSatisfy({ $0.agrees(with: $1) }) {
                var why = ""
                if y.count < x.count, index + 1 < b.count, y.count + b[index + 1].count == x.count,
                   zip(x, Self.inTouchOrder(y + b[index + 1])).allSatisfy({ $0.agrees(with: $1) }) {
                    why = " (split: the rest came in the next frame)"
                }
                if y.count > x.count, index + 1 < a.count, x.count + a[index + 1].count == y.count,
                   zip(Self.inTouchOrder(x + a[index + 1]), y).allSatisfy({ $0.agrees(with: $1) }) {
                    why = " (merged with the next recorded frame)"
                }
                firstDifference = "frame \(index + 1): recorded [\(Self.text(x))], delivered [\(Self.text(y))]\(why)"
                return
            }
        }
    }

    static func text(_ entries: [Entry]) -> String { entries.map(\.text).joined(separator: "; ") }
}
