// SPDX-License-Identifier: Zlib
import Foundation

/// Polls `condition` every millisecond for up to `seconds`; returns whether it became true. For the
/// tests that wait for another thread (an observer called, a notification handled).
public func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while try !condition() {
        if Date() > end { return false }
        usleep(1_000)
    }
    return true
}
