// SPDX-License-Identifier: Zlib
/// What the user asked for on the command line: `make-assets [--out DIR]`.
struct CommandLineOptions: Equatable {
    static let usage = "usage: make-assets [--out DIR]   (writes DIR/sfx/*.ogg, DIR/music/theme.ogg and DIR/ambience/wind.ogg; DIR defaults to assets)"

    /// The folder to write into.
    var outputDirectory = "assets"
    /// Whether `--help` was given.
    var wantsHelp = false

    /// Reads the arguments that follow the program's name.
    ///
    /// - Throws: ``MakeAssetsError/badArguments(_:)`` for an unknown option or a missing value.
    init(arguments: [String]) throws(MakeAssetsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--out", "-o":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw .badArguments("\(argument) needs a directory")
                }
                outputDirectory = value
            case "--help", "-h":
                wantsHelp = true
            default:
                if argument.hasPrefix("--out=") {
                    let value = String(argument.dropFirst("--out=".count))
                    guard !value.isEmpty else { throw .badArguments("--out= needs a directory") }
                    outputDirectory = value
                } else {
                    throw .badArguments("unknown argument '\(argument)'")
                }
            }
        }
    }
}
