/* quantile.c - percentiles by selection (quantile.h). */
#include "util/quantile.h"

#include <math.h>
#include <stdlib.h>

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

/* See quantile.h. */
void tci_window_place(tci_window *w, double *v, size_t n, double p, double margin)
{
    double r = p * (double)(n - 1);
    double m = ceil(margin * (sqrt((double)n * p * (1 - p)) + 2));
    *w = (tci_window){0};
    w->a = r - m < 0 ? -INFINITY : tci_rank(v, n, (size_t)floor(r - m));
    w->b = r + m > (double)(n - 1) ? INFINITY : tci_rank(v, n, (size_t)ceil(r + m));
}

/* See quantile.h. */
int tci_window_add(tci_window *w, double x)
{
    if (x < w->a) {
        w->below++;
    } else if (x == w->a) {
        w->at_a++;
    } else if (x < w->b) {
        if (w->n_in == w->cap) {
            size_t cap = w->cap ? 2 * w->cap : 1024;
            double *in = realloc(w->in, cap * sizeof *in);
            if (!in)
                return 0;
            w->in = in, w->cap = cap;
        }
        w->in[w->n_in++] = x;
    } else if (x == w->b) {
        w->at_b++;
    }
    return 1;
}

/* The value of rank k among the values counted in w into *x; 0 when it lies
 * outside the window. */
static int window_rank(tci_window *w, size_t k, double *x)
{
    if (k < w->below)
        return 0;
    k -= w->below;
    if (k < w->at_a)
        return *x = w->a, 1;
    k -= w->at_a;
    if (k < w->n_in)
        return *x = tci_rank(w->in, w->n_in, k), 1;
    k -= w->n_in;
    if (k < w->at_b)
        return *x = w->b, 1;
    return 0;
}

/* See quantile.h. */
int tci_window_percentile(tci_window *w, size_t n, double p, double *out)
{
    size_t lo;
    double h = tci_percentile_h(n, p, &lo), x_lo, x_next;
    if (lo + 1 >= n)
        return window_rank(w, n - 1, out);
    if (!window_rank(w, lo, &x_lo) || !window_rank(w, lo + 1, &x_next))
        return 0;
    *out = tci_percentile_at(h, lo, x_lo, x_next);
    return 1;
}

/* See quantile.h. */
void tci_window_free(tci_window *w)
{
    free(w->in);
    *w = (tci_window){0};
}
