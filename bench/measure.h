/* measure.h - what bench_tco and bench_floor measure, the same way. */
#ifndef TCO_BENCH_MEASURE_H
#define TCO_BENCH_MEASURE_H

/* Wall-clock time, monotonic, in seconds. */
double bench_now(void);
/* CPU time of this process (user + system), in seconds: less disturbed than
 * the wall clock when other processes share the machine. When sys is not NULL it
 * gets the system (kernel) part, from the same reading: files, syncs, page
 * faults and the other work the kernel does for the process. */
double bench_cpu(double *sys);
/* Minor page faults of this process so far (getrusage). */
long bench_minflt(void);
/* A line of /proc/self/status in KiB ("VmHWM:", "VmRSS:"), or -1. */
long bench_status_kb(const char *key);
/* Peak resident set in KiB: VmHWM, or ru_maxrss where /proc is not there. */
long bench_peak_rss_kb(void);
/* The median of v[0..n-1], n >= 1; sorts v. */
double bench_median(double *v, long n);

#endif
