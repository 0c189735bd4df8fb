import Foundation

/// Anything that went wrong while driving a compositor and a client.
public struct HarnessError: LocalizedError, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
