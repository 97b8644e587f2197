// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A free-running oscillator whose frequency may change every sample (for sweeps and vibrato).
///
/// Saw and square use polyBLEP corrections at their jumps, so high notes and fast sweeps
/// do not fill the spectrum with aliasing whine.
struct Oscillator {
    enum Shape {
        case sine, saw, square, triangle
    }

    var shape: Shape
    /// Where in the cycle the oscillator is, 0..<1.
    var phase: Double
    private var triangleState: Double = 0

    init(_ shape: Shape, phase: Double = 0) {
        self.shape = shape
        self.phase = phase
    }

    /// The next sample at `frequency` hertz, in -1...1.
    mutating func next(frequency: Double, sampleRate: Double) -> Float {
        let increment = min(0.49, max(0, frequency / sampleRate))
        let value: Double
        switch shape {
        case .sine:
            value = sin(2 * Double.pi * phase)
        case .saw:
            value = 2 * phase - 1 - Self.polyBLEP(phase, increment)
        case .square:
            value = squareValue(increment)
        case .triangle:
            // A leaky integral of the band-limited square is a band-limited triangle.
            triangleState = 4 * increment * squareValue(increment) + (1 - 0.001) * triangleState
            value = triangleState
        }
        phase += increment
        if phase >= 1 { phase -= 1 }
        return Float(value)
    }

    private func squareValue(_ increment: Double) -> Double {
        var value = phase < 0.5 ? 1.0 : -1.0
        value += Self.polyBLEP(phase, increment)
        var shifted = phase + 0.5
        if shifted >= 1 { shifted -= 1 }
        value -= Self.polyBLEP(shifted, increment)
        return value
    }

    /// The polynomial correction that rounds off a unit jump at phase 0.
    private static func polyBLEP(_ phase: Double, _ increment: Double) -> Double {
        guard increment > 0 else { return 0 }
        if phase < increment {
            let t = phase / increment
            return t + t - t * t - 1
        }
        if phase > 1 - increment {
            let t = (phase - 1) / increment
            return t * t + t + t + 1
        }
        return 0
    }
}
