/* SPDX-License-Identifier: Zlib */
/*
 * Writes two placeholder effects, laser.wav (a falling chirp) and explosion.wav (decaying
 * noise), into a folder, for running the C example where the demo's assets are not built.
 *
 *   make-sounds FOLDER
 */
#define _GNU_SOURCE /* M_PI */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define RATE 48000

static int write_mono(const char *path, const int16_t *samples, uint32_t frames) {
    FILE *out = fopen(path, "wb");
    if (!out) { perror(path); return 1; }
    uint32_t data = frames * 2, riff = 36 + data, fmt_size = 16, rate = RATE, bytes_per_second = RATE * 2;
    uint16_t pcm = 1, channels = 1, block = 2, bits = 16;
    fwrite("RIFF", 1, 4, out); fwrite(&riff, 4, 1, out); fwrite("WAVEfmt ", 1, 8, out);
    fwrite(&fmt_size, 4, 1, out); fwrite(&pcm, 2, 1, out); fwrite(&channels, 2, 1, out);
    fwrite(&rate, 4, 1, out); fwrite(&bytes_per_second, 4, 1, out); fwrite(&block, 2, 1, out);
    fwrite(&bits, 2, 1, out); fwrite("data", 1, 4, out); fwrite(&data, 4, 1, out);
    fwrite(samples, 2, frames, out);
    return fclose(out) != 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FOLDER\n", argv[0]); return 2; }
    static int16_t samples[RATE];
    char path[4096];
    double phase = 0;
    for (int i = 0; i < RATE / 4; i++) {
        double t = (double)i / RATE, frequency = 1800 - 5600 * t;
        phase += 2 * M_PI * frequency / RATE;
        samples[i] = (int16_t)(12000 * (1 - 4 * t) * sin(phase));
    }
    snprintf(path, sizeof path, "%s/laser.wav", argv[1]);
    if (write_mono(path, samples, RATE / 4)) return 1;
    srand(7);
    for (int i = 0; i < RATE; i++) {
        double envelope = exp(-4.0 * i / RATE);
        samples[i] = (int16_t)(20000 * envelope * ((double)rand() / RAND_MAX * 2 - 1));
    }
    snprintf(path, sizeof path, "%s/explosion.wav", argv[1]);
    return write_mono(path, samples, RATE);
}
