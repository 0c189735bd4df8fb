import EventLogFormat
import LibinputRecord
import QualifyPlans
import TouchCore

/// What a report says of where its verdicts come from (docs/qualify.md, "What a report
/// names"): who made the report and when, what ran and through which compositor on which
/// output for a live run, and the device with its ids and axes for a judged recording. One
/// list, so that the HTML page, the JUnit properties and the terminal say the same.
extension QualifyReport {
    /// A judged recording's device as the recording describes it.
    public struct RecordingFacts: Codable, Equatable, Sendable {
        /// "libinput record" or "evemu-record".
        public var format: String
        public var name: String
        public var node: String?
        public var kind: String
        /// The evdev id as lsusb writes it: bus, vendor, product, version in hex.
        public var bus: String?
        public var vendor: String?
        public var product: String?
        public var version: String?
        /// Each axis: [minimum, maximum, resolution (units a mm, 0 where unknown)].
        public var x: [Int]
        public var y: [Int]

        public init(_ record: LibinputRecord) {
            format = record.format
            name = record.device.name
            node = record.device.node
            kind = record.device.kind.rawValue
            func hex(_ value: Int) -> String {
                let digits = String(UInt16(truncatingIfNeeded: value), radix: 16)
                return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            }
            if let id = record.device.id {
                bus = hex(id.bus); vendor = hex(id.vendor); product = hex(id.product); version = hex(id.version)
            }
            x = [record.x.minimum, record.x.maximum, record.x.resolution]
            y = [record.y.minimum, record.y.maximum, record.y.resolution]
        }

        /// "“Elan Touchscreen” (touchscreen, /dev/input/event7), bus 0018 vendor 04f3
        /// product 2234 version 0111; x 0-4095 at 12 units/mm, y 0-2559 at 12 units/mm;
        /// libinput record".
        public var text: String {
            var parts = ["\"\(name)\" (\(kind)\(node.map { ", \($0)" } ?? ""))"]
            if let bus, let vendor, let product, let version {
                parts[0] += ", bus \(bus) vendor \(vendor) product \(product) version \(version)"
            }
            func axis(_ name: String, _ a: [Int]) -> String {
                "\(name) \(a[0])-\(a[1])" + (a[2] > 0 ? " at \(a[2]) units/mm (\(fixed((Double(a[1]) - Double(a[0])) / Double(a[2]), decimals: 1)) mm)" : ", resolution not said")
            }
            return parts[0] + "; " + axis("x", x) + ", " + axis("y", y) + "; " + format
        }
    }

    /// This tool now, for `madeBy`: touchspots' version, the commit it was built from where
    /// known, the date and the host.
    public static func madeHere() -> LogRun {
        LogRun.here(touchspots: touchspotsVersion, commit: PackageData.commit())
    }

    /// The facts a report names, label and text, in the order they are shown.
    public var provenance: [(label: String, text: String)] {
        var facts: [(label: String, text: String)] = []
        if let madeBy { facts.append(("report made", "touchspots-report" + madeBy.text.dropFirst("touchspots".count))) }
        if let run { facts.append(("run", run.text)) }
        let seen = run.flatMap { run in
            run.compositor.map { "the Wayland socket's peer: \($0)" + (run.compositorExecutable.map { " (\($0))" } ?? "")
                + (run.desktop.map { ", desktop \($0)" } ?? "") }
        }
        let compositors = [compositor, seen, compositorPackage].compactMap { $0 }
        if !compositors.isEmpty || recording == nil {
            facts.append(("compositor", compositors.isEmpty ? "not named (touchspots-report --compositor NAME)" : compositors.joined(separator: "; ")))
        }
        if let o = output {
            let screen = [o.make, o.model].compactMap { $0 }.joined(separator: " ")
            facts.append(("output", "\(o.name ?? "unnamed")\(screen.isEmpty ? "" : " (\(screen))")\(o.description.map { ", \"\($0)\"" } ?? ""): "
                          + "\(o.width) x \(o.height) px at \(fixed(o.refreshHz, decimals: 2)) Hz, "
                          + "\(o.physicalWidth) x \(o.physicalHeight) mm, transform \(o.transform.rawValue), scale \(o.scale)"))
        }
        if let recording { facts.append(("device", recording.text)) } else if let device { facts.append(("device", device)) }
        return facts
    }
}
