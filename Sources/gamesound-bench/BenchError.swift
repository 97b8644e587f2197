// SPDX-License-Identifier: Zlib
/// Why a benchmark case could not run.
///
/// The bench binary prints the message and exits with status 1; a benchmark that fails to set
/// up is a broken build or machine, never a slow one, so there are no thresholds here.
enum BenchError: Error, CustomStringConvertible {
    /// A step failed; the text says which and why.
    case failed(String)

    var description: String {
        switch self {
        case .failed(let message): message
        }
    }
}
