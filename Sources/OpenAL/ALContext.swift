// SPDX-License-Identifier: Zlib
import COpenAL

/// An OpenAL context: the world in which sources play, mixed into one device.
///
/// OpenAL has one *current* context per process; every source and buffer call acts on it. The
/// wrappers refuse (with ``OpenALError/Code/noCurrentContext`` or ``OpenALError/Code/wrongContext``)
/// to touch an object whose context is not current, instead of letting OpenAL fail or act on
/// another context's objects. Not thread-safe: keep it with one owner.
public final class ALContext {
    let handle: OpaquePointer
    /// The device this context mixes into.
    public let device: ALDevice
    /// The attributes this context was created with (the request, not the grant).
    public let requestedAttributes: ALContextAttributes
    // Unchecked exclusivity: read at every block (`isCurrent`), and the dynamic check cost more
    // than the read; like every OpenAL object, a context is used under one owner's lock.
    /// Whether ``destroy()`` has run.
    @exclusivity(unchecked) public private(set) var isDestroyed = false
    /// How many sources created through these wrappers are alive in this context (a leak check:
    /// it falls when a source is deleted and drops to 0 when the context is destroyed).
    public internal(set) var liveSourceCount = 0
    /// How many auxiliary effect slots (``ALAuxiliarySlot``) created through these wrappers are
    /// alive in this context (a leak check, like ``liveSourceCount``).
    public internal(set) var liveAuxiliarySlotCount = 0

    /// Creates a context on `device`.
    ///
    /// - Parameters:
    ///   - device: An open device. A loopback device needs `attributes.renderFormat`.
    ///   - attributes: What to ask for; OpenAL may grant something else (see ``grantedAttributes()``).
    /// - Throws: ``OpenALError`` when OpenAL refuses the attributes, or `unsupportedRenderFormat`
    ///   when a loopback device cannot render the requested format.
    ///
    /// The corresponding C function is `alcCreateContext`.
    public init(device: ALDevice, attributes: ALContextAttributes = .init()) throws(OpenALError) {
        try device.checkOpen("alcCreateContext")
        var attributes = attributes
        if let format = device.serverRenderFormat { attributes.renderFormat = format }
        if device.kind == .loopback || device.server != nil {
            guard let format = attributes.renderFormat, try device.supportsRenderFormat(format) else {
                throw OpenALError.raised(operation: "alcCreateContext", code: .unsupportedRenderFormat)
            }
        }
        let list = attributes.alcList
        let handle = try device.withMixingHeld { () throws(OpenALError) in try ALCall.createContext(device.handle, attributes: list) }
        self.handle = handle
        self.device = device
        self.requestedAttributes = attributes
        device.appliedAttributes = attributes
        if let server = device.server, let function = device.renderFunction {
            do {
                try server.startMixing(ALLoopbackRenderer(function: function, handle: device.handle))
            } catch {
                destroyHandle()
                throw OpenALError.raised(operation: "alcCreateContext", code: ALDevice.serverOutputCode(error))
            }
        }
    }

    deinit {
        // A context can be released on any thread; clearing the process-wide current context must
        // not race with the owner that holds the lock and has just made its own context current.
        if !isDestroyed { OpenALProcess.withExclusiveAccess { destroyHandle() } }
    }

    /// Whether this context is the current one.
    public var isCurrent: Bool { !isDestroyed && ALCall.currentContext == handle }

    /// Whether any context at all is current in this process.
    public static var isAnyCurrent: Bool { ALCall.currentContext != nil }

    /// Makes this context the current one, so its sources and buffers can be used.
    ///
    /// The corresponding C function is `alcMakeContextCurrent`.
    public func makeCurrent() throws(OpenALError) {
        guard !isDestroyed else { throw OpenALError.raised(operation: "alcMakeContextCurrent", code: .deleted) }
        try ALCall.makeContextCurrent(handle)
    }

    /// Makes this context current on the calling thread only, for as long as that thread keeps it
    /// (`ALC_EXT_thread_local_context`). On that thread it wins over the process-wide current
    /// context, and no other thread sees it: two owners on two threads can each use their own
    /// context at the same time, and code that makes its own context current process-wide does not
    /// disturb them.
    ///
    /// The corresponding C function is `alcSetThreadContext`.
    public func makeCurrentOnThisThread() throws(OpenALError) {
        guard !isDestroyed else { throw OpenALError.raised(operation: "alcSetThreadContext", code: .deleted) }
        try ALCall.setThreadContext(handle)
    }

    /// Leaves no context current on the calling thread only: the process-wide current context (if
    /// any) applies to it again.
    ///
    /// The corresponding C call is `alcSetThreadContext(NULL)`.
    public static func clearCurrentOnThisThread() throws(OpenALError) {
        try ALCall.setThreadContext(nil)
    }

    /// Whether some context is current on the calling thread only (``makeCurrentOnThisThread()``).
    public static var isAnyCurrentOnThisThread: Bool { ALCall.threadContext != nil }

    /// Leaves no context current. Until a context is made current again, every source and
    /// buffer call is refused without reaching OpenAL.
    ///
    /// The corresponding C call is `alcMakeContextCurrent(NULL)`.
    public static func clearCurrent() throws(OpenALError) {
        try ALCall.makeContextCurrent(nil)
    }

    /// The attributes OpenAL granted: the real mixing rate, refresh rate and source counts.
    ///
    /// The corresponding C calls are `alcGetIntegerv` with `ALC_ATTRIBUTES_SIZE` and `ALC_ALL_ATTRIBUTES`.
    /// OpenAL reports the attributes of the device's current mix, so ask while this context exists.
    public func grantedAttributes() throws(OpenALError) -> ALContextAttributes {
        guard !isDestroyed else { throw OpenALError.raised(operation: "alcGetIntegerv", code: .deleted) }
        let size = try ALCall.integers(device.handle, ALC_ATTRIBUTES_SIZE, count: 1).first ?? 0
        let list = try ALCall.integers(device.handle, ALC_ALL_ATTRIBUTES, count: Int(size))
        return ALContextAttributes(alcList: list)
    }

    /// Destroys the context and every source and auxiliary effect slot in it. If it is current, no
    /// context is current afterwards. Destroying twice does nothing.
    ///
    /// The corresponding C function is `alcDestroyContext`.
    public func destroy() {
        guard !isDestroyed else { return }
        destroyHandle()
    }

    private func destroyHandle() {
        // Current on this thread only: cleared there, leaving the process-wide one alone.
        if ALCall.threadContext == handle { try? ALCall.setThreadContext(nil) }
        if ALCall.currentContext == handle { try? ALCall.makeContextCurrent(nil) }
        device.withMixingHeld { ALCall.destroyContext(handle) }
        isDestroyed = true
        liveSourceCount = 0
        liveAuxiliarySlotCount = 0
    }

    /// Throws unless this context exists and is current: the guard every object call passes.
    func requireCurrent(_ operation: StaticString) throws(OpenALError) {
        if isDestroyed { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        guard let current = ALCall.currentContext else {
            throw OpenALError.raised(operation: "\(operation)", code: .noCurrentContext)
        }
        guard current == handle else { throw OpenALError.raised(operation: "\(operation)", code: .wrongContext) }
    }

    /// ``requireCurrent(_:)``, and the device supports effects (`ALC_EXT_EFX`).
    func requireEffects(_ operation: StaticString) throws(OpenALError) {
        try requireCurrent(operation)
        guard device.supportsEffects else {
            throw OpenALError.raised(operation: "\(operation)", code: .extensionMissing("ALC_EXT_EFX"))
        }
    }
}
