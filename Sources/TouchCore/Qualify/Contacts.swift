/// One report of a contact: when (seconds) and where (millimetres on the panel, x right,
/// y down, from the top-left of the output).
public struct ContactSample: Equatable, Sendable {
    public var time: Double
    public var point: Point

    public init(time: Double, point: Point) {
        self.time = time
        self.point = point
    }
}

/// One contact from its down to its up: what the validators judge.
public struct Contact: Equatable, Sendable {
    /// The compositor's touch id (reused after an up, so not unique in a step).
    public var id: Int32
    public var samples: [ContactSample]
    /// The compositor cancelled it (wl_touch.cancel): it took the touch for its own
    /// gestures, as gnome-shell takes three fingers and more.
    public var cancelled = false

    public init(id: Int32, samples: [ContactSample], cancelled: Bool = false) {
        self.id = id
        self.samples = samples
        self.cancelled = cancelled
    }

    public var began: Double { samples.first?.time ?? 0 }
    public var ended: Double { samples.last?.time ?? 0 }

    /// The longest a ghost lasts: one report of a 50 Hz panel. A ghost is a contact of one
    /// report, and on Wayland even a real finger resting still reports only its down and
    /// its up (no motion without a move): so a ghost is told by its time, not by its
    /// count of reports. No finger taps and lifts within 20 ms; people's quickest taps
    /// last 50 ms or more.
    public static let ghostDuration = 0.020

    /// A contact that lasted one report (a ghost, tracking ids' fault), not a finger.
    public var isGhost: Bool { samples.count < 2 || ended - began <= Self.ghostDuration }

    /// The contacts of a run of touch frames, in the order they began, their points turned
    /// into millimetres. Times are the touches' nanosecond timestamps where the compositor
    /// sent them (zwp_input_timestamps), else their milliseconds: a 60 Hz panel's 16.7 ms
    /// intervals read as 16 and 17 in whole milliseconds.
    public static func from(_ frames: [TouchFrame], millimetresPerPixel scale: Double) -> [Contact] {
        var builder = ContactBuilder(millimetresPerPixel: scale)
        for frame in frames {
            for touch in frame.touches { builder.add(touch) }
        }
        return builder.contacts
    }

    /// When `touch` was reported, seconds: its nanosecond timestamp where the compositor
    /// sent one (zwp_input_timestamps), else its milliseconds.
    public static func seconds(of touch: Touch) -> Double {
        touch.timeNanoseconds.map { Double($0) / 1e9 } ?? Double(touch.time) / 1000
    }

    /// Path length in mm.
    public var length: Double {
        var total = 0.0
        for i in samples.indices.dropFirst() { total += samples[i - 1].point.distance(to: samples[i].point) }
        return total
    }
}

/// Contacts made a report at a time, by the one rule `Contact.from` states: a `began`
/// opens a contact of its finger, `moved` and `ended` add to the finger's open contact
/// (`ended` closes it), `cancelled` marks and closes it; reports of a finger with no open
/// contact are no contact's. A qualify step builds its contacts so as reports come
/// (`StepTouches`): 24 bytes a report, where keeping the step's frames took some 500.
public struct ContactBuilder: Sendable {
    public let millimetresPerPixel: Double
    public private(set) var contacts: [Contact] = []
    private var open: [FingerID: Int] = [:]

    public init(millimetresPerPixel: Double) { self.millimetresPerPixel = millimetresPerPixel }

    public mutating func add(_ touch: Touch) {
        let scale = millimetresPerPixel
        let sample = ContactSample(time: Contact.seconds(of: touch), point: Point(x: touch.location.x * scale, y: touch.location.y * scale))
        switch touch.phase {
        case .began:
            open[touch.finger] = contacts.count
            contacts.append(Contact(id: touch.id, samples: [sample]))
        case .moved, .ended:
            guard let index = open[touch.finger] else { return }
            contacts[index].samples.append(sample)
            if touch.phase == .ended { open[touch.finger] = nil }
        case .cancelled:
            if let index = open[touch.finger] { contacts[index].cancelled = true }
            open[touch.finger] = nil
        }
    }
}
