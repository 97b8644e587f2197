// SPDX-License-Identifier: Zlib
import COpenAL

/// The one place where GameSound calls OpenAL.
///
/// Every `al*` and `alc*` function the project uses is called here and nowhere else. Each
/// `al*` call first checks that a context is current (OpenAL would fail with
/// `AL_INVALID_OPERATION` otherwise, so the call is not made at all) and afterwards turns
/// `alGetError` into an ``OpenALError``. Each `alc*` call that can fail reads `alcGetError`
/// for its device. Keeping them together makes the calls easy to audit and to trace.
enum ALCall {
    // MARK: - Checking

    /// A failure a test armed for `operation` on this thread (OpenALProcess+FaultInjection): the call
    /// is refused, not made. An armed stall sleeps here, then lets the call be made.
    @inline(__always)
    static func failIfArmed(_ operation: StaticString) throws(OpenALError) {
        if OpenALProcess.failuresArmed.load(ordering: .relaxed), let code = OpenALProcess.takeInjectedFailure(operation) {
            throw OpenALError.raised(operation: "\(operation)", code: code)
        }
    }

    /// Runs an `al*` call with a current context and turns `alGetError` into a typed error.
    @inline(__always)
    static func al<Result>(_ operation: StaticString, _ call: () -> Result) throws(OpenALError) -> Result {
        OpenALProcess.noteCall()
        guard alcGetCurrentContext() != nil else {
            throw OpenALError.raised(operation: "\(operation)", code: .noCurrentContext)
        }
        try failIfArmed(operation)
        let result = call()
        let error = alGetError()
        guard error == AL_NO_ERROR else {
            throw OpenALError.raised(operation: "\(operation)", code: .init(alError: error))
        }
        return result
    }

    /// Runs an `alc*` call on `device` and turns `alcGetError` into a typed error.
    @inline(__always)
    static func alc<Result>(_ operation: StaticString, device: OpaquePointer?,
                            _ call: () -> Result) throws(OpenALError) -> Result {
        OpenALProcess.noteCall()
        let result = call()
        let error = alcGetError(device)
        guard error == ALC_NO_ERROR else {
            throw OpenALError.raised(operation: "\(operation)", code: .init(alcError: error))
        }
        return result
    }

    // MARK: - Extension lookup

    /// An `alc*` extension function, looked up against no device (see ``Extensions``).
    static func deviceProcAddress(_ name: String) -> UnsafeMutableRawPointer? {
        alcGetProcAddress(nil, name)
    }

    /// An `al*` extension function (see ``Extensions``).
    static func contextProcAddress(_ name: String) -> UnsafeMutableRawPointer? {
        alGetProcAddress(name)
    }

    // MARK: - Devices

    static func openDevice(named name: String?) -> OpaquePointer? {
        OpenALProcess.markStarted()
        return alcOpenDevice(name)
    }

    static func loopbackOpenDevice() throws(OpenALError) -> OpaquePointer {
        let open = try Extensions.shared.function(.loopbackOpenDevice)
        guard let device = gs_alcLoopbackOpenDeviceSOFT(open, nil) else {
            throw OpenALError.raised(operation: "alcLoopbackOpenDeviceSOFT", code: .deviceUnavailable(name: "loopback"))
        }
        return device
    }

    static func closeDevice(_ device: OpaquePointer) -> Bool {
        alcCloseDevice(device) == ALC_TRUE
    }

    static func isRenderFormatSupported(_ device: OpaquePointer, frequency: Int32, channels: Int32,
                                        type: Int32) throws(OpenALError) -> Bool {
        let supported = try Extensions.shared.function(.isRenderFormatSupported)
        return try alc("alcIsRenderFormatSupportedSOFT", device: device) {
            gs_alcIsRenderFormatSupportedSOFT(supported, device, frequency, channels, type) == ALC_TRUE
        }
    }

    /// `render` is `alcRenderSamplesSOFT`'s address, which the loopback device looked up when it opened.
    static func renderSamples(_ render: UnsafeMutableRawPointer, _ device: OpaquePointer,
                              into buffer: UnsafeMutableRawPointer, frames: Int32) {
        // No alcGetError afterwards: its only errors (an unknown or non-loopback device, a null
        // buffer, a negative count) are ruled out by ALDevice.render before the call, and asking
        // took OpenAL Soft's device-list lock again at every block.
        gs_alcRenderSamplesSOFT(render, device, buffer, frames)
    }

    static func pauseDevice(_ device: OpaquePointer) throws(OpenALError) {
        let pause = try Extensions.shared.function(.devicePause)
        try failIfArmed("alcDevicePauseSOFT")  // (a server that does not answer the cork)
        try alc("alcDevicePauseSOFT", device: device) { gs_alcDevicePauseSOFT(pause, device) }
    }

    static func resumeDevice(_ device: OpaquePointer) throws(OpenALError) {
        let resume = try Extensions.shared.function(.deviceResume)
        try failIfArmed("alcDeviceResumeSOFT")
        try alc("alcDeviceResumeSOFT", device: device) { gs_alcDeviceResumeSOFT(resume, device) }
    }

    static func isExtensionPresent(_ device: OpaquePointer?, _ name: String) -> Bool {
        OpenALProcess.markStarted()
        return alcIsExtensionPresent(device, name) == ALC_TRUE
    }

    static func integers(_ device: OpaquePointer, _ parameter: Int32, count: Int) throws(OpenALError) -> [Int32] {
        var values = [Int32](repeating: 0, count: max(count, 1))
        try alc("alcGetIntegerv", device: device) {
            values.withUnsafeMutableBufferPointer { alcGetIntegerv(device, parameter, Int32(count), $0.baseAddress) }
        }
        return Array(values.prefix(count))
    }

    /// A string list (`NUL`-separated, ending with two `NUL`s) such as the device specifiers.
    static func stringList(_ device: OpaquePointer?, _ parameter: Int32) -> [String] {
        OpenALProcess.markStarted()
        guard var cursor = alcGetString(device, parameter) else { return [] }
        var names: [String] = []
        while cursor.pointee != 0 {
            let name = String(cString: cursor)
            names.append(name)
            cursor = cursor.advanced(by: name.utf8.count + 1)
        }
        return names
    }

    static func string(_ device: OpaquePointer?, _ parameter: Int32) -> String? {
        OpenALProcess.markStarted()
        return alcGetString(device, parameter).map { String(cString: $0) }
    }

    /// `alcGetString` on an open device, with `alcGetError` checked.
    static func checkedString(_ device: OpaquePointer, _ parameter: Int32) throws(OpenALError) -> String? {
        try alc("alcGetString", device: device) { alcGetString(device, parameter).map { String(cString: $0) } }
    }

    // MARK: - HRTF (ALC_SOFT_HRTF)

    /// One entry of an indexed string list, such as the HRTF set names.
    static func indexedString(_ device: OpaquePointer, _ parameter: Int32, index: Int) throws(OpenALError) -> String? {
        let getString = try Extensions.shared.function(.getStringi)
        return try alc("alcGetStringiSOFT", device: device) {
            gs_alcGetStringiSOFT(getString, device, parameter, ALCsizei(index)).map { String(cString: $0) }
        }
    }

    /// The device's clock in nanoseconds: the time of the samples its mixer has produced.
    static func deviceClock(_ device: OpaquePointer) throws(OpenALError) -> Int64 {
        let get = try Extensions.shared.function(.getInteger64v)
        var value: ALCint64SOFT = 0
        try alc("alcGetInteger64vSOFT", device: device) { gs_alcGetInteger64vSOFT(get, device, ALC_DEVICE_CLOCK_SOFT, 1, &value) }
        return Int64(value)
    }

    /// Reopens the device's mixer with new attributes, keeping its contexts, sources and buffers.
    static func resetDevice(_ device: OpaquePointer, attributes: [Int32]) throws(OpenALError) {
        let reset = try Extensions.shared.function(.resetDevice)
        let succeeded = try alc("alcResetDeviceSOFT", device: device) {
            attributes.withUnsafeBufferPointer { gs_alcResetDeviceSOFT(reset, device, $0.baseAddress) }
        }
        guard succeeded == ALC_TRUE else {
            throw OpenALError.raised(operation: "alcResetDeviceSOFT", code: .invalidDevice)
        }
    }

    // MARK: - Contexts

    static func createContext(_ device: OpaquePointer, attributes: [Int32]) throws(OpenALError) -> OpaquePointer {
        // A failure a test armed: a server that takes the device but does not get its stream ready
        // (OpenAL Soft's pulse backend then fails here with ALC_INVALID_DEVICE).
        try failIfArmed("alcCreateContext")
        let context = try alc("alcCreateContext", device: device) {
            attributes.withUnsafeBufferPointer { alcCreateContext(device, $0.baseAddress) }
        }
        guard let context else { throw OpenALError.raised(operation: "alcCreateContext", code: .invalidDevice) }
        return context
    }

    static func destroyContext(_ context: OpaquePointer) {
        alcDestroyContext(context)
    }

    static func makeContextCurrent(_ context: OpaquePointer?) throws(OpenALError) {
        OpenALProcess.countProcessWideSwitch()
        guard alcMakeContextCurrent(context) == ALC_TRUE else {
            throw OpenALError.raised(operation: "alcMakeContextCurrent", code: .init(alcError: alcGetError(nil)))
        }
    }

    static var currentContext: OpaquePointer? { alcGetCurrentContext() }

    /// Makes `context` (nil: none) current on the calling thread only (`ALC_EXT_thread_local_context`);
    /// on that thread it wins over the process-wide current context.
    static func setThreadContext(_ context: OpaquePointer?) throws(OpenALError) {
        let set = try Extensions.shared.function(.setThreadContext)
        OpenALProcess.noteCall()
        guard gs_alcSetThreadContext(set, context) == ALC_TRUE else {
            throw OpenALError.raised(operation: "alcSetThreadContext", code: .init(alcError: alcGetError(nil)))
        }
    }

    /// The context current on the calling thread only, nil when none is (or without the extension).
    static var threadContext: OpaquePointer? {
        guard let get = try? Extensions.shared.function(.getThreadContext) else { return nil }
        return gs_alcGetThreadContext(get)
    }

    // MARK: - Buffers

    static func generateBuffer() throws(OpenALError) -> ALuint {
        var name: ALuint = 0
        try al("alGenBuffers") { alGenBuffers(1, &name) }
        return name
    }

    static func deleteBuffer(_ name: ALuint) throws(OpenALError) {
        var name = name
        try al("alDeleteBuffers") { alDeleteBuffers(1, &name) }
    }

    static func bufferData(_ name: ALuint, format: Int32, data: UnsafeRawBufferPointer,
                           frequency: Int32) throws(OpenALError) {
        try al("alBufferData") { alBufferData(name, format, data.baseAddress, ALsizei(data.count), frequency) }
    }

    static func bufferInteger(_ name: ALuint, _ parameter: Int32) throws(OpenALError) -> Int32 {
        var value: ALint = 0
        try al("alGetBufferi") { alGetBufferi(name, parameter, &value) }
        return value
    }

    // MARK: - Sources

    static func generateSource() throws(OpenALError) -> ALuint {
        var name: ALuint = 0
        try al("alGenSources") { alGenSources(1, &name) }
        return name
    }

    static func deleteSource(_ name: ALuint) throws(OpenALError) {
        var name = name
        try al("alDeleteSources") { alDeleteSources(1, &name) }
    }

    static func play(_ source: ALuint) throws(OpenALError) { try al("alSourcePlay") { alSourcePlay(source) } }
    static func pause(_ source: ALuint) throws(OpenALError) { try al("alSourcePause") { alSourcePause(source) } }
    static func stop(_ source: ALuint) throws(OpenALError) { try al("alSourceStop") { alSourceStop(source) } }
    static func rewind(_ source: ALuint) throws(OpenALError) { try al("alSourceRewind") { alSourceRewind(source) } }

    static func setSource(_ source: ALuint, _ parameter: Int32, float value: Float) throws(OpenALError) {
        try al("alSourcef") { alSourcef(source, parameter, value) }
    }

    static func setSource(_ source: ALuint, _ parameter: Int32, integer value: Int32) throws(OpenALError) {
        try al("alSourcei") { alSourcei(source, parameter, value) }
    }

    static func setSource(_ source: ALuint, _ parameter: Int32, double value: Double) throws(OpenALError) {
        let set = try Extensions.shared.function(.sourced)
        try al("alSourcedSOFT") { gs_alSourcedSOFT(set, source, parameter, value) }
    }

    static func setSource(_ source: ALuint, _ parameter: Int32, x: Float, y: Float, z: Float) throws(OpenALError) {
        try al("alSource3f") { alSource3f(source, parameter, x, y, z) }
    }

    static func sourceFloat(_ source: ALuint, _ parameter: Int32) throws(OpenALError) -> Float {
        var value: ALfloat = 0
        try al("alGetSourcef") { alGetSourcef(source, parameter, &value) }
        return value
    }

    static func sourceInteger(_ source: ALuint, _ parameter: Int32) throws(OpenALError) -> Int32 {
        var value: ALint = 0
        try al("alGetSourcei") { alGetSourcei(source, parameter, &value) }
        return value
    }

    static func sourceVector(_ source: ALuint, _ parameter: Int32) throws(OpenALError) -> (Float, Float, Float) {
        var x: ALfloat = 0, y: ALfloat = 0, z: ALfloat = 0
        try al("alGetSource3f") { alGetSource3f(source, parameter, &x, &y, &z) }
        return (x, y, z)
    }

    static func setSource(_ source: ALuint, _ parameter: Int32, _ first: Int32, _ second: Int32,
                          _ third: Int32) throws(OpenALError) {
        try al("alSource3i") { alSource3i(source, parameter, first, second, third) }
    }

    static func queueBuffers(_ source: ALuint, _ buffers: [ALuint]) throws(OpenALError) {
        try al("alSourceQueueBuffers") {
            buffers.withUnsafeBufferPointer { alSourceQueueBuffers(source, ALsizei($0.count), $0.baseAddress) }
        }
    }

    static func unqueueBuffers(_ source: ALuint, count: Int) throws(OpenALError) -> [ALuint] {
        var names = [ALuint](repeating: 0, count: count)
        try al("alSourceUnqueueBuffers") {
            names.withUnsafeMutableBufferPointer { alSourceUnqueueBuffers(source, ALsizei(count), $0.baseAddress) }
        }
        return names
    }

    // MARK: - Listener and global state

    static func setListener(_ parameter: Int32, float value: Float) throws(OpenALError) {
        try al("alListenerf") { alListenerf(parameter, value) }
    }

    static func setListener(_ parameter: Int32, x: Float, y: Float, z: Float) throws(OpenALError) {
        try al("alListener3f") { alListener3f(parameter, x, y, z) }
    }

    static func setListener(_ parameter: Int32, floats values: [Float]) throws(OpenALError) {
        try al("alListenerfv") { values.withUnsafeBufferPointer { alListenerfv(parameter, $0.baseAddress) } }
    }

    static func listenerFloat(_ parameter: Int32) throws(OpenALError) -> Float {
        var value: ALfloat = 0
        try al("alGetListenerf") { alGetListenerf(parameter, &value) }
        return value
    }

    static func listenerVector(_ parameter: Int32) throws(OpenALError) -> (Float, Float, Float) {
        var x: ALfloat = 0, y: ALfloat = 0, z: ALfloat = 0
        try al("alGetListener3f") { alGetListener3f(parameter, &x, &y, &z) }
        return (x, y, z)
    }

    static func listenerFloats(_ parameter: Int32, count: Int) throws(OpenALError) -> [Float] {
        var values = [Float](repeating: 0, count: count)
        try al("alGetListenerfv") { values.withUnsafeMutableBufferPointer { alGetListenerfv(parameter, $0.baseAddress) } }
        return values
    }

    static func setDistanceModel(_ model: Int32) throws(OpenALError) {
        try al("alDistanceModel") { alDistanceModel(model) }
    }

    static func setDopplerFactor(_ factor: Float) throws(OpenALError) {
        try al("alDopplerFactor") { alDopplerFactor(factor) }
    }

    static func setSpeedOfSound(_ speed: Float) throws(OpenALError) {
        try al("alSpeedOfSound") { alSpeedOfSound(speed) }
    }

    static func globalFloat(_ parameter: Int32) throws(OpenALError) -> Float {
        try al("alGetFloat") { alGetFloat(parameter) }
    }

    static func globalInteger(_ parameter: Int32) throws(OpenALError) -> Int32 {
        try al("alGetInteger") { alGetInteger(parameter) }
    }

    // MARK: - Effects (ALC_EXT_EFX)

    static func generateEffect() throws(OpenALError) -> ALuint {
        let generate = try Extensions.shared.function(.genEffects)
        var name: ALuint = 0
        try al("alGenEffects") { gs_alGenEffects(generate, 1, &name) }
        return name
    }

    static func deleteEffect(_ name: ALuint) throws(OpenALError) {
        let delete = try Extensions.shared.function(.deleteEffects)
        var name = name
        try al("alDeleteEffects") { gs_alDeleteEffects(delete, 1, &name) }
    }

    static func setEffect(_ effect: ALuint, _ parameter: Int32, integer value: Int32) throws(OpenALError) {
        let set = try Extensions.shared.function(.effecti)
        try al("alEffecti") { gs_alEffecti(set, effect, parameter, value) }
    }

    static func setEffect(_ effect: ALuint, _ parameter: Int32, float value: Float) throws(OpenALError) {
        let set = try Extensions.shared.function(.effectf)
        try al("alEffectf") { gs_alEffectf(set, effect, parameter, value) }
    }

    static func setEffect(_ effect: ALuint, _ parameter: Int32, floats values: [Float]) throws(OpenALError) {
        let set = try Extensions.shared.function(.effectfv)
        try al("alEffectfv") { values.withUnsafeBufferPointer { gs_alEffectfv(set, effect, parameter, $0.baseAddress) } }
    }

    /// Sets the effect's type if OpenAL supports it. An unsupported type is refused with
    /// `AL_INVALID_VALUE` (the EFX guide's way to probe for one): that answer is false, read and
    /// cleared here, and neither raised nor counted. Any other error is thrown as usual.
    static func trySetEffectType(_ effect: ALuint, _ type: Int32) throws(OpenALError) -> Bool {
        let set = try Extensions.shared.function(.effecti)
        guard alcGetCurrentContext() != nil else {
            throw OpenALError.raised(operation: "alEffecti", code: .noCurrentContext)
        }
        gs_alEffecti(set, effect, AL_EFFECT_TYPE, type)
        let error = alGetError()
        switch error {
        case AL_NO_ERROR: return true
        case AL_INVALID_VALUE: return false
        default: throw OpenALError.raised(operation: "alEffecti", code: .init(alError: error))
        }
    }

    static func generateAuxiliarySlot() throws(OpenALError) -> ALuint {
        let generate = try Extensions.shared.function(.genAuxiliaryEffectSlots)
        var name: ALuint = 0
        try al("alGenAuxiliaryEffectSlots") { gs_alGenAuxiliaryEffectSlots(generate, 1, &name) }
        return name
    }

    static func deleteAuxiliarySlot(_ name: ALuint) throws(OpenALError) {
        let delete = try Extensions.shared.function(.deleteAuxiliaryEffectSlots)
        var name = name
        try al("alDeleteAuxiliaryEffectSlots") { gs_alDeleteAuxiliaryEffectSlots(delete, 1, &name) }
    }

    static func setAuxiliarySlot(_ slot: ALuint, _ parameter: Int32, integer value: Int32) throws(OpenALError) {
        let set = try Extensions.shared.function(.auxiliaryEffectSloti)
        try al("alAuxiliaryEffectSloti") { gs_alAuxiliaryEffectSloti(set, slot, parameter, value) }
    }

    static func setAuxiliarySlot(_ slot: ALuint, _ parameter: Int32, float value: Float) throws(OpenALError) {
        let set = try Extensions.shared.function(.auxiliaryEffectSlotf)
        try al("alAuxiliaryEffectSlotf") { gs_alAuxiliaryEffectSlotf(set, slot, parameter, value) }
    }

    static func generateFilter() throws(OpenALError) -> ALuint {
        let generate = try Extensions.shared.function(.genFilters)
        var name: ALuint = 0
        try al("alGenFilters") { gs_alGenFilters(generate, 1, &name) }
        return name
    }

    static func deleteFilter(_ name: ALuint) throws(OpenALError) {
        let delete = try Extensions.shared.function(.deleteFilters)
        var name = name
        try al("alDeleteFilters") { gs_alDeleteFilters(delete, 1, &name) }
    }

    static func setFilter(_ filter: ALuint, _ parameter: Int32, integer value: Int32) throws(OpenALError) {
        let set = try Extensions.shared.function(.filteri)
        try al("alFilteri") { gs_alFilteri(set, filter, parameter, value) }
    }

    static func setFilter(_ filter: ALuint, _ parameter: Int32, float value: Float) throws(OpenALError) {
        let set = try Extensions.shared.function(.filterf)
        try al("alFilterf") { gs_alFilterf(set, filter, parameter, value) }
    }
}
