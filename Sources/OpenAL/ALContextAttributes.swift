// SPDX-License-Identifier: Zlib
import COpenAL

/// What to ask of a new context, and what OpenAL actually granted.
///
/// Every field is optional when asking: nil lets OpenAL choose. ``ALContext/grantedAttributes()``
/// returns the values in force, which may differ from the request.
public struct ALContextAttributes: Sendable, Hashable {
    /// The mixing rate in hertz (`ALC_FREQUENCY`). For a loopback device, the render format's rate wins.
    public var frequency: Int?
    /// How many times a second OpenAL updates its mix (`ALC_REFRESH`).
    public var refresh: Int?
    /// How many sources may play mono buffers (`ALC_MONO_SOURCES`).
    public var monoSources: Int?
    /// How many sources may play stereo buffers (`ALC_STEREO_SOURCES`).
    public var stereoSources: Int?
    /// For a loopback device: the format ``ALDevice/render(into:channels:)`` produces. Required there.
    public var renderFormat: ALRenderFormat?
    /// How many effect sends each source has (`ALC_MAX_AUXILIARY_SENDS`, `ALC_EXT_EFX`): one per
    /// reverb or other effect a single sound can feed at once. OpenAL Soft gives 2 when nil and at
    /// most 16 (a larger request is lowered to 16 without an error); a device keeps its count
    /// until another request changes it.
    public var maxAuxiliarySends: Int?
    /// Whether to render with HRTF, the headphone 3-D filter (`ALC_HRTF_SOFT`, `ALC_SOFT_HRTF`);
    /// nil is the same as ``ALDevice/HRTFMode/auto``. Granted attributes report ``ALDevice/HRTFMode/on``
    /// or ``ALDevice/HRTFMode/off``: whether HRTF is in use.
    public var hrtf: ALDevice.HRTFMode?
    /// Which HRTF set to use, as an index into ``ALDevice/hrtfNames()`` (`ALC_HRTF_ID_SOFT`).
    /// OpenAL Soft 1.19.1 quietly uses its first set at the mixing rate instead when this one is
    /// recorded at another rate.
    public var hrtfID: Int?

    /// Creates a set of attributes.
    public init(frequency: Int? = nil, refresh: Int? = nil, monoSources: Int? = nil, stereoSources: Int? = nil,
                renderFormat: ALRenderFormat? = nil, maxAuxiliarySends: Int? = nil,
                hrtf: ALDevice.HRTFMode? = nil, hrtfID: Int? = nil) {
        self.frequency = frequency
        self.refresh = refresh
        self.monoSources = monoSources
        self.stereoSources = stereoSources
        self.renderFormat = renderFormat
        self.maxAuxiliarySends = maxAuxiliarySends
        self.hrtf = hrtf
        self.hrtfID = hrtfID
    }

    /// The zero-terminated key/value list `alcCreateContext` takes.
    var alcList: [Int32] {
        var list: [Int32] = []
        func add(_ key: Int32, _ value: Int?) {
            if let value { list += [key, Int32(value)] }
        }
        add(ALC_FREQUENCY, renderFormat?.sampleRate ?? frequency)
        add(ALC_REFRESH, refresh)
        add(ALC_MONO_SOURCES, monoSources)
        add(ALC_STEREO_SOURCES, stereoSources)
        add(ALC_MAX_AUXILIARY_SENDS, maxAuxiliarySends)
        if let hrtf { list += [ALC_HRTF_SOFT, hrtf.alcValue] }
        add(ALC_HRTF_ID_SOFT, hrtfID)
        if let renderFormat {
            list += [ALC_FORMAT_CHANNELS_SOFT, renderFormat.channels.alcValue,
                     ALC_FORMAT_TYPE_SOFT, renderFormat.sampleType.alcValue]
        }
        return list + [0]
    }

    /// Reads the attributes back from the key/value list `ALC_ALL_ATTRIBUTES` returns.
    init(alcList list: [Int32]) {
        var pairs = list[...]
        while pairs.count >= 2, let key = pairs.first, key != 0 {
            let value = Int(pairs[pairs.startIndex + 1])
            switch key {
            case ALC_FREQUENCY: frequency = value
            case ALC_REFRESH: refresh = value
            case ALC_MONO_SOURCES: monoSources = value
            case ALC_STEREO_SOURCES: stereoSources = value
            case ALC_MAX_AUXILIARY_SENDS: maxAuxiliarySends = value
            case ALC_HRTF_SOFT: hrtf = value == Int(ALC_TRUE) ? .on : .off
            default: break
            }
            pairs = pairs.dropFirst(2)
        }
    }
}
