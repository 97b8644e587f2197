// SPDX-License-Identifier: Zlib
/// The simulated phone.
public enum PhoneState: String, Sendable, Hashable, CaseIterable {
    /// No call.
    case idle
    /// A call rings.
    case ringing
    /// A call is in progress.
    case inCall
}
