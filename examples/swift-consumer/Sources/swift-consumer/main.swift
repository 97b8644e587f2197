// SPDX-License-Identifier: Zlib
// Plays one effect on a headless GameSound runtime and checks, on the rendered samples, that it is heard.
import GameSound

#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    print("usage: swift-consumer EFFECT.ogg")
    exit(64)
}
do {
    let audio = try GameSoundRuntime(configuration: .init(output: .headless))
    try audio.preload("shot", path: CommandLine.arguments[1])
    _ = try audio.play("shot")
    let samples = try audio.render(frames: 4_800)
    let peak = samples.map(abs).max() ?? 0
    print("swift-consumer: peak \(peak): \(peak > 0.03 ? "ok" : "FAILED")")
    exit(peak > 0.03 ? 0 : 1)
} catch {
    print("swift-consumer: \(error)")
    exit(1)
}
