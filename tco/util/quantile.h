/* quantile.h - percentiles of a set of numbers by selection: the exact
 * values sorting would give (the spreadsheet's PERCENTILE.INC rule), in
 * linear expected time instead of sorting every number. */
#ifndef TCO_UTIL_QUANTILE_H
#define TCO_UTIL_QUANTILE_H

#include <stddef.h>

/* The percentiles p[0..np-1] (each in [0, 1], ascending) of v[0..n-1], n >= 1,
 * into out[0..np-1]: by linear interpolation between the closest ranks,
 * x[lo] + (h - lo) * (x[lo+1] - x[lo]) with h = (n - 1) * p and x sorted,
 * bit for bit what sorting would give. v is reordered (its values kept);
 * no NaN in v. */
void tci_percentiles(double *v, size_t n, const double *p, double *out, size_t np);

#endif /* TCO_UTIL_QUANTILE_H */
