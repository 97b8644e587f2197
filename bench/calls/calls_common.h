/* SPDX-License-Identifier: Zlib */
/*
 * calls_common.h: what the two call-cost programs (calls_gamesound, calls_openal) share, so that
 * they time calls the same way and print the same table rows.
 *
 * A "game thread" wakes every CALLS_PERIOD_US microseconds (default 2000) on an absolute
 * CLOCK_MONOTONIC schedule and times each call it makes with clock_gettime before and after: the
 * wall time the thread was inside the call, waiting included. The first 0.5 s of calls (or the
 * window's length, if shorter) are not recorded (warm-up). A window lasts CALLS_SECONDS seconds
 * (default 20). Several threads of one window share the same tick instants, so their calls meet.
 *
 * Around each timed call the thread also reads its context switches (getrusage RUSAGE_THREAD,
 * outside the timed part), so each row can say how many calls slept in the kernel (a voluntary
 * switch: waiting for a lock held by another thread, or for I/O) and how many were preempted (an
 * involuntary one: the machine's load). Calls that never wait show almost no blocked calls (raw
 * OpenAL Soft's own locks block now and then).
 *
 * Output: Markdown table rows, one per kind of call of a window:
 *   | window | call | calls | p50 | p99 | p99.9 | max | goal | met | notes |
 * (microseconds; percentiles by nearest rank over every recorded call, never an average), with the
 * blocked and preempted counts in the notes, and the programs add the one-minute load average of
 * /proc/loadavg before and after the window.
 */
#ifndef CALLS_COMMON_H
#define CALLS_COMMON_H

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { CALLS_MAX_THREADS = 4, CALLS_WARMUP_NS = 500000000 };

static inline int64_t calls_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void calls_sleep_until(int64_t ns) {
    struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

/* A positive number from the environment, or the default. */
static inline double calls_env(const char *name, double fallback) {
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    double value = atof(text);
    if (value <= 0) {
        fprintf(stderr, "%s=%s: expected a positive number\n", name, text);
        exit(2);
    }
    return value;
}

typedef struct {
    double seconds;    /* CALLS_SECONDS */
    int64_t period_ns; /* CALLS_PERIOD_US */
} calls_settings;

static inline calls_settings calls_read_settings(void) {
    calls_settings settings;
    settings.seconds = calls_env("CALLS_SECONDS", 20);
    settings.period_ns = (int64_t)(calls_env("CALLS_PERIOD_US", 2000) * 1000);
    return settings;
}

/* The one-minute load average, or -1. */
static inline double calls_load(void) {
    FILE *file = fopen("/proc/loadavg", "r");
    double load = -1;
    if (file) {
        if (fscanf(file, "%lf", &load) != 1) load = -1;
        fclose(file);
    }
    return load;
}

/* A call this long or longer is "slow": its cause is counted apart (calls_samples.slow). */
#define CALLS_SLOW_NS 100000

/* The durations of one kind of call, in nanoseconds, and how many of the calls blocked or were
 * preempted; of the slow ones (CALLS_SLOW_NS or longer), how many blocked, were preempted, or neither
 * (the call's own work, or time the hypervisor took that the thread's counts do not show). */
typedef struct {
    int64_t *ns;
    size_t count, capacity;
    long blocked, preempted;
    long slow, slow_blocked, slow_preempted, slow_neither;
} calls_samples;

/* The start of a timed call: the thread's context switches, then the time. */
typedef struct {
    long voluntary, involuntary;
    int64_t ns;
} calls_stamp;

static inline calls_stamp calls_begin(void) {
    struct rusage usage;
    getrusage(RUSAGE_THREAD, &usage);
    calls_stamp stamp = { usage.ru_nvcsw, usage.ru_nivcsw, 0 };
    stamp.ns = calls_now_ns();
    return stamp;
}

static inline void calls_samples_init(calls_samples *samples, const calls_settings *settings, int threads) {
    samples->count = 0;
    samples->blocked = samples->preempted = 0;
    samples->slow = samples->slow_blocked = samples->slow_preempted = samples->slow_neither = 0;
    samples->capacity = (size_t)(settings->seconds * 1e9 / (double)settings->period_ns + 16) * (size_t)threads;
    samples->ns = malloc(samples->capacity * sizeof *samples->ns);
    if (!samples->ns) {
        fprintf(stderr, "out of memory for %zu samples\n", samples->capacity);
        exit(1);
    }
}

/* The end of a call begun at `begin`: its duration and switches go into `samples` when `record`
 * is set (a thread records only into samples of its own). */
static inline void calls_end(calls_samples *samples, calls_stamp begin, int record) {
    int64_t ns = calls_now_ns() - begin.ns;
    struct rusage usage;
    getrusage(RUSAGE_THREAD, &usage);
    if (!record || samples->count == samples->capacity) return;
    samples->ns[samples->count++] = ns;
    int blocked = usage.ru_nvcsw > begin.voluntary, preempted = usage.ru_nivcsw > begin.involuntary;
    samples->blocked += blocked;
    samples->preempted += preempted;
    if (ns >= CALLS_SLOW_NS) {
        samples->slow++;
        samples->slow_blocked += blocked;
        samples->slow_preempted += preempted;
        samples->slow_neither += !blocked && !preempted;
    }
}

/* Moves every sample of `from` to the end of `into` (whose capacity covers both). */
static inline void calls_merge(calls_samples *into, calls_samples *from) {
    size_t room = into->capacity - into->count;
    size_t n = from->count < room ? from->count : room;
    memcpy(into->ns + into->count, from->ns, n * sizeof *from->ns);
    into->count += n;
    into->blocked += from->blocked;
    into->preempted += from->preempted;
    into->slow += from->slow;
    into->slow_blocked += from->slow_blocked;
    into->slow_preempted += from->slow_preempted;
    into->slow_neither += from->slow_neither;
    from->count = 0;
    from->blocked = from->preempted = 0;
    from->slow = from->slow_blocked = from->slow_preempted = from->slow_neither = 0;
}

static int calls_compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The nearest-rank percentile (0 < p <= 1) of sorted samples, in microseconds. */
static inline double calls_percentile_us(const calls_samples *sorted, double p) {
    if (sorted->count == 0) return 0;
    size_t rank = (size_t)(p * (double)sorted->count + 0.999999);
    if (rank < 1) rank = 1;
    if (rank > sorted->count) rank = sorted->count;
    return (double)sorted->ns[rank - 1] / 1000.0;
}

/* The goals of issue 37: 0 for "none". */
typedef struct {
    double p99_us, max_us;
} calls_goal;

static const calls_goal calls_goal_window = { 20, 1000 }; /* one game thread, both windows */
static const calls_goal calls_goal_threads = { 20, 0 };   /* four threads: play's p99 */
static const calls_goal calls_goal_none = { 0, 0 };

/* Set when a row misses its goal; CALLS_STRICT=1 makes the program exit 1 then. */
static int calls_missed;

/* Sorts the samples and prints their row; the notes begin with `notes` (may be ""). */
static inline void calls_print_row(const char *window, const char *call, calls_samples *samples, calls_goal goal,
                                   const char *notes) {
    qsort(samples->ns, samples->count, sizeof *samples->ns, calls_compare);
    double p50 = calls_percentile_us(samples, 0.5), p99 = calls_percentile_us(samples, 0.99);
    double p999 = calls_percentile_us(samples, 0.999), max = calls_percentile_us(samples, 1.0);
    char goal_text[64] = "—";
    const char *met = "—";
    if (goal.p99_us > 0) {
        int ok = samples->count > 0 && p99 <= goal.p99_us && (goal.max_us <= 0 || max <= goal.max_us);
        if (goal.max_us > 0) snprintf(goal_text, sizeof goal_text, "p99 ≤ %g, max ≤ %g", goal.p99_us, goal.max_us);
        else snprintf(goal_text, sizeof goal_text, "p99 ≤ %g", goal.p99_us);
        met = ok ? "yes" : "**no**";
        if (!ok) calls_missed = 1;
    }
    char slow[128] = "";
    if (samples->slow > 0)
        snprintf(slow, sizeof slow, "; %ld over %d µs: %ld blocked, %ld preempted, %ld neither", samples->slow,
                 CALLS_SLOW_NS / 1000, samples->slow_blocked, samples->slow_preempted, samples->slow_neither);
    printf("| %s | %s | %zu | %.1f | %.1f | %.1f | %.1f | %s | %s | %s%s%ld blocked, %ld preempted%s |\n", window,
           call, samples->count, p50, p99, p999, max, goal_text, met, notes, *notes ? "; " : "", samples->blocked,
           samples->preempted, slow);
    fflush(stdout);
}

/* What ends main: 1 if CALLS_STRICT is set and a goal was missed. */
static inline int calls_exit_status(void) {
    const char *strict = getenv("CALLS_STRICT");
    return strict && *strict && strcmp(strict, "0") != 0 && calls_missed ? 1 : 0;
}

/* The game threads of a window: each runs `tick(state, thread, record)` at every tick instant
 * until the window ends; `record` is 0 during the warm-up. */
typedef void (*calls_tick_fn)(void *state, int thread, int record);

typedef struct {
    calls_tick_fn tick;
    void *state;
    int thread;
    int64_t start_ns, warmup_end_ns, end_ns, period_ns;
} calls_thread_args;

static void *calls_thread_main(void *raw) {
    calls_thread_args *args = raw;
    int64_t next = args->start_ns;
    while (next < args->end_ns) {
        calls_sleep_until(next);
        args->tick(args->state, args->thread, next >= args->warmup_end_ns);
        next += args->period_ns;
        /* Late by more than a period (a loaded machine): skip the missed ticks, never burst. */
        int64_t now = calls_now_ns();
        if (next < now) next += (now - next) / args->period_ns * args->period_ns + args->period_ns;
    }
    return NULL;
}

/* Runs `threads` game threads for the window: the warm-up, then settings->seconds. */
static inline void calls_run_threads(const calls_settings *settings, int threads, calls_tick_fn tick, void *state) {
    pthread_t ids[CALLS_MAX_THREADS];
    calls_thread_args args[CALLS_MAX_THREADS];
    int64_t start = calls_now_ns() + 10000000; /* 10 ms: every thread is waiting for the first tick */
    int64_t window = (int64_t)(settings->seconds * 1e9);
    int64_t warmup = window < CALLS_WARMUP_NS ? window : CALLS_WARMUP_NS;
    for (int t = 0; t < threads; t++) {
        args[t] = (calls_thread_args){ tick, state, t, start, start + warmup, start + warmup + window,
                                       settings->period_ns };
        if (pthread_create(&ids[t], NULL, calls_thread_main, &args[t]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            exit(1);
        }
    }
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
}

#endif
