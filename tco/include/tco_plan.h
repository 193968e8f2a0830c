/*
 * tco_plan.h - capacity planning: demand over time and the plans that serve
 * it (docs/MODEL.md, Demand and Plans): part of the public API, kept in its
 * own file. tco.h includes it at its end; include tco.h, not this file.
 */
#ifndef TCO_PLAN_H
#define TCO_PLAN_H

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Demand and plans (scenario inputs) ===== */

/* [demand]: the GPU-hours demanded each month, in hours of the reference
 * option's GPU. Either a formula (gpu_hours_per_month, growth, seasonality)
 * or a file of monthly values (n_values > 0). */
typedef struct tco_demand {
    char *reference;                /* `reference`: an option id */
    int ref;                        /* its index in the scenario's options */
    double gpu_hours_per_month;     /* month 1's demand */
    double growth;                  /* annual, compounded monthly */
    char *seasonality;              /* `seasonality` as written, or NULL */
    double season[12];              /* the factors of months 1..12 (all 1 without it) */
    char *file;                     /* `file` as written, or NULL */
    size_t n_values;                /* values read from it (0 without it) */
    double values[TCO_MAX_HORIZON]; /* D(1..n_values) from the file */
    int line;                       /* line of the [demand] header */
    const char *in_file;            /* its file (one of the scenario's) */
    double tokens_per_month;        /* month 1's demand in tokens instead of
                                       gpu_hours_per_month; 0: not given (MODEL.md,
                                       Demand in tokens) */
} tco_demand;

/* The most staged purchases (`buy_at` pairs) of a plan. */
#define TCO_MAX_BUYS 32

/* refresh_month = auto (tco_plan.refresh_month). */
#define TCO_REFRESH_AUTO (-2)

/* A [plan NAME]: up to three parts, each an option index or -1. */
typedef struct tco_plan {
    char *name;
    char *own, *reserve, *overflow;   /* option ids as written, or NULL */
    int own_count, reserve_count;     /* GPUs; -1 when not given (the option's count) */
    int own_i, reserve_i, overflow_i; /* option indices, or -1 without the part */
    int spares;                       /* owned GPUs held back (MODEL.md, Goodput) */
    char *buy_at;                     /* `buy_at` as written, or NULL */
    size_t n_buys;                    /* staged purchases (0: own_count at month 0) */
    int buy_month[TCO_MAX_BUYS];      /* ... each at month 0..H-1, increasing */
    int buy_count[TCO_MAX_BUYS];      /* ... of that many GPUs */
    char *refresh_to;                 /* a buy option id as written, or NULL */
    int refresh_i;                    /* its index, or -1 without a refresh */
    char *refresh_when;               /* `refresh_month` as written, or NULL */
    int refresh_month;                /* 1..H-1, TCO_REFRESH_AUTO, or 0 (none) */
    int refresh_count;                /* GPUs bought at the refresh; -1: as owned */
    int line;                         /* line of the [plan NAME] header */
    const char *in_file;              /* its file (one of the scenario's) */
} tco_plan;

/* Demand of month m (1..H) of scenario s, in reference GPU-hours; 0 without
 * [demand] or out of range. */
double tco_demand_at(const tco_scenario *s, int m);

/* ===== Plan results ===== */

/* One month of a plan (month m is monthly[m-1]). Hours served are in each
 * part's own GPU-hours; demand and unserved in reference GPU-hours. */
typedef struct tco_plan_month {
    double demand, unserved;
    double own_hours, reserve_hours, overflow_hours;
    double own_utilization; /* h_own / (owned GPUs in service * T), 0 without GPUs */
    double own_capacity;    /* owned capacity in reference GPU-hours (MODEL.md, Goodput) */
    double own_cost, reserve_cost, overflow_cost, cost;
    /* Filled for the plans of a result (tco_compute), not for the optimizer's
     * candidates: the owned part's cost lines (by tco_cost_line), the sum of
     * the purchases in service, a line that follows the utilization at
     * own_utilization; the overflow's price of one GPU-hour. */
    double own_line[TCO_LINES];
    double overflow_price;
    /* ... and in reference GPU-hours (MODEL.md, Demand: k_X; Goodput): the
     * owned GPUs serving, what they serve (their hours times k), the reserved
     * part's capacity (its GPUs * T * k * A) and what it serves, the two
     * parts' capacity and what they serve together, what they leave idle,
     * and what the overflow serves (its hours times k * A). */
    int own_gpus;
    double own_served, reserve_capacity, reserve_served, capacity, served, idle, overflow_served;
    /* ... and the owned part's cost without what its purchases pay or lend in
     * their month (a purchase's capex, less a loan's amount or a lease's unpaid
     * capex) and without a refresh's sale: its lines and financing alone (with
     * carbon_in_total, without its carbon cost: own_carbon). */
    double own_operating;
    /* ... and with [tax] its tax (MODEL.md, A plan's budget): each part's tax
     * of the month, negative when saved; 0 without [tax]. */
    double tax;
    /* The provisioned kW of the owned GPUs in service in the month, spares
     * included (MODEL.md, A plan at a site with a power limit), and the power
     * limit of their site (NAN when it has none or the plan owns none). */
    double own_kw, power_cap_kw;
    /* ... and that tax by part (MODEL.md, Plans after tax): the owned part's
     * (with its purchases' tax on their sale), of which the tax on the sales
     * alone, the reserved part's and the overflow's; they add up to tax. */
    double own_tax, own_sale_tax, reserve_tax, overflow_tax;
    /* With an API as the overflow (MODEL.md, An API as a plan's overflow):
     * the tokens it serves, overflow_hours * g; else 0. */
    double overflow_tokens;
    /* ... and those tokens a minute, overflow_hours * g / (T * 60), what the
     * API's max_tokens_per_minute limits (MODEL.md, An API as a plan's
     * overflow); filled for the optimizer's candidates too; else 0. */
    double overflow_tokens_per_minute;
    /* With [scenario] carbon_in_total (MODEL.md, A plan's carbon cost in its
     * total), the carbon cost each part's cost of the month holds: the owned
     * part's (its purchases' electricity at own_utilization, and the embodied
     * emissions of those bought in the month), the reserved part's and the
     * overflow's GPU-hours; their sum; all 0 without the flag. */
    double own_carbon, reserve_carbon, overflow_carbon, carbon_cost;
} tco_plan_month;

/* One purchase of a plan's owned part as the plan prices it (MODEL.md,
 * Staged purchases, Refresh): its option with its count over the months from
 * its own to the one it is sold in. */
typedef struct tco_plan_purchase {
    int month, sold;     /* bought at model month `month`, sold at `sold` (H: kept) */
    int count;           /* GPUs bought, the spares with the first; 0: none bought */
    double paid0;        /* paid at its month (0 when none bought) */
    tco_month *lines[2]; /* its months month + 1 .. sold at utilization 0 and 1,
                            sold - month entries each; NULL when none bought */
    /* Its figures at its count over its own months (the fields of
     * tco_option_result of the same names); 0 when none bought. */
    int servers;
    double capex_gpu, capex_infra, capex, provisioned_kw;
    double residual_fraction; /* of its age at its sale, sold - month */
    double residual;          /* received at its sale; 0 for a lease returned or still
                                 running then */
    double loan_amount;       /* lent at its month (a loan), else 0 */
    double loan_payment;      /* the loan's level payment a month */
    double loan_balance;      /* what the loan still owes at its sale, repaid then */
    double lease_payment;     /* a lease's payment a month, in advance */
    double lease_buyout;      /* its buyout, paid before its sale */
    double lease_owed;        /* the lease's payments still to come at its sale: paid
                                 then before the horizon, owed after it at H */
    double lease_owed_npv;    /* sold at H: those at their present value at the model's
                                 month 0 (each at its month), else 0 */
    double tax_on_sale;       /* with [tax]: rate * (residual - tax book value at its
                                 sale), at its sale; its lines[0] then carry each
                                 month's tax_depreciation (MODEL.md, Plans after tax) */
    double carbon_cost0;      /* with carbon_in_total: its embodied emissions' cost, in
                                 paid0 (MODEL.md, A plan's carbon cost in its total); else 0 */
    /* With [tax], by tax year (MODEL.md, Tax depreciation by tax year): 1 when
     * it is placed in service in its month (in cash or on a loan, a MACRS tax
     * method; bought or not), its month's own tax depreciation, its share of its tax year's
     * section 179, its bonus and its convention (0: half-year, table A-1;
     * 1..4: the mid-quarter table of its quarter, A-2..A-5); else 0. */
    int tax_by_year;
    double tax_depreciation0, tax_expensing, tax_bonus;
    int tax_convention;
    int tax_quarter; /* with [tax], the quarter of its tax year its month is in, 1..4 */
} tco_plan_purchase;

/* Every figure of one plan (MODEL.md, Plans). Parts a plan lacks are 0. */
typedef struct tco_plan_result {
    const tco_plan *plan;         /* borrowed from the scenario */
    int own_count, reserve_count; /* GPUs of each part (own: at month 0 and staged) */
    int spares;                   /* owned GPUs held back, no capacity */
    int refresh_month;            /* the month of the refresh; 0 without one */
    int refresh_count;            /* GPUs bought then (0 without a refresh) */
    double paid0;                 /* month 0: own and reserved paid_0 */
    double own_total, reserve_total, overflow_total, total;
    double own_npv, reserve_npv, overflow_npv, npv;
    double after_tax_total, after_tax_npv;           /* with [tax] (MODEL.md, Plans after tax);
                                                        NAN without */
    double demand, unserved;                         /* sums over months 1..H */
    double own_hours, reserve_hours, overflow_hours; /* sums */
    tco_plan_month *monthly;                         /* horizon_months entries */
    double reserve_paid0;                            /* the reserved part's paid_0 */
    double own_residual; /* the owned part's residual at H: its purchases held to H */
    double reserve_commitment, reserve_commitment_npv; /* its term's months past the horizon,
                                                          and their present value (with
                                                          own_line: tco_compute only) */
    size_t n_purchases;            /* the owned part's purchases: one per buy_at pair (one
                                      without buy_at), then the refresh when the plan has
                                      one; 0 without an owned part (and in best_plan) */
    tco_plan_purchase *purchases;  /* n_purchases entries */
    double tax0;                   /* with [tax]: month 0's tax (the monthly[].tax of month 0) */
    double commitment_tax;         /* ... and the tax of the commitments past the horizon;
                                      tax0 + the months' tax + this = after_tax_total - total;
                                      both 0 without [tax] */
    double own_tax0, reserve_tax0; /* ... tax0 by part (they add up to it) */
    double own_commitment_tax, reserve_commitment_tax; /* ... commitment_tax by part */
    /* The site's power limit (MODEL.md, A plan at a site with a power limit):
     * the highest monthly own_kw and its first month (0 without owned GPUs),
     * the limit in that month (NAN: none); fits_power 1 when no month's own_kw
     * passes its limit, else 0 with the first such month, its kW and limit. */
    double peak_kw;
    int peak_month;
    double power_cap_kw;
    int fits_power;
    int over_month;
    double over_kw, over_cap_kw;
    /* Carbon (MODEL.md, A plan's emissions), for the plans of a result when
     * the scenario has carbon figures (tco_scenario_carbon), else NAN and
     * NULL: the owned GPUs' kWh over months 1..H, tCO2e by scope (scope 2 of
     * the owned part, scope 3 category 1 of the reserved and overflow
     * GPU-hours, category 2 of the purchases in their month), their sum and
     * its carbon cost (NAN when not priced). */
    double electricity_kwh, scope2_location_tco2e, scope2_market_tco2e;
    double scope3_purchased_tco2e, scope3_capital_tco2e, tco2e, carbon_cost;
    tco_carbon_month *carbon; /* months 0..H (H + 1 entries), or NULL */
    double overflow_tokens;   /* with an API as the overflow: the months' tokens summed;
                                 else 0 (MODEL.md, An API as a plan's overflow) */
    /* The API overflow's rate limit (MODEL.md, An API as a plan's overflow):
     * its max_tokens_per_minute (NAN without an API overflow or without a
     * limit); the first month whose overflow tokens a minute pass it (0 when
     * none does: the plan fits the limit) and those tokens a minute. */
    double rate_limit_tpm;
    int over_rate_month;
    double over_rate_tpm;
    double api_tokens_per_hour; /* g, the tokens of a reference GPU-hour (An API as a
                                   plan's overflow; a plan's emissions per 1M tokens);
                                   0 without an inference reference's throughput */
    double carbon_cost0;        /* with carbon_in_total: month 0's carbon cost, in paid0 (the
                                   purchases of month 0's embodied emissions); else 0 */
    /* Carbon intensities (MODEL.md, A plan's emissions), NAN without carbon
     * figures or where their denominator is unknown or 0: tCO2e per 1M tokens
     * served (the demand served in reference GPU-hours x a reference
     * GPU-hour's tokens), per training run (a run's reference GPU-hours), and
     * the embodied part per 1M tokens, a management metric. */
    double tco2e_per_million_tokens, tco2e_per_run, embodied_tco2e_per_million_tokens;
} tco_plan_result;

/* ===== The cheapest plan ([optimize]; MODEL.md, The cheapest plan) ===== */

/* What the search minimises. */
typedef enum tco_objective {
    TCO_OBJECTIVE_TOTAL = 0,
    TCO_OBJECTIVE_NPV,
    TCO_OBJECTIVE_AFTER_TAX_NPV
} tco_objective;

/* [optimize]: the plan whose counts are searched, and the ranges. A bound
 * not given is -1 (its default applies: MODEL.md). */
typedef struct tco_optimize {
    char *plan;                                 /* `plan`: a plan name as written */
    int plan_i;                                 /* its index in the scenario's plans */
    int own_min, own_max, own_step;             /* own_count searched */
    int reserve_min, reserve_max, reserve_step; /* reserve_count searched */
    tco_objective objective;                    /* `objective` */
    int runners_up;                             /* how many runners-up to report */
    int line;                                   /* line of the [optimize] header */
    const char *in_file;                        /* its file (one of the scenario's) */
} tco_optimize;

/* One candidate of the search: its counts and figures. */
typedef struct tco_candidate {
    int own_count, reserve_count;
    double total, npv, after_tax_npv; /* the plan's figures at these counts */
    double objective;                 /* the one the search minimises */
    double unserved;                  /* reference GPU-hours; > 0: infeasible */
} tco_candidate;

/* The search's result. */
typedef struct tco_optimize_result {
    const tco_optimize *optimize;   /* borrowed from the scenario */
    int own_min, own_max, own_step; /* the ranges searched, defaults applied */
    int reserve_min, reserve_max, reserve_step;
    size_t evaluated, feasible; /* candidates computed; serving all demand */
    int found;                  /* 1 when a candidate serves all demand */
    tco_candidate best;         /* the optimum (when found) */
    size_t n_runners;           /* the next best feasible candidates */
    tco_candidate *runners;     /* best first */
    size_t n_curve;             /* one entry per own_count searched */
    tco_candidate *curve;       /* the best candidate at each own_count;
                                   objective NAN when none is feasible */
    tco_plan_result best_plan;  /* the optimum computed in full */
    size_t over_power;          /* candidates skipped: over their site's power limit in
                                   some month (MODEL.md, The cheapest plan) */
    size_t over_rate_limit;     /* candidates skipped: their API overflow over its rate
                                   limit in some month (MODEL.md, The cheapest plan) */
} tco_optimize_result;

/* A plan's figure that `objective` names: its total, NPV or after-tax NPV. */
double tco_plan_objective(const tco_plan_result *pr, tco_objective objective);

/* 1 when plan result pr is feasible (MODEL.md, Plans): it serves all demand,
 * fits its site's power limit in every month and, with an API overflow,
 * sends it no more tokens a minute than its rate limit in any month. */
int tco_plan_feasible(const tco_plan_result *pr);

/* Why plan result pr does not fit its site's power limit, in words, into buf
 * (size bytes): "needs N kW in month M, the site has C" (each number as %g
 * writes it); returns buf, or NULL when the plan fits (buf untouched). */
const char *tco_plan_power_text(const tco_plan_result *pr, char *buf, size_t size);

/* Why plan result pr's API overflow is over its rate limit, in words, into
 * buf (size bytes): "over the API's rate limit: needs N tokens a minute in
 * month M, the API allows L" (whole tokens with thousands separators, two
 * decimals where whole tokens would not tell N from L);
 * returns buf, or NULL when the plan is within the limit (buf untouched). */
const char *tco_plan_rate_text(const tco_plan_result *pr, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* TCO_PLAN_H */
