#if canImport(Glibc)
import Glibc
#endif

/// The terminal in raw mode: keys arrive one by one without echo, and the original settings come
/// back on exit, on `q`, and after Ctrl-C or a termination signal.
enum Terminal {
    /// The settings to restore. On the heap, not in a Swift global: Swift 6.3 emits a `termios` global
    /// 57 bytes long (its tail padding dropped), and `tcgetattr` writes all 60, which AddressSanitizer
    /// reports as a global-buffer-overflow. An allocation has `MemoryLayout<termios>.size`, 60.
    nonisolated(unsafe) private static let original: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) private static var isRaw = false

    /// Whether standard input is a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    static func enterRawMode() {
        guard isInteractive, tcgetattr(STDIN_FILENO, original) == 0 else { return }
        var raw = original.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        // A parent may have started us with these signals blocked; the terminal must come back anyway.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                Terminal.restore()
                _exit(128 + received)
            }
        }
        write("\u{1B}[?25l\u{1B}[2J")  // hide the cursor, clear
    }

    static func restore() {
        guard isRaw else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, original)
        isRaw = false
        write("\u{1B}[?25h\u{1B}[0m\n")
    }

    /// The next key pressed within `timeout` milliseconds, or nil.
    static func readKey(timeout: Int32) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1 ? byte : 0
    }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
