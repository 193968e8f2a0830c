/* finance.c - the spreadsheet's financial functions (PMT, IPMT, PPMT, NPV,
 * MIRR) and the payback period, as docs/MODEL.md defines them; IRR is
 * irr.c's. */
#include "core/finance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* (1+rate)^nper as q and q - 1 as qm1, accurate for a small rate. */
static void growth(double rate, double nper, double *q, double *qm1)
{
    double lq = nper * log1p(rate);
    *q = exp(lq);
    *qm1 = expm1(lq);
}

static int bad_rate(double rate)
{
    return !isfinite(rate) || rate <= -1;
}

static int bad_args(double rate, double nper, double pv, double fv, int type)
{
    return bad_rate(rate) || !isfinite(nper) || nper <= 0 || !isfinite(pv) || !isfinite(fv) ||
           (type != 0 && type != 1);
}

/* See documentation in header file. */
double tci_pmt(double rate, double nper, double pv, double fv, int type)
{
    if (bad_args(rate, nper, pv, fv, type))
        return NAN;
    double q, qm1;
    growth(rate, nper, &q, &qm1);
    if (rate == 0 || qm1 == 0)
        return -(pv + fv) / nper;
    if (isinf(q)) /* fv / q and 1 / q are 0 */
        return -(rate * pv) / (1 + rate * type);
    return -(rate * (pv * q + fv)) / ((1 + rate * type) * qm1);
}

/* FV(rate, nper, pmt, pv, type): the balance after nper periods. */
static double fv_of(double rate, double nper, double pmt, double pv, int type)
{
    double q, qm1;
    growth(rate, nper, &q, &qm1);
    if (rate == 0 || qm1 == 0)
        return -(pv + pmt * nper);
    return -(pv * q + pmt * (1 + rate * type) * qm1 / rate);
}

/* See documentation in header file. The interest of period `per` is the rate
 * times the balance that period starts from: after per-1 payments at the end
 * of each period, after per-2 (and the payment just made) at the beginning. */
double tci_ipmt(double rate, double per, double nper, double pv, double fv, int type)
{
    if (bad_args(rate, nper, pv, fv, type) || !isfinite(per) || per < 1 || per > nper)
        return NAN;
    double pmt = tci_pmt(rate, nper, pv, fv, type), balance;
    if (per == 1)
        balance = type ? 0 : -pv;
    else if (type)
        balance = fv_of(rate, per - 2, pmt, pv, 1) - pmt;
    else
        balance = fv_of(rate, per - 1, pmt, pv, 0);
    return balance * rate;
}

/* See documentation in header file. */
double tci_ppmt(double rate, double per, double nper, double pv, double fv, int type)
{
    return tci_pmt(rate, nper, pv, fv, type) - tci_ipmt(rate, per, nper, pv, fv, type);
}

/* See documentation in header file. */
double tci_npv(double rate, const double *flows, size_t n)
{
    if (bad_rate(rate))
        return NAN;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(flows[i]))
            return NAN;
        sum += flows[i] / pow(1 + rate, (double)(i + 1));
    }
    return sum;
}

/* See documentation in header file. */
double tci_rate_annual(double monthly)
{
    if (bad_rate(monthly))
        return NAN;
    return expm1(12 * log1p(monthly));
}

/* ===== MIRR and payback ===== */

/* See documentation in header file. */
void tci_rate_factors(double rate, size_t n, double *disc, double *grow)
{
    double d = 1, g = 1;
    for (size_t k = 0; k < n; k++, d /= 1 + rate, g *= 1 + rate) {
        disc[k] = d;
        if (grow)
            grow[k] = g;
    }
}

/* See documentation in header file. */
double tci_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate)
{
    return tci_mirr_at(flows, n, finance_rate, reinvest_rate, NULL, NULL);
}

/* See documentation in header file. */
double tci_mirr_at(const double *flows, size_t n, double finance_rate, double reinvest_rate,
                   const double *disc_of, const double *grow_of)
{
    if (bad_rate(finance_rate) || bad_rate(reinvest_rate) || n < 2)
        return NAN;
    /* Discounts (1 + finance_rate)^-k from the first flow on, growth
     * (1 + reinvest_rate)^(n-1-k) from the last back: each a running product
     * (tci_rate_factors). */
    double pv_neg = 0, fv_pos = 0, disc = 1, grow = 1;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return NAN;
        if (disc_of)
            disc = disc_of[k];
        else if (k > 0)
            disc /= 1 + finance_rate;
        if (flows[k] < 0)
            pv_neg += flows[k] * disc;
    }
    for (size_t k = n; k-- > 0;) {
        if (grow_of)
            grow = grow_of[n - 1 - k];
        else if (k < n - 1)
            grow *= 1 + reinvest_rate;
        if (flows[k] > 0)
            fv_pos += flows[k] * grow;
    }
    if (pv_neg == 0 || fv_pos == 0)
        return NAN;
    return pow(fv_pos / -pv_neg, 1.0 / (double)(n - 1)) - 1;
}

/* See documentation in header file. */
long tci_payback(const double *flows, size_t n, double rate)
{
    return tci_payback_at(flows, n, rate, NULL);
}

/* See documentation in header file. */
long tci_payback_at(const double *flows, size_t n, double rate, const double *disc_of)
{
    if (bad_rate(rate))
        return TCI_PAYBACK_INVALID;
    long from = TCI_PAYBACK_NEVER;
    double cum = 0, disc = 1; /* (1 + rate)^-k, tci_rate_factors' */
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return TCI_PAYBACK_INVALID;
        if (rate == 0) { /* undiscounted */
            cum += flows[k];
        } else {
            if (disc_of)
                disc = disc_of[k];
            else if (k > 0)
                disc /= 1 + rate;
            cum += flows[k] * disc;
        }
        if (!isfinite(cum))
            return TCI_PAYBACK_INVALID;
        if (cum < 0)
            from = TCI_PAYBACK_NEVER;
        else if (from == TCI_PAYBACK_NEVER)
            from = (long)k;
    }
    return from;
}

/* The payback's running start: k when the cumulative flow cum is >= 0 from
 * period k, TCI_PAYBACK_NEVER while it is below 0. */
static long payback_step(long from, double cum, size_t k)
{
    if (cum < 0)
        return TCI_PAYBACK_NEVER;
    return from == TCI_PAYBACK_NEVER ? (long)k : from;
}

/* See documentation in header file. The four sums run side by side, each in
 * the order and with the operations of its own function: MIRR's negative
 * flows from the first, its positive ones from the last, and the two
 * cumulative flows (at rate 0, disc[k] is 1 and f * 1 is f). A cumulative
 * flow that leaves the range of numbers does not come back, so that the
 * paybacks' checks can wait for the end. */
void tci_returns_at(const double *flows, size_t n, double rate, const double *disc,
                    const double *grow, double *mirr, long *payback, long *discounted)
{
    if (bad_rate(rate)) {
        *mirr = NAN;
        *payback = tci_payback_at(flows, n, 0, NULL);
        *discounted = TCI_PAYBACK_INVALID;
        return;
    }
    double pv_neg = 0, fv_pos = 0, cum = 0, dcum = 0;
    long from = TCI_PAYBACK_NEVER, dfrom = TCI_PAYBACK_NEVER;
    int finite = 1;
    for (size_t k = 0; k < n; k++) {
        const double f = flows[k], back = flows[n - 1 - k];
        finite &= isfinite(f);
        if (f < 0)
            pv_neg += f * disc[k];
        if (back > 0)
            fv_pos += back * grow[k];
        cum += f;
        dcum += f * disc[k];
        from = payback_step(from, cum, k);
        dfrom = payback_step(dfrom, dcum, k);
    }
    *payback = !finite || !isfinite(cum) ? TCI_PAYBACK_INVALID : from;
    *discounted = !finite || !isfinite(dcum) ? TCI_PAYBACK_INVALID : dfrom;
    if (!finite || n < 2 || pv_neg == 0 || fv_pos == 0)
        *mirr = NAN;
    else
        *mirr = pow(fv_pos / -pv_neg, 1.0 / (double)(n - 1)) - 1;
}
