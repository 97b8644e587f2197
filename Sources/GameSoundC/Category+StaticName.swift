// SPDX-License-Identifier: Zlib
import AudioSession

extension Category {
    /// The category's name as a string compiled into the library, so C can keep the pointer forever.
    var staticName: StaticString {
        switch self {
        case .ambient: "ambient"
        case .soloAmbient: "soloAmbient"
        case .playback: "playback"
        case .record: "record"
        case .playAndRecord: "playAndRecord"
        case .multiRoute: "multiRoute"
        case .audioProcessing: "audioProcessing"
        }
    }
}

extension StaticString {
    /// The literal as a NUL-terminated C string (string literals always are).
    var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
