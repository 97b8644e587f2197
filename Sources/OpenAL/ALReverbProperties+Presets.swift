// SPDX-License-Identifier: Zlib
/// The reverb presets of OpenAL Soft's `efx-presets.h` (Creative's EAX environments), each named
/// after its `EFX_REVERB_PRESET_…` macro, with the same values.
///
/// They describe places: pick the one closest to where the player is, and change it when they
/// walk into another space. Each preset's documentation gives its decay time, the length of its tail.
extension ALReverbProperties {
    /// *Generic* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_GENERIC`).
    public static let generic = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.8913, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.83, decayLFRatio: 1, reflectionsGain: 0.05, reflectionsDelay: 0.007,
        reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.011, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Padded cell* (default presets): a 0.17 s decay (`EFX_REVERB_PRESET_PADDEDCELL`).
    public static let paddedCell = ALReverbProperties(density: 0.1715, diffusion: 1, gain: 0.3162, gainHF: 0.001,
        gainLF: 1, decayTime: 0.17, decayHFRatio: 0.1, decayLFRatio: 1, reflectionsGain: 0.25,
        reflectionsDelay: 0.001, reflectionsPan: .zero, lateReverbGain: 1.2691, lateReverbDelay: 0.002,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Room* (default presets): a 0.4 s decay (`EFX_REVERB_PRESET_ROOM`).
    public static let room = ALReverbProperties(density: 0.4287, diffusion: 1, gain: 0.3162, gainHF: 0.5929,
        gainLF: 1, decayTime: 0.4, decayHFRatio: 0.83, decayLFRatio: 1, reflectionsGain: 0.1503,
        reflectionsDelay: 0.002, reflectionsPan: .zero, lateReverbGain: 1.0629, lateReverbDelay: 0.003,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Bathroom* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_BATHROOM`).
    public static let bathroom = ALReverbProperties(density: 0.1715, diffusion: 1, gain: 0.3162, gainHF: 0.2512,
        gainLF: 1, decayTime: 1.49, decayHFRatio: 0.54, decayLFRatio: 1, reflectionsGain: 0.6531,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 3.2734, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Living room* (default presets): a 0.5 s decay (`EFX_REVERB_PRESET_LIVINGROOM`).
    public static let livingRoom = ALReverbProperties(density: 0.9766, diffusion: 1, gain: 0.3162, gainHF: 0.001,
        gainLF: 1, decayTime: 0.5, decayHFRatio: 0.1, decayLFRatio: 1, reflectionsGain: 0.2051,
        reflectionsDelay: 0.003, reflectionsPan: .zero, lateReverbGain: 0.2805, lateReverbDelay: 0.004,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Stone room* (default presets): a 2.31 s decay (`EFX_REVERB_PRESET_STONEROOM`).
    public static let stoneRoom = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.7079,
        gainLF: 1, decayTime: 2.31, decayHFRatio: 0.64, decayLFRatio: 1, reflectionsGain: 0.4411,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.1003, lateReverbDelay: 0.017,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Auditorium* (default presets): a 4.32 s decay (`EFX_REVERB_PRESET_AUDITORIUM`).
    public static let auditorium = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.5781,
        gainLF: 1, decayTime: 4.32, decayHFRatio: 0.59, decayLFRatio: 1, reflectionsGain: 0.4032,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 0.717, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Concert hall* (default presets): a 3.92 s decay (`EFX_REVERB_PRESET_CONCERTHALL`).
    public static let concertHall = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.5623,
        gainLF: 1, decayTime: 3.92, decayHFRatio: 0.7, decayLFRatio: 1, reflectionsGain: 0.2427,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 0.9977, lateReverbDelay: 0.029,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Cave* (default presets): a 2.91 s decay (`EFX_REVERB_PRESET_CAVE`).
    public static let cave = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 1, gainLF: 1,
        decayTime: 2.91, decayHFRatio: 1.3, decayLFRatio: 1, reflectionsGain: 0.5, reflectionsDelay: 0.015,
        reflectionsPan: .zero, lateReverbGain: 0.7063, lateReverbDelay: 0.022, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Arena* (default presets): a 7.24 s decay (`EFX_REVERB_PRESET_ARENA`).
    public static let arena = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.4477, gainLF: 1,
        decayTime: 7.24, decayHFRatio: 0.33, decayLFRatio: 1, reflectionsGain: 0.2612, reflectionsDelay: 0.02,
        reflectionsPan: .zero, lateReverbGain: 1.0186, lateReverbDelay: 0.03, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Hangar* (default presets): a 10.05 s decay (`EFX_REVERB_PRESET_HANGAR`).
    public static let hangar = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.3162, gainLF: 1,
        decayTime: 10.05, decayHFRatio: 0.23, decayLFRatio: 1, reflectionsGain: 0.5, reflectionsDelay: 0.02,
        reflectionsPan: .zero, lateReverbGain: 1.256, lateReverbDelay: 0.03, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Carpeted hallway* (default presets): a 0.3 s decay (`EFX_REVERB_PRESET_CARPETEDHALLWAY`).
    public static let carpetedHallway = ALReverbProperties(density: 0.4287, diffusion: 1, gain: 0.3162, gainHF: 0.01,
        gainLF: 1, decayTime: 0.3, decayHFRatio: 0.1, decayLFRatio: 1, reflectionsGain: 0.1215,
        reflectionsDelay: 0.002, reflectionsPan: .zero, lateReverbGain: 0.1531, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Hallway* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_HALLWAY`).
    public static let hallway = ALReverbProperties(density: 0.3645, diffusion: 1, gain: 0.3162, gainHF: 0.7079,
        gainLF: 1, decayTime: 1.49, decayHFRatio: 0.59, decayLFRatio: 1, reflectionsGain: 0.2458,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.6615, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Stone corridor* (default presets): a 2.7 s decay (`EFX_REVERB_PRESET_STONECORRIDOR`).
    public static let stoneCorridor = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.7612,
        gainLF: 1, decayTime: 2.7, decayHFRatio: 0.79, decayLFRatio: 1, reflectionsGain: 0.2472,
        reflectionsDelay: 0.013, reflectionsPan: .zero, lateReverbGain: 1.5758, lateReverbDelay: 0.02,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Alley* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_ALLEY`).
    public static let alley = ALReverbProperties(density: 1, diffusion: 0.3, gain: 0.3162, gainHF: 0.7328, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.86, decayLFRatio: 1, reflectionsGain: 0.25, reflectionsDelay: 0.007,
        reflectionsPan: .zero, lateReverbGain: 0.9954, lateReverbDelay: 0.011, lateReverbPan: .zero, echoTime: 0.125,
        echoDepth: 0.95, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Forest* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_FOREST`).
    public static let forest = ALReverbProperties(density: 1, diffusion: 0.3, gain: 0.3162, gainHF: 0.0224, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.54, decayLFRatio: 1, reflectionsGain: 0.0525, reflectionsDelay: 0.162,
        reflectionsPan: .zero, lateReverbGain: 0.7682, lateReverbDelay: 0.088, lateReverbPan: .zero, echoTime: 0.125,
        echoDepth: 1, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *City* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_CITY`).
    public static let city = ALReverbProperties(density: 1, diffusion: 0.5, gain: 0.3162, gainHF: 0.3981, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.67, decayLFRatio: 1, reflectionsGain: 0.073, reflectionsDelay: 0.007,
        reflectionsPan: .zero, lateReverbGain: 0.1427, lateReverbDelay: 0.011, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Mountains* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_MOUNTAINS`).
    public static let mountains = ALReverbProperties(density: 1, diffusion: 0.27, gain: 0.3162, gainHF: 0.0562,
        gainLF: 1, decayTime: 1.49, decayHFRatio: 0.21, decayLFRatio: 1, reflectionsGain: 0.0407,
        reflectionsDelay: 0.3, reflectionsPan: .zero, lateReverbGain: 0.1919, lateReverbDelay: 0.1,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 1, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Quarry* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_QUARRY`).
    public static let quarry = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.3162, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.83, decayLFRatio: 1, reflectionsGain: 0, reflectionsDelay: 0.061,
        reflectionsPan: .zero, lateReverbGain: 1.7783, lateReverbDelay: 0.025, lateReverbPan: .zero, echoTime: 0.125,
        echoDepth: 0.7, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Plain* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_PLAIN`).
    public static let plain = ALReverbProperties(density: 1, diffusion: 0.21, gain: 0.3162, gainHF: 0.1, gainLF: 1,
        decayTime: 1.49, decayHFRatio: 0.5, decayLFRatio: 1, reflectionsGain: 0.0585, reflectionsDelay: 0.179,
        reflectionsPan: .zero, lateReverbGain: 0.1089, lateReverbDelay: 0.1, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 1, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Parking lot* (default presets): a 1.65 s decay (`EFX_REVERB_PRESET_PARKINGLOT`).
    public static let parkingLot = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 1, gainLF: 1,
        decayTime: 1.65, decayHFRatio: 1.5, decayLFRatio: 1, reflectionsGain: 0.2082, reflectionsDelay: 0.008,
        reflectionsPan: .zero, lateReverbGain: 0.2652, lateReverbDelay: 0.012, lateReverbPan: .zero, echoTime: 0.25,
        echoDepth: 0, modulationTime: 0.25, modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000,
        lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Sewer pipe* (default presets): a 2.81 s decay (`EFX_REVERB_PRESET_SEWERPIPE`).
    public static let sewerPipe = ALReverbProperties(density: 0.3071, diffusion: 0.8, gain: 0.3162, gainHF: 0.3162,
        gainLF: 1, decayTime: 2.81, decayHFRatio: 0.14, decayLFRatio: 1, reflectionsGain: 1.6387,
        reflectionsDelay: 0.014, reflectionsPan: .zero, lateReverbGain: 3.2471, lateReverbDelay: 0.021,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Underwater* (default presets): a 1.49 s decay (`EFX_REVERB_PRESET_UNDERWATER`).
    public static let underwater = ALReverbProperties(density: 0.3645, diffusion: 1, gain: 0.3162, gainHF: 0.01,
        gainLF: 1, decayTime: 1.49, decayHFRatio: 0.1, decayLFRatio: 1, reflectionsGain: 0.5963,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 7.0795, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 1.18, modulationDepth: 0.348,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Drugged* (default presets): a 8.39 s decay (`EFX_REVERB_PRESET_DRUGGED`).
    public static let drugged = ALReverbProperties(density: 0.4287, diffusion: 0.5, gain: 0.3162, gainHF: 1,
        gainLF: 1, decayTime: 8.39, decayHFRatio: 1.39, decayLFRatio: 1, reflectionsGain: 0.876,
        reflectionsDelay: 0.002, reflectionsPan: .zero, lateReverbGain: 3.1081, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 1,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Dizzy* (default presets): a 17.23 s decay (`EFX_REVERB_PRESET_DIZZY`).
    public static let dizzy = ALReverbProperties(density: 0.3645, diffusion: 0.6, gain: 0.3162, gainHF: 0.631,
        gainLF: 1, decayTime: 17.23, decayHFRatio: 0.56, decayLFRatio: 1, reflectionsGain: 0.1392,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 0.4937, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 1, modulationTime: 0.81, modulationDepth: 0.31,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Psychotic* (default presets): a 7.56 s decay (`EFX_REVERB_PRESET_PSYCHOTIC`).
    public static let psychotic = ALReverbProperties(density: 0.0625, diffusion: 0.5, gain: 0.3162, gainHF: 0.8404,
        gainLF: 1, decayTime: 7.56, decayHFRatio: 0.91, decayLFRatio: 1, reflectionsGain: 0.4864,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 2.4378, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 4, modulationDepth: 1,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Castle small room* (castle presets): a 1.22 s decay (`EFX_REVERB_PRESET_CASTLE_SMALLROOM`).
    public static let castleSmallRoom = ALReverbProperties(density: 1, diffusion: 0.89, gain: 0.3162, gainHF: 0.3981,
        gainLF: 0.1, decayTime: 1.22, decayHFRatio: 0.83, decayLFRatio: 0.31, reflectionsGain: 0.8913,
        reflectionsDelay: 0.022, reflectionsPan: .zero, lateReverbGain: 1.9953, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.138, echoDepth: 0.08, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle short passage* (castle presets): a 2.32 s decay (`EFX_REVERB_PRESET_CASTLE_SHORTPASSAGE`).
    public static let castleShortPassage = ALReverbProperties(density: 1, diffusion: 0.89, gain: 0.3162,
        gainHF: 0.3162, gainLF: 0.1, decayTime: 2.32, decayHFRatio: 0.83, decayLFRatio: 0.31, reflectionsGain: 0.8913,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.023,
        lateReverbPan: .zero, echoTime: 0.138, echoDepth: 0.08, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle medium room* (castle presets): a 2.04 s decay (`EFX_REVERB_PRESET_CASTLE_MEDIUMROOM`).
    public static let castleMediumRoom = ALReverbProperties(density: 1, diffusion: 0.93, gain: 0.3162, gainHF: 0.2818,
        gainLF: 0.1, decayTime: 2.04, decayHFRatio: 0.83, decayLFRatio: 0.46, reflectionsGain: 0.631,
        reflectionsDelay: 0.022, reflectionsPan: .zero, lateReverbGain: 1.5849, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.155, echoDepth: 0.03, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle large room* (castle presets): a 2.53 s decay (`EFX_REVERB_PRESET_CASTLE_LARGEROOM`).
    public static let castleLargeRoom = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162, gainHF: 0.2818,
        gainLF: 0.1259, decayTime: 2.53, decayHFRatio: 0.83, decayLFRatio: 0.5, reflectionsGain: 0.4467,
        reflectionsDelay: 0.034, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.016,
        lateReverbPan: .zero, echoTime: 0.185, echoDepth: 0.07, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle long passage* (castle presets): a 3.42 s decay (`EFX_REVERB_PRESET_CASTLE_LONGPASSAGE`).
    public static let castleLongPassage = ALReverbProperties(density: 1, diffusion: 0.89, gain: 0.3162,
        gainHF: 0.3981, gainLF: 0.1, decayTime: 3.42, decayHFRatio: 0.83, decayLFRatio: 0.31, reflectionsGain: 0.8913,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.4125, lateReverbDelay: 0.023,
        lateReverbPan: .zero, echoTime: 0.138, echoDepth: 0.08, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle hall* (castle presets): a 3.14 s decay (`EFX_REVERB_PRESET_CASTLE_HALL`).
    public static let castleHall = ALReverbProperties(density: 1, diffusion: 0.81, gain: 0.3162, gainHF: 0.2818,
        gainLF: 0.1778, decayTime: 3.14, decayHFRatio: 0.79, decayLFRatio: 0.62, reflectionsGain: 0.1778,
        reflectionsDelay: 0.056, reflectionsPan: .zero, lateReverbGain: 1.122, lateReverbDelay: 0.024,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle cupboard* (castle presets): a 0.67 s decay (`EFX_REVERB_PRESET_CASTLE_CUPBOARD`).
    public static let castleCupboard = ALReverbProperties(density: 1, diffusion: 0.89, gain: 0.3162, gainHF: 0.2818,
        gainLF: 0.1, decayTime: 0.67, decayHFRatio: 0.87, decayLFRatio: 0.31, reflectionsGain: 1.4125,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 3.5481, lateReverbDelay: 0.007,
        lateReverbPan: .zero, echoTime: 0.138, echoDepth: 0.08, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Castle courtyard* (castle presets): a 2.13 s decay (`EFX_REVERB_PRESET_CASTLE_COURTYARD`).
    public static let castleCourtyard = ALReverbProperties(density: 1, diffusion: 0.42, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.1995, decayTime: 2.13, decayHFRatio: 0.61, decayLFRatio: 0.23, reflectionsGain: 0.2239,
        reflectionsDelay: 0.16, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.036,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.37, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Castle alcove* (castle presets): a 1.64 s decay (`EFX_REVERB_PRESET_CASTLE_ALCOVE`).
    public static let castleAlcove = ALReverbProperties(density: 1, diffusion: 0.89, gain: 0.3162, gainHF: 0.5012,
        gainLF: 0.1, decayTime: 1.64, decayHFRatio: 0.87, decayLFRatio: 0.31, reflectionsGain: 1,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.4125, lateReverbDelay: 0.034,
        lateReverbPan: .zero, echoTime: 0.138, echoDepth: 0.08, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5168.6001, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Factory small room* (factory presets): a 1.72 s decay (`EFX_REVERB_PRESET_FACTORY_SMALLROOM`).
    public static let factorySmallRoom = ALReverbProperties(density: 0.3645, diffusion: 0.82, gain: 0.3162,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 1.72, decayHFRatio: 0.65, decayLFRatio: 1.31,
        reflectionsGain: 0.7079, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.7783,
        lateReverbDelay: 0.024, lateReverbPan: .zero, echoTime: 0.119, echoDepth: 0.07, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Factory short passage* (factory presets): a 2.53 s decay (`EFX_REVERB_PRESET_FACTORY_SHORTPASSAGE`).
    public static let factoryShortPassage = ALReverbProperties(density: 0.3645, diffusion: 0.64, gain: 0.2512,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 2.53, decayHFRatio: 0.65, decayLFRatio: 1.31, reflectionsGain: 1,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.038,
        lateReverbPan: .zero, echoTime: 0.135, echoDepth: 0.23, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Factory medium room* (factory presets): a 2.76 s decay (`EFX_REVERB_PRESET_FACTORY_MEDIUMROOM`).
    public static let factoryMediumRoom = ALReverbProperties(density: 0.4287, diffusion: 0.82, gain: 0.2512,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 2.76, decayHFRatio: 0.65, decayLFRatio: 1.31,
        reflectionsGain: 0.2818, reflectionsDelay: 0.022, reflectionsPan: .zero, lateReverbGain: 1.4125,
        lateReverbDelay: 0.023, lateReverbPan: .zero, echoTime: 0.174, echoDepth: 0.07, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Factory large room* (factory presets): a 4.24 s decay (`EFX_REVERB_PRESET_FACTORY_LARGEROOM`).
    public static let factoryLargeRoom = ALReverbProperties(density: 0.4287, diffusion: 0.75, gain: 0.2512,
        gainHF: 0.7079, gainLF: 0.631, decayTime: 4.24, decayHFRatio: 0.51, decayLFRatio: 1.31,
        reflectionsGain: 0.1778, reflectionsDelay: 0.039, reflectionsPan: .zero, lateReverbGain: 1.122,
        lateReverbDelay: 0.023, lateReverbPan: .zero, echoTime: 0.231, echoDepth: 0.07, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Factory long passage* (factory presets): a 4.06 s decay (`EFX_REVERB_PRESET_FACTORY_LONGPASSAGE`).
    public static let factoryLongPassage = ALReverbProperties(density: 0.3645, diffusion: 0.64, gain: 0.2512,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 4.06, decayHFRatio: 0.65, decayLFRatio: 1.31, reflectionsGain: 1,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.037,
        lateReverbPan: .zero, echoTime: 0.135, echoDepth: 0.23, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Factory hall* (factory presets): a 7.43 s decay (`EFX_REVERB_PRESET_FACTORY_HALL`).
    public static let factoryHall = ALReverbProperties(density: 0.4287, diffusion: 0.75, gain: 0.3162, gainHF: 0.7079,
        gainLF: 0.631, decayTime: 7.43, decayHFRatio: 0.51, decayLFRatio: 1.31, reflectionsGain: 0.0631,
        reflectionsDelay: 0.073, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.027,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.07, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Factory cupboard* (factory presets): a 0.49 s decay (`EFX_REVERB_PRESET_FACTORY_CUPBOARD`).
    public static let factoryCupboard = ALReverbProperties(density: 0.3071, diffusion: 0.63, gain: 0.2512,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 0.49, decayHFRatio: 0.65, decayLFRatio: 1.31,
        reflectionsGain: 1.2589, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.9953,
        lateReverbDelay: 0.032, lateReverbPan: .zero, echoTime: 0.107, echoDepth: 0.07, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Factory courtyard* (factory presets): a 2.32 s decay (`EFX_REVERB_PRESET_FACTORY_COURTYARD`).
    public static let factoryCourtyard = ALReverbProperties(density: 0.3071, diffusion: 0.57, gain: 0.3162,
        gainHF: 0.3162, gainLF: 0.631, decayTime: 2.32, decayHFRatio: 0.29, decayLFRatio: 0.56,
        reflectionsGain: 0.2239, reflectionsDelay: 0.14, reflectionsPan: .zero, lateReverbGain: 0.3981,
        lateReverbDelay: 0.039, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.29, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Factory alcove* (factory presets): a 3.14 s decay (`EFX_REVERB_PRESET_FACTORY_ALCOVE`).
    public static let factoryAlcove = ALReverbProperties(density: 0.3645, diffusion: 0.59, gain: 0.2512,
        gainHF: 0.7943, gainLF: 0.5012, decayTime: 3.14, decayHFRatio: 0.65, decayLFRatio: 1.31,
        reflectionsGain: 1.4125, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1,
        lateReverbDelay: 0.038, lateReverbPan: .zero, echoTime: 0.114, echoDepth: 0.1, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3762.6001, lfReference: 362.5,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace small room* (ice palace presets): a 1.51 s decay (`EFX_REVERB_PRESET_ICEPALACE_SMALLROOM`).
    public static let icePalaceSmallRoom = ALReverbProperties(density: 1, diffusion: 0.84, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.2818, decayTime: 1.51, decayHFRatio: 1.53, decayLFRatio: 0.27,
        reflectionsGain: 0.8913, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.4125,
        lateReverbDelay: 0.011, lateReverbPan: .zero, echoTime: 0.164, echoDepth: 0.14, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace short passage* (ice palace presets): a 1.79 s decay (`EFX_REVERB_PRESET_ICEPALACE_SHORTPASSAGE`).
    public static let icePalaceShortPassage = ALReverbProperties(density: 1, diffusion: 0.75, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.2818, decayTime: 1.79, decayHFRatio: 1.46, decayLFRatio: 0.28,
        reflectionsGain: 0.5012, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.122,
        lateReverbDelay: 0.019, lateReverbPan: .zero, echoTime: 0.177, echoDepth: 0.09, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace medium room* (ice palace presets): a 2.22 s decay (`EFX_REVERB_PRESET_ICEPALACE_MEDIUMROOM`).
    public static let icePalaceMediumRoom = ALReverbProperties(density: 1, diffusion: 0.87, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.4467, decayTime: 2.22, decayHFRatio: 1.53, decayLFRatio: 0.32,
        reflectionsGain: 0.3981, reflectionsDelay: 0.039, reflectionsPan: .zero, lateReverbGain: 1.122,
        lateReverbDelay: 0.027, lateReverbPan: .zero, echoTime: 0.186, echoDepth: 0.12, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace large room* (ice palace presets): a 3.14 s decay (`EFX_REVERB_PRESET_ICEPALACE_LARGEROOM`).
    public static let icePalaceLargeRoom = ALReverbProperties(density: 1, diffusion: 0.81, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.4467, decayTime: 3.14, decayHFRatio: 1.53, decayLFRatio: 0.32,
        reflectionsGain: 0.2512, reflectionsDelay: 0.039, reflectionsPan: .zero, lateReverbGain: 1,
        lateReverbDelay: 0.027, lateReverbPan: .zero, echoTime: 0.214, echoDepth: 0.11, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace long passage* (ice palace presets): a 3.01 s decay (`EFX_REVERB_PRESET_ICEPALACE_LONGPASSAGE`).
    public static let icePalaceLongPassage = ALReverbProperties(density: 1, diffusion: 0.77, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.3981, decayTime: 3.01, decayHFRatio: 1.46, decayLFRatio: 0.28,
        reflectionsGain: 0.7943, reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.2589,
        lateReverbDelay: 0.025, lateReverbPan: .zero, echoTime: 0.186, echoDepth: 0.04, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace hall* (ice palace presets): a 5.49 s decay (`EFX_REVERB_PRESET_ICEPALACE_HALL`).
    public static let icePalaceHall = ALReverbProperties(density: 1, diffusion: 0.76, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.5623, decayTime: 5.49, decayHFRatio: 1.53, decayLFRatio: 0.38, reflectionsGain: 0.1122,
        reflectionsDelay: 0.054, reflectionsPan: .zero, lateReverbGain: 0.631, lateReverbDelay: 0.052,
        lateReverbPan: .zero, echoTime: 0.226, echoDepth: 0.11, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Ice palace cupboard* (ice palace presets): a 0.76 s decay (`EFX_REVERB_PRESET_ICEPALACE_CUPBOARD`).
    public static let icePalaceCupboard = ALReverbProperties(density: 1, diffusion: 0.83, gain: 0.3162,
        gainHF: 0.5012, gainLF: 0.2239, decayTime: 0.76, decayHFRatio: 1.53, decayLFRatio: 0.26,
        reflectionsGain: 1.122, reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.9953,
        lateReverbDelay: 0.016, lateReverbPan: .zero, echoTime: 0.143, echoDepth: 0.08, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace courtyard* (ice palace presets): a 2.04 s decay (`EFX_REVERB_PRESET_ICEPALACE_COURTYARD`).
    public static let icePalaceCourtyard = ALReverbProperties(density: 1, diffusion: 0.59, gain: 0.3162,
        gainHF: 0.2818, gainLF: 0.3162, decayTime: 2.04, decayHFRatio: 1.2, decayLFRatio: 0.38,
        reflectionsGain: 0.3162, reflectionsDelay: 0.173, reflectionsPan: .zero, lateReverbGain: 0.3162,
        lateReverbDelay: 0.043, lateReverbPan: .zero, echoTime: 0.235, echoDepth: 0.48, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Ice palace alcove* (ice palace presets): a 2.76 s decay (`EFX_REVERB_PRESET_ICEPALACE_ALCOVE`).
    public static let icePalaceAlcove = ALReverbProperties(density: 1, diffusion: 0.84, gain: 0.3162, gainHF: 0.5623,
        gainLF: 0.2818, decayTime: 2.76, decayHFRatio: 1.46, decayLFRatio: 0.28, reflectionsGain: 1.122,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.161, echoDepth: 0.09, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 12428.5, lfReference: 99.6, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Space station small room* (space station presets): a 1.72 s decay (`EFX_REVERB_PRESET_SPACESTATION_SMALLROOM`).
    public static let spaceStationSmallRoom = ALReverbProperties(density: 0.2109, diffusion: 0.7, gain: 0.3162,
        gainHF: 0.7079, gainLF: 0.8913, decayTime: 1.72, decayHFRatio: 0.82, decayLFRatio: 0.55,
        reflectionsGain: 0.7943, reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.4125,
        lateReverbDelay: 0.013, lateReverbPan: .zero, echoTime: 0.188, echoDepth: 0.26, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Space station short passage* (space station presets): a 3.57 s decay (`EFX_REVERB_PRESET_SPACESTATION_SHORTPASSAGE`).
    public static let spaceStationShortPassage = ALReverbProperties(density: 0.2109, diffusion: 0.87, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.8913, decayTime: 3.57, decayHFRatio: 0.5, decayLFRatio: 0.55, reflectionsGain: 1,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.122, lateReverbDelay: 0.016,
        lateReverbPan: .zero, echoTime: 0.172, echoDepth: 0.2, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Space station medium room* (space station presets): a 3.01 s decay (`EFX_REVERB_PRESET_SPACESTATION_MEDIUMROOM`).
    public static let spaceStationMediumRoom = ALReverbProperties(density: 0.2109, diffusion: 0.75, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.8913, decayTime: 3.01, decayHFRatio: 0.5, decayLFRatio: 0.55,
        reflectionsGain: 0.3981, reflectionsDelay: 0.034, reflectionsPan: .zero, lateReverbGain: 1.122,
        lateReverbDelay: 0.035, lateReverbPan: .zero, echoTime: 0.209, echoDepth: 0.31, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Space station large room* (space station presets): a 3.89 s decay (`EFX_REVERB_PRESET_SPACESTATION_LARGEROOM`).
    public static let spaceStationLargeRoom = ALReverbProperties(density: 0.3645, diffusion: 0.81, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.8913, decayTime: 3.89, decayHFRatio: 0.38, decayLFRatio: 0.61,
        reflectionsGain: 0.3162, reflectionsDelay: 0.056, reflectionsPan: .zero, lateReverbGain: 0.8913,
        lateReverbDelay: 0.035, lateReverbPan: .zero, echoTime: 0.233, echoDepth: 0.28, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Space station long passage* (space station presets): a 4.62 s decay (`EFX_REVERB_PRESET_SPACESTATION_LONGPASSAGE`).
    public static let spaceStationLongPassage = ALReverbProperties(density: 0.4287, diffusion: 0.82, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.8913, decayTime: 4.62, decayHFRatio: 0.62, decayLFRatio: 0.55, reflectionsGain: 1,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.031,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.23, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Space station hall* (space station presets): a 7.11 s decay (`EFX_REVERB_PRESET_SPACESTATION_HALL`).
    public static let spaceStationHall = ALReverbProperties(density: 0.4287, diffusion: 0.87, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.8913, decayTime: 7.11, decayHFRatio: 0.38, decayLFRatio: 0.61,
        reflectionsGain: 0.1778, reflectionsDelay: 0.1, reflectionsPan: .zero, lateReverbGain: 0.631,
        lateReverbDelay: 0.047, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.25, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Space station cupboard* (space station presets): a 0.79 s decay (`EFX_REVERB_PRESET_SPACESTATION_CUPBOARD`).
    public static let spaceStationCupboard = ALReverbProperties(density: 0.1715, diffusion: 0.56, gain: 0.3162,
        gainHF: 0.7079, gainLF: 0.8913, decayTime: 0.79, decayHFRatio: 0.81, decayLFRatio: 0.55,
        reflectionsGain: 1.4125, reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1.7783,
        lateReverbDelay: 0.018, lateReverbPan: .zero, echoTime: 0.181, echoDepth: 0.31, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Space station alcove* (space station presets): a 1.16 s decay (`EFX_REVERB_PRESET_SPACESTATION_ALCOVE`).
    public static let spaceStationAlcove = ALReverbProperties(density: 0.2109, diffusion: 0.78, gain: 0.3162,
        gainHF: 0.7079, gainLF: 0.8913, decayTime: 1.16, decayHFRatio: 0.81, decayLFRatio: 0.55,
        reflectionsGain: 1.4125, reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 1,
        lateReverbDelay: 0.018, lateReverbPan: .zero, echoTime: 0.192, echoDepth: 0.21, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 3316.1001, lfReference: 458.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden small room* (wooden galleon presets): a 0.79 s decay (`EFX_REVERB_PRESET_WOODEN_SMALLROOM`).
    public static let woodenSmallRoom = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1122,
        gainLF: 0.3162, decayTime: 0.79, decayHFRatio: 0.32, decayLFRatio: 0.87, reflectionsGain: 1,
        reflectionsDelay: 0.032, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.029,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden short passage* (wooden galleon presets): a 1.75 s decay (`EFX_REVERB_PRESET_WOODEN_SHORTPASSAGE`).
    public static let woodenShortPassage = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1259,
        gainLF: 0.3162, decayTime: 1.75, decayHFRatio: 0.5, decayLFRatio: 0.87, reflectionsGain: 0.8913,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 0.631, lateReverbDelay: 0.024,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden medium room* (wooden galleon presets): a 1.47 s decay (`EFX_REVERB_PRESET_WOODEN_MEDIUMROOM`).
    public static let woodenMediumRoom = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1,
        gainLF: 0.2818, decayTime: 1.47, decayHFRatio: 0.42, decayLFRatio: 0.82, reflectionsGain: 0.8913,
        reflectionsDelay: 0.049, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.029,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden large room* (wooden galleon presets): a 2.65 s decay (`EFX_REVERB_PRESET_WOODEN_LARGEROOM`).
    public static let woodenLargeRoom = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.0891,
        gainLF: 0.2818, decayTime: 2.65, decayHFRatio: 0.33, decayLFRatio: 0.82, reflectionsGain: 0.8913,
        reflectionsDelay: 0.066, reflectionsPan: .zero, lateReverbGain: 0.7943, lateReverbDelay: 0.049,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden long passage* (wooden galleon presets): a 1.99 s decay (`EFX_REVERB_PRESET_WOODEN_LONGPASSAGE`).
    public static let woodenLongPassage = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1,
        gainLF: 0.3162, decayTime: 1.99, decayHFRatio: 0.4, decayLFRatio: 0.79, reflectionsGain: 1,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 0.4467, lateReverbDelay: 0.036,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden hall* (wooden galleon presets): a 3.45 s decay (`EFX_REVERB_PRESET_WOODEN_HALL`).
    public static let woodenHall = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.0794,
        gainLF: 0.2818, decayTime: 3.45, decayHFRatio: 0.3, decayLFRatio: 0.82, reflectionsGain: 0.8913,
        reflectionsDelay: 0.088, reflectionsPan: .zero, lateReverbGain: 0.7943, lateReverbDelay: 0.063,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden cupboard* (wooden galleon presets): a 0.56 s decay (`EFX_REVERB_PRESET_WOODEN_CUPBOARD`).
    public static let woodenCupboard = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1413,
        gainLF: 0.3162, decayTime: 0.56, decayHFRatio: 0.46, decayLFRatio: 0.91, reflectionsGain: 1.122,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.122, lateReverbDelay: 0.028,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden courtyard* (wooden galleon presets): a 1.79 s decay (`EFX_REVERB_PRESET_WOODEN_COURTYARD`).
    public static let woodenCourtyard = ALReverbProperties(density: 1, diffusion: 0.65, gain: 0.3162, gainHF: 0.0794,
        gainLF: 0.3162, decayTime: 1.79, decayHFRatio: 0.35, decayLFRatio: 0.79, reflectionsGain: 0.5623,
        reflectionsDelay: 0.123, reflectionsPan: .zero, lateReverbGain: 0.1, lateReverbDelay: 0.032,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Wooden alcove* (wooden galleon presets): a 1.22 s decay (`EFX_REVERB_PRESET_WOODEN_ALCOVE`).
    public static let woodenAlcove = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.1259,
        gainLF: 0.3162, decayTime: 1.22, decayHFRatio: 0.62, decayLFRatio: 0.91, reflectionsGain: 1.122,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.024,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4_705, lfReference: 99.6, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Sport empty stadium* (sports presets): a 6.26 s decay (`EFX_REVERB_PRESET_SPORT_EMPTYSTADIUM`).
    public static let sportEmptyStadium = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.7943, decayTime: 6.26, decayHFRatio: 0.51, decayLFRatio: 1.1, reflectionsGain: 0.0631,
        reflectionsDelay: 0.183, reflectionsPan: .zero, lateReverbGain: 0.3981, lateReverbDelay: 0.038,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Sport squash court* (sports presets): a 2.22 s decay (`EFX_REVERB_PRESET_SPORT_SQUASHCOURT`).
    public static let sportSquashCourt = ALReverbProperties(density: 1, diffusion: 0.75, gain: 0.3162, gainHF: 0.3162,
        gainLF: 0.7943, decayTime: 2.22, decayHFRatio: 0.91, decayLFRatio: 1.16, reflectionsGain: 0.4467,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 0.7943, lateReverbDelay: 0.011,
        lateReverbPan: .zero, echoTime: 0.126, echoDepth: 0.19, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 7176.8999, lfReference: 211.2, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Sport small swimming pool* (sports presets): a 2.76 s decay (`EFX_REVERB_PRESET_SPORT_SMALLSWIMMINGPOOL`).
    public static let sportSmallSwimmingPool = ALReverbProperties(density: 1, diffusion: 0.7, gain: 0.3162,
        gainHF: 0.7943, gainLF: 0.8913, decayTime: 2.76, decayHFRatio: 1.25, decayLFRatio: 1.14,
        reflectionsGain: 0.631, reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 0.7943,
        lateReverbDelay: 0.03, lateReverbPan: .zero, echoTime: 0.179, echoDepth: 0.15, modulationTime: 0.895,
        modulationDepth: 0.19, airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250,
        roomRolloffFactor: 0, decayHFLimit: false)
    /// *Sport large swimming pool* (sports presets): a 5.49 s decay (`EFX_REVERB_PRESET_SPORT_LARGESWIMMINGPOOL`).
    public static let sportLargeSwimmingPool = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162,
        gainHF: 0.7943, gainLF: 1, decayTime: 5.49, decayHFRatio: 1.31, decayLFRatio: 1.14, reflectionsGain: 0.4467,
        reflectionsDelay: 0.039, reflectionsPan: .zero, lateReverbGain: 0.5012, lateReverbDelay: 0.049,
        lateReverbPan: .zero, echoTime: 0.222, echoDepth: 0.55, modulationTime: 1.159, modulationDepth: 0.21,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Sport gymnasium* (sports presets): a 3.14 s decay (`EFX_REVERB_PRESET_SPORT_GYMNASIUM`).
    public static let sportGymnasium = ALReverbProperties(density: 1, diffusion: 0.81, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.8913, decayTime: 3.14, decayHFRatio: 1.06, decayLFRatio: 1.35, reflectionsGain: 0.3981,
        reflectionsDelay: 0.029, reflectionsPan: .zero, lateReverbGain: 0.5623, lateReverbDelay: 0.045,
        lateReverbPan: .zero, echoTime: 0.146, echoDepth: 0.14, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 7176.8999, lfReference: 211.2, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Sport full stadium* (sports presets): a 5.25 s decay (`EFX_REVERB_PRESET_SPORT_FULLSTADIUM`).
    public static let sportFullStadium = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.0708,
        gainLF: 0.7943, decayTime: 5.25, decayHFRatio: 0.17, decayLFRatio: 0.8, reflectionsGain: 0.1,
        reflectionsDelay: 0.188, reflectionsPan: .zero, lateReverbGain: 0.2818, lateReverbDelay: 0.038,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Sport stadium tannoy* (sports presets): a 2.53 s decay (`EFX_REVERB_PRESET_SPORT_STADIUMTANNOY`).
    public static let sportStadiumTannoy = ALReverbProperties(density: 1, diffusion: 0.78, gain: 0.3162,
        gainHF: 0.5623, gainLF: 0.5012, decayTime: 2.53, decayHFRatio: 0.88, decayLFRatio: 0.68,
        reflectionsGain: 0.2818, reflectionsDelay: 0.23, reflectionsPan: .zero, lateReverbGain: 0.5012,
        lateReverbDelay: 0.063, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.2, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Prefab workshop* (prefab presets): a 0.76 s decay (`EFX_REVERB_PRESET_PREFAB_WORKSHOP`).
    public static let prefabWorkshop = ALReverbProperties(density: 0.4287, diffusion: 1, gain: 0.3162, gainHF: 0.1413,
        gainLF: 0.3981, decayTime: 0.76, decayHFRatio: 1, decayLFRatio: 1, reflectionsGain: 1,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.122, lateReverbDelay: 0.012,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Prefab school room* (prefab presets): a 0.98 s decay (`EFX_REVERB_PRESET_PREFAB_SCHOOLROOM`).
    public static let prefabSchoolRoom = ALReverbProperties(density: 0.4022, diffusion: 0.69, gain: 0.3162,
        gainHF: 0.631, gainLF: 0.5012, decayTime: 0.98, decayHFRatio: 0.45, decayLFRatio: 0.18,
        reflectionsGain: 1.4125, reflectionsDelay: 0.017, reflectionsPan: .zero, lateReverbGain: 1.4125,
        lateReverbDelay: 0.015, lateReverbPan: .zero, echoTime: 0.095, echoDepth: 0.14, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 7176.8999, lfReference: 211.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Prefab practise room* (prefab presets): a 1.12 s decay (`EFX_REVERB_PRESET_PREFAB_PRACTISEROOM`).
    public static let prefabPractiseRoom = ALReverbProperties(density: 0.4022, diffusion: 0.87, gain: 0.3162,
        gainHF: 0.3981, gainLF: 0.5012, decayTime: 1.12, decayHFRatio: 0.56, decayLFRatio: 0.18,
        reflectionsGain: 1.2589, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.4125,
        lateReverbDelay: 0.011, lateReverbPan: .zero, echoTime: 0.095, echoDepth: 0.14, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 7176.8999, lfReference: 211.2,
        roomRolloffFactor: 0, decayHFLimit: true)
    /// *Prefab outhouse* (prefab presets): a 1.38 s decay (`EFX_REVERB_PRESET_PREFAB_OUTHOUSE`).
    public static let prefabOuthouse = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162, gainHF: 0.1122,
        gainLF: 0.1585, decayTime: 1.38, decayHFRatio: 0.38, decayLFRatio: 0.35, reflectionsGain: 0.8913,
        reflectionsDelay: 0.024, reflectionsPan: .zero, lateReverbGain: 0.631, lateReverbDelay: 0.044,
        lateReverbPan: .zero, echoTime: 0.121, echoDepth: 0.17, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 107.5, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Prefab caravan* (prefab presets): a 0.43 s decay (`EFX_REVERB_PRESET_PREFAB_CARAVAN`).
    public static let prefabCaravan = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.0891,
        gainLF: 0.1259, decayTime: 0.43, decayHFRatio: 1.5, decayLFRatio: 1, reflectionsGain: 1,
        reflectionsDelay: 0.012, reflectionsPan: .zero, lateReverbGain: 1.9953, lateReverbDelay: 0.012,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Dome tomb* (dome and pipe presets): a 4.18 s decay (`EFX_REVERB_PRESET_DOME_TOMB`).
    public static let domeTomb = ALReverbProperties(density: 1, diffusion: 0.79, gain: 0.3162, gainHF: 0.3548,
        gainLF: 0.2239, decayTime: 4.18, decayHFRatio: 0.21, decayLFRatio: 0.1, reflectionsGain: 0.3868,
        reflectionsDelay: 0.03, reflectionsPan: .zero, lateReverbGain: 1.6788, lateReverbDelay: 0.022,
        lateReverbPan: .zero, echoTime: 0.177, echoDepth: 0.19, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Pipe small* (dome and pipe presets): a 5.04 s decay (`EFX_REVERB_PRESET_PIPE_SMALL`).
    public static let pipeSmall = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.3548,
        gainLF: 0.2239, decayTime: 5.04, decayHFRatio: 0.1, decayLFRatio: 0.1, reflectionsGain: 0.5012,
        reflectionsDelay: 0.032, reflectionsPan: .zero, lateReverbGain: 2.5119, lateReverbDelay: 0.015,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Dome saint pauls* (dome and pipe presets): a 10.48 s decay (`EFX_REVERB_PRESET_DOME_SAINTPAULS`).
    public static let domeSaintPauls = ALReverbProperties(density: 1, diffusion: 0.87, gain: 0.3162, gainHF: 0.3548,
        gainLF: 0.2239, decayTime: 10.48, decayHFRatio: 0.19, decayLFRatio: 0.1, reflectionsGain: 0.1778,
        reflectionsDelay: 0.09, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.042,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.12, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Pipe long thin* (dome and pipe presets): a 9.21 s decay (`EFX_REVERB_PRESET_PIPE_LONGTHIN`).
    public static let pipeLongThin = ALReverbProperties(density: 0.256, diffusion: 0.91, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.2818, decayTime: 9.21, decayHFRatio: 0.18, decayLFRatio: 0.1, reflectionsGain: 0.7079,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.022,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Pipe large* (dome and pipe presets): a 8.45 s decay (`EFX_REVERB_PRESET_PIPE_LARGE`).
    public static let pipeLarge = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 0.3548,
        gainLF: 0.2239, decayTime: 8.45, decayHFRatio: 0.1, decayLFRatio: 0.1, reflectionsGain: 0.3981,
        reflectionsDelay: 0.046, reflectionsPan: .zero, lateReverbGain: 1.5849, lateReverbDelay: 0.032,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Pipe resonant* (dome and pipe presets): a 6.81 s decay (`EFX_REVERB_PRESET_PIPE_RESONANT`).
    public static let pipeResonant = ALReverbProperties(density: 0.1373, diffusion: 0.91, gain: 0.3162,
        gainHF: 0.4467, gainLF: 0.2818, decayTime: 6.81, decayHFRatio: 0.18, decayLFRatio: 0.1,
        reflectionsGain: 0.7079, reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1,
        lateReverbDelay: 0.022, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 20,
        roomRolloffFactor: 0, decayHFLimit: false)
    /// *Outdoors backyard* (outdoors presets): a 1.12 s decay (`EFX_REVERB_PRESET_OUTDOORS_BACKYARD`).
    public static let outdoorsBackyard = ALReverbProperties(density: 1, diffusion: 0.45, gain: 0.3162, gainHF: 0.2512,
        gainLF: 0.5012, decayTime: 1.12, decayHFRatio: 0.34, decayLFRatio: 0.46, reflectionsGain: 0.4467,
        reflectionsDelay: 0.069, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.023,
        lateReverbPan: .zero, echoTime: 0.218, echoDepth: 0.34, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4399.1001, lfReference: 242.9, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Outdoors rolling plains* (outdoors presets): a 2.13 s decay (`EFX_REVERB_PRESET_OUTDOORS_ROLLINGPLAINS`).
    public static let outdoorsRollingPlains = ALReverbProperties(density: 1, diffusion: 0, gain: 0.3162,
        gainHF: 0.0112, gainLF: 0.631, decayTime: 2.13, decayHFRatio: 0.21, decayLFRatio: 0.46,
        reflectionsGain: 0.1778, reflectionsDelay: 0.3, reflectionsPan: .zero, lateReverbGain: 0.4467,
        lateReverbDelay: 0.019, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 1, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 4399.1001, lfReference: 242.9,
        roomRolloffFactor: 0, decayHFLimit: false)
    /// *Outdoors deep canyon* (outdoors presets): a 3.89 s decay (`EFX_REVERB_PRESET_OUTDOORS_DEEPCANYON`).
    public static let outdoorsDeepCanyon = ALReverbProperties(density: 1, diffusion: 0.74, gain: 0.3162,
        gainHF: 0.1778, gainLF: 0.631, decayTime: 3.89, decayHFRatio: 0.21, decayLFRatio: 0.46,
        reflectionsGain: 0.3162, reflectionsDelay: 0.223, reflectionsPan: .zero, lateReverbGain: 0.3548,
        lateReverbDelay: 0.019, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 1, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 4399.1001, lfReference: 242.9,
        roomRolloffFactor: 0, decayHFLimit: false)
    /// *Outdoors creek* (outdoors presets): a 2.13 s decay (`EFX_REVERB_PRESET_OUTDOORS_CREEK`).
    public static let outdoorsCreek = ALReverbProperties(density: 1, diffusion: 0.35, gain: 0.3162, gainHF: 0.1778,
        gainLF: 0.5012, decayTime: 2.13, decayHFRatio: 0.21, decayLFRatio: 0.46, reflectionsGain: 0.3981,
        reflectionsDelay: 0.115, reflectionsPan: .zero, lateReverbGain: 0.1995, lateReverbDelay: 0.031,
        lateReverbPan: .zero, echoTime: 0.218, echoDepth: 0.34, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 4399.1001, lfReference: 242.9, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Outdoors valley* (outdoors presets): a 2.88 s decay (`EFX_REVERB_PRESET_OUTDOORS_VALLEY`).
    public static let outdoorsValley = ALReverbProperties(density: 1, diffusion: 0.28, gain: 0.3162, gainHF: 0.0282,
        gainLF: 0.1585, decayTime: 2.88, decayHFRatio: 0.26, decayLFRatio: 0.35, reflectionsGain: 0.1413,
        reflectionsDelay: 0.263, reflectionsPan: .zero, lateReverbGain: 0.3981, lateReverbDelay: 0.1,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.34, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 107.5, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Mood heaven* (mood presets): a 5.04 s decay (`EFX_REVERB_PRESET_MOOD_HEAVEN`).
    public static let moodHeaven = ALReverbProperties(density: 1, diffusion: 0.94, gain: 0.3162, gainHF: 0.7943,
        gainLF: 0.4467, decayTime: 5.04, decayHFRatio: 1.12, decayLFRatio: 0.56, reflectionsGain: 0.2427,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.029,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.08, modulationTime: 2.742, modulationDepth: 0.05,
        airAbsorptionGainHF: 0.9977, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Mood hell* (mood presets): a 3.57 s decay (`EFX_REVERB_PRESET_MOOD_HELL`).
    public static let moodHell = ALReverbProperties(density: 1, diffusion: 0.57, gain: 0.3162, gainHF: 0.3548,
        gainLF: 0.4467, decayTime: 3.57, decayHFRatio: 0.49, decayLFRatio: 2, reflectionsGain: 0,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 1.4125, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.11, echoDepth: 0.04, modulationTime: 2.109, modulationDepth: 0.52,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 139.5, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Mood memory* (mood presets): a 4.06 s decay (`EFX_REVERB_PRESET_MOOD_MEMORY`).
    public static let moodMemory = ALReverbProperties(density: 1, diffusion: 0.85, gain: 0.3162, gainHF: 0.631,
        gainLF: 0.3548, decayTime: 4.06, decayHFRatio: 0.82, decayLFRatio: 0.56, reflectionsGain: 0.0398,
        reflectionsDelay: 0, reflectionsPan: .zero, lateReverbGain: 1.122, lateReverbDelay: 0, lateReverbPan: .zero,
        echoTime: 0.25, echoDepth: 0, modulationTime: 0.474, modulationDepth: 0.45, airAbsorptionGainHF: 0.9886,
        hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)
    /// *Driving commentator* (driving presets): a 2.42 s decay (`EFX_REVERB_PRESET_DRIVING_COMMENTATOR`).
    public static let drivingCommentator = ALReverbProperties(density: 1, diffusion: 0, gain: 0.3162, gainHF: 0.5623,
        gainLF: 0.5012, decayTime: 2.42, decayHFRatio: 0.88, decayLFRatio: 0.68, reflectionsGain: 0.1995,
        reflectionsDelay: 0.093, reflectionsPan: .zero, lateReverbGain: 0.2512, lateReverbDelay: 0.017,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 1, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9886, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Driving pit garage* (driving presets): a 1.72 s decay (`EFX_REVERB_PRESET_DRIVING_PITGARAGE`).
    public static let drivingPitGarage = ALReverbProperties(density: 0.4287, diffusion: 0.59, gain: 0.3162,
        gainHF: 0.7079, gainLF: 0.5623, decayTime: 1.72, decayHFRatio: 0.93, decayLFRatio: 0.87,
        reflectionsGain: 0.5623, reflectionsDelay: 0, reflectionsPan: .zero, lateReverbGain: 1.2589,
        lateReverbDelay: 0.016, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.11, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Driving in car racer* (driving presets): a 0.17 s decay (`EFX_REVERB_PRESET_DRIVING_INCAR_RACER`).
    public static let drivingInCarRacer = ALReverbProperties(density: 0.0832, diffusion: 0.8, gain: 0.3162, gainHF: 1,
        gainLF: 0.7943, decayTime: 0.17, decayHFRatio: 2, decayLFRatio: 0.41, reflectionsGain: 1.7783,
        reflectionsDelay: 0.007, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.015,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 10268.2002, lfReference: 251, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Driving in car sports* (driving presets): a 0.17 s decay (`EFX_REVERB_PRESET_DRIVING_INCAR_SPORTS`).
    public static let drivingInCarSports = ALReverbProperties(density: 0.0832, diffusion: 0.8, gain: 0.3162,
        gainHF: 0.631, gainLF: 1, decayTime: 0.17, decayHFRatio: 0.75, decayLFRatio: 0.41, reflectionsGain: 1,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 0.5623, lateReverbDelay: 0,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 10268.2002, lfReference: 251, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Driving in car luxury* (driving presets): a 0.13 s decay (`EFX_REVERB_PRESET_DRIVING_INCAR_LUXURY`).
    public static let drivingInCarLuxury = ALReverbProperties(density: 0.256, diffusion: 1, gain: 0.3162, gainHF: 0.1,
        gainLF: 0.5012, decayTime: 0.13, decayHFRatio: 0.41, decayLFRatio: 0.46, reflectionsGain: 0.7943,
        reflectionsDelay: 0.01, reflectionsPan: .zero, lateReverbGain: 1.5849, lateReverbDelay: 0.01,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 10268.2002, lfReference: 251, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Driving full grandstand* (driving presets): a 3.01 s decay (`EFX_REVERB_PRESET_DRIVING_FULLGRANDSTAND`).
    public static let drivingFullGrandstand = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162,
        gainHF: 0.2818, gainLF: 0.631, decayTime: 3.01, decayHFRatio: 1.37, decayLFRatio: 1.28,
        reflectionsGain: 0.3548, reflectionsDelay: 0.09, reflectionsPan: .zero, lateReverbGain: 0.1778,
        lateReverbDelay: 0.049, lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25,
        modulationDepth: 0, airAbsorptionGainHF: 0.9943, hfReference: 10420.2002, lfReference: 250,
        roomRolloffFactor: 0, decayHFLimit: false)
    /// *Driving empty grandstand* (driving presets): a 4.62 s decay (`EFX_REVERB_PRESET_DRIVING_EMPTYGRANDSTAND`).
    public static let drivingEmptyGrandstand = ALReverbProperties(density: 1, diffusion: 1, gain: 0.3162, gainHF: 1,
        gainLF: 0.7943, decayTime: 4.62, decayHFRatio: 1.75, decayLFRatio: 1.4, reflectionsGain: 0.2082,
        reflectionsDelay: 0.09, reflectionsPan: .zero, lateReverbGain: 0.2512, lateReverbDelay: 0.049,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 10420.2002, lfReference: 250, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *Driving tunnel* (driving presets): a 3.42 s decay (`EFX_REVERB_PRESET_DRIVING_TUNNEL`).
    public static let drivingTunnel = ALReverbProperties(density: 1, diffusion: 0.81, gain: 0.3162, gainHF: 0.3981,
        gainLF: 0.8913, decayTime: 3.42, decayHFRatio: 0.94, decayLFRatio: 1.31, reflectionsGain: 0.7079,
        reflectionsDelay: 0.051, reflectionsPan: .zero, lateReverbGain: 0.7079, lateReverbDelay: 0.047,
        lateReverbPan: .zero, echoTime: 0.214, echoDepth: 0.05, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 155.3, roomRolloffFactor: 0, decayHFLimit: true)
    /// *City streets* (city presets): a 1.79 s decay (`EFX_REVERB_PRESET_CITY_STREETS`).
    public static let cityStreets = ALReverbProperties(density: 1, diffusion: 0.78, gain: 0.3162, gainHF: 0.7079,
        gainLF: 0.8913, decayTime: 1.79, decayHFRatio: 1.12, decayLFRatio: 0.91, reflectionsGain: 0.2818,
        reflectionsDelay: 0.046, reflectionsPan: .zero, lateReverbGain: 0.1995, lateReverbDelay: 0.028,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.2, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *City subway* (city presets): a 3.01 s decay (`EFX_REVERB_PRESET_CITY_SUBWAY`).
    public static let citySubway = ALReverbProperties(density: 1, diffusion: 0.74, gain: 0.3162, gainHF: 0.7079,
        gainLF: 0.8913, decayTime: 3.01, decayHFRatio: 1.23, decayLFRatio: 0.91, reflectionsGain: 0.7079,
        reflectionsDelay: 0.046, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.028,
        lateReverbPan: .zero, echoTime: 0.125, echoDepth: 0.21, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *City museum* (city presets): a 3.28 s decay (`EFX_REVERB_PRESET_CITY_MUSEUM`).
    public static let cityMuseum = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162, gainHF: 0.1778,
        gainLF: 0.1778, decayTime: 3.28, decayHFRatio: 1.4, decayLFRatio: 0.57, reflectionsGain: 0.2512,
        reflectionsDelay: 0.039, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.034,
        lateReverbPan: .zero, echoTime: 0.13, echoDepth: 0.17, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 107.5, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *City library* (city presets): a 2.76 s decay (`EFX_REVERB_PRESET_CITY_LIBRARY`).
    public static let cityLibrary = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162, gainHF: 0.2818,
        gainLF: 0.0891, decayTime: 2.76, decayHFRatio: 0.89, decayLFRatio: 0.41, reflectionsGain: 0.3548,
        reflectionsDelay: 0.029, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.02,
        lateReverbPan: .zero, echoTime: 0.13, echoDepth: 0.17, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9943, hfReference: 2854.3999, lfReference: 107.5, roomRolloffFactor: 0,
        decayHFLimit: false)
    /// *City underpass* (city presets): a 3.57 s decay (`EFX_REVERB_PRESET_CITY_UNDERPASS`).
    public static let cityUnderpass = ALReverbProperties(density: 1, diffusion: 0.82, gain: 0.3162, gainHF: 0.4467,
        gainLF: 0.8913, decayTime: 3.57, decayHFRatio: 1.12, decayLFRatio: 0.91, reflectionsGain: 0.3981,
        reflectionsDelay: 0.059, reflectionsPan: .zero, lateReverbGain: 0.8913, lateReverbDelay: 0.037,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.14, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.992, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *City abandoned* (city presets): a 3.28 s decay (`EFX_REVERB_PRESET_CITY_ABANDONED`).
    public static let cityAbandoned = ALReverbProperties(density: 1, diffusion: 0.69, gain: 0.3162, gainHF: 0.7943,
        gainLF: 0.8913, decayTime: 3.28, decayHFRatio: 1.17, decayLFRatio: 0.91, reflectionsGain: 0.4467,
        reflectionsDelay: 0.044, reflectionsPan: .zero, lateReverbGain: 0.2818, lateReverbDelay: 0.024,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0.2, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9966, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Dusty room* (miscellaneous presets): a 1.79 s decay (`EFX_REVERB_PRESET_DUSTYROOM`).
    public static let dustyRoom = ALReverbProperties(density: 0.3645, diffusion: 0.56, gain: 0.3162, gainHF: 0.7943,
        gainLF: 0.7079, decayTime: 1.79, decayHFRatio: 0.38, decayLFRatio: 0.21, reflectionsGain: 0.5012,
        reflectionsDelay: 0.002, reflectionsPan: .zero, lateReverbGain: 1.2589, lateReverbDelay: 0.006,
        lateReverbPan: .zero, echoTime: 0.202, echoDepth: 0.05, modulationTime: 0.25, modulationDepth: 0,
        airAbsorptionGainHF: 0.9886, hfReference: 13_046, lfReference: 163.3, roomRolloffFactor: 0,
        decayHFLimit: true)
    /// *Chapel* (miscellaneous presets): a 4.62 s decay (`EFX_REVERB_PRESET_CHAPEL`).
    public static let chapel = ALReverbProperties(density: 1, diffusion: 0.84, gain: 0.3162, gainHF: 0.5623,
        gainLF: 1, decayTime: 4.62, decayHFRatio: 0.64, decayLFRatio: 1.23, reflectionsGain: 0.4467,
        reflectionsDelay: 0.032, reflectionsPan: .zero, lateReverbGain: 0.7943, lateReverbDelay: 0.049,
        lateReverbPan: .zero, echoTime: 0.25, echoDepth: 0, modulationTime: 0.25, modulationDepth: 0.11,
        airAbsorptionGainHF: 0.9943, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: true)
    /// *Small water room* (miscellaneous presets): a 1.51 s decay (`EFX_REVERB_PRESET_SMALLWATERROOM`).
    public static let smallWaterRoom = ALReverbProperties(density: 1, diffusion: 0.7, gain: 0.3162, gainHF: 0.4477,
        gainLF: 1, decayTime: 1.51, decayHFRatio: 1.25, decayLFRatio: 1.14, reflectionsGain: 0.8913,
        reflectionsDelay: 0.02, reflectionsPan: .zero, lateReverbGain: 1.4125, lateReverbDelay: 0.03,
        lateReverbPan: .zero, echoTime: 0.179, echoDepth: 0.15, modulationTime: 0.895, modulationDepth: 0.19,
        airAbsorptionGainHF: 0.992, hfReference: 5_000, lfReference: 250, roomRolloffFactor: 0, decayHFLimit: false)

    /// Every preset above with its name, in the order of `efx-presets.h`: for a debug menu that
    /// lets a sound designer try them all.
    public static let allPresets: [(name: String, properties: ALReverbProperties)] = [
        ("generic", generic),
        ("paddedCell", paddedCell),
        ("room", room),
        ("bathroom", bathroom),
        ("livingRoom", livingRoom),
        ("stoneRoom", stoneRoom),
        ("auditorium", auditorium),
        ("concertHall", concertHall),
        ("cave", cave),
        ("arena", arena),
        ("hangar", hangar),
        ("carpetedHallway", carpetedHallway),
        ("hallway", hallway),
        ("stoneCorridor", stoneCorridor),
        ("alley", alley),
        ("forest", forest),
        ("city", city),
        ("mountains", mountains),
        ("quarry", quarry),
        ("plain", plain),
        ("parkingLot", parkingLot),
        ("sewerPipe", sewerPipe),
        ("underwater", underwater),
        ("drugged", drugged),
        ("dizzy", dizzy),
        ("psychotic", psychotic),
        ("castleSmallRoom", castleSmallRoom),
        ("castleShortPassage", castleShortPassage),
        ("castleMediumRoom", castleMediumRoom),
        ("castleLargeRoom", castleLargeRoom),
        ("castleLongPassage", castleLongPassage),
        ("castleHall", castleHall),
        ("castleCupboard", castleCupboard),
        ("castleCourtyard", castleCourtyard),
        ("castleAlcove", castleAlcove),
        ("factorySmallRoom", factorySmallRoom),
        ("factoryShortPassage", factoryShortPassage),
        ("factoryMediumRoom", factoryMediumRoom),
        ("factoryLargeRoom", factoryLargeRoom),
        ("factoryLongPassage", factoryLongPassage),
        ("factoryHall", factoryHall),
        ("factoryCupboard", factoryCupboard),
        ("factoryCourtyard", factoryCourtyard),
        ("factoryAlcove", factoryAlcove),
        ("icePalaceSmallRoom", icePalaceSmallRoom),
        ("icePalaceShortPassage", icePalaceShortPassage),
        ("icePalaceMediumRoom", icePalaceMediumRoom),
        ("icePalaceLargeRoom", icePalaceLargeRoom),
        ("icePalaceLongPassage", icePalaceLongPassage),
        ("icePalaceHall", icePalaceHall),
        ("icePalaceCupboard", icePalaceCupboard),
        ("icePalaceCourtyard", icePalaceCourtyard),
        ("icePalaceAlcove", icePalaceAlcove),
        ("spaceStationSmallRoom", spaceStationSmallRoom),
        ("spaceStationShortPassage", spaceStationShortPassage),
        ("spaceStationMediumRoom", spaceStationMediumRoom),
        ("spaceStationLargeRoom", spaceStationLargeRoom),
        ("spaceStationLongPassage", spaceStationLongPassage),
        ("spaceStationHall", spaceStationHall),
        ("spaceStationCupboard", spaceStationCupboard),
        ("spaceStationAlcove", spaceStationAlcove),
        ("woodenSmallRoom", woodenSmallRoom),
        ("woodenShortPassage", woodenShortPassage),
        ("woodenMediumRoom", woodenMediumRoom),
        ("woodenLargeRoom", woodenLargeRoom),
        ("woodenLongPassage", woodenLongPassage),
        ("woodenHall", woodenHall),
        ("woodenCupboard", woodenCupboard),
        ("woodenCourtyard", woodenCourtyard),
        ("woodenAlcove", woodenAlcove),
        ("sportEmptyStadium", sportEmptyStadium),
        ("sportSquashCourt", sportSquashCourt),
        ("sportSmallSwimmingPool", sportSmallSwimmingPool),
        ("sportLargeSwimmingPool", sportLargeSwimmingPool),
        ("sportGymnasium", sportGymnasium),
        ("sportFullStadium", sportFullStadium),
        ("sportStadiumTannoy", sportStadiumTannoy),
        ("prefabWorkshop", prefabWorkshop),
        ("prefabSchoolRoom", prefabSchoolRoom),
        ("prefabPractiseRoom", prefabPractiseRoom),
        ("prefabOuthouse", prefabOuthouse),
        ("prefabCaravan", prefabCaravan),
        ("domeTomb", domeTomb),
        ("pipeSmall", pipeSmall),
        ("domeSaintPauls", domeSaintPauls),
        ("pipeLongThin", pipeLongThin),
        ("pipeLarge", pipeLarge),
        ("pipeResonant", pipeResonant),
        ("outdoorsBackyard", outdoorsBackyard),
        ("outdoorsRollingPlains", outdoorsRollingPlains),
        ("outdoorsDeepCanyon", outdoorsDeepCanyon),
        ("outdoorsCreek", outdoorsCreek),
        ("outdoorsValley", outdoorsValley),
        ("moodHeaven", moodHeaven),
        ("moodHell", moodHell),
        ("moodMemory", moodMemory),
        ("drivingCommentator", drivingCommentator),
        ("drivingPitGarage", drivingPitGarage),
        ("drivingInCarRacer", drivingInCarRacer),
        ("drivingInCarSports", drivingInCarSports),
        ("drivingInCarLuxury", drivingInCarLuxury),
        ("drivingFullGrandstand", drivingFullGrandstand),
        ("drivingEmptyGrandstand", drivingEmptyGrandstand),
        ("drivingTunnel", drivingTunnel),
        ("cityStreets", cityStreets),
        ("citySubway", citySubway),
        ("cityMuseum", cityMuseum),
        ("cityLibrary", cityLibrary),
        ("cityUnderpass", cityUnderpass),
        ("cityAbandoned", cityAbandoned),
        ("dustyRoom", dustyRoom),
        ("chapel", chapel),
        ("smallWaterRoom", smallWaterRoom),
    ]
}
