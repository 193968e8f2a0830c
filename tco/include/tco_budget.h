/*
 * tco_budget.h - fiscal years and the budget (docs/MODEL.md, Fiscal years and
 * the budget): each option's flows summed by fiscal year. Part of the public
 * API, kept in its own file. tco.h includes it at its end; include tco.h, not
 * this file.
 */
#ifndef TCO_BUDGET_H
#define TCO_BUDGET_H

#ifdef __cplusplus
extern "C" {
#endif

/* One fiscal year of the horizon: the model months in it. */
typedef struct tco_fiscal_year {
    char name[16];               /* "FY2028" with [scenario] start, else "Y1", "Y2", ... */
    int first_month, last_month; /* within 0..H */
    char from[12], to[12];       /* YYYY-MM of those months; "" without start */
    int months;                  /* months of operation (1..H) in it */
    int partial;                 /* 1 when months < 12 */
} tco_fiscal_year;

/* The budget's columns, in the order every output writes them. */
typedef enum tco_budget_col {
    TCO_BUDGET_CAPEX,
#define TCO_BUDGET_LINE_(ID, ...) TCO_BUDGET_##ID,
    TCO_COST_LINES(TCO_BUDGET_LINE_) /* TCO_BUDGET_POWER, ..., TCO_BUDGET_RENTAL */
#undef TCO_BUDGET_LINE_
    TCO_BUDGET_FINANCING,
    TCO_BUDGET_RESIDUAL,
    TCO_BUDGET_TAX,
    TCO_BUDGET_TOTAL,
    TCO_BUDGET_CARBON, /* with carbon_in_total, the carbon cost (in the total above);
                          written only then (tco_budget_col_shown) */
    TCO_BUDGET_COLS
} tco_budget_col;

/* The budget's column of cost line `line` (a tco_cost_line). */
#define TCO_BUDGET_LINE(line) ((tco_budget_col)(TCO_BUDGET_CAPEX + 1 + (line)))

/* A plan's budget columns (MODEL.md, A plan's budget), in the order every
 * output writes them. */
typedef enum tco_plan_budget_col {
    TCO_PLAN_BUDGET_OWN,      /* the owned part: purchases, lines, financing, sales,
                                 less its residual at H */
    TCO_PLAN_BUDGET_RESERVE,  /* the reserved part: its upfront and rent */
    TCO_PLAN_BUDGET_OVERFLOW, /* the hours bought on demand */
    TCO_PLAN_BUDGET_TAX,      /* tco_plan_result tax0 and monthly[].tax; 0 without [tax] */
    TCO_PLAN_BUDGET_TOTAL,    /* the sum of the columns */
    TCO_PLAN_BUDGET_CARBON,   /* with carbon_in_total, the carbon cost (in the total above;
                                 out of the parts' columns); written only then
                                 (tco_plan_budget_col_shown) */
    TCO_PLAN_BUDGET_COLS
} tco_plan_budget_col;

/* Each option's flows summed by fiscal year: value[(i * n_years + y) *
 * TCO_BUDGET_COLS + col] for option i (input order), year y; and each
 * plan's: plan_value[(i * n_years + y) * TCO_PLAN_BUDGET_COLS + col] for plan
 * i (file order). */
typedef struct tco_budget {
    size_t n_years;
    tco_fiscal_year *years; /* in time order */
    size_t n_options;
    double *value;
    size_t n_plans;     /* the result's plans (0 without [demand]) */
    double *plan_value; /* NULL without plans */
} tco_budget;

/* The budget of a result (its scenario's start and fiscal_year_start). */
tco_status tco_budget_compute(const tco_result *result, tco_budget **out);
void tco_budget_free(tco_budget *budget);

/* A column's name as the JSON and the CSV write it ("capex", ..., "total"),
 * or NULL out of range. */
const char *tco_budget_col_name(tco_budget_col col);

/* 1 when the outputs of scenario s write budget column col: every column but
 * the carbon cost's, which only with carbon_in_total (MODEL.md, The carbon
 * cost in the total). */
int tco_budget_col_shown(const tco_scenario *s, tco_budget_col col);

/* A plan budget column's name as the JSON and the CSV write it ("own",
 * "reserve", "overflow", "tax", "total"), or NULL out of range. */
const char *tco_plan_budget_col_name(tco_plan_budget_col col);

/* 1 when the outputs of scenario s write plan budget column col: every
 * column but the carbon cost's, which only with carbon_in_total (MODEL.md,
 * A plan's carbon cost in its total). */
int tco_plan_budget_col_shown(const tco_scenario *s, tco_plan_budget_col col);

/* The scale at which a result's costs per unit of work read best
 * (docs/MODEL.md, "Unit costs for people"): per `per` units, where per is 1,
 * 1e3, 1e6, 1e9 or 1e12, the smallest at which the lowest positive
 * cost_per_unit of the options reaches 0.1 (1e12 when none does); `prefix`
 * names it for people: "", "1k ", "1M ", "1B " or "1T ". {1, ""} when no
 * option has a positive cost per unit. Shown with tco_format_sig and
 * TCO_UNIT_COST_DIGITS significant digits. */
typedef struct tco_unit_scale {
    double per;
    const char *prefix;
} tco_unit_scale;

#define TCO_UNIT_COST_DIGITS 4

tco_unit_scale tco_result_unit_scale(const tco_result *result);

#ifdef __cplusplus
}
#endif

#endif /* TCO_BUDGET_H */
