// SPDX-License-Identifier: Zlib
/// A failure reported by OpenAL, or a call the wrappers refused to make.
///
/// ``operation`` names the OpenAL function (or wrapper) that failed, so a log line says
/// exactly what went wrong: `alSourcePlay failed: invalid name (AL_INVALID_NAME, 0xa001)`.
public struct OpenALError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The OpenAL function or wrapper operation that failed, for example `"alSourcePlay"`.
    public var operation: String
    /// What went wrong.
    public var code: Code

    /// Creates an error.
    public init(operation: String, code: Code) {
        self.operation = operation
        self.code = code
    }

    /// The kinds of failure, from `alGetError`, `alcGetError`, or the wrappers' own checks.
    public enum Code: Sendable, Hashable, CustomStringConvertible {
        /// `AL_INVALID_NAME`: a buffer or source name that does not exist in the current context.
        case invalidName
        /// `AL_INVALID_ENUM`: a parameter OpenAL does not know.
        case invalidEnum
        /// `AL_INVALID_VALUE`: a value out of range.
        case invalidValue
        /// `AL_INVALID_OPERATION`: the call is not allowed now (for example deleting a buffer a source still uses).
        case invalidOperation
        /// `AL_OUT_OF_MEMORY` or `ALC_OUT_OF_MEMORY`.
        case outOfMemory
        /// `ALC_INVALID_DEVICE`.
        case invalidDevice
        /// `ALC_INVALID_CONTEXT`.
        case invalidContext
        /// Another `alGetError`/`alcGetError` value.
        case other(Int32)
        /// The wrapper refused the call because no OpenAL context is current. OpenAL would have
        /// answered `AL_INVALID_OPERATION`; the wrappers never make such a call.
        case noCurrentContext
        /// The object belongs to a context that is not the current one.
        case wrongContext
        /// The object was already deleted, or its device closed.
        case deleted
        /// No device could be opened; `name` is the requested device, or nil for the default.
        case deviceUnavailable(name: String?)
        /// A required extension (for example `ALC_SOFT_loopback`) is missing.
        case extensionMissing(String)
        /// The loopback device cannot render this sample rate, channel layout and sample type.
        case unsupportedRenderFormat

        init(alError raw: Int32) {
            switch raw {
            case AL_INVALID_NAME: self = .invalidName
            case AL_INVALID_ENUM: self = .invalidEnum
            case AL_INVALID_VALUE: self = .invalidValue
            case AL_INVALID_OPERATION: self = .invalidOperation
            case AL_OUT_OF_MEMORY: self = .outOfMemory
            default: self = .other(raw)
            }
        }

        init(alcError raw: Int32) {
            switch raw {
            case ALC_INVALID_DEVICE: self = .invalidDevice
            case ALC_INVALID_CONTEXT: self = .invalidContext
            case ALC_INVALID_ENUM: self = .invalidEnum
            case ALC_INVALID_VALUE: self = .invalidValue
            case ALC_OUT_OF_MEMORY: self = .outOfMemory
            default: self = .other(raw)
            }
        }

        public var description: String {
            switch self {
            case .invalidName: "invalid name (AL_INVALID_NAME, 0xa001)"
            case .invalidEnum: "invalid enum (0xa002)"
            case .invalidValue: "invalid value (0xa003)"
            case .invalidOperation: "invalid operation (AL_INVALID_OPERATION, 0xa004)"
            case .outOfMemory: "out of memory (0xa005)"
            case .invalidDevice: "invalid device (ALC_INVALID_DEVICE)"
            case .invalidContext: "invalid context (ALC_INVALID_CONTEXT)"
            case .other(let raw): "error 0x\(String(raw, radix: 16))"
            case .noCurrentContext: "no OpenAL context is current, so the call was not made"
            case .wrongContext: "the object belongs to a context that is not current"
            case .deleted: "the object was already deleted"
            case .deviceUnavailable(let name): "no audio device could be opened (\(name.map { "'\($0)'" } ?? "the default device"))"
            case .extensionMissing(let name): "the OpenAL extension \(name) is not available"
            case .unsupportedRenderFormat: "the loopback device cannot render this format"
            }
        }
    }

    public var description: String { "\(operation) failed: \(code)" }
}

import COpenAL
