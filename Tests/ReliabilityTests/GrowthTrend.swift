// SPDX-License-Identifier: Zlib
/// A least-squares line through a series sampled over time, and the test the real-time endurance
/// run applies to it: does the series grow, beyond noise and beyond a small allowance, all along?
struct GrowthTrend: Sendable, Hashable {
    /// Units per second.
    var slope: Double
    /// The standard error of ``slope`` (ordinary least squares, residuals taken as independent).
    var standardError: Double
    var samples: Int

    /// How many standard errors above zero the slope must stand to count as growth: about a 99.7 %
    /// one-sided confidence for a large sample; residuals of RSS are correlated (it moves in steps),
    /// so the error is underestimated, which is why a growth also has to exceed an hourly bound.
    static let significance = 3.0

    init(slope: Double, standardError: Double, samples: Int) {
        self.slope = slope
        self.standardError = standardError
        self.samples = samples
    }

    /// The line through `(time, value)` points (seconds, units); nil with fewer than three points or
    /// all at the same time.
    init?(times: [Double], values: [Double]) {
        let n = min(times.count, values.count)
        guard n >= 3 else { return nil }
        let meanT = times.prefix(n).reduce(0, +) / Double(n)
        let meanV = values.prefix(n).reduce(0, +) / Double(n)
        var sxx = 0.0, sxy = 0.0
        for i in 0..<n {
            sxx += (times[i] - meanT) * (times[i] - meanT)
            sxy += (times[i] - meanT) * (values[i] - meanV)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        let intercept = meanV - slope * meanT
        var residuals = 0.0
        for i in 0..<n {
            let residual = values[i] - (intercept + slope * times[i])
            residuals += residual * residual
        }
        self.slope = slope
        self.standardError = (residuals / Double(n - 2) / sxx).squareRoot()
        self.samples = n
    }

    /// Growth per hour, extrapolated from the slope.
    var perHour: Double { slope * 3_600 }
    /// The lower end of the slope's confidence interval, per hour.
    var lowerBoundPerHour: Double { (slope - Self.significance * standardError) * 3_600 }

    /// Significant growth: the slope's confidence interval lies above zero AND the growth it
    /// extrapolates to exceeds `boundPerHour`.
    func grows(beyond boundPerHour: Double) -> Bool {
        lowerBoundPerHour > 0 && perHour > boundPerHour
    }

    /// How many consecutive parts of the series ``leaks(times:values:beyond:)`` also fits on their own.
    static let parts = 3

    /// A leak: the series grows (``grows(beyond:)``) over the whole window AND in each of its three
    /// consecutive thirds. A leak grows all along; the allocator's one-off steps do not: in the
    /// first 1-hour run a single step of 6.4 MB, 45 minutes in, made the whole-window slope
    /// "significant" (9.1 ± 0.3 MB an hour) with the series flat before and after it.
    static func leaks(times: [Double], values: [Double], beyond boundPerHour: Double) -> (leaks: Bool, whole: GrowthTrend?) {
        let whole = GrowthTrend(times: times, values: values)
        guard let whole, whole.grows(beyond: boundPerHour) else { return (false, whole) }
        let n = min(times.count, values.count)
        for part in 0..<parts {
            let range = (part * n / parts)..<((part + 1) * n / parts)
            guard let trend = GrowthTrend(times: Array(times[range]), values: Array(values[range])),
                  trend.grows(beyond: boundPerHour) else { return (false, whole) }
        }
        return (true, whole)
    }
}
