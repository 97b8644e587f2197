// SPDX-License-Identifier: Zlib
extension StringProtocol {
    /// The text without the white space at either end (FoundationEssentials, which the SDK's library
    /// links, has no `trimmingCharacters`).
    package var trimmedOfWhiteSpace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
