// SPDX-License-Identifier: Zlib
/// The timeline picture: the waveform with every event marked on it.
extension ScenarioRender {
    /// Draws the render as an SVG picture a person can read at a glance.
    ///
    /// From top to bottom: the scenario's name and a legend; every event's label (its name, then the
    /// sound or bus it concerns), stacked in rows so that labels at the same moment do not overlap,
    /// each with a vertical line down through the waveforms (coloured by source: system red, session
    /// blue, engine purple, game green; hover for the details); `voiceEnded`, which follows every
    /// sound, only as a short unlabelled tick above the waveforms, so that voices coming and going
    /// do not crowd out the labels that matter; the left and right channels' waveforms, one minimum-to-maximum bar per pixel
    /// column; shaded stretches where the session was interrupted (`interruptionBegan` to
    /// `interruptionEnded` or `contextRestored`), the output silenced (`outputSilenced` to
    /// `outputUnsilenced`) and media services lost (`mediaServicesLost` to `mediaServicesReset`),
    /// and those where the game was ducked by another app, an answered call held it, the hint held
    /// its soundtrack, a bus was paused (`busPaused` to `busResumed`) or a ducking rule lowered a bus
    /// (`busDucked` to `busRestored`); and a time axis with a tick every second. All text is escaped, so the result is valid XML.
    ///
    /// - Parameter width: The picture's width in pixels; at least 300 is used.
    /// - Returns: A complete SVG document.
    public func timelineSVG(width: Int = 1600) -> String {
        let width = max(width, 300)
        var waveform = TimelineWaveform(columns: TimelineDrawing.columns(width: width), frameCount: frameCount)
        samples.withUnsafeBufferPointer { waveform.add($0) }
        return TimelineDrawing(scenario: scenario, frameCount: frameCount, events: events, waveform: waveform, width: width).svg()
    }
}
