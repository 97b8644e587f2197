// SPDX-License-Identifier: Zlib
/// A peer app with audio: it wants to play (`intends`) and plays unless someone holds it.
struct PeerState: Hashable {
    var intends: Bool
    var category: Category
    var options: CategoryOptions
    var holders: Set<Holder> = []

    var isPlaying: Bool {
        intends && holders.isEmpty && CategoryRules.traits(of: category).hasOutput
    }

    var isMixable: Bool {
        CategoryRules.isMixable(category, options: options)
    }

    /// Removes a holder; when nobody holds the peer any more it resumes only if told it may.
    mutating func release(_ holder: Holder, resume: Bool) {
        guard holders.remove(holder) != nil else { return }
        if holders.isEmpty && !resume {
            intends = false
        }
    }
}
