// SPDX-License-Identifier: Zlib
extension Duration {
    /// The duration as floating-point seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds (negative durations become zero).
    var nanoseconds: UInt64 {
        let parts = components
        return UInt64(max(0, parts.seconds)) * 1_000_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000)
    }
}
