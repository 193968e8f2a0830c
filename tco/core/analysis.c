/* analysis.c - what would change the answer, and how sure we are:
 * sensitivity (one driver at a time, low and high), a utilization sweep,
 * the [case NAME] scenarios, and Monte Carlo over [uncertainty]. No I/O. */
#include "core/core.h"
#include "core/factors.h"
#include "util/quantile.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ===== Changing inputs and putting them back ===== */

/* Values changed in a working copy, to restore them afterwards. */
/* What one driver may change: two values of each option, or a rate with each
 * option's converted money keys and each site's. */
#define UNDO_MAX (8 * TCO_MAX_OPTIONS + TCO_SITE_KEYS * TCO_MAX_SITES + 8)

typedef struct undo {
    double *at[UNDO_MAX]; /* changed doubles: a rate moves a catalog price and the
                             values written in a site's currency (MODEL.md, Sites) */
    double was[UNDO_MAX];
    unsigned char *flag[TCO_MAX_OPTIONS + 8]; /* changed src flags */
    unsigned char flag_was[TCO_MAX_OPTIONS + 8];
    size_t n, n_flags;
} undo;

static void set(undo *u, double *at, double v)
{
    assert(u->n < UNDO_MAX);
    u->at[u->n] = at;
    u->was[u->n++] = *at;
    *at = v;
}

/* set() as tci_fx_apply_rate calls it. */
static void set_any(void *u, double *at, double v)
{
    set(u, at, v);
}

static void set_flag(undo *u, unsigned char *at, unsigned char v)
{
    u->flag[u->n_flags] = at;
    u->flag_was[u->n_flags++] = *at;
    *at = v;
}

static void restore(undo *u)
{
    while (u->n)
        u->n--, *u->at[u->n] = u->was[u->n];
    while (u->n_flags)
        u->n_flags--, *u->flag[u->n_flags] = u->flag_was[u->n_flags];
}

static double clamp_key(const tco_keydef *k, double v)
{
    return v < k->lo ? k->lo : v > k->hi ? k->hi : v;
}

/* ===== Sensitivity ===== */

/* A driver: one input swung for every option that has it. */
typedef struct driver {
    const char *name;
    int global; /* 1: a tco_skey; 0: a tco_okey on each option */
    int key;
    int only_option; /* >= 0: an extra driver from a [sensitivity] range;
                        TCO_PARAM_FX: the exchange rate s->fx[key] (global 0);
                        TCO_PARAM_DISCOUNT: the fraction of s->discounts[key] */
    int site;        /* a global key of named site site - 1 (`site.NAME.KEY`), or 0 */
} driver;

/* Room for the standard drivers: at most one per key. */
#define MAX_STANDARD (TCO_S_COUNT + TCO_O_COUNT)

/* The standard drivers, in the order of the key tables' `driver` column
 * (numbered 1..n across both tables, checked by tests/unit/test_tables.c),
 * into out (MAX_STANDARD entries). Returns n. */
static size_t standard_drivers(driver *out)
{
    size_t n = 0;
    for (int global = 1; global >= 0; global--) {
        int count = global ? TCO_S_COUNT : TCO_O_COUNT;
        for (int k = 0; k < count; k++) {
            const tco_keydef *kd =
                global ? tco_scenario_key((tco_skey)k) : tco_option_key((tco_okey)k);
            if (kd->driver > 0) {
                assert(kd->driver <= MAX_STANDARD);
                out[kd->driver - 1] = (driver){kd->name, global, k, -1, 0};
                n++;
            }
        }
    }
    return n;
}

static const tco_range *find_range_at(const tco_scenario *s, int option, int key, int site)
{
    for (size_t i = 0; i < s->n_ranges; i++)
        if (s->ranges[i].param.option == option && s->ranges[i].param.key == key &&
            s->ranges[i].param.site == site)
            return &s->ranges[i];
    return NULL;
}

static const tco_range *find_range(const tco_scenario *s, int option, int key)
{
    for (size_t i = 0; i < s->n_ranges; i++)
        if (s->ranges[i].param.option == option && s->ranges[i].param.key == key &&
            s->ranges[i].param.site == 0)
            return &s->ranges[i];
    return NULL;
}

/* Does an option have this key as an input? */
static int option_has(const tco_option *o, int key)
{
    const tco_keydef *k = tco_option_key((tco_okey)key);
    if (k->applies == TCO_APPLIES_BUY && o->acquire != TCO_BUY)
        return 0;
    /* An API option's price declines as a rental's does (MODEL.md, API options). */
    if (k->applies == TCO_APPLIES_RENT && o->acquire != TCO_RENT &&
        !(o->acquire == TCO_API && key == TCO_O_PRICE_DECLINE))
        return 0;
    if (k->applies == TCO_APPLIES_API && o->acquire != TCO_API)
        return 0;
    if (key == TCO_O_PRICE_DECLINE && o->pricing != TCO_ON_DEMAND)
        return 0;
    return 1;
}

/* The value at one end (sign -1 low, +1 high) of a relative swing or range. */
static double end_value(const tco_scenario *base, const tco_range *r, const tco_keydef *k, double v,
                        int sign)
{
    if (r)
        return sign < 0 ? r->low : r->high;
    return clamp_key(k, v * (1 + sign * base->swing));
}

/* Apply one end of driver d to the working copy w; record each option's
 * input at that end in `input` (NAN where it has none). */
static void apply_driver(const tco_scenario *base, tco_scenario *w, const driver *d, int sign,
                         undo *u, double *input)
{
    size_t n = w->n_options;
    for (size_t i = 0; i < n; i++)
        input[i] = NAN;
    if (d->only_option == TCO_PARAM_FX) {
        /* An exchange rate moves every price converted by it (MODEL.md,
         * Currency conversion). */
        tco_fx *fx = &w->fx[d->key];
        double v =
            end_value(base, find_range(base, TCO_PARAM_FX, d->key), tci_fx_key(), fx->rate, sign);
        set(u, &fx->rate, v);
        tci_fx_apply_rate(w, d->key + 1, v, set_any, u);
        for (size_t i = 0; i < n; i++)
            input[i] = v;
        return;
    }
    if (d->only_option == TCO_PARAM_DISCOUNT) {
        /* A discount moves every catalog price it applies to (MODEL.md,
         * Negotiated discounts), in the one price chain. */
        tco_discount *dc = &w->discounts[d->key];
        double v = end_value(base, find_range(base, TCO_PARAM_DISCOUNT, d->key), tci_discount_key(),
                             dc->fraction, sign);
        set(u, &dc->fraction, v);
        tci_discount_apply(w, d->key + 1, set_any, u);
        for (size_t i = 0; i < n; i++)
            if (tci_discount_prices(&w->options[i], d->key + 1))
                input[i] = v;
        return;
    }
    if (d->global && d->key == TCO_S_UTILIZATION) {
        /* The [workload] utilization drives each option's utilization in
         * effect: the default and the options' own values move together,
         * to the option's own range, else the [workload] range, else the
         * relative swing. */
        const tco_keydef *k = tco_scenario_key(TCO_S_UTILIZATION);
        const tco_range *r = find_range(base, -1, TCO_S_UTILIZATION);
        set(u, &w->utilization, end_value(base, r, k, base->utilization, sign));
        for (size_t i = 0; i < n; i++) {
            tco_option *o = &w->options[i];
            const tco_range *ro = find_range(base, (int)i, TCO_O_UTILIZATION);
            if (ro || (r && o->src[TCO_O_UTILIZATION])) {
                set_flag(u, &o->src[TCO_O_UTILIZATION], TCO_SRC_INI);
                set(u, &o->utilization, sign < 0 ? (ro ? ro : r)->low : (ro ? ro : r)->high);
            } else if (o->src[TCO_O_UTILIZATION]) {
                set(u, &o->utilization, end_value(base, NULL, k, o->utilization, sign));
            }
            input[i] = tco_option_utilization(w, o);
        }
        return;
    }
    if (d->global && d->site > 0) {
        /* A named site's key (MODEL.md, Sites): from its value in effect,
         * which becomes its own while the driver moves it; the options at the
         * site have it as an input. */
        const tco_keydef *k = tco_scenario_key((tco_skey)d->key);
        tco_site *t = &w->sites[d->site - 1];
        int j = d->key - TCO_SITE_KEY_FIRST;
        double v0 = t->src[j] ? t->value[j] : *tci_param_ptr(w, (tco_param){-1, d->key, 0});
        set_flag(u, &t->src[j], TCO_SRC_INI);
        double v = end_value(base, find_range_at(base, -1, d->key, d->site), k, v0, sign);
        set(u, &t->value[j], v);
        for (size_t i = 0; i < n; i++)
            if (w->options[i].acquire == TCO_BUY && w->options[i].site_no == d->site)
                input[i] = v;
        return;
    }
    if (d->global) {
        const tco_keydef *k = tco_scenario_key((tco_skey)d->key);
        double *at = tci_param_ptr(w, (tco_param){-1, d->key, 0});
        double v = end_value(base, find_range(base, -1, d->key), k, *at, sign);
        set(u, at, v);
        for (size_t i = 0; i < n; i++)
            input[i] = v;
        return;
    }
    const tco_keydef *k = tco_option_key((tco_okey)d->key);
    for (size_t i = 0; i < n; i++) {
        tco_option *o = &w->options[i];
        if ((d->only_option >= 0 && (size_t)d->only_option != i) || !option_has(o, d->key))
            continue;
        double *at = tci_param_ptr(w, (tco_param){(int)i, d->key, 0});
        double v0 = *at;
        if (d->key == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE]) {
            /* Swing the fraction the decline gives, in its place. */
            v0 = tci_resale_fraction(o->resale_decline, w->horizon_months);
            set_flag(u, &o->src[TCO_O_RESALE_DECLINE], TCO_SRC_DEFAULT);
        }
        double v = end_value(base, find_range(base, (int)i, d->key), k, v0, sign);
        set(u, at, v);
        input[i] = v;
    }
}

typedef struct ranked_entry {
    tco_sens_entry e;
    size_t order; /* driver index, for stable ties */
} ranked_entry;

static int by_swing(const void *a, const void *b)
{
    const ranked_entry *x = a, *y = b;
    if (x->e.swing != y->e.swing)
        return x->e.swing > y->e.swing ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static tco_status sensitivity(tco_analysis *A, const tco_scenario *base, tco_scenario *w)
{
    size_t n = base->n_options;
    /* Standard drivers, each discount that prices an option, then one per
     * range that is not a standard driver's. */
    size_t room = MAX_STANDARD + base->n_discounts + base->n_ranges;
    driver *drivers = malloc(room * sizeof *drivers);
    double *input = malloc(2 * n * sizeof *input);
    double *total = malloc(2 * n * sizeof *total);
    double *npv = malloc(2 * n * sizeof *npv);
    undo *u = malloc(sizeof *u);
    ranked_entry *row = malloc(room * sizeof *row);
    tco_status st = TCO_ERR_NOMEM;
    if (!drivers || !input || !total || !npv || !u || !row)
        goto done;
    u->n = u->n_flags = 0;
    size_t n_standard = standard_drivers(drivers), nd = n_standard;
    for (size_t k = 0; k < base->n_discounts; k++) {
        /* Each discount is a driver of the options it prices (MODEL.md,
         * Negotiated discounts), its range given or else the swing. */
        size_t i = 0;
        while (i < n && !tci_discount_prices(&base->options[i], (int)k + 1))
            i++;
        if (i < n)
            drivers[nd++] = (driver){base->discounts[k].driver, 0, (int)k, TCO_PARAM_DISCOUNT, 0};
    }
    for (size_t i = 0; i < base->n_ranges; i++) {
        const tco_range *r = &base->ranges[i];
        if (r->param.option == TCO_PARAM_DISCOUNT)
            continue; /* a discount's range sets its ends, above */
        int fx = r->param.option == TCO_PARAM_FX;
        int global = r->param.option < 0 && !fx;
        int covered = !fx && r->param.key == (global ? TCO_S_UTILIZATION : TCO_O_UTILIZATION);
        for (size_t j = 0; j < n_standard && !fx; j++)
            covered |=
                drivers[j].global == global && drivers[j].key == r->param.key && r->param.site == 0;
        if (!covered)
            drivers[nd++] = (driver){r->name, global, r->param.key, r->param.option, r->param.site};
    }
    A->n_drivers = nd;
    A->sens = calloc(n * nd > 0 ? n * nd : 1, sizeof *A->sens);
    if (!A->sens)
        goto done;
    int b = A->base->baseline;
    for (size_t d = 0; d < nd; d++) {
        for (int end = 0; end < 2; end++) {
            apply_driver(base, w, &drivers[d], end ? 1 : -1, u, input + end * n);
            tci_engine_totals(w, NULL, total + end * n, npv + end * n);
            restore(u);
        }
        for (size_t i = 0; i < n; i++) {
            tco_sens_entry *e = &A->sens[i * nd + d];
            e->driver = drivers[d].name;
            e->input_low = input[i];
            e->input_high = input[n + i];
            e->total_low = total[i];
            e->total_high = total[n + i];
            e->npv_low = npv[i];
            e->npv_high = npv[n + i];
            e->diff_low = e->diff_high = NAN;
            if (b >= 0 && base->options[i].acquire == TCO_BUY) {
                e->diff_low = total[i] - total[b];
                e->diff_high = total[n + i] - total[n + b];
                e->swing = fabs(e->diff_high - e->diff_low);
            } else {
                e->swing = fabs(e->total_high - e->total_low);
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t d = 0; d < nd; d++)
            row[d] = (ranked_entry){A->sens[i * nd + d], d};
        qsort(row, nd, sizeof *row, by_swing);
        for (size_t d = 0; d < nd; d++)
            A->sens[i * nd + d] = row[d].e;
    }
    st = TCO_OK;
done:
    free(drivers);
    free(input);
    free(total);
    free(npv);
    free(u);
    free(row);
    return st;
}

/* ===== Utilization sweep ===== */

#define SWEEP_POINTS 20

static tco_status sweep(tco_analysis *A, tco_scenario *w)
{
    size_t n = w->n_options;
    A->n_sweep = SWEEP_POINTS;
    A->sweep_u = malloc(SWEEP_POINTS * sizeof *A->sweep_u);
    A->sweep_total = malloc((n ? n : 1) * SWEEP_POINTS * sizeof *A->sweep_total);
    A->sweep_cost_per_gpu_hour = malloc((n ? n : 1) * SWEEP_POINTS * sizeof(double));
    double *total = malloc((n ? n : 1) * sizeof *total);
    undo *u = malloc(sizeof *u);
    if (!A->sweep_u || !A->sweep_total || !A->sweep_cost_per_gpu_hour || !total || !u) {
        free(total);
        free(u);
        return TCO_ERR_NOMEM;
    }
    u->n = u->n_flags = 0;
    for (int k = 0; k < SWEEP_POINTS; k++) {
        double util = (k + 1) / (double)SWEEP_POINTS;
        A->sweep_u[k] = util;
        set(u, &w->utilization, util);
        for (size_t i = 0; i < n; i++)
            if (w->options[i].src[TCO_O_UTILIZATION])
                set(u, &w->options[i].utilization, util);
        tci_engine_totals(w, NULL, total, NULL);
        restore(u);
        for (size_t i = 0; i < n; i++) {
            A->sweep_total[i * SWEEP_POINTS + k] = total[i];
            A->sweep_cost_per_gpu_hour[i * SWEEP_POINTS + k] =
                tci_cost_per_gpu_hour_at(w, &w->options[i], total[i], util);
        }
    }
    free(total);
    free(u);
    return TCO_OK;
}

/* ===== Monte Carlo ===== */

/* xoshiro256** (Blackman and Vigna), seeded by splitmix64. */
typedef struct rng {
    uint64_t s[4];
} rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t next(rng *r)
{
    uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, 1). */
static double uniform01(rng *r)
{
    return (double)(next(r) >> 11) * 0x1.0p-53;
}

/* The standard normal's probability of [a, b] (a <= b): a difference of
 * erfc where both ends lie in one tail (there erf is near +-1 and the
 * difference would cancel), else of erf (accurate near 0, so an interval far
 * narrower than 1 keeps its small probability instead of cancelling to 0). */
static double normal_between(double a, double b)
{
    const double r = 0.70710678118654752440; /* 1 / sqrt(2) */
    if (a * r > 0.5)
        return 0.5 * (erfc(a * r) - erfc(b * r));
    if (b * r < -0.5)
        return 0.5 * (erfc(-b * r) - erfc(-a * r));
    return 0.5 * (erf(b * r) - erf(a * r));
}

/* The cumulative distribution function of triangular(lo, mode, hi) at x. */
static double triangular_cdf(const tco_uncertain *u, double x)
{
    double lo = u->a, mode = u->b, hi = u->c;
    if (x <= lo)
        return 0;
    if (x >= hi)
        return 1;
    if (x <= mode)
        return (x - lo) * (x - lo) / ((hi - lo) * (mode - lo));
    return 1 - (hi - x) * (hi - x) / ((hi - lo) * (hi - mode));
}

/* See documentation in header file. */
double tci_dist_in_range(const tco_uncertain *u, double lo, double hi)
{
    switch (u->dist) {
    case TCO_DIST_TRIANGULAR:
        if (!(u->a <= u->b && u->b <= u->c && u->a < u->c))
            return NAN;
        return triangular_cdf(u, hi) - triangular_cdf(u, lo);
    case TCO_DIST_UNIFORM: {
        if (!(u->a < u->b))
            return NAN;
        double l = fmax(lo, u->a), h = fmin(hi, u->b);
        return h > l ? (h - l) / (u->b - u->a) : 0;
    }
    case TCO_DIST_NORMAL:
        if (!(u->b > 0))
            return NAN;
        return normal_between((lo - u->a) / u->b, (hi - u->a) / u->b);
    }
    return NAN;
}

/* Draws of a normal in a row that may all fall outside the key's range.
 * A distribution lands in the range with probability at least
 * TCI_MC_MIN_IN_RANGE (0.01), so 10,000 misses in a row have a chance below
 * 0.99^10000 = 2.2e-44: reaching the limit is an error, never a value. */
#define MC_MAX_REDRAWS 10000

/* One draw of u within key k's range into *x; 0 when a normal missed the
 * range MC_MAX_REDRAWS times in a row. */
static int draw(rng *r, const tco_uncertain *u, const tco_keydef *k, double *x)
{
    switch (u->dist) {
    case TCO_DIST_TRIANGULAR: {
        double p = uniform01(r), lo = u->a, mode = u->b, hi = u->c;
        double f = (mode - lo) / (hi - lo);
        *x = p < f ? lo + sqrt(p * (hi - lo) * (mode - lo))
                   : hi - sqrt((1 - p) * (hi - lo) * (hi - mode));
        return 1;
    }
    case TCO_DIST_UNIFORM:
        *x = u->a + (u->b - u->a) * uniform01(r);
        return 1;
    case TCO_DIST_NORMAL:
        /* Box-Muller, redrawn until it falls in the key's range. */
        for (int tries = 0; tries < MC_MAX_REDRAWS; tries++) {
            double a = uniform01(r), b = uniform01(r);
            double z = sqrt(-2 * log(1 - a)) * cos(2 * 3.14159265358979323846 * b);
            *x = u->a + u->b * z;
            if (*x >= k->lo && *x <= k->hi)
                return 1;
        }
        return 0;
    }
    *x = u->a;
    return 1;
}

/* See core.h. */
size_t tci_mc_bins(size_t n, const unsigned char *varies, const double *iqr, long N, double lo,
                   double hi)
{
    double h = INFINITY;
    for (size_t i = 0; i < n; i++)
        if (varies[i] && iqr[i] > 0)
            h = fmin(h, 2 * iqr[i] / cbrt((double)N));
    if (!(hi > lo))
        return 0;
    if (!isfinite(h))
        return TCI_MC_BINS_DEFAULT;
    double bins = ceil((hi - lo) / h);
    return bins < 1 ? 1 : bins > TCI_MC_MAX_BINS ? TCI_MC_MAX_BINS : (size_t)bins;
}

/* ===== Percentiles without every sample ===== */

/* See core.h. */
long tci_mc_pilot = 65536;
double tci_mc_margin = 8;

/* The percentiles reported of a total and of an NPV (MODEL.md, Monte Carlo),
 * and of a total the quartiles of the histogram's width too. */
static const double deciles[3] = {0.1, 0.5, 0.9};
static const double total_ps[5] = {0.1, 0.25, 0.5, 0.75, 0.9};

/* One option's NPV over the samples: every value (N <= tci_mc_pilot, or drawn
 * again), else the pilot's until the windows are placed, then the windows. */
typedef struct mc_npv {
    double *v; /* NULL once windowed */
    tci_window w[3];
} mc_npv;

/* Place q's windows by its P pilot values (reordered), count them in, and
 * free them. 0 when out of memory. */
static int windows_place(mc_npv *q, long P)
{
    tci_windows_place(q->w, 3, q->v, (size_t)P, deciles, tci_mc_margin);
    for (long s = 0; s < P; s++)
        for (int k = 0; k < 3; k++)
            if (!tci_window_add(&q->w[k], q->v[s]))
                return 0;
    free(q->v);
    q->v = NULL;
    return 1;
}

/* q's P10, P50 and P90 of N samples into out, as tci_percentiles gives them;
 * 0 when one lies outside its window. */
static int npv_percentiles(mc_npv *q, long N, double out[3])
{
    if (q->v) {
        tci_percentiles(q->v, (size_t)N, deciles, out, 3);
        return 1;
    }
    for (int k = 0; k < 3; k++)
        if (!tci_window_percentile(&q->w[k], (size_t)N, deciles[k], &out[k]))
            return 0;
    return 1;
}

static void npv_free(mc_npv *q)
{
    free(q->v);
    q->v = NULL;
    for (int k = 0; k < 3; k++)
        tci_window_free(&q->w[k]);
}

/* col (N values, reordered here) and their sum: q = mean, P10, P50, P90. */
static void summarize(double *col, long N, double sum, double q[4])
{
    q[0] = sum / N;
    tci_percentiles(col, (size_t)N, deciles, q + 1, 3);
}

/* ===== Monte Carlo of the plans ===== */

/* The plans during Monte Carlo (MODEL.md, Monte Carlo): each sample's plan
 * results, and every sample's totals and NPVs. */
typedef struct mc_plans {
    size_t n;               /* plans computed by the base (0: none) */
    tco_plan_result *r;     /* the sample at hand, one per plan */
    tco_plan_month *months; /* n * H, r[i].monthly at months + i * H */
    tco_month *scratch;     /* TCI_PLAN_SCRATCH * H */
    double *totals, *npvs;  /* sample s's plan i at [s * n + i] */
    long *best;             /* samples in which each plan ranks first */
} mc_plans;

/* Room for N samples of the base's plans; 0 when out of memory. */
static int mc_plans_alloc(mc_plans *P, const tco_result *base, long N)
{
    memset(P, 0, sizeof *P);
    size_t n = base->n_plans, H = (size_t)base->scenario->horizon_months;
    if (!n)
        return 1;
    P->n = n;
    P->r = calloc(n, sizeof *P->r);
    P->months = calloc(n * H, sizeof *P->months);
    P->scratch = calloc(TCI_PLAN_SCRATCH * H, sizeof *P->scratch);
    P->totals = malloc((size_t)N * n * sizeof *P->totals);
    P->npvs = malloc((size_t)N * n * sizeof *P->npvs);
    P->best = calloc(n, sizeof *P->best);
    if (!P->r || !P->months || !P->scratch || !P->totals || !P->npvs || !P->best)
        return 0;
    for (size_t i = 0; i < n; i++)
        P->r[i].monthly = P->months + i * H;
    return 1;
}

static void mc_plans_free(mc_plans *P)
{
    free(P->r);
    free(P->months);
    free(P->scratch);
    free(P->totals);
    free(P->npvs);
    free(P->best);
}

/* Sample s: every plan of w at the base's counts, and the one that ranks first. */
static void mc_plans_sample(mc_plans *P, const tco_result *base, const tco_scenario *w, long s)
{
    for (size_t i = 0; i < P->n; i++) {
        const tco_plan_result *b = &base->plans[i];
        tci_plan_eval(w, &w->plans[i], b->own_count, b->reserve_count, P->scratch, &P->r[i]);
        P->totals[(size_t)s * P->n + i] = P->r[i].total;
        P->npvs[(size_t)s * P->n + i] = P->r[i].npv;
    }
    if (P->n)
        P->best[tci_plan_best(P->r, P->n, w->rank_by)]++;
}

/* Each plan's statistics into A->mc_plans; col holds N values. 0 when out of
 * memory. */
static int mc_plans_stats(tco_analysis *A, const mc_plans *P, long N, double *col)
{
    if (!P->n)
        return 1;
    if (!(A->mc_plans = calloc(P->n, sizeof *A->mc_plans)))
        return 0;
    A->mc_n_plans = P->n;
    for (size_t i = 0; i < P->n; i++) {
        struct tco_mc_plan *m = &A->mc_plans[i];
        for (int pass = 0; pass < 2; pass++) {
            const double *src = pass ? P->npvs : P->totals;
            double sum = 0, q[4];
            for (long s = 0; s < N; s++)
                sum += col[s] = src[(size_t)s * P->n + i];
            summarize(col, N, sum, q);
            if (pass)
                m->npv_mean = q[0], m->npv_p10 = q[1], m->npv_p50 = q[2], m->npv_p90 = q[3];
            else
                m->total_mean = q[0], m->total_p10 = q[1], m->total_p50 = q[2], m->total_p90 = q[3];
        }
        m->p_best = (double)P->best[i] / N;
    }
    return 1;
}

/* The inputs that vary, and what drawing a sample needs. */
typedef struct mc_draws {
    const tco_scenario *base;
    tco_scenario *w;
    double *at[TCO_MAX_SECTION_KEYS];
    const tco_keydef *kd[TCO_MAX_SECTION_KEYS];
    int any_fx;  /* a rate or a discount varies: the catalog prices follow */
    int no_memo; /* 1: the engine without its memo */
    tci_engine_memo memo;
} mc_draws;

/* D for drawing base's inputs into its working copy w: pointers to the
 * inputs that vary; option utilizations and named sites' keys drawn become
 * their own values. 0 when out of memory (free D.memo either way). */
static int mc_draws_init(mc_draws *D, const tco_scenario *base, tco_scenario *w)
{
    memset(D, 0, sizeof *D);
    D->base = base, D->w = w;
    for (size_t j = 0; j < base->n_uncertain; j++) {
        const tco_param p = base->uncertain[j].param;
        D->at[j] = tci_param_ptr(w, p);
        D->kd[j] = tci_param_key(p);
        D->any_fx |= p.option == TCO_PARAM_FX || p.option == TCO_PARAM_DISCOUNT;
        if (p.option >= 0 && p.key == TCO_O_UTILIZATION)
            w->options[p.option].src[TCO_O_UTILIZATION] = TCO_SRC_INI;
        if (p.option < 0 && p.site > 0) /* a named site's key becomes its own */
            w->sites[p.site - 1].src[p.key - TCO_SITE_KEY_FIRST] = TCO_SRC_INI;
    }
    return tci_engine_memo_init(&D->memo, w);
}

static void rng_seed(rng *r, uint64_t seed)
{
    for (int k = 0; k < 4; k++)
        r->s[k] = splitmix64(&seed);
}

/* The next sample: its inputs drawn into the working copy, every option's
 * total and NPV into t and npv. 0 when a normal missed its key's range. */
static int mc_sample(mc_draws *D, rng *r, double *t, double *npv)
{
    const tco_scenario *base = D->base;
    tco_scenario *w = D->w;
    for (size_t j = 0; j < base->n_uncertain; j++)
        if (!draw(r, &base->uncertain[j], D->kd[j], D->at[j]))
            return 0;
    if (D->any_fx) {
        /* The rates and the discounts move the catalog prices under them; a
         * price drawn itself keeps its own draw (MODEL.md, Currency
         * conversion, Negotiated discounts). */
        double drawn[TCO_MAX_SECTION_KEYS];
        for (size_t j = 0; j < base->n_uncertain; j++)
            drawn[j] = *D->at[j];
        tci_fx_apply(w);
        tci_discount_apply(w, 0, NULL, NULL);
        for (size_t j = 0; j < base->n_uncertain; j++)
            *D->at[j] = drawn[j];
    }
    tci_engine_totals(w, D->no_memo ? NULL : &D->memo, t, npv);
    return 1;
}

/* Draw the N samples again and keep the NPV of each option i with
 * again[i] in q[i].v (N values each). */
static tco_status mc_replay(mc_draws *D, long N, mc_npv *q, const unsigned char *again, double *t,
                            double *npv)
{
    size_t n = D->base->n_options;
    for (size_t i = 0; i < n; i++)
        if (again[i]) {
            npv_free(&q[i]);
            if (!(q[i].v = malloc((size_t)N * sizeof *q[i].v)))
                return TCO_ERR_NOMEM;
        }
    rng r;
    rng_seed(&r, D->base->mc_seed);
    for (long s = 0; s < N; s++) {
        if (!mc_sample(D, &r, t, npv))
            return TCO_ERR_LIMIT;
        for (size_t i = 0; i < n; i++)
            if (again[i])
                q[i].v[s] = npv[i];
    }
    return TCO_OK;
}

/* The histogram's bins over the totals (option i's N at totals + i * N), and
 * each option's total statistics; reorders the totals. 0 when out of memory. */
static int mc_totals_stats(tco_analysis *A, size_t n, long N, double *totals, const double *sum,
                           const unsigned char *varies)
{
    double lo = INFINITY, hi = -INFINITY, q[5], *iqr = malloc((n ? n : 1) * sizeof *iqr);
    if (!iqr)
        return 0;
    for (size_t i = 0; i < n; i++) {
        double *c = totals + (size_t)i * (size_t)N;
        if (varies[i])
            for (long s = 0; s < N; s++) {
                lo = fmin(lo, c[s]);
                hi = fmax(hi, c[s]);
            }
        tci_percentiles(c, (size_t)N, total_ps, q, 5);
        struct tco_mc_option *m = &A->mc[i];
        m->total_mean = sum[i] / N;
        m->total_p10 = q[0], m->total_p50 = q[2], m->total_p90 = q[4];
        iqr[i] = q[3] - q[1];
    }
    size_t nb = tci_mc_bins(n, varies, iqr, N, lo, hi);
    free(iqr);
    if (nb > 0) {
        if (!(A->mc_edges = calloc(nb + 1, sizeof *A->mc_edges)))
            return 0;
        A->mc_bins = nb;
        for (size_t k = 0; k <= nb; k++)
            A->mc_edges[k] = k == nb ? hi : lo + (hi - lo) * (double)k / (double)nb;
    }
    for (size_t i = 0; i < n; i++) {
        if (nb == 0 || !varies[i])
            continue;
        long *hist = A->mc[i].hist = calloc(nb, sizeof(long));
        if (!hist)
            return 0;
        const double *c = totals + (size_t)i * (size_t)N;
        for (long s = 0; s < N; s++) {
            long bin = (long)((c[s] - lo) / (hi - lo) * (double)nb);
            hist[bin < 0 ? 0 : bin >= (long)nb ? (long)nb - 1 : bin]++;
        }
    }
    return 1;
}

static tco_status monte_carlo(tco_analysis *A, const tco_scenario *base, tco_scenario *w,
                              const tco_run *run)
{
    tco_progress_fn progress = run ? run->progress : NULL;
    void *user = run ? run->user : NULL;
    size_t n = base->n_options, n1 = n ? n : 1;
    long N = base->mc_samples;
    if ((double)N * (double)(n + A->base->n_plans) > TCO_MAX_MC_VALUES)
        return TCO_ERR_LIMIT;
    /* The loader refuses these; a scenario built by a program may hold one. */
    for (size_t j = 0; j < base->n_uncertain; j++) {
        const tco_uncertain *u = &base->uncertain[j];
        const tco_keydef *k = tci_param_key(u->param);
        if (!(tci_dist_in_range(u, k->lo, k->hi) >= TCI_MC_MIN_IN_RANGE))
            return TCO_ERR_LIMIT;
    }
    A->mc_samples = N;
    A->mc_seed = base->mc_seed;
    long pilot = N > tci_mc_pilot ? tci_mc_pilot : N;
    A->mc = calloc(n1, sizeof *A->mc);
    double *totals = malloc((size_t)N * n1 * sizeof *totals);
    double *t = malloc(n1 * sizeof *t), *npv = malloc(n1 * sizeof *npv);
    double *sum_t = calloc(n1, sizeof *sum_t), *sum_npv = calloc(n1, sizeof *sum_npv);
    mc_npv *q = calloc(n1, sizeof *q);
    long *cheapest = calloc(n1, sizeof *cheapest);
    long *beats = calloc(n1, sizeof *beats);
    unsigned char *varies = calloc(n1, 1), *again = calloc(n1, 1);
    mc_draws D;
    int memo_ok = mc_draws_init(&D, base, w);
    mc_plans P;
    int plans_ok = mc_plans_alloc(&P, A->base, N);
    double *col = P.n ? malloc((size_t)N * sizeof *col) : NULL;
    tco_status st = TCO_ERR_NOMEM;
    if (!A->mc || !totals || !t || !npv || !sum_t || !sum_npv || !q || !cheapest || !beats ||
        !varies || !again || !memo_ok || !plans_ok || (P.n && !col))
        goto done;
    for (size_t i = 0; i < n; i++)
        if (!(q[i].v = malloc((size_t)pilot * sizeof *q[i].v)))
            goto done;

    rng r;
    rng_seed(&r, base->mc_seed);
    int b = A->base->baseline;
    for (long s = 0; s < N; s++) {
        if (!mc_sample(&D, &r, t, npv)) {
            st = TCO_ERR_LIMIT;
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            totals[i * (size_t)N + (size_t)s] = t[i];
            sum_t[i] += t[i];
            sum_npv[i] += npv[i];
            varies[i] |= t[i] != totals[i * (size_t)N];
            if (s < pilot)
                q[i].v[s] = npv[i];
            else
                for (int k = 0; k < 3; k++)
                    if (!tci_window_add(&q[i].w[k], npv[i]))
                        goto done;
        }
        if (s + 1 == pilot && N > pilot)
            for (size_t i = 0; i < n; i++)
                if (!windows_place(&q[i], pilot))
                    goto done;
        size_t best = 0;
        for (size_t i = 1; i < n; i++)
            if (t[i] < t[best])
                best = i;
        if (n)
            cheapest[best]++;
        if (b >= 0)
            for (size_t i = 0; i < n; i++)
                beats[i] += base->options[i].acquire == TCO_BUY && t[i] < t[b];
        mc_plans_sample(&P, A->base, w, s);
        if (run && run->cancelled && run->cancelled(user)) {
            st = TCO_ERR_CANCELLED;
            goto done;
        }
        if (progress)
            progress(user, s + 1, N);
    }
    if (progress)
        progress(user, N, N);

    /* The histogram: common bins over the totals of the options that vary. */
    if (!mc_totals_stats(A, n, N, totals, sum_t, varies))
        goto done;
    free(totals);
    totals = NULL;
    int replay = 0;
    for (size_t i = 0; i < n; i++) {
        double d[3] = {NAN, NAN, NAN};
        replay |= again[i] = !npv_percentiles(&q[i], N, d);
        struct tco_mc_option *m = &A->mc[i];
        m->npv_mean = sum_npv[i] / N;
        m->npv_p10 = d[0], m->npv_p50 = d[1], m->npv_p90 = d[2];
        m->p_cheapest = (double)cheapest[i] / N;
        m->p_beats_baseline =
            b >= 0 && base->options[i].acquire == TCO_BUY ? (double)beats[i] / N : NAN;
    }
    if (replay) {
        /* A percentile outside its window: the samples again, every NPV kept
         * of the options concerned. */
        if ((st = mc_replay(&D, N, q, again, t, npv)) != TCO_OK)
            goto done;
        st = TCO_ERR_NOMEM;
        for (size_t i = 0; i < n; i++) {
            struct tco_mc_option *m = &A->mc[i];
            double d[3] = {NAN, NAN, NAN};
            if (again[i] && npv_percentiles(&q[i], N, d))
                m->npv_p10 = d[0], m->npv_p50 = d[1], m->npv_p90 = d[2];
        }
    }
    if (!mc_plans_stats(A, &P, N, col))
        goto done;
    st = TCO_OK;
done:
    mc_plans_free(&P);
    for (size_t i = 0; q && i < n; i++)
        npv_free(&q[i]);
    free(q);
    free(totals);
    free(t);
    free(npv);
    free(sum_t);
    free(sum_npv);
    free(col);
    free(cheapest);
    free(beats);
    free(varies);
    free(again);
    tci_engine_memo_free(&D.memo);
    return st;
}

/* See core.h. */
tco_status tci_mc_samples(const tco_result *base, double *total, double *npv)
{
    const tco_scenario *s = base->scenario;
    tco_scenario *w = tci_scenario_clone(s);
    if (!w)
        return TCO_ERR_NOMEM;
    mc_draws D;
    tco_status st = mc_draws_init(&D, s, w) ? TCO_OK : TCO_ERR_NOMEM;
    D.no_memo = 1;
    rng r;
    rng_seed(&r, s->mc_seed);
    for (long k = 0; st == TCO_OK && k < s->mc_samples; k++)
        if (!mc_sample(&D, &r, total + (size_t)k * s->n_options, npv + (size_t)k * s->n_options))
            st = TCO_ERR_LIMIT;
    tci_engine_memo_free(&D.memo);
    tco_scenario_free(w);
    return st;
}

/* ===== Public API ===== */

/* See documentation in header file. */
tco_status tco_analyze(const tco_result *base, tco_progress_fn progress, void *user,
                       tco_analysis **out)
{
    tco_run run = {progress, NULL, user};
    return tco_analyze_with(base, &run, out);
}

/* See documentation in header file. */
tco_status tco_analyze_with(const tco_result *base, const tco_run *run, tco_analysis **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!base)
        return TCO_ERR_ARG;
    const tco_scenario *s = base->scenario;
    tco_analysis *A = calloc(1, sizeof *A);
    tco_scenario *w = tci_scenario_clone(s);
    tco_status st = TCO_ERR_NOMEM;
    if (!A || !w)
        goto fail;
    A->base = base;
    if ((st = sensitivity(A, s, w)) != TCO_OK || (st = sweep(A, w)) != TCO_OK)
        goto fail;
    if (s->n_cases) {
        A->cases = calloc(s->n_cases, sizeof *A->cases);
        st = TCO_ERR_NOMEM;
        if (!A->cases)
            goto fail;
        A->n_cases = s->n_cases;
        for (size_t i = 0; i < s->n_cases; i++)
            if ((st = tco_compute_with(s->cases[i].scenario, run, &A->cases[i])) != TCO_OK)
                goto fail;
    }
    if (s->n_uncertain && (st = monte_carlo(A, s, w, run)) != TCO_OK)
        goto fail;
    tco_scenario_free(w);
    *out = A;
    return TCO_OK;
fail:
    tco_scenario_free(w);
    tco_analysis_free(A);
    return st;
}

void tco_analysis_free(tco_analysis *A)
{
    if (!A)
        return;
    free(A->sens);
    free(A->sweep_u);
    free(A->sweep_total);
    free(A->sweep_cost_per_gpu_hour);
    for (size_t i = 0; i < A->n_cases; i++)
        tco_result_free(A->cases[i]);
    free(A->cases);
    if (A->mc)
        for (size_t i = 0; i < A->base->n_options; i++)
            free(A->mc[i].hist);
    free(A->mc);
    free(A->mc_edges);
    free(A->mc_plans);
    free(A);
}
