/* quantile.c - percentiles by selection (quantile.h). */
#include "util/quantile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* Place the ranks ks[0..nk-1] (ascending, distinct, within [lo, hi]) of
 * v[lo..hi], middle one first, then those below it among the values before
 * it and those above among the values after it: afterwards every value after
 * a placed rank's position is >= the value there. */
static void select_ranks(double *v, long lo, long hi, const long *ks, size_t nk)
{
    while (nk > 0) {
        size_t mid = nk / 2;
        long k = ks[mid];
        select_rank(v, lo, hi, k);
        select_ranks(v, lo, k - 1, ks, mid);
        lo = k + 1, ks += mid + 1, nk -= mid + 1;
    }
}

/* See quantile.h. */
void tci_percentiles(double *v, size_t n, const double *p, double *out, size_t np)
{
    enum { MAX_P = 16 };
    long ks[MAX_P];
    size_t nk = 0;
    if (np > MAX_P) {
        for (size_t q = 0; q < np; q += MAX_P)
            tci_percentiles(v, n, p + q, out + q, np - q < MAX_P ? np - q : MAX_P);
        return;
    }
    /* The lower rank of each percentile (x[n - 1] where it has no upper one). */
    for (size_t q = 0; q < np; q++) {
        size_t lo;
        tci_percentile_h(n, p[q], &lo);
        long k = (long)(lo + 1 >= n ? n - 1 : lo);
        if (nk == 0 || ks[nk - 1] != k)
            ks[nk++] = k;
    }
    select_ranks(v, 0, (long)n - 1, ks, nk);
    for (size_t q = 0, j = 0; q < np; q++) {
        size_t lo;
        double h = tci_percentile_h(n, p[q], &lo);
        if (lo + 1 >= n) {
            out[q] = v[n - 1];
            continue;
        }
        while ((size_t)ks[j] < lo)
            j++;
        /* x[lo+1] is the smallest value after rank lo, at most the next
         * placed rank's. */
        size_t end = j + 1 < nk ? (size_t)ks[j + 1] : n - 1;
        double next = v[lo + 1];
        for (size_t i = lo + 2; i <= end; i++)
            next = v[i] < next ? v[i] : next;
        out[q] = tci_percentile_at(h, lo, v[lo], next);
    }
}

/* See quantile.h. */
void tci_windows_place(tci_window *w, size_t nw, double *v, size_t n, const double *p,
                       double margin)
{
    enum { MAX_W = 8 };
    if (nw > MAX_W) {
        for (size_t i = 0; i < nw; i += MAX_W)
            tci_windows_place(w + i, nw - i < MAX_W ? nw - i : MAX_W, v, n, p + i, margin);
        return;
    }
    /* Each window's ends as ranks of v (-1: below them all, n: above). */
    long end[2 * MAX_W], ks[2 * MAX_W];
    size_t nk = 0;
    for (size_t i = 0; i < nw; i++) {
        double r = p[i] * (double)(n - 1);
        double m = ceil(margin * (sqrt((double)n * p[i] * (1 - p[i])) + 2));
        end[2 * i] = r - m < 0 ? -1 : (long)floor(r - m);
        end[2 * i + 1] = r + m > (double)(n - 1) ? (long)n : (long)ceil(r + m);
    }
    /* The ranks to place, ascending and distinct. */
    for (size_t e = 0; e < 2 * nw; e++) {
        long k = end[e];
        if (k < 0 || k >= (long)n)
            continue;
        size_t at = nk;
        while (at > 0 && ks[at - 1] > k)
            at--;
        if (at > 0 && ks[at - 1] == k)
            continue;
        memmove(ks + at + 1, ks + at, (nk - at) * sizeof *ks);
        ks[at] = k, nk++;
    }
    select_ranks(v, 0, (long)n - 1, ks, nk);
    for (size_t i = 0; i < nw; i++) {
        w[i] = (tci_window){0};
        w[i].a = end[2 * i] < 0 ? -INFINITY : v[end[2 * i]];
        w[i].b = end[2 * i + 1] >= (long)n ? INFINITY : v[end[2 * i + 1]];
    }
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
