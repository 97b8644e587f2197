// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// Listing a folder with the C library, for the runtime's folder of effects and the scenario
/// runner's assets (so that neither links Foundation for it).
package enum Folder {
    /// Why a folder could not be listed: the `errno` that `opendir` gave.
    package struct ListingError: Error {
        package let code: Int32
    }

    /// The names in a folder (without `.` and `..`), in the order the file system gives them.
    package static func names(in folder: String) throws(ListingError) -> [String] {
        guard let directory = opendir(folder) else { throw ListingError(code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Up to its NUL only, found by strlen: the bytes of d_name after it are not written by
            // readdir, and a scan of the whole field (vectorised) reads them (valgrind, make leaks-c).
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
