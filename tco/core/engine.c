/* engine.c - the cost model of docs/MODEL.md, month by month. No I/O. */
#include "core/core.h"
#include "core/factors.h"
#include "core/finance.h"
#include "util/order.h"
#include "util/workers.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sums of one option's cost lines; what break-even needs without months. */
typedef struct totals {
    double capex, residual, total, npv;
    double line[TCO_LINES];            /* each cost line's sum over months 1..H */
    double commitment, commitment_npv; /* rent owed past the horizon, and its present value */
    double loan_interest, loan_principal, loan_balance; /* sums over months 1..H */
    double lease_buyout;                                /* likewise */
} totals;

/* Fixed quantities of an option at utilization u. */
typedef struct plan {
    int servers;
    double capex_gpu, capex_infra, capex;
    double it_kw, provisioned_kw;
    double residual_fraction, residual;
    double loan;      /* lent at month 0 (financing = loan), else 0 */
    double loan_rate; /* a month: loan_rate / 12 */
    int loan_months;
    double paid0;     /* month 0: capex, less a loan; a lease's first payment */
    double lease;     /* a lease's payment, in advance (financing = lease), else 0 */
    int lease_months; /* 0 without a lease */
    double buyout;    /* paid at month lease_months, when within the horizon */
    int owned_from;   /* the month from which the option owns the hardware: 0, or a
                         buyout's month; -1 for a lease returned (or running at H) */
    int settled;      /* 1: sold at H (a plan's refresh), what is owed past H paid then */
    double carbon0;   /* with carbon_in_total, month 0's carbon cost, in paid0; else 0 */
} plan;

static plan make_plan(const tco_scenario *s, const tco_option *o, double u)
{
    plan p = {0};
    if (o->acquire != TCO_BUY) { /* rent; an API option has no upfront */
        p.capex = p.paid0 = o->upfront;
        return p;
    }
    p.servers = (o->count + o->gpus_per_server - 1) / o->gpus_per_server;
    p.capex_gpu = o->count * o->gpu_price;
    p.capex_infra = p.servers * (o->server_price + o->network_price);
    p.capex = p.capex_gpu + p.capex_infra + o->install_price;
    p.it_kw = tci_it_kw(o, o->count, p.servers, u);
    p.provisioned_kw = tci_provisioned_kw(o, o->count, p.servers);
    p.residual_fraction = tci_residual_fraction(o, s->horizon_months);
    p.residual = (p.capex_gpu + p.capex_infra) * p.residual_fraction;
    if (o->financing == TCO_FIN_LOAN) {
        p.loan = o->loan_fraction * p.capex;
        p.loan_rate = o->loan_rate / 12;
        p.loan_months = o->loan_months;
    }
    p.paid0 = p.capex - p.loan;
    if (o->financing == TCO_FIN_LEASE) {
        /* MODEL.md, Financing with a lease: nothing paid for the hardware, a
         * payment at the start of each month, a buyout within the horizon. */
        p.lease =
            o->src[TCO_O_LEASE_RATE_FACTOR] ? o->lease_rate_factor * p.capex : o->lease_payment;
        p.lease_months = o->lease_months;
        p.paid0 = p.lease;
        p.owned_from = -1;
        if (o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= s->horizon_months) {
            p.buyout = o->buyout_fraction * p.capex;
            p.owned_from = o->lease_months;
        } else {
            p.residual = 0;
        }
    }
    if (s->carbon_in_total) { /* MODEL.md, The carbon cost in the total: with month 0's */
        p.carbon0 = tci_carbon_cost_month(s, o, p.it_kw, p.servers, u, 0);
        p.paid0 = p.paid0 + p.carbon0;
    }
    return p;
}

/* Month m's lease lines into mo: the payment made at its end for the next
 * month, while that month is within both the lease and the horizon, and the
 * buyout at the lease's last month. */
static void lease_month(const plan *p, int m, int H, tco_month *mo)
{
    int last = p->lease_months < H ? p->lease_months : H;
    mo->lease_payment = m <= last - 1 ? p->lease : 0;
    mo->lease_buyout = m == p->lease_months ? p->buyout : 0;
}

/* Month m's loan lines (MODEL.md, Financing with a loan) into mo: the interest
 * and principal of the level payment while the loan runs, and at month H the
 * balance still owed, which is what *repaid (the principal of the months
 * before) leaves of the loan. Adds the principal to *repaid. */
static void loan_month(const plan *p, int m, int H, double *repaid, tco_month *mo)
{
    mo->loan_interest = mo->loan_principal = mo->loan_balance = 0;
    if (p->loan_months <= 0)
        return;
    if (m <= p->loan_months) {
        mo->loan_interest = -tci_ipmt(p->loan_rate, m, p->loan_months, p->loan, 0, 0);
        mo->loan_principal = -tci_ppmt(p->loan_rate, m, p->loan_months, p->loan, 0, 0);
        *repaid += mo->loan_principal;
    }
    if (m == H && p->loan_months > H)
        mo->loan_balance = p->loan - *repaid;
}

/* The per-month quantities of one option that do not change from month to
 * month, and the growth of its price from year to year. Each is the leading
 * part of the MODEL.md product, evaluated in the same order, so a month's
 * figures are the same numbers whether they come from here or are written out
 * in full. */
typedef struct month_terms {
    int buy;           /* 1: power and cooling escalate; 0: rental */
    int on_demand;     /* rent: the rental follows u and declines yearly */
    double growth;     /* 1 + escalation (buy) or 1 - price decline (rent) */
    double price_kwh;  /* buy: the electricity price at the option's site */
    double kw_hours;   /* it_kw * T */
    double cool_hours; /* it_kw * T * (pue - 1) */
    double facility, staff;
    double of_capex[TCO_LINES]; /* buy: a line that is a rate of capex a year, a month of it */
    double rent_base;           /* count * T * u * price (on demand), or the whole
                                   rental before storage (reserved) */
    double storage;
    int term;       /* reserved with months past its term within the horizon:
                       the term; else 0 (every month pays rent_base) */
    int after;      /* tco_after_term: what those months pay */
    double od_base; /* after_term = on-demand: count * T * u * on-demand price */
    double upfront; /* after_term = renew: paid again at each renewal */

    /* MODEL.md, The carbon cost in the total. */
    int carbon;            /* 1: carbon_in_total, a month's carbon cost is part of its cost */
    double co2, co2_after; /* that cost a month, and a month past a reserved term */
} month_terms;

/* The contract term in effect of a reserved option: its own, else the horizon. */
static int term_in_effect(const tco_scenario *s, const tco_option *o)
{
    return o->term_months > 0 ? o->term_months : s->horizon_months;
}

/* The last month a reserved option is committed to: the end of the term (of
 * the last renewal, with after_term = renew) that runs at month H; H for any
 * other option. */
static int committed_to(const tco_scenario *s, const tco_option *o)
{
    const int H = s->horizon_months;
    if (o->acquire != TCO_RENT || o->pricing != TCO_RESERVED)
        return H;
    int term = term_in_effect(s, o);
    if (o->after_term == TCO_AFTER_RENEW)
        return (H + term - 1) / term * term;
    return term > H ? term : H;
}

/* The rent a reserved option owes for its committed months past the horizon,
 * or a lease's payments for its months past the horizon (none for any other
 * option). */
static double commitment(const tco_scenario *s, const tco_option *o, const plan *p)
{
    if (p->lease_months > 0)
        return p->lease_months > s->horizon_months
                   ? (p->lease_months - s->horizon_months) * p->lease
                   : 0;
    int months = committed_to(s, o) - s->horizon_months;
    return months > 0 ? months * (o->count * s->hours_per_month * o->price_per_gpu_hour) : 0;
}

static month_terms make_terms(const tco_scenario *s, const tco_option *o, double u, const plan *p)
{
    month_terms k = {0};
    const double T = s->hours_per_month;
    k.buy = o->acquire == TCO_BUY;
    if (k.buy) {
        /* The site keys of the option's site (MODEL.md, Sites). */
        k.growth = 1 + tco_site_value(s, o, TCO_S_ELECTRICITY_ESCALATION);
        k.price_kwh = tco_site_value(s, o, TCO_S_ELECTRICITY_PRICE);
        k.kw_hours = p->it_kw * T;
        k.cool_hours = p->it_kw * T * (tco_site_value(s, o, TCO_S_PUE) - 1);
        k.facility = p->provisioned_kw * tco_site_value(s, o, TCO_S_COLO_PER_KW_MONTH);
        for (int line = 0; line < TCO_LINES; line++) {
            int rate = tco_cost_line_get(line)->rate;
            if (rate != TCO_LINE_NO_RATE)
                k.of_capex[line] =
                    p->capex * *(const double *)tci_key_field((void *)o, tco_option_key(rate)) / 12;
        }
        k.staff = o->staff_per_month;
    } else if (o->acquire == TCO_API) {
        /* MODEL.md, API options: the workload's tokens at the year's prices,
         * billed as a rental that declines yearly and does not follow u. */
        k.growth = 1 - o->price_decline;
        k.on_demand = 1;
        k.rent_base = tci_api_month_charge(s, o);
    } else {
        k.growth = 1 - o->price_decline;
        k.on_demand = o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT;
        k.rent_base = k.on_demand ? o->count * T * u * o->price_per_gpu_hour
                                  : o->count * T * o->price_per_gpu_hour;
        /* Spot: the same work needs 1/(1 - overhead) times the hours. */
        if (o->pricing == TCO_SPOT)
            k.rent_base = k.rent_base / (1 - o->interruption_overhead);
        /* Egress is billed with the rental, as storage is (MODEL.md, Egress);
         * adding 0 leaves an option without egress as it was. */
        k.storage = o->storage_per_month + o->egress_tb_per_month * o->egress_per_tb;
        int term = term_in_effect(s, o);
        if (!k.on_demand && term < s->horizon_months) {
            k.term = term;
            k.after = o->after_term;
            k.od_base = o->count * T * u * o->on_demand_price_per_gpu_hour;
            k.upfront = o->upfront;
        }
    }
    if (s->carbon_in_total) {
        k.carbon = 1;
        k.co2 = tci_carbon_cost_month(s, o, p->it_kw, p->servers, u, 1);
        k.co2_after =
            k.term ? tci_carbon_cost_month(s, o, p->it_kw, p->servers, u, k.term + 1) : k.co2;
    }
    return k;
}

/* Month m's rental in the year with price factor yf. */
static double rent_month(const month_terms *k, int m, double yf)
{
    if (k->term > 0 && m > k->term) {
        if (k->after == TCO_AFTER_ON_DEMAND)
            return k->od_base * yf + k->storage;
        /* A renewal is a new term at the same rate; its upfront is paid in its
         * first month. */
        return k->rent_base + k->storage + ((m - 1) % k->term == 0 ? k->upfront : 0);
    }
    return k->on_demand ? k->rent_base * yf + k->storage : k->rent_base + k->storage;
}

/* Month m's cost lines (TCO_COST_LINES); yf is the price factor of its year. A
 * line not of the option's kind is 0. */
static void month_lines(const month_terms *k, int m, double yf, tco_month *mo)
{
#define ZERO(ID, name, ...) mo->name = 0;
    TCO_COST_LINES(ZERO)
#undef ZERO
    if (k->buy) {
#define OF_CAPEX(ID, name, kind, rate, ...)                                                        \
    if ((rate) != TCO_LINE_NO_RATE)                                                                \
        mo->name = k->of_capex[TCO_LINE_##ID];
        TCO_COST_LINES(OF_CAPEX) /* maintenance, ... */
#undef OF_CAPEX
        double price_kwh = k->price_kwh * yf;
        mo->power = k->kw_hours * price_kwh;
        mo->cooling = k->cool_hours * price_kwh;
        mo->facility = k->facility;
        mo->staff = k->staff;
    } else {
        mo->rental = rent_month(k, m, yf);
    }
    mo->cost = tco_month_lines_add(-0.0, mo);
    mo->carbon_cost = 0;
    if (k->carbon) { /* without the flag, cost is its lines' sum alone, to the bit */
        mo->carbon_cost = k->term > 0 && m > k->term ? k->co2_after : k->co2;
        mo->cost = mo->cost + mo->carbon_cost;
    }
}

typedef tci_year_memo year_memo;

/* pow(growth, y), from memo when it is not NULL. */
static double year_factor(year_memo *memo, double growth, int y)
{
    if (!memo || y < 0 || y > TCO_MAX_HORIZON / 12)
        return pow(growth, y);
    if (memcmp(&memo->growth, &growth, sizeof growth) != 0) {
        memo->growth = growth;
        memo->have = 0;
    }
    if (!(memo->have & 1u << y)) {
        memo->f[y] = pow(growth, y);
        memo->have |= 1u << y;
    }
    return memo->f[y];
}

/* The months 1..H of run_months without months to fill, a loan or a lease,
 * when a month's cost is its lines' alone: the same sums in the same order,
 * each year's lines computed once (each month's with a contract term), its
 * months summed without a call between them; disc and memo as for
 * run_months (memo: this option's kind's). Returns H + 1. */
static int lines_only(const month_terms *k, const double *disc, year_memo *memo, double rm, int t0,
                      int H, double *cumulative, double *npv, double *discount)
{
    double c = *cumulative, v = *npv, d = *discount;
    tco_month year = {0};
    for (int m = 1; m <= H;) {
        month_lines(k, m, year_factor(memo, k->growth, (t0 + m - 1) / 12), &year);
        int last = k->term ? m : m + 11 - (t0 + m - 1) % 12;
        last = last < H ? last : H;
        const double cost = year.cost;
        if (disc) {
            for (; m <= last; m++) {
                c += cost;
                v += cost * disc[m];
            }
            d = disc[last];
        } else {
            for (; m <= last; m++) {
                c += cost;
                d /= 1 + rm;
                v += cost * d;
            }
        }
    }
    *cumulative = c, *npv = v, *discount = d;
    return H + 1;
}

/* Run the months of one option at utilization u, discounting at the monthly
 * rate rm (disc: its factors from tci_rate_factors, H + 1 of them, or NULL);
 * its month m is the model's month t0 + m, whose year sets the price factor
 * (t0 is 0 but for a plan's later purchase); memo, when not NULL, keeps the
 * price factors (memo[0] of rental options, memo[1] of bought ones). Fills
 * `monthly` (H entries) when it is not NULL; returns the sums (without
 * monthly, only total and npv). */
static totals run_months(const tco_scenario *s, const tco_option *o, double u, const plan *p,
                         double rm, const double *disc, year_memo *memo, int t0, tco_month *monthly)
{
    totals t = {0};
    double npv = p->paid0, discount = 1, repaid = 0;
    const int H = s->horizon_months;
    const month_terms k = make_terms(s, o, u, p);
    t.capex = p->capex;
    t.residual = p->residual;
    double cumulative = p->paid0;
    /* A year's months cost the same, but for a contract term's: compute them
     * once a year, or every month for an option with a term. A loan's lines
     * change every month. */
    tco_month year = {0}, scratch;
    int m = 1;
    const int loan = p->loan_months > 0, lease = p->lease_months > 0;
    if (!monthly && !loan && !lease)
        m = lines_only(&k, disc, memo ? &memo[k.buy] : NULL, rm, t0, H, &cumulative, &npv,
                       &discount);
    /* (t0 + m - 1) % 12 is 0 at the first month of each year: counted
     * month by month, it is 0 exactly when in_year is (it reaches 0 after as
     * many months, from below as from above, then every 12th). */
    int in_year = (t0 + m - 1) % 12;
    for (; m <= H; m++, in_year = in_year == 11 ? 0 : in_year + 1) {
        if (in_year == 0 || m == 1 || k.term)
            month_lines(&k, m, year_factor(memo ? &memo[k.buy] : NULL, k.growth, (t0 + m - 1) / 12),
                        &year);
        /* The month is built where it is kept: a copy of it written a field
         * at a time and read back whole would wait on every field. */
        tco_month *mo = monthly ? &monthly[m - 1] : &scratch;
#if defined(__GNUC__)
        /* The months a few ahead, asked for before they are written: each
         * is written in full, but its lines must be in the cache first. */
        if (monthly && m + 8 <= H) {
            __builtin_prefetch(&monthly[m + 7], 1);
            __builtin_prefetch((const char *)&monthly[m + 7] + 64, 1);
        }
#endif
        *mo = year; /* its loan lines 0, as loan_month leaves them without a loan */
        if (loan) {
            loan_month(p, m, H, &repaid, mo);
            mo->cost = mo->cost + mo->loan_interest + mo->loan_principal + mo->loan_balance;
        }
        if (lease) {
            lease_month(p, m, H, mo);
            mo->cost = mo->cost + mo->lease_payment + mo->lease_buyout;
        }
        cumulative += mo->cost;
        discount = disc ? disc[m] : discount / (1 + rm);
        npv += mo->cost * discount;
        if (monthly) {
            /* The sums of the lines; a line that is +0 in every month (a
             * rental's power, a bought option's rental, the loan's lines
             * without a loan, the lease's without a lease) leaves its sum at
             * the +0 it starts from, and is not added. */
            if (loan) {
                t.loan_interest += mo->loan_interest;
                t.loan_principal += mo->loan_principal;
                t.loan_balance += mo->loan_balance;
            }
            if (lease)
                t.lease_buyout += mo->lease_buyout;
#define LINE_SUM(ID, name, kind, ...)                                                              \
    if (TCO_LINE_KIND_OF(kind, k.buy))                                                             \
        t.line[TCO_LINE_##ID] += mo->name;
            TCO_COST_LINES(LINE_SUM) /* the sums of the option's kind of lines */
#undef LINE_SUM
            mo->cumulative = cumulative;
        }
    }
    /* The committed months past the horizon, each discounted at its month. */
    const int end = committed_to(s, o);
    const double per_month = o->count * s->hours_per_month * o->price_per_gpu_hour;
    double residual_discount = discount;
    for (int m = H + 1; m <= end; m++) {
        discount /= 1 + rm;
        t.commitment_npv += per_month * discount;
    }
    /* A lease's months past the horizon, each paid at its start. */
    double lease_discount = residual_discount * (1 + rm);
    for (int m = H + 1; m <= p->lease_months; m++) {
        lease_discount /= 1 + rm;
        t.commitment_npv += p->lease * lease_discount;
    }
    t.commitment = commitment(s, o, p);
    if (p->settled) /* MODEL.md, Refresh: paid at the sale, month H */
        t.commitment_npv = t.commitment * residual_discount;
    t.total = cumulative - p->residual + t.commitment;
    t.npv = npv - p->residual * residual_discount + t.commitment_npv;
    return t;
}

/* Totals of an option as if its utilization were 0 and 1, in one pass over
 * the months: each is the number run_months gives for that utilization (memo
 * as for run_months). */
static void totals_0_1(const tco_scenario *s, const tco_option *o, year_memo *memo, double *total0,
                       double *total1)
{
    plan p0 = make_plan(s, o, 0), p1 = make_plan(s, o, 1);
    const month_terms k0 = make_terms(s, o, 0, &p0), k1 = make_terms(s, o, 1, &p1);
    double c0 = p0.paid0, c1 = p1.paid0, repaid = 0;
    tco_month m0 = {0}, m1 = {0};
    for (int m = 1; m <= s->horizon_months; m++) {
        if ((m - 1) % 12 == 0 || k0.term) {
            double yf = year_factor(&memo[k0.buy], k0.growth, (m - 1) / 12);
            month_lines(&k0, m, yf, &m0);
            month_lines(&k1, m, yf, &m1);
        }
        c0 += m0.cost;
        c1 += m1.cost;
        if (p0.loan_months > 0) {
            /* The loan's lines do not depend on the utilization. */
            tco_month ml = {0};
            loan_month(&p0, m, s->horizon_months, &repaid, &ml);
            double lines = ml.loan_interest + ml.loan_principal + ml.loan_balance;
            c0 += lines;
            c1 += lines;
        }
        if (p0.lease_months > 0) {
            /* Nor do the lease's. */
            tco_month ml = {0};
            lease_month(&p0, m, s->horizon_months, &ml);
            c0 += ml.lease_payment + ml.lease_buyout;
            c1 += ml.lease_payment + ml.lease_buyout;
        }
    }
    double owed = commitment(s, o, &p0);
    *total0 = c0 - p0.residual + owed;
    *total1 = c1 - p1.residual + owed;
}

/* See core.h. */
double tci_monthly_rate(const tco_scenario *s)
{
    return tci_monthly_of_annual(s->discount_rate);
}

/* See core.h. */
void tci_option_months(const tco_scenario *s, const tco_option *o, double u, tco_month *monthly,
                       double *paid0, double *total, double *npv)
{
    tci_option_months_at(s, o, u, 0, 0, monthly, paid0, total, npv);
}

/* See core.h. */
void tci_option_months_at(const tco_scenario *s, const tco_option *o, double u, int t0, int sold,
                          tco_month *monthly, double *paid0, double *total, double *npv)
{
    plan p = make_plan(s, o, u);
    p.settled = sold;
    totals t = run_months(s, o, u, &p, tci_monthly_rate(s), NULL, NULL, t0, monthly);
    *paid0 = p.paid0;
    *total = t.total;
    *npv = t.npv;
}

/* See core.h. */
int tci_engine_memo_init(tci_engine_memo *memo, const tco_scenario *s)
{
    size_t n = s->n_options ? s->n_options : 1;
    memo->rate = NAN;
    memo->years = calloc(2 * n, sizeof *memo->years);
    return memo->years != NULL;
}

/* See core.h. */
void tci_engine_memo_free(tci_engine_memo *memo)
{
    free(memo->years);
}

/* See core.h. */
void tci_engine_totals(const tco_scenario *s, tci_engine_memo *memo, double *total, double *npv)
{
    double disc_here[TCO_MAX_HORIZON + 1], *disc = memo ? memo->discount : disc_here;
    year_memo here[2] = {{.have = 0}, {.have = 0}};
    if (!memo || !(memo->rate == s->discount_rate)) {
        double rm = tci_monthly_rate(s);
        tci_rate_factors(rm, (size_t)s->horizon_months + 1, disc, NULL);
        if (memo) {
            memo->rm = rm;
            memo->rate = s->discount_rate;
        }
    }
    double rm = memo ? memo->rm : tci_monthly_rate(s);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        double u = tco_option_utilization(s, o);
        plan p = make_plan(s, o, u);
        totals t = run_months(s, o, u, &p, rm, disc, memo ? &memo->years[2 * i] : here, 0, NULL);
        total[i] = t.total;
        if (npv)
            npv[i] = t.npv;
    }
}

/* The depreciation of option o's hardware of base `base` by method `method`,
 * from the month after owned_from (none when it is below 0), into each month's
 * depreciation (tax 0) or tax_depreciation (tax 1); returns the sum over
 * months 1..H. */
static double depreciate(const tco_option *o, int method, double base, int owned_from, int H,
                         tco_month *monthly, int tax)
{
    double dep = 0, month = 0; /* a year's depreciation / 12, worked out once a year */
    for (int m = 1, year = 0, in_year = 12; m <= H; m++) {
        double *line = tax ? &monthly[m - 1].tax_depreciation : &monthly[m - 1].depreciation;
        if (owned_from < 0 || m <= owned_from) {
            *line = 0;
            continue;
        }
        if (in_year == 12) { /* year (m - owned_from - 1) / 12 + 1 begins */
            in_year = 0;
            month = tci_depreciation_by(o, method, base, ++year) / 12;
        }
        in_year++;
        *line = month;
        dep += month;
    }
    return dep;
}

/* The taxes of one option (MODEL.md, Taxes), once its months and totals are
 * in r: each month's tax depreciation and tax, and the sums; discounted at
 * rm (disc as for run_months). With by_tax_year, a MACRS tax method runs by
 * tax year with section 179 and bonus (MODEL.md, Tax depreciation by tax
 * year) for hardware bought at month 0 (a plan's purchase: share's by_year);
 * a lease bought out keeps the 12 months from the purchase. */
static void tax_option(const tco_scenario *s, const tco_option *o, const plan *p,
                       tco_option_result *r, double rm, const double *disc, int by_tax_year,
                       const tci_tax_share *share)
{
    const int H = s->horizon_months;
    const double rate = s->tax_rate;
    int method = s->tax_depreciation >= 0 ? s->tax_depreciation : (int)o->depreciation;
    int owns = o->acquire == TCO_BUY && p->owned_from >= 0;
    double base = owns ? (p->owned_from > 0 ? p->buyout : p->capex) : 0;
    int macrs = method == TCO_DEP_MACRS5 || method == TCO_DEP_MACRS7;
    double dep;
    r->tax_depreciation0 = r->tax_expensing = r->tax_bonus = 0;
    r->tax_convention = 0;
    if ((share ? share->by_year : by_tax_year) && owns && macrs && !p->owned_from) /* by tax year */
        dep = tci_tax_by_year(s, method == TCO_DEP_MACRS5 ? 5 : 7, base, p->owned_from, H,
                              r->monthly, r, share);
    else
        dep = depreciate(o, method, base, owns ? p->owned_from : -1, H, r->monthly, 1);
    r->tax_depreciation = dep;
    r->tax_book_value_end = base - dep;
    r->tax_on_sale = owns ? rate * (r->residual - r->tax_book_value_end) : 0;
    /* Month 0: a rent option's upfront or a lease's first payment; capex is
     * depreciated. */
    int deduct0 = o->acquire == TCO_RENT || o->financing == TCO_FIN_LEASE;
    /* With carbon_in_total, month 0's carbon cost is deducted as paid (in paid0). */
    r->deductible0 = (deduct0 ? p->paid0 : p->carbon0) + r->tax_depreciation0;
    r->tax0 = -rate * r->deductible0;
    double sum = r->tax0, npv = r->tax0, discount = 1;
    for (int m = 1; m <= H; m++) {
        tco_month *mo = &r->monthly[m - 1];
        mo->deductible = tco_month_lines_add(-0.0, mo) + mo->lease_payment +
                         (s->deduct_interest ? mo->loan_interest : 0) + mo->tax_depreciation;
        if (s->carbon_in_total) /* MODEL.md, The carbon cost in the total */
            mo->deductible = mo->deductible + mo->carbon_cost;
        mo->tax = -rate * mo->deductible + (m == H ? r->tax_on_sale : 0);
        sum += mo->tax;
        discount = disc ? disc[m] : discount / (1 + rm);
        npv += mo->tax * discount;
    }
    r->commitment_tax = -rate * r->commitment_after_horizon;
    r->tax = sum + r->commitment_tax;
    r->after_tax_total = r->total + r->tax;
    r->after_tax_npv = r->npv + npv - rate * r->commitment_npv;
}

/* See core.h. */
double tci_option_tax_share_at(const tco_scenario *s, const tco_option *o, double u, int t0,
                               int sold, tco_month *monthly, double *tax, double *tax_npv,
                               double *tax_first, const tci_tax_share *share)
{
    const double rm = tci_monthly_rate(s);
    plan p = make_plan(s, o, u);
    p.settled = sold;
    totals t = run_months(s, o, u, &p, rm, NULL, NULL, t0, monthly);
    tco_option_result r = {0};
    r.monthly = monthly;
    r.residual = p.residual;
    r.total = t.total;
    r.npv = t.npv;
    r.commitment_after_horizon = t.commitment;
    r.commitment_npv = t.commitment_npv;
    tax_option(s, o, &p, &r, rm, NULL, 0, share);
    *tax = r.tax;
    *tax_npv = r.after_tax_npv - r.npv;
    if (tax_first)
        *tax_first = r.tax0;
    return r.tax_depreciation0;
}

/* See core.h. */
void tci_option_tax_at(const tco_scenario *s, const tco_option *o, double u, int t0, int sold,
                       tco_month *monthly, double *tax, double *tax_npv, double *tax_first)
{
    tci_option_tax_share_at(s, o, u, t0, sold, monthly, tax, tax_npv, tax_first, NULL);
}

/* The total as a line in the utilization (docs/MODEL.md, Break-even): its
 * slope, the terms that depend on u, summed as the workbook's drivers block
 * sums them; and its value at u = 0, the total less the slope times u. */
static void utilization_line(const tco_scenario *s, const tco_option *o, tco_option_result *r)
{
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    double sum = 0, slope = 0;
    if (o->acquire == TCO_BUY) {
        for (int m = 1; m <= H; m++)
            sum += tci_electricity_price(s, o, m);
        slope = o->count * o->tdp_w * (o->load_power_fraction - o->idle_power_fraction) / 1000 * T *
                tco_site_value(s, o, TCO_S_PUE) * sum;
    } else if (o->acquire == TCO_API) {
        slope = 0; /* the workload's tokens, whatever the utilization */
    } else if (o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT) {
        for (int m = 1; m <= H; m++)
            sum += tci_price_factor(-o->price_decline, m);
        slope = o->count * T * o->price_per_gpu_hour * sum;
        if (o->pricing == TCO_SPOT) /* the hours lost to interruptions */
            slope = slope / (1 - o->interruption_overhead);
    } else if (o->pricing == TCO_RESERVED && o->term_months > 0 &&
               o->after_term == TCO_AFTER_ON_DEMAND) {
        /* Reserved, then on demand: the months past the term follow u. */
        for (int m = o->term_months + 1; m <= H; m++)
            sum += tci_price_factor(-o->price_decline, m);
        slope = o->count * T * o->on_demand_price_per_gpu_hour * sum;
    }
    if (s->carbon_in_total) { /* MODEL.md, The carbon cost in the total: as kWh, GPU-hours */
        plan p0 = make_plan(s, o, 0), p1 = make_plan(s, o, 1);
        for (int m = 1; m <= H; m++)
            slope += tci_carbon_cost_month(s, o, p1.it_kw, p1.servers, 1, m) -
                     tci_carbon_cost_month(s, o, p0.it_kw, p0.servers, 0, m);
    }
    r->total_per_utilization = slope;
    r->total_at_zero_utilization = r->total - slope * r->utilization;
}

/* Option o's figures into r, whose other figures are cleared first (its
 * months kept): on the thread that computes it, the clearing too. */
/* The figures of plan p that an option's result and a plan's purchase both
 * carry, into the fields of *dst of those names. */
#define FIXED_FIGURES(dst, p)                                                                      \
    do {                                                                                           \
        (dst)->servers = (p).servers;                                                              \
        (dst)->capex_gpu = (p).capex_gpu;                                                          \
        (dst)->capex_infra = (p).capex_infra;                                                      \
        (dst)->capex = (p).capex;                                                                  \
        (dst)->provisioned_kw = (p).provisioned_kw;                                                \
        (dst)->residual_fraction = (p).residual_fraction;                                          \
        (dst)->residual = (p).residual;                                                            \
        (dst)->loan_amount = (p).loan;                                                             \
        (dst)->loan_payment =                                                                      \
            (p).loan_months > 0 ? -tci_pmt((p).loan_rate, (p).loan_months, (p).loan, 0, 0) : 0;    \
        (dst)->lease_payment = (p).lease;                                                          \
    } while (0)

/* See core.h. */
void tci_part_figures(const tco_scenario *s, const tco_option *o, tco_plan_purchase *q)
{
    plan p = make_plan(s, o, 0);
    FIXED_FIGURES(q, p);
    q->carbon_cost0 = p.carbon0;
}

static void compute_option(const tco_scenario *s, const tco_option *o, tco_option_result *r,
                           double rm, const double *disc, year_memo *memo)
{
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    tco_month *monthly = r->monthly;
    tco_carbon_month *carbon = r->carbon;
    memset(r, 0, sizeof *r);
    r->monthly = monthly;
    r->carbon = carbon;
    double u = tco_option_utilization(s, o); /* an API option's: 1 (MODEL.md) */
    plan p = make_plan(s, o, u);
    totals t = run_months(s, o, u, &p, rm, disc, memo, 0, r->monthly);

    r->utilization = u;
    FIXED_FIGURES(r, p);
#define LINE_SUM(ID, name, ...) r->name = t.line[TCO_LINE_##ID];
    TCO_COST_LINES(LINE_SUM)
#undef LINE_SUM
    r->total = t.total;
    r->commitment_after_horizon = t.commitment;
    r->commitment_npv = t.commitment_npv;
    r->it_kw = p.it_kw;
    r->paid0 = p.paid0;
    r->carbon_cost0 = p.carbon0;
    r->loan_rate_monthly = o->loan_rate / 12;
    r->loan_interest = t.loan_interest;
    r->loan_principal = t.loan_principal;
    r->loan_balance_at_horizon = t.loan_balance;
    r->lease_payments = p.lease * (p.lease_months < H ? p.lease_months : H);
    r->lease_buyout = t.lease_buyout;

    r->npv = t.npv;
    utilization_line(s, o, r);

    /* Book view: from the month the option owns the hardware, on what it
     * paid for it (a lease bought out: the buyout; none while leased). */
    double base = p.owned_from > 0 ? p.buyout : p.capex;
    double dep = depreciate(o, (int)o->depreciation, base, p.owned_from, H, r->monthly, 0);
    r->depreciation = dep;
    r->book_value_end = o->acquire == TCO_BUY && p.owned_from >= 0 ? base - dep : 0;
    /* Each month's book value: what is owned at month 0 (a lease's hardware
     * enters the books when it is bought out), less the month's depreciation. */
    double bv = r->book_value0 =
        o->acquire == TCO_BUY && o->financing != TCO_FIN_LEASE ? p.capex : 0;
    for (int m = 1; m <= H; m++) {
        bv += r->monthly[m - 1].lease_buyout - r->monthly[m - 1].depreciation;
        r->monthly[m - 1].book_value = m == H ? r->book_value_end : bv;
    }
    if (o->acquire == TCO_BUY)
        r->salvage_value =
            (o->financing == TCO_FIN_LEASE ? r->lease_buyout : r->capex) * o->salvage_fraction;

    /* Metrics; a zero denominator gives null. */
    r->gpu_hours = o->count * T * H * u;
    r->cost_per_gpu_hour = tci_ratio_or_null(r->total, r->gpu_hours);
    r->pflop_hours = o->count * o->fp16_tflops / 1000 * T * H * u;
    r->cost_per_pflop_hour = tci_ratio_or_null(r->total, r->pflop_hours);
    r->units = o->throughput * o->count * o->scaling_efficiency * 3600 * T * H * u;
    r->cost_per_unit = tci_ratio_or_null(r->total, r->units);
    r->units_per_s_per_kw =
        o->acquire == TCO_BUY && o->throughput > 0
            ? tci_ratio_or_null(o->throughput * o->count * o->scaling_efficiency, p.it_kw)
            : NAN;
    r->breakeven_month = 0;
    r->breakeven_utilization = NAN;
    r->breakeven_utilization_note = TCO_BE_NOTE_NONE;
    r->irr = r->mirr = r->payback_month = r->discounted_payback_month = NAN;
    r->irr_note = NULL;
    r->tax0 = r->deductible0 = r->tax_depreciation = r->tax_book_value_end = r->tax_on_sale =
        r->commitment_tax = r->tax = r->after_tax_total = r->after_tax_npv = NAN;
    r->irr_after_tax = r->mirr_after_tax = r->payback_month_after_tax =
        r->discounted_payback_month_after_tax = NAN;
    r->irr_after_tax_note = NULL;
    r->tax_depreciation0 = r->tax_expensing = r->tax_bonus = NAN;
    r->tax_convention = -1;
    r->availability = tci_availability(o);
    if (s->tax)
        tax_option(s, o, &p, r, rm, disc, 1, NULL);
    tci_size_workload(s, o, r);
    /* Feasibility: the model held, the target rate served; unknown is feasible. */
    r->infeasible = 0;
    if (r->sizing.fits == 0)
        r->infeasible |= TCO_INFEASIBLE_MEMORY;
    if (!isnan(r->sizing.gpus_needed) && o->count < r->sizing.gpus_needed)
        r->infeasible |= TCO_INFEASIBLE_RATE;
    /* The site's power limit (MODEL.md): a named site's own, never [site]'s. */
    double cap = tci_power_cap_kw(s, o);
    r->power_cap_kw = cap > 0 ? cap : NAN;
    if (cap > 0 && r->provisioned_kw > cap)
        r->infeasible |= TCO_INFEASIBLE_POWER;
    r->tokens_per_month = r->api_cost_per_million_tokens = r->breakeven_tokens_per_day = NAN;
    r->breakeven_tokens_never = 0;
    if (o->acquire == TCO_API) {
        double in, out;
        tci_api_tokens(s, &in, &out);
        r->tokens_per_month = in + out;
        r->api_cost_per_million_tokens = tci_ratio_or_null(r->total, r->tokens_per_month * H) * 1e6;
        if (o->max_tokens_per_minute > 0 && tci_api_tokens_per_minute(s) > o->max_tokens_per_minute)
            r->infeasible |= TCO_INFEASIBLE_RATE_LIMIT;
    }
    if (!tco_option_infeasible_text(r, r->infeasible_text, sizeof r->infeasible_text))
        r->infeasible_text[0] = '\0';
}

/* The decision among feasible options: the best (the first feasible option
 * in rank order), the lowest total (the best when ranking by the total), the
 * lowest NPV and the lowest cost per unit of work (ties: the first in input
 * order). */
static void decide(tco_result *res)
{
    res->best = res->cheapest = res->lowest_npv = res->lowest_cost_per_unit = -1;
    for (size_t k = 0; k < res->n_options; k++)
        if (!res->options[res->rank[k]].infeasible) {
            res->best = (int)res->rank[k];
            break;
        }
    int by_total = res->scenario->rank_by == TCO_RANK_TOTAL;
    if (by_total)
        res->cheapest = res->best;
    for (size_t i = 0; i < res->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        if (r->infeasible)
            continue;
        if (!by_total && (res->cheapest < 0 || r->total < res->options[res->cheapest].total))
            res->cheapest = (int)i;
        if (res->lowest_npv < 0 || r->npv < res->options[res->lowest_npv].npv)
            res->lowest_npv = (int)i;
        if (!isnan(r->cost_per_unit) &&
            (res->lowest_cost_per_unit < 0 ||
             r->cost_per_unit < res->options[res->lowest_cost_per_unit].cost_per_unit))
            res->lowest_cost_per_unit = (int)i;
    }
}

/* Break-even of buy option i against the baseline rent option b, whose
 * totals at utilization 0 and 1 are b0 and b0 + b1. */
static void breakeven(const tco_scenario *s, tco_result *res, size_t i, int b, double b0, double b1,
                      year_memo *memo)
{
    const tco_option *o = &s->options[i];
    tco_option_result *r = &res->options[i];
    const tco_option_result *rb = &res->options[b];
    /* The first month from which buying stays at or below the baseline to
     * month H: walk back from H while it is. */
    for (int m = s->horizon_months; m >= 1; m--) {
        if (r->monthly[m - 1].cumulative > rb->monthly[m - 1].cumulative)
            break;
        r->breakeven_month = m;
    }
    /* Both totals are affine in u: buy(u) = a0 + a1 u, rent(u) = b0 + b1 u. */
    double a0, a_one;
    totals_0_1(s, o, memo, &a0, &a_one);
    double a1 = a_one - a0;
    if (a1 != b1) {
        double u = (b0 - a0) / (a1 - b1);
        if (u >= 0 && u <= 1) {
            r->breakeven_utilization = u;
            return;
        }
    } else if (a0 == b0) {
        r->breakeven_utilization_note = TCO_BE_PARALLEL;
        return;
    }
    /* No crossing from 0% to 100%: the side at u = 0 is the side at every u. */
    r->breakeven_utilization_note = a0 < b0 ? TCO_BE_ALWAYS : TCO_BE_NEVER;
}

/* A payback month as a result: NAN when there is none. */
static double payback_or_null(long k)
{
    return k >= 0 ? (double)k : NAN;
}

/* The returns of the flow c[0..n-1] (docs/MODEL.md, "Returns of buying
 * against the baseline") at the NPV's monthly rate rm (disc and grow: its
 * factors, tci_rate_factors'): MIRR and the payback months. The IRR is the
 * stream's (returns_irr). */
static void flow_returns(const double *c, size_t n, double rm, const double *disc,
                         const double *grow, double *mirr, double *payback,
                         double *discounted_payback)
{
    double monthly;
    long k, dk;
    tci_returns_at(c, n, rm, disc, grow, &monthly, &k, &dk);
    *mirr = tci_rate_annual(monthly);
    *payback = payback_or_null(k);
    *discounted_payback = payback_or_null(dk);
}

/* A buy option's IRR from the stream (tci_irr_done): id is 2 i for option
 * i's flow before tax, 2 i + 1 for the one after. */
static void returns_irr(void *ctx, size_t id, int status, double rate, const char *why)
{
    tco_option_result *r = &((tco_result *)ctx)->options[id / 2];
    double *irr = id % 2 ? &r->irr_after_tax : &r->irr;
    if (status == 0) {
        *irr = tci_rate_annual(rate);
    } else {
        *irr = NAN;
        *(id % 2 ? &r->irr_after_tax_note : &r->irr_note) = why;
    }
}

/* The returns of buy option i against the baseline b (docs/MODEL.md,
 * "Returns of buying against the baseline") from its incremental flows c(m)
 * = net_b(m) - net_i(m), m = 0..H, and with [tax] from the same of the
 * after-tax flow (MODEL.md, Taxes): MIRR and the payback months now, the IRRs
 * when irr hands them to returns_irr. disc and grow are the monthly rate's
 * factors. */
static void returns_add(const tco_scenario *s, tco_result *res, tci_irr_stream *irr, size_t i,
                        int b, const double *disc, const double *grow)
{
    const int H = s->horizon_months;
    const size_t n = (size_t)H + 1;
    tco_option_result *r = &res->options[i];
    const tco_option_result *rb = &res->options[b];
    double c[TCO_MAX_HORIZON + 1];
    c[0] = 0; /* the loops fill c[0..H]; this tells the compiler c is written */
    for (int m = 0; m <= H; m++)
        c[m] = tci_saving(r, rb, m, H);
    flow_returns(c, n, res->monthly_rate, disc, grow, &r->mirr, &r->payback_month,
                 &r->discounted_payback_month);
    tci_irr_stream_add(irr, c, 2 * i);
    if (!s->tax)
        return;
    for (int m = 0; m <= H; m++)
        c[m] = tci_saving_after_tax(r, rb, m, H);
    flow_returns(c, n, res->monthly_rate, disc, grow, &r->mirr_after_tax,
                 &r->payback_month_after_tax, &r->discounted_payback_month_after_tax);
    tci_irr_stream_add(irr, c, 2 * i + 1);
}

/* See documentation in header file. */
const char *tco_breakeven_note_name(tco_breakeven_note note)
{
    switch (note) {
    case TCO_BE_ALWAYS:
        return "always";
    case TCO_BE_NEVER:
        return "never";
    case TCO_BE_PARALLEL:
        return "parallel";
    default:
        return NULL;
    }
}

/* An option's place in the ranking: the lowest value of rank_by (the total,
 * the NPV or the after-tax NPV) first, then input order. */
typedef tci_ranked ranked;

static int by_value(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->value != b->value)
        return a->value < b->value ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* What option result r is ranked by. */
static double rank_value(const tco_scenario *s, const tco_option_result *r)
{
    switch (s->rank_by) {
    case TCO_RANK_NPV:
        return r->npv;
    case TCO_RANK_AFTER_TAX_NPV:
        return r->after_tax_npv;
    default:
        return r->total;
    }
}

/* Make *io a result of s's shape with its own figures cleared (each option's
 * are cleared by compute_option): the one given when it has s's number of
 * options and horizon (its monthly arrays kept), else a new one (the one
 * given freed). NULL on failure, nothing leaked. */
static tco_result *result_for(const tco_scenario *s, tco_result *res)
{
    const size_t n = s->n_options;
    const int H = s->horizon_months;
    if (res && (res->n_options != n || res->horizon_months != H)) {
        tci_result_free_options(res);
        res = NULL;
    }
    if (res) {
        /* Each option's months are kept (the caller freed the plans and
         * the search); compute_option clears each option's figures. */
        tco_option_result *options = res->options;
        size_t *rank = res->rank;
        memset(res, 0, sizeof *res);
        res->options = options;
        res->rank = rank;
    } else if (!(res = calloc(1, sizeof *res))) {
        return NULL;
    } else {
        res->options = calloc(n ? n : 1, sizeof *res->options);
        res->rank = calloc(n ? n : 1, sizeof *res->rank);
        res->n_options = res->options ? n : 0;
        int ok = res->options && res->rank;
        /* Every field of every month is written by the engine: no need to
         * clear them. */
        for (size_t i = 0; ok && i < n; i++)
            ok = (res->options[i].monthly = malloc((size_t)H * sizeof(tco_month))) != NULL;
        /* The months of carbon (MODEL.md, Carbon), 0..H, when it has any. */
        for (size_t i = 0; ok && tco_scenario_carbon(s) && i < n; i++)
            ok = (res->options[i].carbon = malloc(((size_t)H + 1) * sizeof(tco_carbon_month))) !=
                 NULL;
        if (!ok) {
            tci_result_free_options(res);
            return NULL;
        }
    }
    res->scenario = s;
    res->n_options = n;
    res->horizon_months = H;
    return res;
}

/* The options of one tci_compute_options call, shared by its threads: each
 * takes the next OPTIONS_CHUNK options (all of them on one thread) until none
 * are left. Every option is computed by the same operations whichever thread
 * takes it, so the figures do not depend on the threads. */
#define OPTIONS_CHUNK 8

typedef struct options_work {
    const tco_scenario *s;
    tco_result *res;
    const double *disc, *grow; /* the monthly rate's factors */
    int b;                     /* the baseline, or -1 */
    double b0, b1;             /* its totals at u = 0, and from 0 to 1 */
    size_t chunk;              /* options taken at a time */
    atomic_size_t next;        /* the first option not yet taken */
} options_work;

/* Options from..to-1 of w (the baseline's done already): each option, then a
 * buy option's break-even and returns against the baseline while its months
 * are at hand, its IRRs to the thread's stream irr. */
static void options_range(options_work *w, size_t from, size_t to, year_memo memo[2],
                          tci_irr_stream *irr)
{
    const tco_scenario *s = w->s;
    tco_result *res = w->res;
    const int b = w->b;
    for (size_t i = from; i < to; i++) {
        if ((int)i != b)
            compute_option(s, &s->options[i], &res->options[i], res->monthly_rate, w->disc, memo);
        if (b >= 0 && s->options[i].acquire == TCO_BUY) {
            breakeven(s, res, i, b, w->b0, w->b1, memo);
            returns_add(s, res, irr, i, b, w->disc, w->grow);
        }
    }
}

/* One thread's share of w (tci_workers_run's function). */
static void options_worker(void *arg)
{
    options_work *w = arg;
    const size_t n = w->s->n_options;
    year_memo memo[2] = {{.have = 0}, {.have = 0}};
    tci_irr_stream irr;
    tci_irr_stream_init(&irr, (size_t)w->s->horizon_months + 1, returns_irr, w->res);
    for (;;) {
        size_t from = atomic_fetch_add(&w->next, w->chunk);
        if (from >= n)
            break;
        options_range(w, from, n - from < w->chunk ? n : from + w->chunk, memo, &irr);
    }
    tci_irr_stream_finish(&irr);
}

/* Option-months from which one call's options are shared among threads
 * (tci_workers_count): below, starting a thread costs more than it saves. */
#define THREADS_FROM 20000

/* See core.h. */
tco_status tci_compute_options(const tco_scenario *s, tco_result **io)
{
    if (!io)
        return TCO_ERR_ARG;
    if (!s || s->horizon_months < 1 || s->horizon_months > TCO_MAX_HORIZON) {
        tci_result_free_options(*io);
        *io = NULL;
        return TCO_ERR_ARG;
    }
    tco_result *res = *io = result_for(s, *io);
    if (!res)
        return TCO_ERR_NOMEM;
    res->monthly_rate = tci_monthly_rate(s);
    /* The factors of the monthly rate, the same for every option. */
    double disc[TCO_MAX_HORIZON + 1], grow[TCO_MAX_HORIZON + 1];
    year_memo memo[2] = {{.have = 0}, {.have = 0}};
    tci_rate_factors(res->monthly_rate, (size_t)s->horizon_months + 1, disc, grow);
    /* The baseline first; then the other options, on several threads when
     * there are enough of them. */
    const int b = res->baseline = tco_scenario_baseline(s);
    double b0 = 0, b_one = 0;
    if (b >= 0) {
        compute_option(s, &s->options[b], &res->options[b], res->monthly_rate, disc, memo);
        totals_0_1(s, &s->options[b], memo, &b0, &b_one);
    }
    options_work w = {s, res, disc, grow, b, b0, b_one - b0, s->n_options, 0};
    size_t threads = 1;
    if (s->n_options * (size_t)s->horizon_months >= THREADS_FROM)
        threads = tci_workers_count();
    if (threads > 1) {
        w.chunk = OPTIONS_CHUNK;
        tci_workers_run(threads, options_worker, &w);
    } else {
        options_worker(&w);
    }
    /* Each option's carbon (MODEL.md, Carbon), once the scenario is known to
     * have any. */
    const int carbon = tco_scenario_carbon(s);
    for (size_t i = 0; i < s->n_options; i++)
        tci_carbon_option(s, &s->options[i], &res->options[i], carbon);
    tci_api_breakeven(s, res); /* MODEL.md, API options: every option's total at hand */

    ranked *order = malloc((s->n_options ? 2 * s->n_options : 1) * sizeof *order);
    if (!order) {
        tci_result_free_options(res);
        *io = NULL;
        return TCO_ERR_NOMEM;
    }
    int nan = 0; /* by_value is no order with a NaN: qsort's answer, as always */
    for (size_t i = 0; i < s->n_options; i++) {
        order[i] = (ranked){rank_value(s, &res->options[i]), i};
        nan |= isnan(order[i].value);
    }
    if (nan)
        qsort(order, s->n_options, sizeof *order, by_value);
    else
        tci_order_by_value(order, order + s->n_options, s->n_options);
    for (size_t i = 0; i < s->n_options; i++)
        res->rank[i] = order[i].index;
    free(order);
    decide(res);
    return TCO_OK;
}

/* See documentation in header file. */
size_t tco_result_check(const tco_result *res, tco_diags *diags)
{
    const tco_scenario *s = res->scenario;
    size_t n = 0;
    for (size_t i = 0; i < res->n_options; i++) {
        const tco_option *o = &s->options[i];
        const tco_sizing *z = &res->options[i].sizing;
        char sec[64];
        snprintf(sec, sizeof sec, "option %s", o->id);
        if (res->options[i].infeasible & TCO_INFEASIBLE_RATE) {
            double per_gpu = o->throughput * o->scaling_efficiency;
            tco_diags_add(diags, TCO_SEV_WARNING, s->file, 0, sec,
                          "%d GPU%s serve%s %.15g %ss per second (%.15g each); requests_per_s = "
                          "%.15g needs at least %.15g GPUs",
                          o->count, o->count == 1 ? "" : "s", o->count == 1 ? "s" : "",
                          o->count * per_gpu, s->unit, per_gpu, s->requests_per_s, z->gpus_needed);
            n += z->fits != 0;
        }
        if (z->fits != 0)
            continue;
        if (!isfinite(z->min_gpus)) {
            /* memory_gb so small that the quotient overflows: say so, at
             * memory_gb's line when the scenario gives it. */
            int line = o->key_line[TCO_O_MEMORY_GB];
            const char *file =
                line > 0 && o->key_file[TCO_O_MEMORY_GB] ? o->key_file[TCO_O_MEMORY_GB] : s->file;
            tco_diags_add(diags, TCO_SEV_WARNING, file, line, sec,
                          "option '%s': 'memory_gb' of %g GB per GPU is too small: the model "
                          "needs %.0f GB (%g parameters x %g bytes x %g), and the number of "
                          "GPUs that would hold it, %.0f / %g, is too large to count",
                          o->id, o->memory_gb, z->memory_needed_gb, s->model_params,
                          tco_bytes_per_param(s), 1 + s->activation_overhead, z->memory_needed_gb,
                          o->memory_gb);
        } else {
            tco_diags_add(diags, TCO_SEV_WARNING, s->file, 0, sec,
                          "the model needs %.0f GB (%g parameters x %g bytes x %g); %d GPU%s of "
                          "%g GB hold%s %g GB: at least %.15g GPUs are needed",
                          z->memory_needed_gb, s->model_params, tco_bytes_per_param(s),
                          1 + s->activation_overhead, o->count, o->count == 1 ? "" : "s",
                          o->memory_gb, o->count == 1 ? "s" : "", o->count * o->memory_gb,
                          z->min_gpus);
        }
        n++;
    }
    return n;
}

/* See core.h. */
void tci_result_free_options(tco_result *res)
{
    if (!res)
        return;
    if (res->options)
        for (size_t i = 0; i < res->n_options; i++)
            free(res->options[i].monthly), free(res->options[i].carbon);
    free(res->options);
    free(res->rank);
    free(res);
}
