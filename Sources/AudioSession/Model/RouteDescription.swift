// SPDX-License-Identifier: Zlib
/// The devices a session's audio goes to and comes from.
public struct RouteDescription: Sendable, Hashable, CustomStringConvertible {
    /// The input ports, empty for a category that does not record.
    public var inputs: [Port]
    /// The output ports, most recently plugged first; empty for a category that does not play.
    public var outputs: [Port]

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - inputs: The input ports.
    ///   - outputs: The output ports.
    public init(inputs: [Port] = [], outputs: [Port]) {
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The output names joined by `+` (for example `"headphones"`), or `"none"`; the event
    /// log prints routes this way.
    public var name: String {
        outputs.isEmpty ? "none" : outputs.map(\.name).joined(separator: "+")
    }

    /// The outputs and, when there are any, the inputs: `"headphones"` or `"builtInReceiver (in: builtInMic)"`.
    public var description: String {
        inputs.isEmpty ? name : "\(name) (in: \(inputs.map(\.name).joined(separator: "+")))"
    }
}
