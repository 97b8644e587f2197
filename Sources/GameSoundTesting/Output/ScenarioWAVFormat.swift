/// How ``ScenarioRender/wavBytes(format:)`` stores samples in a WAV file.
public enum ScenarioWAVFormat: String, Sendable, Hashable, CaseIterable {
    /// 16-bit integer PCM, what every tool plays; samples are rounded to the nearest step.
    case s16
    /// 32-bit float, the mix exactly as rendered.
    case f32
}
