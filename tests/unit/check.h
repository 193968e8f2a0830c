/* check.h - a thin layer over CUnit's basic runner for the unit tests. */
#ifndef TCO_CHECK_H
#define TCO_CHECK_H

#include "tco.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>

typedef struct check_case {
    const char *name;
    void (*fn)(void);
} check_case;

/* Run one suite with the basic runner; exit status 1 when anything failed. */
static inline int check_run(const char *suite_name, const check_case *cases)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
    for (const check_case *c = cases; suite && c->name; c++)
        if (!CU_add_test(suite, c->name, c->fn))
            return 2;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    int failed = CU_get_number_of_failure_records() || CU_get_number_of_suites_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

/* |a - b| within 1e-9 relative (absolute below 1). */
static inline int check_close(double a, double b)
{
    double scale = fmax(1, fmax(fabs(a), fabs(b)));
    return fabs(a - b) <= 1e-9 * scale;
}

#endif /* TCO_CHECK_H */
