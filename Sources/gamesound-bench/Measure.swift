// SPDX-License-Identifier: Zlib
import Foundation

/// Clocks the benchmarks read: CPU time of this process and of its waited-for children, and wall time.
enum Measure {
    /// User plus system CPU seconds used so far by every thread of this process.
    static func processCPUSeconds() -> Double { seconds(of: RUSAGE_SELF.rawValue) }

    /// User plus system CPU seconds used so far by the children this process has waited for.
    static func childrenCPUSeconds() -> Double { seconds(of: RUSAGE_CHILDREN.rawValue) }

    /// The peak resident set size of this process's own memory, in kibibytes (`VmHWM` of
    /// /proc/self/status), or nil where /proc is missing.
    ///
    /// Not `getrusage`'s `ru_maxrss`: on Linux a child started by fork and exec inherits its parent's
    /// high-water mark there (the kernel folds the pre-exec memory into it), so every child of a
    /// parent that once held a big buffer reports the parent's peak.
    static func peakRSSKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Runs `body` and returns its wall time in seconds and its CPU time (whole process) in seconds.
    static func time<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> (value: T, wall: Double, cpu: Double) {
        let cpu0 = processCPUSeconds()
        let start = ContinuousClock.now
        let value = try body()
        let wall = (ContinuousClock.now - start).seconds
        return (value, wall, processCPUSeconds() - cpu0)
    }

    private static func seconds(of who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
