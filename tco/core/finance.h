/* finance.h - the spreadsheet's financial functions, computed as the
 * spreadsheet computes them (docs/MODEL.md, "Financial functions"): PMT,
 * IPMT, PPMT, NPV, IRR and MIRR, with the annual rate of a monthly one and
 * the payback period of a series of flows. The finance view writes its
 * figures to the workbook as these functions, so the engine's value and the
 * workbook's agree.
 *
 * Sign convention (the spreadsheet's): money paid out is negative, money
 * received positive. A loan of 1000 received is pv = 1000; its payments come
 * back negative. `type` is 0 for payments at the end of each period, 1 at the
 * beginning.
 *
 * Hostile values: a NaN or infinite argument, nper <= 0, a rate <= -1, a
 * type other than 0 or 1, per outside 1..nper give NaN (the spreadsheet's
 * #NUM!); no function loops without bound or reads past `n` flows. */
#ifndef TCO_CORE_FINANCE_H
#define TCO_CORE_FINANCE_H

#include <stddef.h>

#include "tco.h"

/* PMT(rate, nper, pv, fv, type): the payment each period that turns pv into
 * fv over nper periods; -(pv + fv) / nper at rate 0. */
double tci_pmt(double rate, double nper, double pv, double fv, int type);

/* IPMT(rate, per, nper, pv, fv, type): the interest part of payment `per`
 * (1..nper); 0 at rate 0, and 0 for per 1 when type is 1. */
double tci_ipmt(double rate, double per, double nper, double pv, double fv, int type);

/* PPMT(rate, per, nper, pv, fv, type) = PMT - IPMT: the principal part. */
double tci_ppmt(double rate, double per, double nper, double pv, double fv, int type);

/* NPV(rate, flows): sum of flows[i] / (1+rate)^(i+1), the first flow one
 * period away as in the spreadsheet. NaN for rate <= -1 or a non-finite
 * value; 0 for n = 0. */
double tci_npv(double rate, const double *flows, size_t n);

/* IRR: the periodic rate r > -1 with sum flows[k] / (1+r)^k = 0 over the
 * periods k = 0..n-1, to 1e-12. Returns 0 and sets *rate_out, or returns -1,
 * sets *rate_out to NaN and *why to a static English reason: "a flow is not
 * a finite number", "no sign change", "more than one sign change and more
 * than one rate with NPV 0", "more than one sign change and no rate with
 * NPV 0". The rule (Descartes' rule of signs, the running sums' bounds,
 * then a scan) is MODEL.md's.
 * `why` may be NULL. More than TCI_IRR_MAX_FLOWS flows take memory, and
 * without it have no rate ("out of memory"). */
int tci_irr(const double *flows, size_t n, double *rate_out, const char **why);

/* The most flows tci_irr works on without allocating memory: a month 0 and
 * the longest horizon's months. */
#define TCI_IRR_MAX_FLOWS (TCO_MAX_HORIZON + 1)

/* tci_irr of each of flows[0..count-1], n flows each, at once: status[j] is
 * what tci_irr returns, rate[j] its rate and why[j] its reason (NULL with a
 * rate). Each result is tci_irr's to the last bit; working on several sets
 * of flows side by side is faster than one after another. */
void tci_irr_many(const double *const *flows, size_t count, size_t n, double *rate,
                  const char **why, int *status);

/* ----- The stream of IRRs that tci_irr_many works with -----
 * Sets of flows added one at a time, TCI_IRR_LANES of them worked on side by
 * side; each result handed to `done` as soon as it is known, in no set
 * order. Its fields are irr.c's: a caller holds one (on its stack: it needs
 * no memory for up to TCI_IRR_MAX_FLOWS flows) and calls the functions
 * below. */

/* A result: the id its flows were added with, tci_irr's status, rate and
 * reason (NULL with a rate). */
typedef void tci_irr_done(void *ctx, size_t id, int status, double rate, const char *why);

#define TCI_IRR_LANES 32

/* The flows s[lo..hi] (the first and last that are not 0), scaled by their
 * largest magnitude (scale; inv is 1 / it) so that no sum overflows. */
typedef struct tci_irr_poly {
    const double *s;
    size_t lo, hi;
    double scale, inv;
} tci_irr_poly;

/* The refinement of one rate: its bracket [a, b], the point t, the width
 * before, the sign at a and the steps taken. */
typedef struct tci_irr_refiner {
    double a, b, t, width;
    int sa, i;
} tci_irr_refiner;

/* One set of flows in work. */
typedef struct tci_irr_lane {
    tci_irr_poly p;
    size_t id;
    int stage;          /* what it evaluates next */
    int up;             /* the direction its coefficients in q run: 1, 0, or -1 for none */
    double a, b, fa, t; /* the bounds, the sign function at a, the point evaluated */
    tci_irr_refiner r;
} tci_irr_lane;

/* The isolation of the rates of flows with more than one sign change, for
 * TCI_IRR_ISO sets side by side: a halving of [t1, t2] waiting on its
 * midpoint m, then on its left half (la, lb: the bracket that half finds),
 * then its right; its result to *ret, its bracket to *ra, *rb. */
#define TCI_IRR_ISO   8
#define TCI_IRR_DEPTH 32
typedef struct tci_irr_frame {
    double t1, t2, f1, f2, m, fm, la, lb;
    int above, below, above_m, below_m, no_root, left, right, phase;
    int *ret;
    double *ra, *rb;
} tci_irr_frame;

typedef struct tci_irr_iso {
    tci_irr_poly p;
    size_t id;
    double a, b, ra, rb; /* the bounds; the bracket found */
    int budget, depth, found, stage;
    int ask;              /* what it waits on: IRR_ASK_* of irr.c */
    double at, at2, at_f; /* where: t (t1), t2, f at t1 */
    double f;             /* the answers: the sign function at t */
    int below, above, no_root;
    tci_irr_frame fr[TCI_IRR_DEPTH];
} tci_irr_iso;

typedef struct tci_irr_stream {
    size_t n, busy, isos;
    tci_irr_done *done;
    void *ctx;
    /* q: n rows of 2 TCI_IRR_LANES, each lane's coefficients in two columns,
     * in the orders its Horner sums take them for a rate >= 0 and < 0; s:
     * each lane's scaled flows, n apiece. In store, or in heap for more than
     * TCI_IRR_MAX_FLOWS flows. */
    double *q, *s, *heap;
    tci_irr_lane lane[TCI_IRR_LANES];
    _Alignas(64) double store[3 * TCI_IRR_LANES * TCI_IRR_MAX_FLOWS];
    /* The sets in isolation: their scaled flows s[lo + k] in iso_fwd and
     * s[hi - k] in iso_back, row k holding each set's in its column, and
     * apiece in iso_s (for up to TCI_IRR_MAX_FLOWS flows). */
    tci_irr_iso iso[TCI_IRR_ISO];
    _Alignas(64) double iso_fwd[TCI_IRR_ISO * TCI_IRR_MAX_FLOWS];
    _Alignas(64) double iso_back[TCI_IRR_ISO * TCI_IRR_MAX_FLOWS];
    double iso_s[TCI_IRR_ISO * TCI_IRR_MAX_FLOWS];
} tci_irr_stream;

/* Start a stream of sets of n flows, their results to done(ctx, ...).
 * Returns 0, or -1 when it lacks memory (more than TCI_IRR_MAX_FLOWS flows):
 * then every set added gets the reason "out of memory". */
int tci_irr_stream_init(tci_irr_stream *st, size_t n, tci_irr_done *done, void *ctx);

/* Add flows (n of them, read now and not kept) under id. Its result, or that
 * of a set added before, may be handed to done before this returns. */
void tci_irr_stream_add(tci_irr_stream *st, const double *flows, size_t id);

/* Work out every set still in work, hand each result to done, and release
 * what the stream holds. */
void tci_irr_stream_finish(tci_irr_stream *st);

/* The width of the vectors the stream evaluates with: 8, 4 or 2 doubles by
 * what the processor has, 1 without vectors. tci_irr_width_use(w) makes it
 * w when the processor has it (tests; each width gives the same doubles) and
 * returns the width in use; 0 goes back to the processor's best. */
int tci_irr_width_use(int w);

/* The annual rate of a monthly one: (1+r)^12 - 1; NaN for r <= -1. */
double tci_rate_annual(double monthly);

/* MIRR(flows, finance_rate, reinvest_rate): the negative flows discounted
 * to period 0 at finance_rate, the positive ones compounded to period n-1 at
 * reinvest_rate, and the rate that turns the one into the other over n-1
 * periods. NaN when the flows lack a positive or a negative value (the
 * spreadsheet's #DIV/0!), for a rate <= -1 or a non-finite value. */
double tci_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate);

/* The factors of a rate as tci_mirr, tci_payback and the engine's months
 * apply them, one from the one before: disc[0] = 1, disc[k] = disc[k-1] /
 * (1 + rate) (the discount of period k), and grow[0] = 1, grow[k] =
 * grow[k-1] * (1 + rate) (k periods of growth), k = 0..n-1. grow may be
 * NULL. Worked out once, they spare doing it again for every set of flows. */
void tci_rate_factors(double rate, size_t n, double *disc, double *grow);

/* tci_mirr with the factors of finance_rate's discount (disc) and of
 * reinvest_rate's growth (grow) from tci_rate_factors, n of each, or NULL to
 * work them out: the same result. */
double tci_mirr_at(const double *flows, size_t n, double finance_rate, double reinvest_rate,
                   const double *disc, const double *grow);

/* Payback: the first period k (0..n-1) from which the cumulative flow
 * sum_{j<=k} flows[j] / (1+rate)^j stays >= 0 through period n-1 (rate 0:
 * undiscounted), a whole period with no interpolation. TCI_PAYBACK_NEVER when
 * the cumulative flow ends below 0 (or n is 0), TCI_PAYBACK_INVALID for a
 * non-finite value or rate <= -1. */
#define TCI_PAYBACK_NEVER   (-1L)
#define TCI_PAYBACK_INVALID (-2L)
long tci_payback(const double *flows, size_t n, double rate);

/* tci_payback with the discount factors of rate from tci_rate_factors (n of
 * them), or NULL to work them out: the same result. */
long tci_payback_at(const double *flows, size_t n, double rate, const double *disc);

/* The returns of one set of flows at one rate, in one pass: the monthly
 * MIRR tci_mirr_at(flows, n, rate, rate, disc, grow) in *mirr, the payback
 * tci_payback(flows, n, 0) in *payback and tci_payback_at(flows, n, rate,
 * disc) in *discounted: the same numbers. disc and grow are the rate's
 * factors (tci_rate_factors), n of each. */
void tci_returns_at(const double *flows, size_t n, double rate, const double *disc,
                    const double *grow, double *mirr, long *payback, long *discounted);

#endif
