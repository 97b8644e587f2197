// SPDX-License-Identifier: Zlib
// A C++17 program built with CMake against the unpacked SDK: the header compiles as C++, the imported
// target links, and an effect renders headlessly and is heard.
#include <gamesound.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: cmake-consumer EFFECT.ogg\n";
        return 64;
    }
    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    std::unique_ptr<gs_runtime, decltype(&gs_runtime_destroy)> runtime(gs_runtime_create(&config), gs_runtime_destroy);
    if (!runtime) {
        std::cerr << "cmake-consumer: " << gs_last_error() << "\n";
        return 1;
    }
    if (gs_effect_load(runtime.get(), "shot", argv[1]) != GS_OK || gs_effect_play(runtime.get(), "shot", 1, 1, 0) < 0) {
        std::cerr << "cmake-consumer: " << gs_last_error() << "\n";
        return 1;
    }
    std::vector<short> samples(4800 * 2);
    if (gs_render(runtime.get(), samples.data(), 4800) != GS_OK) return 1;
    int peak = 0;
    for (short sample : samples) peak = std::max(peak, std::abs(static_cast<int>(sample)));
    std::cout << "consumer (C++17, CMake): peak " << peak << ": " << (peak > 1000 ? "ok" : "FAILED") << "\n";
    return peak > 1000 ? 0 : 1;
}
