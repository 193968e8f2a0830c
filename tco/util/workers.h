/* workers.h - one piece of work shared by several threads of the process:
 * the caller and up to n - 1 threads started for the call and joined
 * before it returns. What each thread does is the caller's to divide (a
 * shared counter of items, for instance); the work must give the same result
 * whichever thread does which part. */
#ifndef TCO_UTIL_WORKERS_H
#define TCO_UTIL_WORKERS_H

#include <stddef.h>

/* The most threads tci_workers_count gives. */
#define TCI_WORKERS_MAX 64

/* How many threads a large piece of work may use: the environment variable
 * TCO_THREADS when it is a whole number from 1 to TCI_WORKERS_MAX (1: the
 * caller's thread alone), else the processors online (at most
 * TCI_WORKERS_MAX). Read once per process. */
size_t tci_workers_count(void);

/* Run fn(arg) on the calling thread and on up to n - 1 more threads, all
 * done when it returns. A thread that cannot be started is left out (fn
 * then runs on fewer threads, at least the caller's). Returns the number of
 * threads that ran fn. */
size_t tci_workers_run(size_t n, void (*fn)(void *arg), void *arg);

#endif
