// SPDX-License-Identifier: Zlib
import AudioSession
#if canImport(Glibc)
import Glibc
#endif

/// The threads of this process as `/proc/self/task` lists them: how the runtime finds OpenAL Soft's
/// mixer thread, which OpenAL Soft does not hand out.
enum ThreadRoster {
    /// The name OpenAL Soft 1.19.1 gives each backend's mixer thread (`MIXER_THREAD_NAME` in
    /// `OpenAL32/Include/alMain.h`, set by `althrd_setname` as the thread starts).
    static let mixerThreadName = "alsoft-mixer"

    /// The name the calling thread wears while it asks OpenAL Soft to start a mixer thread
    /// (``startingThreads(_:)``): a new thread takes its creator's name, and OpenAL Soft 1.19.1
    /// as Debian and Ubuntu build it never renames its mixer (its build does not find
    /// `pthread_setname_np`), so this name is what tells the mixer thread from every other thread.
    static let starterName = "gs-alc-start"

    /// Runs `body` (an OpenAL call that starts a mixer thread: creating a context, resuming a
    /// device) with the calling thread named ``starterName``, and gives it its name back after.
    static func startingThreads<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let previous = name(of: current)
        rename(to: starterName)
        defer { if let previous { rename(to: previous) } }
        return try body()
    }

    /// Whether `name` is what OpenAL Soft's mixer thread can be called: its own name where the
    /// build names it, else the name it took from ``startingThreads(_:)``.
    static func isMixerName(_ name: String?) -> Bool {
        name == mixerThreadName || name == starterName
    }

    /// Names the calling thread (its `comm`, cut to 15 bytes by the kernel).
    private static func rename(to name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = name.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The ids of every thread of the process now.
    static func threadIDs() -> Set<Int32> {
        var ids: Set<Int32> = []
        guard let folder = opendir("/proc/self/task") else { return ids }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            // strlen, not a scan of the whole 256-byte field: past its NUL the field is not
            // initialised, and an optimised scan of it reads those bytes (valgrind: leaks-c).
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if let id = Int32(name) { ids.insert(id) }
        }
        return ids
    }

    /// A thread's name (`comm`, at most 15 bytes), nil once it has ended.
    static func name(of thread: Int32) -> String? {
        taskFile(thread, "comm")?.trimmedOfWhiteSpace
    }

    /// A small file of `/proc/self/task/<thread>/`, nil once the thread has ended.
    private static func taskFile(_ thread: Int32, _ name: String) -> String? {
        let descriptor = open("/proc/self/task/\(thread)/\(name)", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The threads OpenAL Soft started that are not in `before` (``isMixerName(_:)``): its mixer
    /// thread, and after a context was created its event thread (`EventThread` in `Alc/ALc.c`,
    /// never named), which ``busiest(of:over:)`` tells apart.
    static func newOpenALThreads(since before: Set<Int32>) -> [Int32] {
        threadIDs().subtracting(before).filter { isMixerName(name(of: $0)) }.sorted()
    }

    /// Of `threads`, the one woken most often (`/proc/self/task/<tid>/schedstat`'s count of times
    /// it ran), watched every 20 ms until one leads the others by 3 wakes or `seconds` pass: the
    /// mixer, which wakes every period once the server takes audio, rather than OpenAL Soft's event
    /// thread, which sleeps until an event comes. With no clear lead, the first (lowest id):
    /// `alcCreateContext` starts the mixer before the event thread.
    static func busiest(of threads: [Int32], over seconds: Double) -> Int32? {
        guard threads.count > 1 else { return threads.first }
        let start = threads.map(runCount)
        var waited = 0.0
        while waited < seconds {
            usleep(20_000)
            waited += 0.02
            let woken = zip(start, threads.map(runCount)).map { first, now in (now ?? 0) - (first ?? 0) }
            let ranked = woken.indices.sorted { woken[$0] > woken[$1] }
            if woken[ranked[0]] >= woken[ranked[1]] + 3 { return threads[ranked[0]] }
        }
        return threads.first
    }

    /// How many times the thread has run on a CPU (the third field of its schedstat); nil once it has ended.
    private static func runCount(_ thread: Int32) -> Int? {
        guard let fields = taskFile(thread, "schedstat")?.split(separator: " "), fields.count >= 3 else { return nil }
        return Int(String(fields[2]).trimmedOfWhiteSpace)
    }

    /// The calling thread's id (`gettid()`, which Swift's Glibc lacks): `/proc/thread-self` links to
    /// `<pid>/task/<tid>`. 0 when /proc is not mounted.
    static var current: Int32 {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return 0 }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { Int32($0) } ?? 0
    }
}
