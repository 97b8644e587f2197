// SPDX-License-Identifier: Zlib
// The storm machinery lives in the GameSoundStorms library (shared with `gamesound-storms`); every
// file of this test target uses its assets, so it is imported once for all of them.
@_exported import GameSoundStorms
