// SPDX-License-Identifier: Zlib
import Foundation

/// The reference encoders and decoders (`opusenc`/`opusdec` from opus-tools, `flac` from flac) that
/// make the Opus and FLAC test files and the decodes GameSound's own are compared with.
///
/// A tool that is not installed is an error, never a skipped test: the comparison is the point of
/// those tests. The Debian packages are in `.ci/apt-packages`.
public enum ReferenceCodecs {
    /// A reference tool that is missing or that failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Encodes the WAV file at `wav` as Ogg Opus at `output`, with `comments` (`NAME=value`) as Opus tags.
    public static func opusenc(_ wav: String, to output: String, comments: [String] = [], bitrate: Int = 128) throws {
        try run("opusenc", package: "opus-tools",
                ["--quiet", "--bitrate", "\(bitrate)"] + comments.flatMap { ["--comment", $0] } + [wav, output])
    }

    /// Decodes the Ogg Opus file at `opus` to a 32-bit float WAV file at `output`, at 48 kHz (no
    /// resampling, no dither: the samples libopusfile gives).
    public static func opusdec(_ opus: String, to output: String) throws {
        try run("opusdec", package: "opus-tools", ["--quiet", "--rate", "48000", "--float", opus, output])
    }

    /// Encodes the WAV file at `wav` as FLAC at `output`, with `tags` (`NAME=value`) as Vorbis comments.
    public static func flacEncode(_ wav: String, to output: String, tags: [String] = []) throws {
        try run("flac", package: "flac", ["--silent", "--force"] + tags.flatMap { ["--tag=\($0)"] } + ["-o", output, wav])
    }

    /// Decodes the FLAC file at `flac` to a WAV file at `output` of the same sample size.
    public static func flacDecode(_ flac: String, to output: String) throws {
        try run("flac", package: "flac", ["--silent", "--force", "--decode", "-o", output, flac])
    }

    /// Runs `tool` (found on `PATH`) and fails, saying what to install or what it printed, unless it exits with 0.
    private static func run(_ tool: String, package: String, _ arguments: [String]) throws {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = directories.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "\(tool) is not installed: the Opus and FLAC tests need the reference codecs "
                          + "(apt-get install \(package); it is listed in .ci/apt-packages)")
        }
        let result = try ChildProcess.run(executable, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(result.status): \(result.errorOutput)")
        }
    }
}
