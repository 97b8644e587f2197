// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// The terminal in raw mode on the alternate screen: keys arrive one by one without echo, the panel
/// is redrawn in place without touching the scrollback, and the original screen and settings come
/// back on exit, on `q`, after Ctrl-C or a termination signal, and after a crash.
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
    /// Standard error as it was before the panel took the terminal, or -1.
    nonisolated(unsafe) private static var savedStandardError: Int32 = -1

    /// Whether standard input is a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// The terminal's size in characters, or 80×24 when it cannot be read.
    static var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Takes the terminal: raw mode, the alternate screen, the cursor hidden. Anything written to
    /// standard error while the panel is up (OpenAL Soft's and ALSA's messages) goes to `logPath`,
    /// or nowhere, instead of onto the panel.
    static func enterRawMode(logPath: String?) {
        guard isInteractive, tcgetattr(STDIN_FILENO, original) == 0 else { return }
        var raw = original.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        divertStandardError(to: logPath)
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
        // A crash restores the terminal too, then dies of the same signal (so a core dump still comes).
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig) { received in
                Terminal.restore()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        // A resize interrupts the wait for a key, so the panel is redrawn at the new size at once.
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = 0
        sigaction(SIGWINCH, &resize, nil)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")  // the alternate screen, the cursor hidden, cleared
    }

    static func restore() {
        guard isRaw else { return }
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")  // attributes reset, cursor shown, the normal screen back
        tcsetattr(STDIN_FILENO, TCSAFLUSH, original)
        if savedStandardError >= 0 {
            dup2(savedStandardError, STDERR_FILENO)
            close(savedStandardError)
            savedStandardError = -1
        }
        isRaw = false
    }

    private static func divertStandardError(to logPath: String?) {
        let target = open(logPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard target >= 0 else { return }
        savedStandardError = dup(STDERR_FILENO)
        dup2(target, STDERR_FILENO)
        close(target)
    }

    /// The next key pressed within `timeout` milliseconds, or nil (also when a resize interrupts the wait).
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
