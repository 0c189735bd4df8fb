import Foundation
import TouchCore

/// Why a file is not a recording of a touchscreen: one line naming it (and the line of the
/// file at fault, where there is one). Never the file's own text: a hostile file's 9 MB
/// line must not reach a terminal.
public struct LibinputRecordError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The touchscreen of a recording, as its kernel's evdev events tell it: one reader for
/// the harness's replay (which maps the axes onto an output) and for `touchspots-report`,
/// which judges a recorded qualify run (docs/qualify.md, "A libinput recording"). Reads
/// the YAML of `libinput record` (every device of `--all`) and `evemu-record`'s text, with
/// one slot model for both (`SlotModel`): multi-touch protocol B as the kernel sends it
/// (a slot keeps its values across touches; unchanged values are not resent; the slot
/// selected stays selected; a recording may begin mid-touch; `SYN_DROPPED`) and protocol A
/// (contacts between `SYN_MT_REPORT`s, tracked into slots by nearest neighbour as mtdev
/// does). Positions stay in the device's units, each axis with its own range and
/// resolution; times in the recording's microseconds.
public struct LibinputRecord: Sendable {
    /// An axis's range and resolution (units per millimetre; 0 where the device does not
    /// say), as absinfo gives them. Any Int64 may come from a file: arithmetic on them is
    /// in Double.
    public struct Axis: Sendable, Equatable {
        public var minimum: Int
        public var maximum: Int
        public var resolution: Int

        public init(minimum: Int, maximum: Int, resolution: Int) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }

        /// The range's length in units (maximum > minimum, as the reader requires).
        public var span: Double { Double(maximum) - Double(minimum) }

        /// The axis's length in millimetres, where the device says its resolution.
        public var millimetres: Double? { resolution > 0 ? span / Double(resolution) : nil }

        /// Where `value` lies along the axis, 0 at its minimum and 1 at its maximum.
        public func fraction(_ value: Int) -> Double { (Double(value) - Double(minimum)) / span }
    }

    public struct Touch: Sendable, Equatable {
        /// The slot: the id a compositor gives the touch.
        public var slot: Int
        /// "began", "moved" or "ended".
        public var phase: TouchPhase
        public var x: Int
        public var y: Int

        public init(slot: Int, phase: TouchPhase, x: Int, y: Int) {
            self.slot = slot
            self.phase = phase
            self.x = x
            self.y = y
        }
    }

    public struct Report: Sendable, Equatable {
        /// Microseconds, on the recording's clock.
        public var microseconds: Int64
        public var touches: [Touch]
    }

    /// What a device says it is: a touchscreen (INPUT_PROP_DIRECT, or udev's
    /// ID_INPUT_TOUCHSCREEN), a touchpad (INPUT_PROP_POINTER or _BUTTONPAD, or udev's
    /// ID_INPUT_TOUCHPAD), or neither said.
    public enum Kind: String, Sendable {
        case touchscreen, touchpad
        case unknown = "multi-touch device"
    }

    /// A device's evdev id (struct input_id): the bus (3 USB, 0x18 I2C, ...), the vendor and
    /// product ids, the version.
    public struct DeviceID: Sendable, Equatable {
        public var bus: Int, vendor: Int, product: Int, version: Int
    }

    /// A device of the file, as its description says it.
    public struct Device: Sendable, Equatable {
        public var name: String
        /// `/dev/input/eventN`, where the file says it (libinput record does).
        public var node: String?
        public var kind: Kind
        /// Whether it has multi-touch positions (ABS_MT_POSITION_X and _Y).
        public var isMultitouch: Bool
        /// Its evdev id, where the file says it: what a qualify report names the panel by.
        public var id: DeviceID?

        public init(name: String, node: String?, kind: Kind, isMultitouch: Bool, id: DeviceID? = nil) {
            self.name = name; self.node = node; self.kind = kind; self.isMultitouch = isMultitouch; self.id = id
        }

        /// How messages name it: `"name" (touchpad, /dev/input/event5)`.
        public var label: String {
            "\"\(Self.said(name))\" (\(isMultitouch ? kind.rawValue : "no multi-touch")\(node.map { ", \(Self.said($0))" } ?? ""))"
        }

        /// A name or node as a message says it: the file's text, so at most 80 characters
        /// and no control character (a 5,000-character name or an escape sequence must not
        /// reach a terminal): control characters as `\u{1B}`, as every tool's error line
        /// shows them (`printableText`).
        static func said(_ text: String) -> String {
            let shown = printableText(String(String.UnicodeScalarView(text.unicodeScalars.prefix(80))))
            return text.unicodeScalars.count > 80 ? shown + "..." : shown
        }
    }

    /// "libinput record" or "evemu-record".
    public var format: String
    /// Every device of the file, in its order.
    public var devices: [Device]
    /// The device judged (one of `devices`).
    public var device: Device
    public var deviceName: String { device.name }
    public var x: Axis
    public var y: Axis
    /// Whether the device spoke multi-touch protocol A (no slots).
    public var protocolA: Bool
    /// How many times the kernel said it dropped events (SYN_DROPPED): touches may have
    /// changed unseen there.
    public var droppedEvents: Int
    /// The reports that changed a touch, in order. Touches still down when the recording
    /// ends are lifted in a last report at its last event's time.
    public var reports: [Report] = []

    /// The largest recording read: an hour of a 10-finger panel at 240 Hz is under
    /// 400 MiB of `libinput record`. Memory does not grow with the file (it is read in
    /// chunks) but with its touches' reports.
    public static let sizeLimit = 512 << 20

    /// Reads `path`, a `libinput record` YAML file or an `evemu-record` file, and takes its
    /// touchscreen: the device named `device` (its name or node) where given, else the
    /// first touchscreen; a file with only a touchpad is refused (a touchpad maps to no
    /// screen) unless it is named.
    public init(path: String, device wanted: String? = nil) throws {
        var reader = try RecordFile(path: path, limit: Self.sizeLimit)
        let parsed = try Self.parse(&reader, source: path)
        try self.init(parsed, source: path, wanted: wanted)
    }

    /// Reads a recording's text (tests, and anything already in memory).
    public init(contents: String, source: String, device wanted: String? = nil) throws {
        var reader = RecordFile(bytes: Array(contents.utf8), source: source)
        let parsed = try Self.parse(&reader, source: source)
        try self.init(parsed, source: source, wanted: wanted)
    }

    private static func parse(_ reader: inout RecordFile, source: String) throws -> ParsedRecording {
        switch try reader.sniff() {
        case .evemu: return try EvemuReader.read(&reader)
        case .yaml: return try LibinputYAMLReader.read(&reader)
        }
    }

    private init(_ parsed: ParsedRecording, source path: String, wanted: String?) throws {
        let devices = parsed.devices.map(\.device)
        // Messages name a few devices, never a hostile file's thousands.
        let all = devices.prefix(8).map(\.label).joined(separator: ", ")
            + (devices.count > 8 ? " and \(devices.count - 8) more" : "")
        let chosen: Int
        if let wanted {
            let matches = devices.indices.filter { devices[$0].name == wanted || devices[$0].node == wanted }
            guard let first = matches.first else {
                throw LibinputRecordError("\(path): no device \"\(wanted)\" in the recording (its devices: \(all))")
            }
            guard devices[first].isMultitouch else {
                throw LibinputRecordError("\(path): \(devices[first].label) has no multi-touch positions (ABS_MT_POSITION_X/Y)")
            }
            chosen = first
        } else {
            let multitouch = devices.indices.filter { devices[$0].isMultitouch }
            guard !multitouch.isEmpty else {
                throw LibinputRecordError("\(path): no device with multi-touch positions (ABS_MT_POSITION_X/Y)\(devices.isEmpty ? "" : " among \(all)")")
            }
            if let screen = multitouch.first(where: { devices[$0].kind == .touchscreen })
                ?? multitouch.first(where: { devices[$0].kind == .unknown }) {
                chosen = screen
            } else {
                let pad = devices[multitouch[0]]
                throw LibinputRecordError("\(path): no touchscreen among the recording's devices (\(all)); a touchpad maps to no screen: give --device \"\(Device.said(pad.name))\" to judge it anyway")
            }
        }
        var model = parsed.devices[chosen]
        format = parsed.format
        self.devices = devices
        device = devices[chosen]
        x = model.x!
        y = model.y!
        protocolA = model.protocolA
        droppedEvents = model.slots?.dropped ?? 0
        reports = model.slots?.finish() ?? []
        guard !reports.isEmpty else { throw LibinputRecordError("\(path): \(device.label) recorded no touches") }
    }
}

/// A device as a file describes it, with its slot model once its events begin.
struct ParsedDevice {
    var name = "unnamed device"
    var node: String?
    var x: LibinputRecord.Axis?
    var y: LibinputRecord.Axis?
    var hasSlots = false
    var slotMaximum: Int?
    /// INPUT_PROP_DIRECT, INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD, where said.
    var direct = false
    var pointer = false
    var udevTouchscreen = false
    var udevTouchpad = false
    var slots: SlotModel?
    /// The evdev id: bus, vendor, product, version (libinput record's `id: [3, 1267, 8756, 273]`,
    /// evemu's `I: 0003 04f3 2234 0111`).
    var id: [Int]?

    var protocolA: Bool { !hasSlots }

    var device: LibinputRecord.Device {
        let kind: LibinputRecord.Kind = direct || udevTouchscreen ? .touchscreen
            : pointer || udevTouchpad ? .touchpad : .unknown
        return LibinputRecord.Device(name: name, node: node, kind: kind, isMultitouch: x != nil && y != nil,
                                     id: id.flatMap { $0.count == 4 ? LibinputRecord.DeviceID(bus: $0[0], vendor: $0[1], product: $0[2], version: $0[3]) : nil })
    }

    /// Takes one of this device's events into its slot model (made at its first event,
    /// once the description is read); a device without multi-touch positions is skipped.
    /// `touches` counts the touch reports of every device of the file, which together may
    /// not pass `SlotModel.maximumTouches`.
    mutating func event(time: Int64, type: Int, code: Int, value: Int, touches: inout Int) throws(SlotModelError) {
        guard x != nil, y != nil else { return }
        if slots == nil {
            slots = SlotModel(protocolA: protocolA, slotCount: max(0, min(slotMaximum ?? 63, SlotModel.maximumSlots - 1)) + 1)
        }
        let before = slots!.touchCount
        try slots!.event(time: time, type: type, code: code, value: value)
        touches += slots!.touchCount - before
        guard touches <= SlotModel.maximumTouches else {
            throw SlotModelError("more than \(SlotModel.maximumTouches) touch reports: longer than any run touchspots judges or replays")
        }
    }

    /// Whether its events are decoded at all.
    var decodes: Bool { x != nil && y != nil }
}

struct ParsedRecording {
    /// Devices a file may describe: `libinput record --all` on a laptop writes 20 to 40;
    /// 200,000 devices (45 MB) took 3.7 GB and a 9.6 MB message before.
    static let maximumDevices = 256

    var format: String
    var devices: [ParsedDevice]
}

/// An axis from absinfo's numbers, or why not (for an error naming the line). The range
/// must be above 0 in Double too, where its arithmetic is: [2^62, 2^62 + 1] is one unit
/// wide in Int64 and 0 wide in Double, which put every touch at NaN and judged none
/// ("0 of 0 checks passed", exit 0).
func makeAxis(minimum: Int, maximum: Int, resolution: Int) -> LibinputRecord.Axis? {
    guard maximum > minimum, Double(maximum) - Double(minimum) > 0 else { return nil }
    return LibinputRecord.Axis(minimum: minimum, maximum: maximum, resolution: max(0, resolution))
}
