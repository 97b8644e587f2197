// SPDX-License-Identifier: Zlib
import AudioFiles

/// What a bank preload loaded and what failed.
public struct BankReport: Sendable, Hashable {
    /// Names loaded, sorted.
    public var loaded: [String] = []
    /// Files that failed to decode, by name, with the reason.
    public var failed: [String: AudioFileError] = [:]
}
