/* quantile.c - percentiles by selection (quantile.h). */
#include "util/quantile.h"

#include <math.h>

static void swap(double *v, long a, long b)
{
    double t = v[a];
    v[a] = v[b];
    v[b] = t;
}

/* Reorder v[lo..hi] so that v[k] holds the value of rank k among them, every
 * value before it is <= v[k] and every value after it >= v[k] (Hoare's
 * selection; the pivot is the median of three, which keeps sorted and
 * reversed input linear and bounds the scans). */
static void select_rank(double *v, long lo, long hi, long k)
{
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (v[mid] < v[lo])
            swap(v, mid, lo);
        if (v[hi] < v[lo])
            swap(v, hi, lo);
        if (v[hi] < v[mid])
            swap(v, hi, mid);
        double pivot = v[mid];
        long i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot)
                i++;
            while (pivot < v[j])
                j--;
            if (i <= j)
                swap(v, i++, j--);
        }
        /* Now v[lo..j] <= pivot <= v[i..hi], and v[j+1..i-1] == pivot. */
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

/* See quantile.h. */
double tci_rank(double *v, size_t n, size_t k)
{
    select_rank(v, 0, (long)n - 1, (long)k);
    return v[k];
}

/* See quantile.h. */
double tci_percentile_h(size_t n, double p, size_t *lo)
{
    double h = (double)(n - 1) * p;
    *lo = (size_t)floor(h);
    return h;
}

/* See quantile.h. */
double tci_percentile_at(double h, size_t lo, double x_lo, double x_next)
{
    return x_lo + (h - (double)lo) * (x_next - x_lo);
}

/* See quantile.h. */
void tci_percentiles(double *v, size_t n, const double *p, double *out, size_t np)
{
    /* Each rank is selected among the values not yet placed: after selecting
     * rank lo, v[lo+1..] holds exactly the values of ranks above it. */
    size_t from = 0;
    for (size_t q = 0; q < np; q++) {
        size_t lo;
        double h = tci_percentile_h(n, p[q], &lo);
        if (lo + 1 >= n) {
            select_rank(v, (long)from, (long)n - 1, (long)n - 1);
            out[q] = v[n - 1];
            from = n - 1;
            continue;
        }
        if (lo >= from)
            select_rank(v, (long)from, (long)n - 1, (long)lo);
        /* x[lo+1] is the smallest value after rank lo. */
        double next = v[lo + 1];
        for (size_t i = lo + 2; i < n; i++)
            next = v[i] < next ? v[i] : next;
        out[q] = tci_percentile_at(h, lo, v[lo], next);
        from = lo + 1 > from ? lo + 1 : from;
    }
}
