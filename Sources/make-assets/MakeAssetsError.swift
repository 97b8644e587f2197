// SPDX-License-Identifier: Zlib
import AudioEncoding
import AudioFiles

/// Why `make-assets` stopped.
enum MakeAssetsError: Error, CustomStringConvertible {
    /// The command line could not be understood.
    case badArguments(String)
    /// A folder could not be created; `errno` is the system's reason.
    case cannotCreateDirectory(path: String, errno: Int32)
    /// A file could not be written; `errno` is the system's reason.
    case cannotWrite(path: String, errno: Int32)
    /// libvorbis refused the audio of the named asset.
    case encodingFailed(asset: String, VorbisEncodeError)
    /// The freshly encoded asset could not be decoded again to check its level.
    case cannotDecodeOwnOutput(asset: String, AudioFileError)

    var description: String {
        switch self {
        case .badArguments(let message): "\(message)\n\(CommandLineOptions.usage)"
        case .cannotCreateDirectory(let path, let errno): "cannot create \(path): \(Self.reason(errno))"
        case .cannotWrite(let path, let errno): "cannot write \(path): \(Self.reason(errno))"
        case .encodingFailed(let asset, let error): "cannot encode \(asset): \(error)"
        case .cannotDecodeOwnOutput(let asset, let error): "cannot decode the encoded \(asset) again: \(error)"
        }
    }

    private static func reason(_ errno: Int32) -> String {
        String(cString: strerror(errno))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
