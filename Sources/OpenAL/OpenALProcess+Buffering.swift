// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

extension OpenALProcess {
    /// How OpenAL Soft buffers its real-time output: the rate it mixes at, the frames it mixes at a
    /// time (one period, its update size) and how many periods it keeps towards the sound server.
    ///
    /// OpenAL Soft 1.19.1 takes these only from its configuration (`frequency`, `period_size`,
    /// `periods`), which it reads once per process, at its first start: see
    /// ``setOutputBuffering(_:)``. Its PulseAudio backend asks the server for a stream whose
    /// `minreq` is one period and whose `tlength` is all of them.
    public struct OutputBuffering: Sendable, Hashable {
        /// The mixing rate in hertz.
        public var sampleRate: Int
        /// Frames mixed at a time (OpenAL Soft's `period_size`, 64...8192; it rounds up to a multiple of 4).
        public var periodFrames: Int
        /// Periods kept towards the server (OpenAL Soft's `periods`, 2...16).
        public var periods: Int

        /// Creates a buffering request, clamped to what OpenAL Soft 1.19.1 accepts.
        ///
        /// - Parameters:
        ///   - sampleRate: The mixing rate in hertz (at least 8000).
        ///   - periodFrames: Frames per period, clamped to 64...8192 and rounded up to a multiple of 4.
        ///   - periods: The number of periods, clamped to 2...16.
        public init(sampleRate: Int, periodFrames: Int, periods: Int) {
            self.sampleRate = max(sampleRate, 8_000)
            self.periodFrames = (min(max(periodFrames, 64), 8_192) + 3) & ~3
            self.periods = min(max(periods, 2), 16)
        }

        /// The lines of an OpenAL Soft configuration file that ask for this buffering.
        var configurationText: String {
            "[general]\nfrequency = \(sampleRate)\nperiod_size = \(periodFrames)\nperiods = \(periods)\n"
        }
    }

    /// What ``setOutputBuffering(_:)`` did.
    public enum BufferingOutcome: Sendable, Equatable {
        /// The request takes effect when OpenAL Soft starts (the path of the configuration written for it).
        case applied(path: String)
        /// OpenAL Soft has already started in this process: its configuration is read; the devices keep theirs.
        case tooLate
        /// The player's own OpenAL Soft configuration chooses the buffering (this key in this file): it is kept.
        case playerChose(key: String, file: String)
        /// The configuration could not be written (the reason).
        case failed(String)
    }

    /// The keys of OpenAL Soft's `[general]` section that decide its output buffering.
    static let bufferingKeys: Set<String> = ["frequency", "period_size", "periods"]

    /// Asks OpenAL Soft for this output buffering, for every device the process opens later.
    ///
    /// OpenAL Soft 1.19.1 has no call for it: it reads `period_size`, `periods` and `frequency`
    /// from its configuration files when it first starts, the file named by `ALSOFT_CONF` last.
    /// This writes a private configuration file (the player's `ALSOFT_CONF` file's text first, so
    /// that it still applies, then these three settings) and points `ALSOFT_CONF` at it. The
    /// player's files are never written. A player whose own configuration sets any of the three
    /// (in `[general]`) keeps it: nothing is changed then. Call it before starting other threads:
    /// it changes the environment.
    ///
    /// - Parameter buffering: The rate, period and number of periods.
    /// - Returns: What was done; read the device's granted values back after it opens
    ///   (``ALDevice/outputTiming()``), since the server has the last word.
    @discardableResult
    public static func setOutputBuffering(_ buffering: OutputBuffering) -> BufferingOutcome {
        withExclusiveAccess {
            guard !hasStarted else { return .tooLate }
            let playerFile = getenv("ALSOFT_CONF").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            for file in playerConfigurationFiles(playerFile: playerFile) {
                if let key = bufferingKey(inConfiguration: file) { return .playerChose(key: key, file: file) }
            }
            let base = playerFile.flatMap(readText) ?? ""
            let text = (base.isEmpty || base.hasSuffix("\n") ? base : base + "\n") + buffering.configurationText
            guard let path = writePrivateConfiguration(text) else {
                return .failed("cannot write a configuration file in \(privateFolder): \(String(cString: strerror(errno)))")
            }
            setenv("ALSOFT_CONF", path, 1)
            pendingConfiguration = (path, playerFile)
            appliedBuffering = buffering
            return .applied(path: path)
        }
    }

    /// The private configuration file written for OpenAL Soft's start and the player's own
    /// `ALSOFT_CONF`, until OpenAL Soft has read it. Guarded by ``lock``.
    nonisolated(unsafe) private static var pendingConfiguration: (path: String, playerValue: String?)?

    /// The buffering asked of OpenAL Soft in this process, if ``setOutputBuffering(_:)`` applied one.
    /// Guarded by ``lock``.
    nonisolated(unsafe) private static var appliedBuffering: OutputBuffering?

    /// The buffering ``setOutputBuffering(_:)`` asked of OpenAL Soft for this process, or nil when
    /// it asked none (not yet, too late, or the player's configuration chose): every device the
    /// process opens gets it, since OpenAL Soft reads its configuration once.
    public static var outputBuffering: OutputBuffering? { withExclusiveAccess { appliedBuffering } }

    /// Called once a device has opened (OpenAL Soft has read its configuration then): removes the
    /// private file and gives `ALSOFT_CONF` back its old value, so that programs this process
    /// starts see the player's environment.
    static func configurationRead() {
        withExclusiveAccess {
            guard let pending = pendingConfiguration else { return }
            pendingConfiguration = nil
            unlink(pending.path)
            if let player = pending.playerValue { setenv("ALSOFT_CONF", player, 1) } else { unsetenv("ALSOFT_CONF") }
        }
    }

    /// The files OpenAL Soft 1.19.1 reads its configuration from on Linux, in its order
    /// (`ReadALConfig` in Alc/alconfig.c), the program's own folder left out.
    static func playerConfigurationFiles(playerFile: String?) -> [String] {
        func env(_ name: String) -> String? {
            guard let value = getenv(name), value[0] != 0 else { return nil }
            return String(cString: value)
        }
        var files = ["/etc/openal/alsoft.conf"]
        let dirs = (env("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":").map(String.init)
        files += dirs.reversed().map { "\($0)/alsoft.conf" }
        if let home = env("HOME") { files.append("\(home)/.alsoftrc") }
        if let config = env("XDG_CONFIG_HOME") { files.append("\(config)/alsoft.conf") } else if let home = env("HOME") {
            files.append("\(home)/.config/alsoft.conf")
        }
        if let playerFile { files.append(playerFile) }
        return files
    }

    /// The first buffering key the configuration file sets in its `[general]` section (or before
    /// any section), or nil (also when the file cannot be read).
    static func bufferingKey(inConfiguration path: String) -> String? {
        guard let text = readText(path) else { return nil }
        var general = true
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }
                general = name.lowercased() == "general"
                continue
            }
            guard general, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: " \t").lowercased()
            if bufferingKeys.contains(key) { return key }
        }
        return nil
    }

    private static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the private configuration goes: the runtime folder, else /tmp.
    private static var privateFolder: String {
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime[0] != 0 { return String(cString: runtime) }
        return "/tmp"
    }

    /// Writes `text` to a new file only this user can read; its path, or nil (errno set).
    private static func writePrivateConfiguration(_ text: String) -> String? {
        var template = Array("\(privateFolder)/gamesound-alsoft-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { unlink(path); return nil }
        return path
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let kept = drop { set.contains($0) }
        return String(kept.reversed().drop { set.contains($0) }.reversed())
    }
}
