/* SPDX-License-Identifier: Zlib */
/*
 * rt_common.h: what the three real-time programs (rt_gamesound, rt_openal, rt_sdlmixer) share,
 * so that they take the same arguments, play the same assets and print the same lines.
 *
 * Usage of each program:
 *   PROGRAM ASSETS run VOICES SECONDS
 *       VOICES looping copies of sfx/laser.ogg (0: none) and music/theme.ogg as a looping
 *       soundtrack, for SECONDS in real time.
 *   PROGRAM ASSETS plays COUNT PERIOD_MS START_NS
 *       No soundtrack: sfx/blip.ogg played COUNT times, one every PERIOD_MS, the first at
 *       CLOCK_MONOTONIC time START_NS (so several programs can take turns in one recording).
 *
 * Each prints lines "cpu playing|stopping MICROSECONDS" (rt_cpu_mark) around the steady part of
 * `run`, and lines "mark NAME NANOSECONDS" (CLOCK_MONOTONIC) on stdout: "main" when main starts,
 * "open" just before the first audio call, "opened" after the device or runtime is made, "playing"
 * after the last start call of `run`, and "play" right after each play call of `plays` returns.
 * The driver (bench/realtime/run.py) reads them against the sink's monitor. Last, "peak_kib N": the
 * process's peak resident memory, VmHWM of /proc/self/status. Not the parent's ru_maxrss from
 * wait4: on Linux a child's ru_maxrss starts at its parent's resident size at fork (exec records
 * the old address space's high-water mark), so every small program would read as the driver's size.
 */
#ifndef RT_COMMON_H
#define RT_COMMON_H

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { RT_SAMPLE_RATE = 48000, RT_MAX_VOICES = 200 };

static inline int64_t rt_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void rt_mark(const char *name, int64_t ns) {
    printf("mark %s %lld\n", name, (long long)ns);
    fflush(stdout);
}

/* "cpu NAME MICROSECONDS": user+system CPU of the whole process so far (every thread), so the
 * driver can tell start-up, the steady part and the teardown apart. */
static inline void rt_cpu_mark(const char *name) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    long long us = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000
                 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    printf("cpu %s %lld\n", name, us);
    fflush(stdout);
}

static inline void rt_sleep_until(int64_t ns) {
    struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

static inline void rt_sleep_ns(int64_t ns) { rt_sleep_until(rt_now_ns() + ns); }

typedef enum { RT_RUN, RT_PLAYS } rt_mode;

typedef struct {
    const char *program;
    char effect[1024];     /* the looping effect of `run`, or the effect of `plays` */
    char soundtrack[1024]; /* music/theme.ogg */
    rt_mode mode;
    int voices;            /* run */
    double seconds;        /* run */
    int count;             /* plays */
    int period_ms;         /* plays */
    int64_t start_ns;      /* plays */
} rt_args;

static inline void rt_usage(const char *program) {
    fprintf(stderr, "usage: %s ASSETS run VOICES SECONDS\n       %s ASSETS plays COUNT PERIOD_MS START_NS\n",
            program, program);
    exit(2);
}

static inline rt_args rt_parse(int argc, char **argv) {
    rt_args args;
    memset(&args, 0, sizeof args);
    args.program = argv[0];
    if (argc < 3) rt_usage(argv[0]);
    snprintf(args.soundtrack, sizeof args.soundtrack, "%s/music/theme.ogg", argv[1]);
    if (strcmp(argv[2], "run") == 0 && argc == 5) {
        args.mode = RT_RUN;
        args.voices = atoi(argv[3]);
        args.seconds = atof(argv[4]);
        snprintf(args.effect, sizeof args.effect, "%s/sfx/laser.ogg", argv[1]);
        if (args.voices < 0 || args.voices > RT_MAX_VOICES || args.seconds <= 0) rt_usage(argv[0]);
    } else if (strcmp(argv[2], "plays") == 0 && argc == 6) {
        args.mode = RT_PLAYS;
        args.count = atoi(argv[3]);
        args.period_ms = atoi(argv[4]);
        args.start_ns = atoll(argv[5]);
        snprintf(args.effect, sizeof args.effect, "%s/sfx/blip.ogg", argv[1]);
        if (args.count < 1 || args.period_ms < 1) rt_usage(argv[0]);
    } else {
        rt_usage(argv[0]);
    }
    return args;
}

/* Prints "peak_kib N" (VmHWM); call it last, just before main returns. */
static inline void rt_report_peak(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (status && fgets(line, sizeof line, status)) {
        if (strncmp(line, "VmHWM:", 6) == 0) kib = atol(line + 6);
    }
    if (status) fclose(status);
    printf("peak_kib %ld\n", kib);
    fflush(stdout);
}

static inline int rt_fail(const char *program, const char *what) {
    fprintf(stderr, "%s: %s\n", program, what);
    return 1;
}

#endif
