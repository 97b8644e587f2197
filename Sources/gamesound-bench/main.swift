// SPDX-License-Identifier: Zlib
import Foundation

// gamesound-bench: GameSound's benchmark suite, each figure against a baseline measured in the
// same run. `make bench` runs it in full; `--smoke` runs every case tiny (no thresholds).
// Hidden subcommands (used by the suite itself, in child processes):
//   mix-child VOICES SECONDS [buses]  render through GameSound and print the CPU time, like mix_baseline
//   space-child VOICES SECONDS  moving voices with HRTF and a reverb, like bench/c/space_baseline.c
//   emitters-child N SECONDS [virtual]  N looping emitters on 32 voices (virtual: the rest virtual)
//   rss-child TRACK|none SECS   play a soundtrack headlessly and print the peak RSS
//   underrun-child TRACK SECS   play a soundtrack in real time on the null backend and print underruns

func runBench() throws(BenchError) {
    var arguments = Array(CommandLine.arguments.dropFirst())
    let me = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
        : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
    func number(_ index: Int) throws(BenchError) -> Double {
        guard index < arguments.count, let value = Double(arguments[index]) else { throw .failed("expected a number at argument \(index + 1)") }
        return value
    }
    switch arguments.first {
    case "mix-child":
        let result = try MixingBenchmark.renderGameSound(voices: Int(try number(1)), seconds: try number(2),
                                                         buses: arguments.count > 3 && arguments[3] == "buses")
        print(String(format: "cpu=%.6f checksum=%.3f", result.cpu, result.checksum))
        return
    case "space-child":
        let cpu = try SpaceBenchmark.render(voices: Int(try number(1)), seconds: try number(2))
        print(String(format: "cpu=%.6f", cpu))
        return
    case "emitters-child":
        let cpu = try MixingBenchmark.renderEmitters(Int(try number(1)), virtual: arguments.count > 3 && arguments[3] == "virtual",
                                                     seconds: try number(2))
        print(String(format: "cpu=%.6f", cpu))
        return
    case "rss-child":
        guard arguments.count == 3 else { throw .failed("usage: rss-child TRACK|none SECONDS") }
        try StreamingBenchmark.rssChild(path: arguments[1], seconds: try number(2))
        return
    case "underrun-child":
        guard arguments.count == 3 else { throw .failed("usage: underrun-child TRACK SECONDS") }
        try StreamingBenchmark.underrunChild(path: arguments[1], seconds: try number(2))
        return
    default:
        break
    }
    let smoke = arguments.contains("--smoke")
    arguments.removeAll { $0 == "--smoke" }
    var baseline: String? = ".build/bench/mix_baseline"
    var only: Set<String> = []
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--c-baseline" where index + 1 < arguments.count:
            baseline = arguments[index + 1]
            index += 1
        case "--only" where index + 1 < arguments.count:
            only = Set(arguments[index + 1].split(separator: ",").map(String.init))
            index += 1
        default:
            throw .failed("usage: gamesound-bench [--smoke] [--c-baseline PATH] [--only mixing,space,triggering,preloading,streaming,recovery,render]")
        }
        index += 1
    }
    let scale = smoke ? BenchScale.smoke : BenchScale.full
    let table = ReportTable()
    let wanted = { (name: String) in only.isEmpty || only.contains(name) }
    print("gamesound-bench \(smoke ? "(smoke run: tiny sizes, figures not meaningful)" : "(full run)")")
    if wanted("mixing") { try MixingBenchmark.run(scale: scale, table: table, baseline: baseline) }
    if wanted("space") { try SpaceBenchmark.run(scale: scale, table: table, baseline: ".build/bench/space_baseline") }
    if wanted("triggering") { try TriggerBenchmark.run(scale: scale, table: table) }
    if wanted("preloading") { try PreloadBenchmark.run(scale: scale, table: table) }
    if wanted("streaming") { try StreamingBenchmark.run(scale: scale, table: table, me: me) }
    if wanted("recovery") { try RecoveryBenchmark.run(scale: scale, table: table) }
    if wanted("render") { try RenderBenchmark.run(scale: scale, table: table, me: me) }
    print("")
    print(table.markdown())
}

do {
    try runBench()
} catch {
    FileHandle.standardError.write(Data("gamesound-bench: \(error)\n".utf8))
    exit(1)
}
