// SPDX-License-Identifier: Zlib
/// Where the C decoders' read callbacks get their bytes from: a file or an array in memory.
///
/// libvorbisfile, libopusfile and libFLAC each read through callbacks of their own, all shaped
/// after C stdio (`fread`, `fseek`, `ftell`, `fclose`); the methods follow that contract, so
/// ``VorbisCallbacks``, ``OpusCallbacks`` and ``FLACCallbacks`` forward to one source type.
protocol SeekableByteSource: AnyObject {
    /// Copies up to `count` bytes into `destination` and returns how many were copied.
    ///
    /// Returns 0 at the end of the data with `errno` cleared, or 0 with `errno` set on a read error:
    /// libvorbisfile tells the two apart by `errno` alone.
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int

    /// Moves the read position like `fseek`; returns 0 on success and -1 on failure.
    func seek(offset: Int64, whence: Int32) -> Int32

    /// The current read position in bytes, or -1 if it is unknown.
    func tell() -> Int

    /// Releases what the source holds (the open file); safe to call more than once.
    func close()
}
