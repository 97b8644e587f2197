/* SPDX-License-Identifier: Zlib */
/*
 * calls_fixed: the machine's own tail, beside calls_gamesound and calls_openal in the same run. A
 * game thread at the same ticks does, instead of a call, a fixed piece of pure computation: the
 * same instructions every time (a xorshift generator reading a 64 KiB table), no lock, no system
 * call, no allocation, nothing shared with another thread. Whatever spread its times show is the
 * machine's doing: interrupts, the hypervisor taking the virtual CPU away, caches and frequency
 * after 2 ms asleep. So a call's p99 can be read against the p99 of work that never varies and
 * takes about as long at the median.
 *
 * Two sizes, calibrated at start so that a warm run takes about 2.5 µs and about 10 µs (the first
 * near what a 20 µs p99 leaves room for, the second near what a GameSound play costs at the median
 * on the test machine); at a game's pace they take somewhat longer, the caches being cold.
 *
 * Usage: calls_fixed. Prints two table rows (calls_common.h).
 */
#include "calls_common.h"

enum { TABLE_BYTES = 64 * 1024 };

static unsigned char table[TABLE_BYTES];
static volatile unsigned sink;

/* The fixed work: `steps` reads of the table at pseudo-random places. */
static void work(long steps) {
    uint64_t x = 88172645463325252ULL;
    unsigned sum = 0;
    for (long i = 0; i < steps; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        sum += table[x % TABLE_BYTES];
    }
    sink += sum;
}

/* How many steps take `target_us` warm: the best of five timed runs of a large count, scaled. */
static long calibrate(double target_us) {
    const long probe = 200000;
    int64_t best = INT64_MAX;
    for (int run = 0; run < 5; run++) {
        int64_t start = calls_now_ns();
        work(probe);
        int64_t took = calls_now_ns() - start;
        if (took < best) best = took;
    }
    long steps = (long)(target_us * 1000.0 * (double)probe / (double)(best > 0 ? best : 1));
    return steps > 0 ? steps : 1;
}

typedef struct {
    long steps;
    calls_samples samples;
} fixed;

static void fixed_tick(void *state, int thread, int record) {
    (void)thread;
    fixed *f = state;
    calls_stamp begin = calls_begin();
    work(f->steps);
    calls_end(&f->samples, begin, record);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: calls_fixed\n");
        return 2;
    }
    for (int i = 0; i < TABLE_BYTES; i++) table[i] = (unsigned char)(i * 131 + 7);
    calls_settings settings = calls_read_settings();
    const double targets_us[] = { 2.5, 10 };
    for (int size = 0; size < 2; size++) {
        static fixed f;
        f.steps = calibrate(targets_us[size]);
        calls_samples_init(&f.samples, &settings, 1);
        double load_before = calls_load();
        calls_run_threads(&settings, 1, fixed_tick, &f);
        double load_after = calls_load();
        char call[64], notes[160];
        snprintf(call, sizeof call, "fixed work, %g µs warm", targets_us[size]);
        snprintf(notes, sizeof notes, "%ld steps; load %.2f → %.2f", f.steps, load_before, load_after);
        calls_print_row("the machine, 1 thread", call, &f.samples, calls_goal_none, notes);
        free(f.samples.ns);
    }
    return 0;
}
