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

/* The value of rank k (0: the smallest) of v[0..n-1], k < n, by selection;
 * v is reordered (its values kept). */
double tci_rank(double *v, size_t n, size_t k);

/* The two closest ranks of percentile p of n values (n >= 1): returns
 * h = (n - 1) * p and sets *lo = floor(h). The percentile is x[lo] when
 * lo + 1 >= n, else tci_percentile_at(h, lo, x[lo], x[lo + 1]). */
double tci_percentile_h(size_t n, double p, size_t *lo);

/* x[lo] + (h - lo) * (x[lo+1] - x[lo]): the percentile between two ranks. */
double tci_percentile_at(double h, size_t lo, double x_lo, double x_next);

#endif /* TCO_UTIL_QUANTILE_H */
