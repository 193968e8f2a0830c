/* workers.c - one piece of work shared by several threads (workers.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, for the threads' stacks */
#include "util/workers.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* The stack of a started thread (above a page that stops an overflow: no
 * access). The stacks are the process's, made once and kept:
 * glibc would give each new thread the stack of one before it, but with the
 * pages it had used returned to the system, to be faulted in again. */
#define WORKER_STACK ((size_t)8 << 20)
static char *worker_stack[TCI_WORKERS_MAX];
static pthread_mutex_t worker_stacks_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t workers_count;
static pthread_once_t workers_once = PTHREAD_ONCE_INIT;

/* The count of tci_workers_count, into workers_count. */
static void workers_init(void)
{
    const char *env = getenv("TCO_THREADS");
    if (env && *env) {
        char *end;
        errno = 0;
        long n = strtol(env, &end, 10);
        if (!errno && !*end && n >= 1 && n <= TCI_WORKERS_MAX) {
            workers_count = (size_t)n;
            return;
        }
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    workers_count = cpus < 1 ? 1 : cpus > TCI_WORKERS_MAX ? TCI_WORKERS_MAX : (size_t)cpus;
}

/* See workers.h. */
size_t tci_workers_count(void)
{
    if (pthread_once(&workers_once, workers_init) != 0)
        return 1;
    return workers_count;
}

/* What a started thread runs. */
typedef struct worker_call {
    void (*fn)(void *arg);
    void *arg;
} worker_call;

static void *worker_main(void *p)
{
    const worker_call *c = p;
    c->fn(c->arg);
    return NULL;
}

/* Start thread i (worker_stacks_lock held, when own_stacks) on its kept
 * stack, else on one of glibc's. */
static int worker_start(pthread_t *thread, size_t i, int own_stacks, worker_call *call)
{
    long page = sysconf(_SC_PAGESIZE);
    const size_t guard = page > 0 ? (size_t)page : 4096;
#ifdef MAP_ANONYMOUS
    /* A mapping of its own, not the heap's: nothing scans it as data. */
    if (own_stacks && !worker_stack[i]) {
        void *p = mmap(NULL, WORKER_STACK + guard, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED && mprotect(p, guard, PROT_NONE) == 0)
            worker_stack[i] = (char *)p + guard;
        else if (p != MAP_FAILED)
            munmap(p, WORKER_STACK + guard);
    }
#endif
    pthread_attr_t attr;
    if (!own_stacks || !worker_stack[i] || pthread_attr_init(&attr) != 0)
        return pthread_create(thread, NULL, worker_main, call);
    int err = pthread_attr_setstack(&attr, worker_stack[i], WORKER_STACK);
    if (err == 0)
        err = pthread_create(thread, &attr, worker_main, call);
    pthread_attr_destroy(&attr);
    return err;
}

/* See workers.h. */
size_t tci_workers_run(size_t n, void (*fn)(void *arg), void *arg)
{
    pthread_t thread[TCI_WORKERS_MAX];
    worker_call call = {fn, arg};
    size_t started = 0;
    n = n > TCI_WORKERS_MAX ? TCI_WORKERS_MAX : n;
    /* The kept stacks serve one call at a time; a call beside it takes
     * glibc's. */
    int own_stacks = n > 1 && pthread_mutex_trylock(&worker_stacks_lock) == 0;
    while (started + 1 < n && worker_start(&thread[started], started, own_stacks, &call) == 0)
        started++;
    fn(arg);
    for (size_t i = 0; i < started; i++)
        pthread_join(thread[i], NULL);
    if (own_stacks)
        pthread_mutex_unlock(&worker_stacks_lock);
    return started + 1;
}
