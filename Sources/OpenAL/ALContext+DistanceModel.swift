// SPDX-License-Identifier: Zlib
import COpenAL

extension ALContext {
    /// How a source's volume falls with its distance from the listener.
    ///
    /// Each formula uses the source's reference distance (where its gain is 1), rolloff factor
    /// and maximum distance: ``ALSource/setReferenceDistance(_:)``, ``ALSource/setRolloffFactor(_:)``
    /// and ``ALSource/setMaxDistance(_:)``. The *clamped* models first clamp the distance between
    /// the reference and maximum distances, so a sound never gets louder than at its reference
    /// distance, and stops getting quieter beyond its maximum distance.
    public enum DistanceModel: Sendable, Hashable, CaseIterable {
        /// No attenuation: distance changes only the direction a sound comes from.
        case none
        /// gain = reference / (reference + rolloff × (distance − reference)).
        case inverse
        /// OpenAL's default: ``inverse`` with the distance clamped.
        case inverseClamped
        /// gain = 1 − rolloff × (distance − reference) / (maximum − reference), never below 0.
        case linear
        /// ``linear`` with the distance clamped: silent from the maximum distance on (at rolloff 1).
        case linearClamped
        /// gain = (distance / reference) ^ −rolloff.
        case exponent
        /// ``exponent`` with the distance clamped.
        case exponentClamped

        var alValue: Int32 {
            switch self {
            case .none: AL_NONE
            case .inverse: AL_INVERSE_DISTANCE
            case .inverseClamped: AL_INVERSE_DISTANCE_CLAMPED
            case .linear: AL_LINEAR_DISTANCE
            case .linearClamped: AL_LINEAR_DISTANCE_CLAMPED
            case .exponent: AL_EXPONENT_DISTANCE
            case .exponentClamped: AL_EXPONENT_DISTANCE_CLAMPED
            }
        }

        init?(alValue: Int32) {
            guard let model = Self.allCases.first(where: { $0.alValue == alValue }) else { return nil }
            self = model
        }
    }

    /// Chooses the distance model for every source in this context.
    ///
    /// The corresponding C function is `alDistanceModel`.
    public func setDistanceModel(_ model: DistanceModel) throws(OpenALError) {
        try requireCurrent("alDistanceModel")
        try ALCall.setDistanceModel(model.alValue)
    }

    /// The distance model in force (``DistanceModel/inverseClamped`` until one is set).
    ///
    /// The corresponding C call is `alGetInteger(AL_DISTANCE_MODEL)`.
    public func distanceModel() throws(OpenALError) -> DistanceModel {
        try requireCurrent("alGetInteger")
        let raw = try ALCall.globalInteger(AL_DISTANCE_MODEL)
        guard let model = DistanceModel(alValue: raw) else {
            throw OpenALError.raised(operation: "alGetInteger", code: .other(raw))
        }
        return model
    }
}
