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
} tco_demand;

/* A [plan NAME]: up to three parts, each an option index or -1. */
typedef struct tco_plan {
    char *name;
    char *own, *reserve, *overflow;   /* option ids as written, or NULL */
    int own_count, reserve_count;     /* GPUs; -1 when not given (the option's count) */
    int own_i, reserve_i, overflow_i; /* option indices, or -1 without the part */
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
    double own_utilization; /* h_own / (own_count * T), 0 without GPUs */
    double own_cost, reserve_cost, overflow_cost, cost;
} tco_plan_month;

/* Every figure of one plan (MODEL.md, Plans). Parts a plan lacks are 0. */
typedef struct tco_plan_result {
    const tco_plan *plan;         /* borrowed from the scenario */
    int own_count, reserve_count; /* GPUs of each part */
    double paid0;                 /* month 0: own and reserved paid_0 */
    double own_total, reserve_total, overflow_total, total;
    double own_npv, reserve_npv, overflow_npv, npv;
    double demand, unserved;                         /* sums over months 1..H */
    double own_hours, reserve_hours, overflow_hours; /* sums */
    tco_plan_month *monthly;                         /* horizon_months entries */
} tco_plan_result;

#ifdef __cplusplus
}
#endif

#endif /* TCO_PLAN_H */
