import Foundation

/// Reads a touchspots event log (JSON Lines) as it grows.
public final class EventLogReader {
    public let path: String
    public init(path: String) { self.path = path }

    /// Every complete line parsed so far.
    public func events() throws -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var result: [[String: Any]] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw HarnessError("event log line is not a JSON object: \(String(decoding: line, as: UTF8.self))")
            }
            result.append(object)
        }
        return result
    }

    /// The events of one type.
    public func events(ofType type: String) throws -> [[String: Any]] {
        try events().filter { $0["type"] as? String == type }
    }
}
