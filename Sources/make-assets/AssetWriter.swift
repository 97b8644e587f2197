// SPDX-License-Identifier: Zlib
import AudioEncoding
import AudioFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes rendered audio as Ogg Vorbis and writes it under the output folder.
struct AssetWriter {
    /// The folder that receives `sfx/`, `music/` and `ambience/`.
    var root: String

    /// Encodes `samples` and writes them to `root/folder/name.ogg`.
    ///
    /// Lossy coding moves peaks, most for noisy attacks, so when `decodedPeak` is given the file
    /// is decoded, the level corrected by the ratio, and encoded again: the file as a game plays
    /// it then peaks close to that value.
    ///
    /// - Returns: The path written and its size in bytes.
    func write(_ samples: [Float], channels: Int, sampleRate: Int, quality: Float, decodedPeak: Float? = nil,
               serialNumber: Int32, folder: String, name: String) throws(MakeAssetsError) -> (path: String, bytes: Int) {
        let format = PCMFormat(sampleRate: sampleRate, channelCount: channels)
        var bytes = try Self.encode(samples, format: format, quality: quality, serialNumber: serialNumber, name: name)
        if let target = decodedPeak {
            let decoded: PCMBuffer<Float>
            do {
                decoded = try AudioDecoder.decode(bytes: bytes, label: name)
            } catch {
                throw .cannotDecodeOwnOutput(asset: name, error)
            }
            let peak = decoded.samples.reduce(Float(0)) { max($0, abs($1)) }
            if peak > 0 {
                let gain = target / peak
                bytes = try Self.encode(samples.map { $0 * gain }, format: format, quality: quality,
                                        serialNumber: serialNumber, name: name)
            }
        }
        let directory = try makeDirectories(folder)
        let path = "\(directory)/\(name).ogg"
        try Self.writeFile(bytes, to: path)
        return (path, bytes.count)
    }

    private static func encode(_ samples: [Float], format: PCMFormat, quality: Float, serialNumber: Int32,
                               name: String) throws(MakeAssetsError) -> [UInt8] {
        do {
            return try VorbisEncoder.encode(PCMBuffer(format: format, samples: samples), quality: quality,
                                            serialNumber: serialNumber)
        } catch {
            throw .encodingFailed(asset: name, error)
        }
    }

    /// Creates `root/folder` and every missing folder above it.
    private func makeDirectories(_ folder: String) throws(MakeAssetsError) -> String {
        let full = root.hasSuffix("/") ? root + folder : root + "/" + folder
        var current = full.hasPrefix("/") ? "" : "."
        for component in full.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw .cannotCreateDirectory(path: current, errno: errno)
            }
        }
        return full
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) throws(MakeAssetsError) {
        guard let file = fopen(path, "wb") else { throw .cannotWrite(path: path, errno: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let failure = written == bytes.count ? 0 : errno
        if fclose(file) != 0 || failure != 0 {
            throw .cannotWrite(path: path, errno: failure != 0 ? failure : errno)
        }
    }
}
