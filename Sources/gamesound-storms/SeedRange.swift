// SPDX-License-Identifier: Zlib
import ArgumentParser

/// Seeds `A..<B`, as the coordinator passes them to a worker and the state file records them.
struct SeedRange: Hashable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    var lowerBound: UInt64
    var upperBound: UInt64

    init(lowerBound: UInt64, upperBound: UInt64) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// Reads `A..<B` (B > A).
    init?(argument: String) {
        let parts = argument.split(separator: "..<", omittingEmptySubsequences: false)
        guard parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]), lower < upper else { return nil }
        self.init(lowerBound: lower, upperBound: upper)
    }

    var count: Int { Int(upperBound - lowerBound) }
    var seeds: Range<UInt64> { lowerBound..<upperBound }
    var description: String { "\(lowerBound)..<\(upperBound)" }

    /// Consecutive ranges of at most `size` seeds covering this one.
    func chunks(of size: Int) -> [SeedRange] {
        stride(from: lowerBound, to: upperBound, by: size).map {
            SeedRange(lowerBound: $0, upperBound: min($0 + UInt64(size), upperBound))
        }
    }
}
