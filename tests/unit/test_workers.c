/* test_workers.c - one piece of work shared by several threads
 * (tco/util/workers.h): every thread runs the function once, the caller's
 * among them, and all are done when the call returns, call after call. */
#include "check.h"
#include "util/workers.h"

#include <pthread.h>
#include <stdatomic.h>

/* What the threads of one call share: how many ran, and which. */
typedef struct seen {
    atomic_size_t runs;
    pthread_mutex_t lock;
    pthread_t who[TCI_WORKERS_MAX];
    size_t n_who;
    int caller_ran;
    pthread_t caller;
} seen;

static void note(void *arg)
{
    seen *s = arg;
    atomic_fetch_add(&s->runs, 1);
    pthread_mutex_lock(&s->lock);
    if (pthread_equal(pthread_self(), s->caller))
        s->caller_ran = 1;
    int known = 0;
    for (size_t i = 0; i < s->n_who; i++)
        known |= pthread_equal(s->who[i], pthread_self());
    if (!known)
        s->who[s->n_who++] = pthread_self();
    pthread_mutex_unlock(&s->lock);
}

/* n threads asked for: n ran it, each a thread of its own, the caller one. */
static void run_on(size_t n, size_t want)
{
    seen s = {.lock = PTHREAD_MUTEX_INITIALIZER, .caller = pthread_self()};
    atomic_init(&s.runs, 0);
    CU_ASSERT_EQUAL(tci_workers_run(n, note, &s), want);
    CU_ASSERT_EQUAL(atomic_load(&s.runs), want);
    CU_ASSERT_EQUAL(s.n_who, want);
    CU_ASSERT_TRUE(s.caller_ran);
}

static void test_workers_run(void)
{
    run_on(1, 1);
    run_on(4, 4);
    run_on(4, 4); /* the kept stacks again */
    run_on(3, 3);
    /* More than TCI_WORKERS_MAX asked for: TCI_WORKERS_MAX. */
    run_on(TCI_WORKERS_MAX + 5, TCI_WORKERS_MAX);
}

/* TCO_THREADS, set before the first tci_workers_count (main sets it to 3). */
static void test_workers_count(void)
{
    CU_ASSERT_EQUAL(tci_workers_count(), 3);
}

int main(void)
{
    setenv("TCO_THREADS", "3", 1);
    static const check_case cases[] = {
        {"workers_run", test_workers_run},
        {"workers_count", test_workers_count},
        {NULL, NULL},
    };
    return check_run("workers", cases);
}
