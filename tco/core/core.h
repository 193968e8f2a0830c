/* core.h - what the core's modules and the loaders share inside the library:
 * copies of a scenario, the place of a key's value and of a parameter, the
 * catalog's entries, the engine's totals alone. */
#ifndef TCO_CORE_CORE_H
#define TCO_CORE_CORE_H

#include "tco.h"

#include <math.h>

/* A deep copy of a scenario without its ranges, cases and distributions. */
tco_scenario *tci_scenario_clone(const tco_scenario *s);

/* The net cost of option result r at month m (0..H): what it pays at month 0
 * (paid0), a month's cost, less the residual at month H (0 for a rent option):
 * the terms of the returns' flow (MODEL.md, Returns of buying against the
 * baseline). Inline: the returns' flows read it month by month. */
static inline double tci_net_cost(const tco_option_result *r, int m, int H)
{
    if (m == 0)
        return r->paid0;
    return r->monthly[m - 1].cost - (m == H ? r->residual : 0);
}
/* Reference GPU-hours in one GPU-hour of option i of s (MODEL.md, Demand:
 * k_X): its throughput over the reference option's, else 1. */
static inline double tci_per_hour(const tco_scenario *s, int i)
{
    const tco_option *x = &s->options[i], *r = &s->options[s->demand->ref];
    return x->throughput > 0 && r->throughput > 0 ? x->throughput / r->throughput : 1;
}
/* The net cost of plan result p at month m (0..H): its paid_0, then each
 * month's cost, less the owned part's residual at month H. */
static inline double tci_plan_net_cost(const tco_plan_result *p, int m, int H)
{
    if (m == 0)
        return p->paid0;
    return p->monthly[m - 1].cost - (m == H ? p->own_residual : 0);
}
/* The same with the plan's tax of the month (tax0 at month 0): the terms of
 * its after-tax net cost (MODEL.md, Plans after tax); with [tax] only. */
static inline double tci_plan_net_cost_after_tax(const tco_plan_result *p, int m, int H)
{
    return tci_plan_net_cost(p, m, H) + (m == 0 ? p->tax0 : p->monthly[m - 1].tax);
}
/* A plan month's reserved and overflow costs without the carbon cost they
 * hold with carbon_in_total (MODEL.md, A plan's carbon cost in its total):
 * the rent alone, as the budget's columns and the plan sheet's rows show it;
 * the costs themselves without the flag. */
static inline double tci_plan_reserve_rent(const tco_plan_month *pm)
{
    return pm->reserve_cost - pm->reserve_carbon;
}
static inline double tci_plan_overflow_rent(const tco_plan_month *pm)
{
    return pm->overflow_cost - pm->overflow_carbon;
}
/* The book value of option result r at the end of month m (0..H): the book
 * view's (MODEL.md, Depreciation), book_value0 then each month's. */
static inline double tci_book_value(const tco_option_result *r, int m)
{
    return m == 0 ? r->book_value0 : r->monthly[m - 1].book_value;
}
/* The same with the month's tax (tax0 at month 0): the terms of the after-tax
 * flow (MODEL.md, Taxes); with [tax] only. */
static inline double tci_net_cost_after_tax(const tco_option_result *r, int m, int H)
{
    return tci_net_cost(r, m, H) + (m == 0 ? r->tax0 : r->monthly[m - 1].tax);
}
/* Month m's deduction (0..H) of option result r: deductible0, then each
 * month's deductible (MODEL.md, Taxes). */
static inline double tci_deductible(const tco_option_result *r, int m)
{
    return m == 0 ? r->deductible0 : r->monthly[m - 1].deductible;
}
/* What option result r saves at month m against the baseline b: b's net cost
 * less r's, the returns' flow c(m) (MODEL.md, Returns of buying against the
 * baseline); and the same after tax. */
static inline double tci_saving(const tco_option_result *r, const tco_option_result *b, int m,
                                int H)
{
    return tci_net_cost(b, m, H) - tci_net_cost(r, m, H);
}
static inline double tci_saving_after_tax(const tco_option_result *r, const tco_option_result *b,
                                          int m, int H)
{
    return tci_net_cost_after_tax(b, m, H) - tci_net_cost_after_tax(r, m, H);
}

/* The annual charge in year `year` (1-based) of option o's hardware, of base
 * `capex`, by depreciation method `method` (a tco_depreciation) with the
 * option's depreciation_years and salvage_fraction: tco_depreciation_annual
 * with another method (the tax view's, MODEL.md, Taxes). */
double tci_depreciation_by(const tco_option *o, int method, double capex, int year);

/* ===== Tax depreciation by tax year (taxyear.c; MODEL.md) ===== */

/* The fiscal (tax) year model month m falls in: the calendar year it ends in
 * with [scenario] start; else 1 for months 0..12, 2 for 13..24, ... */
long tci_fiscal_year_of(const tco_scenario *s, int m);
/* The quarter, 1..4, of its tax year that model month m falls in. */
int tci_tax_quarter(const tco_scenario *s, int m);
/* Section 179 expensing of a basis `basis` placed in service in a tax year:
 * [tax] expense_limit less the basis above expense_phaseout, within
 * 0..basis. */
double tci_tax_expensing(const tco_scenario *s, double basis);

/* A plan purchase placed in service in its month by tax year (MODEL.md, Tax
 * depreciation by tax year): what tci_tax_shares reads and what it works
 * out from the plan's other purchases placed in service in the same tax
 * year. */
typedef struct tci_tax_share {
    int by_year;      /* 1: in cash or on a loan with a MACRS tax method; else 0 */
    int t0;           /* the model month it is bought in, its own month 0 */
    double basis;     /* its capex */
    double expensing; /* its share of its tax year's section 179, by basis */
    double bonus;     /* bonus_fraction times its basis after section 179 */
    int convention;   /* 0: half-year; 1..4: the mid-quarter table of its
                         quarter (A-2..A-5) when its tax year's last quarter
                         holds more than 40% of the year's basis after 179 */
} tci_tax_share;

/* MACRS of `property_years` (5 or 7) by tax year on `base` placed in service
 * at model month `placed` (0..H): section 179, then bonus, then the table of
 * the convention; each tax year's deduction in equal parts over its months
 * placed..H. Writes r's tax_depreciation0, tax_expensing, tax_bonus and
 * tax_convention and monthly[].tax_depreciation (months 1..H); returns the sum
 * over months 0..H. With share (a plan purchase, its month 0 the model's
 * share->t0): its section 179, bonus and convention, its tax years those of
 * the model's months. */
double tci_tax_by_year(const tco_scenario *s, int property_years, double base, int placed, int H,
                       tco_month *monthly, tco_option_result *r, const tci_tax_share *share);
/* Each of the n purchases sh[] with by_year: its section 179 share, bonus
 * and convention, from the purchases placed in service in its tax year. */
void tci_tax_shares(const tco_scenario *s, tci_tax_share *sh, int n);

/* Where key k's value lives in base (a tco_scenario or a tco_option, by the
 * key's table). */
void *tci_key_field(void *base, const tco_keydef *k);

/* Where a numeric parameter lives in s, or NULL when the key is not a number;
 * an exchange rate (TCO_PARAM_FX) lives in s->fx. */
double *tci_param_ptr(tco_scenario *s, tco_param p);

/* The key row of a parameter: the scenario's or the option's key, the
 * exchange rate's row (tci_fx_key) for TCO_PARAM_FX, or the discount's
 * (tci_discount_key) for TCO_PARAM_DISCOUNT. */
const tco_keydef *tci_param_key(tco_param p);

/* The row that describes an exchange rate of [fx]: its range, type and unit;
 * its offset is that of the rate in a tco_fx. */
const tco_keydef *tci_fx_key(void);

/* The row that describes a discount's fraction as an input of the analyses
 * (`discount.NAME`): its range, -1 to 1, type and unit; its offset is that
 * of the fraction in a tco_discount. */
const tco_keydef *tci_discount_key(void);

/* Every value converted from another currency set again from its value as
 * written and the rate now in s->fx: a catalog's price (tco_option.fx) and a
 * value written in a site's currency (key_fx of an option or a site); after
 * an analysis or a case changed a rate (MODEL.md, Currency conversion). */
void tci_fx_apply(tco_scenario *s);

/* Every value converted by rate fx (index + 1 in s->fx) set to its value as
 * written divided by `rate`: through set(arg, place, value) when set is not
 * NULL (an analysis that undoes it), else in place. */
void tci_fx_apply_rate(tco_scenario *s, int fx, double rate, void (*set)(void *, double *, double),
                       void *arg);

/* The option whose section writes option o's key k: o itself, or the base
 * (base =, followed as far as it goes) o inherits the value from, which keeps
 * the line where it is written. */
const tco_option *tci_option_writer(const tco_scenario *s, const tco_option *o, int k);

/* A value written in the currency of rate fx (index + 1 in s->fx) in the
 * scenario's currency: written / rate (MODEL.md, Currency conversion). */
double tci_fx_convert(const tco_scenario *s, int fx, double written);

/* Where option o's converted price lives (gpu_price of a buy option,
 * price_per_gpu_hour of a rent option), or NULL when none was converted. */
double *tci_fx_price(tco_option *o);

/* ===== Negotiated discounts and the cheapest offer (discount.c) ===== */

/* How specific discount d is: 3 with `offer =`, 2 with `pricing =`, else 1. */
int tci_discount_specificity(const tco_discount *d);
/* 1 when discount d applies to catalog offer e. */
int tci_discount_matches(const tco_discount *d, const tco_offer *e);
/* The discount of s that applies to offer e: k >= 1 for s->discounts[k - 1],
 * the most specific that matches; 0 when none does. */
int tci_discount_for(const tco_scenario *s, const tco_offer *e);
/* price x (1 - fraction) of discount k >= 1 of s; price itself for k = 0
 * (scenario.c, beside tci_fx_convert: the price chain's two steps). */
double tci_discounted(const tco_scenario *s, int discount, double price);
/* 1 when offer e passes the filters of rent option o with offer = cheapest
 * (offer_gpu exactly; offer_pricing, offer_provider and offer_region as
 * tco_offer_text_matches; offer_min_gpus against the offer's gpus). */
int tci_offer_kept(const tco_option *o, const tco_offer *e);
/* Offer e's price per GPU-hour after its discount, in s's currency (divided
 * by the [fx] rate of its currency); NAN when [fx] has no rate for it. */
double tci_offer_price_in(const tco_scenario *s, const tco_offer *e);
/* 1 when rent option o pays its catalog's price per GPU-hour under discount
 * k >= 1 of its scenario (any discount for k = 0): the options whose input
 * `discount.NAME` is. */
int tci_discount_prices(const tco_option *o, int k);
/* Every catalog price under discount k >= 1 of s (the rent options with
 * tco_option.discount k) set again from its catalog price (fx_price), the
 * fraction now in s->discounts[k - 1] and the rate of its currency now in
 * s->fx: the one price chain, through set(arg, place, value) when set is not
 * NULL (an analysis that undoes it), else in place; k = 0: under any
 * discount. After an analysis or a case changed a fraction. */
void tci_discount_apply(tco_scenario *s, int k, void (*set)(void *, double *, double), void *arg);
/* The cheapest offer of s's catalog that rent option o's filters keep, by
 * tci_offer_price_in, a tie to the lower id in byte order; NULL when none.
 * *matched: how many offers were compared (those without a rate for their
 * currency are not). */
const tco_offer *tci_cheapest_offer(const tco_scenario *s, const tco_option *o, int *matched);

/* Free the strings of one catalog entry (not the entry itself). */
void tci_catalog_gpu_clear(tco_gpu_model *g);
void tci_catalog_offer_clear(tco_offer *o);
void tci_catalog_api_offer_clear(tco_api_offer *o);
/* Free the strings of grid region r (not r itself). */
void tci_catalog_grid_region_clear(tco_grid_region *r);

/* The price factors pow(growth, y) of years y = 0..TCO_MAX_HORIZON / 12 of
 * one growth, each filled when first asked for: the double pow gives. */
typedef struct tci_year_memo {
    double growth;
    unsigned have; /* bit y: f[y] is known */
    double f[TCO_MAX_HORIZON / 12 + 1];
} tci_year_memo;

/* What stays the same from one tci_engine_totals call to the next on one
 * scenario whose inputs change (Monte Carlo): the discount factors of months
 * 0..H at the annual rate `rate` (its monthly rate rm), and each option's price
 * factors (years[2 i] as a rental, years[2 i + 1] as a purchase). Each call
 * checks them and refills what changed: the numbers are the engine's own
 * either way. */
typedef struct tci_engine_memo {
    double rate, rm;
    double discount[TCO_MAX_HORIZON + 1];
    tci_year_memo *years;
} tci_engine_memo;

/* An empty memo for s's horizon and options; 0 when out of memory (free it
 * either way). */
int tci_engine_memo_init(tci_engine_memo *memo, const tco_scenario *s);
void tci_engine_memo_free(tci_engine_memo *memo);

/* Total and NPV (npv may be NULL) of every option, without months; memo is
 * NULL or one for s (the same numbers either way). */
void tci_engine_totals(const tco_scenario *s, tci_engine_memo *memo, double *total, double *npv);

/* count = auto (MODEL.md, Feasibility): what sizing an option to the
 * [workload] found. */
typedef enum tci_auto_status {
    TCI_AUTO_OK,            /* *count is the count */
    TCI_AUTO_NO_WORKLOAD,   /* the scenario sizes no model (model_params 0) */
    TCI_AUTO_NO_MEMORY,     /* the option has no memory_gb */
    TCI_AUTO_NO_THROUGHPUT, /* inference with requests_per_s, the option no throughput */
    TCI_AUTO_TOO_MANY       /* more GPUs than a count may be (*count says how many;
                               infinite when memory_gb is too small to count them) */
} tci_auto_status;

/* The smallest count of option o that holds the model and serves the target
 * rate, rounded up to whole servers for a bought option, in *count. The
 * option's own count is not read. */
tci_auto_status tci_auto_count(const tco_scenario *s, const tco_option *o, double *count);

/* Option o's sizing (r->sizing) of the [workload] model, from its cost per
 * GPU-hour and utilization in r: memory fit, training time and cost, serving
 * cost (sizing.c). */
void tci_size_workload(const tco_scenario *s, const tco_option *o, tco_option_result *r);

/* Option o's emissions (MODEL.md, Carbon) into r, from its figures and sizing
 * there: the sums, the intensities, the carbon cost, and r->carbon's months
 * when it is not NULL; every figure NAN when carbon is 0 (carbon: the
 * scenario's tco_scenario_carbon, asked once for all its options; carbon.c). */
void tci_carbon_option(const tco_scenario *s, const tco_option *o, tco_option_result *r,
                       int carbon);
/* The carbon cost of option o in month m (0..H) when [scenario] carbon_in_total
 * is yes (MODEL.md, The carbon cost in the total), with its IT load it_kw, its
 * servers and utilization u: the month's tCO2e times carbon_price, as
 * tci_carbon_option's month; 0 when the flag is off (carbon.c). */
double tci_carbon_cost_month(const tco_scenario *s, const tco_option *o, double it_kw, int servers,
                             double u, int m);
/* API options (MODEL.md, API options; api.c). The workload's input and
 * output tokens a month: requests_per_s * hours_per_month * 3600 times each
 * part of a request. */
void tci_api_tokens(const tco_scenario *s, double *input, double *output);
/* An API option's price of a million cached input tokens: its own, else its
 * input price. */
double tci_api_cached_price(const tco_option *o);
/* An API option's charge for a month at its year-1 prices: the input tokens
 * at ((1 - cached_fraction) * input price + cached_fraction * cached price)
 * and the output tokens at the output price, each per million. */
double tci_api_month_charge(const tco_scenario *s, const tco_option *o);
/* The workload's tokens a minute: requests_per_s * 60 * (input + output). */
double tci_api_tokens_per_minute(const tco_scenario *s);
/* The first API option of s, or -1. */
int tci_api_first(const tco_scenario *s);
/* Each bought or rented option's break-even in tokens a day against the
 * first API option, into res (its totals and utilization lines computed). */
void tci_api_breakeven(const tco_scenario *s, tco_result *res);
/* The tokens of one GPU-hour of the demand's reference option (MODEL.md, An
 * API as a plan's overflow): throughput * scaling_efficiency *
 * tokens_per_request * 3600; 0 when it has no throughput or s no demand. */
double tci_api_tokens_per_ref_hour(const tco_scenario *s);
/* API option o's price of a reference GPU-hour in month m (1-based): the
 * tokens of that hour at its blended price of a token, times its price
 * decline's factor of the month. */
double tci_api_ref_hour_price(const tco_scenario *s, const tco_option *o, int m);

/* num / den, or NAN when den is 0 (a unit cost of no units). */
static inline double tci_ratio_or_null(double num, double den)
{
    return den != 0 ? num / den : NAN;
}

/* The least probability with which a Monte Carlo distribution must land in
 * its key's range (MODEL.md, Monte Carlo): below it, the distribution is
 * refused. At this bound a normal draw is redrawn 100 times on average. */
#define TCI_MC_MIN_IN_RANGE 0.01

/* The probability that a draw of distribution u falls in [lo, hi] (lo <= hi;
 * either may be infinite), from the distribution's cumulative distribution
 * function: exact for uniform and triangular, erf/erfc for normal, accurate
 * in the tails and for ranges far narrower than the deviation. NAN when u's
 * numbers are not a distribution (a deviation of 0 or less, low >= high). */
double tci_dist_in_range(const tco_uncertain *u, double lo, double hi);

/* The Monte Carlo histogram's bins (MODEL.md, Monte Carlo): over the totals of
 * the options that vary (varies[i] != 0) among n, N samples each, whose lowest
 * and highest total are lo and hi, equal bins whose width is at most the
 * Freedman-Diaconis width of the option with the narrowest spread,
 * 2 IQR / N^(1/3), option i's interquartile range (P75 - P25) in iqr[i].
 * Returns their number (0 when no option varies, or hi is not above lo; else
 * 1 to TCI_MC_MAX_BINS, TCI_MC_BINS_DEFAULT when no interquartile range is
 * above 0). */
#define TCI_MC_MAX_BINS     100
#define TCI_MC_BINS_DEFAULT 20
size_t tci_mc_bins(size_t n, const unsigned char *varies, const double *iqr, long N, double lo,
                   double hi);

/* Monte Carlo keeps every sample's total, but an option's NPV only near its
 * percentiles once N exceeds tci_mc_pilot: the first tci_mc_pilot samples
 * place a window around each percentile, tci_mc_margin standard deviations of
 * their rank wide (plus 2); a percentile outside its window is found by
 * drawing the samples again. The percentiles are the same numbers either way;
 * tests change these (the pilot at least 1) to take each path. */
extern long tci_mc_pilot;
extern double tci_mc_margin;

/* Every Monte Carlo sample of base's scenario, as tco_analyze draws them:
 * sample k's total and NPV of option i at total[k * n + i] and npv[k * n + i]
 * (n options, mc_samples samples), computed without the engine's memo; for
 * tests. */
tco_status tci_mc_samples(const tco_result *base, double *total, double *npv);

/* The keys of [demand] and [plan NAME] (MODEL.md, Demand and Plans): rows
 * like the key table's, stored by offset in a tco_demand and a tco_plan. */
typedef enum tci_dkey {
    TCI_D_REFERENCE,
    TCI_D_GPU_HOURS,
    TCI_D_GROWTH,
    TCI_D_SEASONALITY,
    TCI_D_FILE,
    TCI_D_TOKENS,
    TCI_D_COUNT
} tci_dkey;
typedef enum tci_pkey {
    TCI_P_OWN,
    TCI_P_OWN_COUNT,
    TCI_P_RESERVE,
    TCI_P_RESERVE_COUNT,
    TCI_P_OVERFLOW,
    TCI_P_SPARES,
    TCI_P_BUY_AT,
    TCI_P_REFRESH_TO,
    TCI_P_REFRESH_MONTH,
    TCI_P_REFRESH_COUNT,
    TCI_P_COUNT
} tci_pkey;
/* The keys of [optimize] (MODEL.md, The cheapest plan), stored in a
 * tco_optimize. */
typedef enum tci_zkey {
    TCI_Z_PLAN,
    TCI_Z_OBJECTIVE,
    TCI_Z_OWN_MIN,
    TCI_Z_OWN_MAX,
    TCI_Z_OWN_STEP,
    TCI_Z_RESERVE_MIN,
    TCI_Z_RESERVE_MAX,
    TCI_Z_RESERVE_STEP,
    TCI_Z_RUNNERS_UP,
    TCI_Z_COUNT
} tci_zkey;
/* The row of key i, or NULL out of range. */
const tco_keydef *tci_demand_key(int i);
const tco_keydef *tci_plan_key(int i);
const tco_keydef *tci_optimize_key(int i);

/* One option's months as the engine computes them (MODEL.md), with its own
 * utilization replaced by u: monthly (H entries) filled, and its paid_0,
 * total and npv. */
void tci_option_months(const tco_scenario *s, const tco_option *o, double u, tco_month *monthly,
                       double *paid0, double *total, double *npv);

/* The same for an option bought at model month t0 (a plan's staged purchase
 * or refresh; MODEL.md, Staged purchases): s's horizon is the option's own
 * (its months 1..H are the model's t0 + 1..t0 + H, its residual that of its
 * age H), and each month's price factor is that of the model's year. `sold`
 * 1: the option is sold at its month H before the model's horizon (a
 * refresh), and what it owes past H (a lease's remaining payments) is paid
 * then, in its present value too (MODEL.md, Refresh). */
void tci_option_months_at(const tco_scenario *s, const tco_option *o, double u, int t0, int sold,
                          tco_month *monthly, double *paid0, double *total, double *npv);

/* The share of its capex (GPUs and infrastructure) option o is resold for at
 * the age of `months` (MODEL.md, Residual value): resale_fraction, or the
 * yearly resale_decline compounded over the months. */
double tci_residual_fraction(const tco_option *o, int months);

/* The figures of option o that do not depend on its months (servers, capex,
 * provisioned kW, residual, a loan's amount and payment, a lease's payment)
 * into the fields of q of those names, at o's count over s's horizon. */
void tci_part_figures(const tco_scenario *s, const tco_option *o, tco_plan_purchase *q);

/* The taxes of that option (MODEL.md, Taxes; s has [tax]): each month's tax
 * in monthly[].tax (its other lines as tci_option_months_at fills them),
 * the sum of its tax (tax_0, the months, the commitment's) in *tax and
 * their present value at its own month 0 in *tax_npv; its tax_0 alone (the
 * tax of its own month 0) in *tax_first when not NULL. */
void tci_option_tax_at(const tco_scenario *s, const tco_option *o, double u, int t0, int sold,
                       tco_month *monthly, double *tax, double *tax_npv, double *tax_first);
/* The same for a plan purchase with its share of its tax year (NULL: as
 * tci_option_tax_at, the twelve months from the month after it); returns its
 * own month 0's tax depreciation. */
double tci_option_tax_share_at(const tco_scenario *s, const tco_option *o, double u, int t0,
                               int sold, tco_month *monthly, double *tax, double *tax_npv,
                               double *tax_first, const tci_tax_share *share);

/* Option o's availability A (MODEL.md, Goodput): `availability`, or
 * 1 - failure_rate * repair_days / 365 (the loader refuses both, and an A
 * below 0.01); never below 0.01, so that a plan divides by it safely. */
double tci_availability(const tco_option *o);

/* Lease against buy (MODEL.md; leasebuy.c). 1 when option o can be lease's
 * bought twin: bought in cash or with a loan, the same gpu (both unset counts
 * as the same) and count, not lease itself. */
int tci_lease_twin_ok(const tco_option *lease, const tco_option *o);
/* The twin of option i of s: the option compare_to names when it qualifies,
 * else the first qualifying option financed with a loan, else the first
 * qualifying one; -1 when option i is not leased or has none. */
int tci_lease_twin(const tco_scenario *s, size_t i);
/* Each option's compare_to, implied_rate, nal_rate and nal in res, whose
 * options' other figures are computed. */
void tci_lease_vs_buy(const tco_scenario *s, tco_result *res);

/* The monthly discount rate r_m = (1 + discount_rate)^(1/12) - 1 (MODEL.md). */
double tci_monthly_rate(const tco_scenario *s);

/* Plan p of s with own_count owned and reserve_count reserved GPUs (parts the
 * plan lacks are 0 whatever the count) into r (MODEL.md, Plans). r->monthly
 * must hold H entries; every other field of r is overwritten. scratch holds
 * TCI_PLAN_SCRATCH * H months. No allocation: the optimizer calls it once per
 * candidate. A plan with staged purchases (buy_at) ignores own_count: its
 * batches are its owned GPUs. With refresh_month = auto it computes the plan
 * H times or so (once per month it may refresh at, then the best again). */
#define TCI_PLAN_SCRATCH 2
void tci_plan_eval(const tco_scenario *s, const tco_plan *p, int own_count, int reserve_count,
                   tco_month *scratch, tco_plan_result *r);

/* The index of the plan that ranks first among the n results p (MODEL.md,
 * Plans: those that serve all demand first, then the lower figure that
 * rank_by names, then file order); 0 when n is 0. */
size_t tci_plan_best(const tco_plan_result *p, size_t n, tco_rank_by by);

/* Reference GPU-hours one GPU of option i delivers in a month of a plan
 * (MODEL.md, Demand and Goodput: T * k_X * A_X); s has [demand]. */
double tci_plan_capacity(const tco_scenario *s, int i);

/* The most candidates one [optimize] search may have, and the largest count
 * of either part it may search (MODEL.md, The cheapest plan). */
#define TCI_OPTIMIZE_MAX_CANDIDATES 1000000
#define TCI_OPTIMIZE_MAX_COUNT      1000000
#define TCI_OPTIMIZE_MAX_RUNNERS    100

/* The evaluations tci_plan_eval makes of plan p of s for one pair of counts:
 * 1; with refresh_month = auto, no refresh, each month after the last
 * purchase, and the best again (MODEL.md, Refresh). */
int tci_plan_evaluations(const tco_scenario *s, const tco_plan *p);

/* The work a search or a Monte Carlo may do, in plan-months (an evaluation
 * of a plan over one month; MODEL.md, The cheapest plan and Monte Carlo): a
 * search at most the full grid of TCI_OPTIMIZE_MAX_CANDIDATES candidates
 * over the longest horizon without a refresh; Monte Carlo's refresh
 * searches, beyond the one evaluation of each plan a sample, at most
 * TCI_MC_MAX_REFRESH_WORK. */
#define TCI_OPTIMIZE_MAX_WORK   (1e6 * TCO_MAX_HORIZON)
#define TCI_MC_MAX_REFRESH_WORK 2e8

/* The grid of s->optimize with its defaults applied (MODEL.md, The cheapest
 * plan) into r's own_* and reserve_* fields; the plan it names is resolved.
 * Returns the number of candidates, or -1 when a default maximum would be
 * above TCI_OPTIMIZE_MAX_COUNT (*which is then 0 for the owned part, 1 for
 * the reserved part). */
double tci_optimize_grid(const tco_scenario *s, tco_optimize_result *r, int *which);

/* The search of s->optimize into res->optimize (MODEL.md, The cheapest plan):
 * TCO_OK (nothing to do without [optimize]), TCO_ERR_NOMEM or TCO_ERR_LIMIT
 * (a grid the loader refuses). */
tco_status tci_optimize_compute(tco_result *res, const tco_run *run);
void tci_optimize_free(tco_result *res);

/* The plans of res's scenario into res (MODEL.md, Plans): TCO_ERR_NOMEM or
 * TCO_OK; nothing to do without plans. */
tco_status tci_plans_compute(tco_result *res);
void tci_plans_free(tco_result *res);
/* Plan result r's emissions (MODEL.md, A plan's emissions; plancarbon.c),
 * once its months and purchases are kept: r->carbon allocated (H + 1
 * months) and the sums; every figure NAN and r->carbon NULL when the
 * scenario has no carbon figures. TCO_ERR_NOMEM or TCO_OK. */
tco_status tci_plan_carbon(const tco_scenario *s, tco_plan_result *r);
/* Plan result r's intensities (MODEL.md, A plan's emissions), once
 * tci_plan_carbon has its sums and res its options: tCO2e per 1M tokens
 * served and its embodied part, per training run; NAN where not defined. */
void tci_plan_carbon_intensity(const tco_result *res, tco_plan_result *r);

/* tco_compute_into without the plans (engine.c): every option's figures,
 * the ranking and the decision into *io, reused when it has s's shape; its
 * plans and search must have been freed (tco_compute_into does). On
 * failure *io is freed and set to NULL. */
tco_status tci_compute_options(const tco_scenario *s, tco_result **io);
/* Free what tci_compute_options allocated, and res itself (NULL is fine). */
void tci_result_free_options(tco_result *res);

/* The Inputs sheet's layout, written in its hidden cell named TcoInputsLayout
 * (docs/WORKBOOK.md): `tco import` reads a workbook whose marker is this one,
 * or an earlier one it still knows. Change it whenever the Inputs sheet's key
 * column or value column moves or changes meaning. Layout 2: each option's
 * row names its section ("[option ID]") in the hidden column J; layout 1
 * (tco before it) ties an option's rows to the heading above them. */
#define TCI_INPUTS_LAYOUT   "tco-inputs 2"
#define TCI_INPUTS_LAYOUT_1 "tco-inputs 1"

/* ===== Saved reports (tco_compare.h) ===== */

/* What one figure of a saved report holds. */
typedef enum tci_saved_kind {
    TCI_SV_ABSENT, /* the option's JSON has no such member */
    TCI_SV_NULL,   /* null: unknown, or it does not apply */
    TCI_SV_NUMBER, /* a number (a flag: 1 or 0) */
    TCI_SV_TEXT    /* a string */
} tci_saved_kind;

/* One figure of one option of a saved report. */
typedef struct tci_saved_value {
    tci_saved_kind kind;
    double number; /* TCI_SV_NUMBER's value */
    char *text;    /* TCI_SV_TEXT's, malloc'd */
} tci_saved_value;

/* A report read back from its JSON: load/report_json.c fills it, core/compare.c
 * compares it. */
struct tco_saved_report {
    int format_version;      /* as read; 1 when the report has none */
    tco_scenario *scenario;  /* name, currency, horizon, file, the options' ids */
    tci_saved_value *values; /* n_options x TCI_F_COUNT (core/fields.h): option i's
                                field f at [i * TCI_F_COUNT + f] */
};

/* The power limit of option o's site in kW (MODEL.md, The site's power limit):
 * a named site's own power_cap_kw, else [site]'s; 0 (no limit) for a rented
 * option or a site without one. */
double tci_power_cap_kw(const tco_scenario *s, const tco_option *o);

#endif /* TCO_CORE_CORE_H */
