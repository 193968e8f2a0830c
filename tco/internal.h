/* internal.h - helpers shared by the library's writers; not installed. */
#ifndef TCO_INTERNAL_H
#define TCO_INTERNAL_H

#include "tco.h"

#include <stdio.h>

/* An output file being written atomically: everything goes to a temporary
 * file beside the target, which replaces the target only on commit. */
typedef struct tco_outfile {
    char *tmp;        /* temporary path, beside the target */
    const char *path; /* target path (borrowed) */
    FILE *fp;         /* open stream on tmp, or NULL after reserve */
} tco_outfile;

/* Create the temporary file and open it for writing. */
tco_status tco_outfile_open(tco_outfile *f, const char *path, tco_diags *diags);
/* Create the temporary file and close it, for writers that open paths
 * themselves (libxlsxwriter); f->tmp names it. */
tco_status tco_outfile_reserve(tco_outfile *f, const char *path, tco_diags *diags);
/* Flush, sync and rename onto the target. On failure the temporary file is
 * removed, the target is untouched and an error is added to diags. */
tco_status tco_outfile_commit(tco_outfile *f, tco_diags *diags);
/* Remove the temporary file; safe after a failed open or a commit. */
void tco_outfile_abort(tco_outfile *f);

/* A deep copy of a scenario without its ranges, cases and distributions. */
tco_scenario *tco_scenario_clone(const tco_scenario *s);

/* Where a numeric parameter lives in s, or NULL when the key is not a number. */
double *tco_param_ptr(tco_scenario *s, tco_param p);

/* Total and NPV (npv may be NULL) of every option, without months. */
void tco_engine_totals(const tco_scenario *s, double *total, double *npv);

/* JSON: a string, fully escaped (NULL is null), and a number with 17
 * significant digits (NAN is null). */
void tco_json_string(FILE *out, const char *s);
void tco_json_number(FILE *out, double x);

/* 1 when s is valid UTF-8. */
int tco_utf8_valid(const char *s);

#endif /* TCO_INTERNAL_H */
