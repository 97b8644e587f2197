// SPDX-License-Identifier: Zlib
/// The simulated device's fixed capabilities: the values it grants for preferences and the
/// latency of each output port.
enum SimulatedHardware {
    static let sampleRates: [Double] = [44_100, 48_000]
    static let defaultSampleRate: Double = 48_000
    static let bufferFrames: [Double] = (6...12).map { Double(1 << $0) }  // 64 ... 4096
    static let defaultBufferFrames: Double = 1024
    /// The buffer a playing session gets while the screen is locked, to save power.
    static let lockedBufferFrames: Double = 4096

    /// The nearest supported rate; ties go to the higher rate.
    static func grantedSampleRate(preferred: Double) -> Double {
        guard preferred > 0 else { return defaultSampleRate }
        return nearest(to: preferred, in: sampleRates)
    }

    /// The nearest supported buffer duration, in seconds, at the granted rate.
    static func grantedIOBufferDuration(preferred: Double, sampleRate: Double) -> Double {
        guard preferred > 0 else { return defaultBufferFrames / sampleRate }
        return nearest(to: preferred * sampleRate, in: bufferFrames) / sampleRate
    }

    private static func nearest(to value: Double, in candidates: [Double]) -> Double {
        var best = candidates[0]
        for candidate in candidates where abs(candidate - value) <= abs(best - value) {
            best = candidate
        }
        return best
    }

    /// Made-up but plausible latencies, so that switching to Bluetooth visibly adds delay.
    static func outputLatency(of port: Port?) -> Double {
        switch port {
        case nil, .builtInMic?, .headsetMic?: 0
        case .builtInSpeaker?, .builtInReceiver?: 0.010
        case .headphones?, .lineOut?: 0.004
        case .usbAudio?: 0.006
        case .HDMI?: 0.030
        case .bluetoothHFP?: 0.060
        case .bluetoothA2DP?: 0.150
        }
    }
}
