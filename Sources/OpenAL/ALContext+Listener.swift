import COpenAL

extension ALContext {
    /// How a source's volume falls with distance from the listener.
    public enum DistanceModel: Sendable, Hashable {
        /// No attenuation: distance changes only the direction a sound comes from.
        case none
        /// OpenAL's default: gain = reference / (reference + rolloff × (distance − reference)), clamped.
        case inverseClamped
        /// Gain falls linearly between the reference and maximum distances.
        case linearClamped

        var alValue: Int32 {
            switch self {
            case .none: AL_NONE
            case .inverseClamped: AL_INVERSE_DISTANCE_CLAMPED
            case .linearClamped: AL_LINEAR_DISTANCE_CLAMPED
            }
        }
    }

    /// Sets the master volume of everything this context plays (`AL_GAIN` on the listener).
    ///
    /// The corresponding C function is `alListenerf`.
    public func setListenerGain(_ gain: Float) throws(OpenALError) {
        try requireCurrent("alListenerf")
        try ALCall.setListener(AL_GAIN, float: gain)
    }

    /// Places the listener (`AL_POSITION`).
    ///
    /// The corresponding C function is `alListener3f`.
    public func setListenerPosition(x: Float, y: Float, z: Float) throws(OpenALError) {
        try requireCurrent("alListener3f")
        try ALCall.setListener(AL_POSITION, x: x, y: y, z: z)
    }

    /// Chooses the distance model for every source in this context.
    ///
    /// The corresponding C function is `alDistanceModel`.
    public func setDistanceModel(_ model: DistanceModel) throws(OpenALError) {
        try requireCurrent("alDistanceModel")
        try ALCall.setDistanceModel(model.alValue)
    }
}
