import Foundation

/// Clocks the benchmarks read: CPU time of this process and of its waited-for children, and wall time.
enum Measure {
    /// User plus system CPU seconds used so far by every thread of this process.
    static func processCPUSeconds() -> Double { seconds(of: RUSAGE_SELF.rawValue) }

    /// User plus system CPU seconds used so far by the children this process has waited for.
    static func childrenCPUSeconds() -> Double { seconds(of: RUSAGE_CHILDREN.rawValue) }

    /// The peak resident set size of this process, in kibibytes.
    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
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
