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

/* A percentile of a stream of values without keeping them all: the values
 * strictly between a and b, and how many fell below a, at a and at b. Placed
 * around percentile p of the first values (a pilot), it holds the values of
 * the ranks that give p of them all unless those fell outside it. */
typedef struct tci_window {
    double a, b;
    size_t below, at_a, at_b;
    double *in;
    size_t n_in, cap;
} tci_window;

/* nw empty windows, w[i] around percentile p[i] of the n pilot values v
 * (reordered; n >= 1): from the value of rank r - m to that of rank r + m,
 * r = p[i] (n - 1) and m = margin (sqrt(n p[i] (1 - p[i])) + 2) (margin
 * standard deviations of the count of values below the percentile, and 2);
 * an end beyond the ranks is infinite. Add the pilot's values to them as any
 * other. */
void tci_windows_place(tci_window *w, size_t nw, double *v, size_t n, const double *p,
                       double margin);

/* Count x in w (no NaN); 0 when out of memory (w stays as it was). */
int tci_window_add(tci_window *w, double x);

/* Percentile p of the n values added to w, exactly as tci_percentiles gives
 * it, into *out; 0 when a rank it needs lies outside the window. Reorders the
 * values kept. */
int tci_window_percentile(tci_window *w, size_t n, double p, double *out);

void tci_window_free(tci_window *w);

#endif /* TCO_UTIL_QUANTILE_H */
