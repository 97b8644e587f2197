// SPDX-License-Identifier: Zlib
import Glibc

extension PulseSystem {
    /// Why the default server may exist, or nil when no server can: checked without loading libpulse.
    ///
    /// libpulse, given no address (as ``init(server:timeout:logger:)`` with `server: nil` connects,
    /// never autospawning), tries the addresses below and nothing else; this looks for each one
    /// without connecting, so a game on a machine with no sound server need not map libpulse (and
    /// the libraries it brings) only to hear that none answers. A non-nil answer is no promise that
    /// a server answers: only that one might, so the caller should connect to find out.
    ///
    /// The default server may exist when any of these holds:
    /// - `PULSE_SERVER` is set (not empty);
    /// - `DISPLAY` is set: libpulse reads a server address from the X11 root window's `PULSE_SERVER`
    ///   property, which cannot be checked without X;
    /// - a file exists at a socket libpulse tries: `$PULSE_RUNTIME_PATH/native`, else
    ///   `$XDG_RUNTIME_DIR/pulse/native` (without either, any `~/.config/pulse/*-runtime/native`),
    ///   and the system-wide `/run/pulse/native` or `/var/run/pulse/native`;
    /// - a client configuration file names a server (`default-server`) or turns on
    ///   `auto-connect-localhost` or `auto-connect-display`: `$PULSE_CLIENTCONFIG`,
    ///   `$XDG_CONFIG_HOME/pulse/client.conf` (else `~/.config/pulse/client.conf`),
    ///   `~/.pulse/client.conf`, `/etc/pulse/client.conf` and `/etc/pulse/client.conf.d/*.conf`.
    ///
    /// - Returns: the first reason found (say `the socket /run/user/1000/pulse/native`), or nil.
    public static func defaultServerCandidate() -> String? {
        if let server = environment("PULSE_SERVER") { return "PULSE_SERVER=\(server)" }
        if let display = environment("DISPLAY") { return "DISPLAY=\(display) (an X11 server may name one)" }
        for socket in candidateSockets() where exists(socket) { return "the socket \(socket)" }
        for file in clientConfigurationFiles() {
            if let setting = serverSetting(inClientConfiguration: file) { return "\(setting) in \(file)" }
        }
        return nil
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    private static var home: String? {
        environment("HOME") ?? getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
    }

    private static func candidateSockets() -> [String] {
        var sockets: [String] = []
        if let runtime = environment("PULSE_RUNTIME_PATH") {
            sockets.append("\(runtime)/native")
        } else if let runtime = environment("XDG_RUNTIME_DIR") {
            sockets.append("\(runtime)/pulse/native")
        } else if let home {
            sockets += matches("\(home)/.config/pulse/*-runtime/native") + matches("\(home)/.pulse/*-runtime/native")
        }
        return sockets + ["/run/pulse/native", "/var/run/pulse/native"]
    }

    private static func clientConfigurationFiles() -> [String] {
        var files: [String] = []
        if let file = environment("PULSE_CLIENTCONFIG") { files.append(file) }
        if let config = environment("XDG_CONFIG_HOME") {
            files.append("\(config)/pulse/client.conf")
        } else if let home {
            files.append("\(home)/.config/pulse/client.conf")
        }
        if let home { files.append("\(home)/.pulse/client.conf") }
        return files + ["/etc/pulse/client.conf"] + matches("/etc/pulse/client.conf.d/*.conf")
    }

    /// The first line of a client.conf that names a server or turns on a connection libpulse then tries.
    static func serverSetting(inClientConfiguration path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) >= 0, let line {
            let text = String(cString: line)
            // Comments start with # or ; (libpulse's configuration parser).
            let content = text.split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "#" || $0 == ";" }.first ?? ""
            let parts = content.split(separator: "=", maxSplits: 1).map(\.trimmedOfWhiteSpace)
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            let key = parts[0].lowercased(), value = parts[1]
            switch key {
            case "default-server":
                return "default-server = \(value)"
            case "auto-connect-localhost", "auto-connect-display":
                if ["1", "yes", "true", "on", "y", "t"].contains(value.lowercased()) { return "\(key) = \(value)" }
            default:
                continue
            }
        }
        return nil
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    private static func matches(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}

