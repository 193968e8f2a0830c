/*
 * tco_statements.h - the statements by fiscal year (docs/MODEL.md,
 * Statements by fiscal year): each option's and each plan's income
 * statement, cash-flow statement and year-end balances, in the budget's
 * fiscal years, with a lease under its stated standard. Part of the public
 * API, kept in its own file. tco.h includes it at its end; include tco.h,
 * not this file.
 */
#ifndef TCO_STATEMENTS_H
#define TCO_STATEMENTS_H

#ifdef __cplusplus
extern "C" {
#endif

/* The statements' columns, in the order every output writes them: the
 * income statement, the cash-flow statement, the year-end balances. Costs
 * and outflows are positive, receipts and gains negative. */
typedef enum tco_stmt_col {
#define TCO_STMT_LINE_(ID, ...) TCO_STMT_##ID,
    TCO_COST_LINES(TCO_STMT_LINE_) /* TCO_STMT_POWER, ..., TCO_STMT_RENTAL */
#undef TCO_STMT_LINE_
    TCO_STMT_LEASE_COST,      /* asc842-operating: the straight-line lease cost */
    TCO_STMT_EBITDA,          /* the cost lines + lease_cost: what EBITDA falls by */
    TCO_STMT_DEPRECIATION,    /* owned hardware's and the right-of-use asset's */
    TCO_STMT_INTEREST,        /* a loan's, and a lease liability's */
    TCO_STMT_LOSS_ON_SALE,    /* at a sale (month H; a plan's refresh): book value - residual */
    TCO_STMT_PRE_TAX,         /* EBITDA effect + depreciation + interest + loss */
    TCO_STMT_TAX,             /* the budget's (cash) tax */
    TCO_STMT_AFTER_TAX,       /* pre-tax effect + tax */
    TCO_STMT_OPERATING_CASH,  /* cost lines, interest paid, operating lease payments, tax */
    TCO_STMT_INVESTING_CASH,  /* capex, an operating lease's buyout, less the residual */
    TCO_STMT_FINANCING_CASH,  /* loan drawn (negative) and repaid, lease principal */
    TCO_STMT_NET_CASH,        /* the three: the budget's total of the year */
    TCO_STMT_BOOK_VALUE,      /* year end: owned hardware's net book value */
    TCO_STMT_ROU_ASSET,       /* year end: the right-of-use asset */
    TCO_STMT_LOAN_BALANCE,    /* year end: what the loan still owes */
    TCO_STMT_LEASE_LIABILITY, /* year end: the lease liability */
    TCO_STMT_COLS
} tco_stmt_col;

/* The first year-end balance column: the columns before it are sums of the
 * year's months, those from it are the balances at its last month. */
#define TCO_STMT_FIRST_BALANCE TCO_STMT_BOOK_VALUE

/* Where a lease's discount rate comes from (MODEL.md, Statements). */
typedef enum tco_lease_rate_source {
    TCO_LEASE_RATE_NONE = 0, /* the option is not leased */
    TCO_LEASE_RATE_IMPLICIT, /* the rate implicit in the lease */
    TCO_LEASE_RATE_GIVEN,    /* lease_discount_rate / 12 */
    TCO_LEASE_RATE_SCENARIO  /* the scenario's monthly discount rate r_m */
} tco_lease_rate_source;

/* A leased option's measurement at commencement (zeros and NONE otherwise). */
typedef struct tco_stmt_lease {
    double rate_monthly;          /* the monthly rate the liability is discounted at */
    double rate;                  /* 12 * rate_monthly: annual, nominal */
    tco_lease_rate_source source; /* where the rate comes from */
    double liability0;            /* LL(0): the payments not yet paid, discounted */
    double rou0;                  /* ROU(0): LL(0) + the payment at commencement */
} tco_stmt_lease;

/* The statements of a result: value[(i * n_years + y) * TCO_STMT_COLS + col]
 * for option i (input order) and fiscal year y (the budget's years); and each
 * plan's (MODEL.md, A plan's statements): plan_value[(i * n_years + y) *
 * TCO_STMT_COLS + col] for plan i (file order). Each option's are kept month
 * by month too, monthly[(i * n_months + m) * TCO_STMT_COLS + col] for month
 * m = 0..H (the month's flows, the balances at its end: a year's flows are
 * the sums of its months'), with each month's interest on the lease
 * liability, lease_interest[i * n_months + m] (every standard: under
 * asc842-operating it is inside the straight-line cost), which the
 * workbook's monthly rows show. */
typedef struct tco_statements {
    tco_budget *budget;    /* the budget whose years (and tax) these follow; owned */
    size_t n_years;        /* budget->n_years */
    size_t n_options;      /* the result's options */
    tco_stmt_lease *lease; /* n_options entries */
    double *value;
    size_t n_plans;         /* the result's plans (0 without [demand]) */
    double *plan_value;     /* laid out as value; NULL without plans */
    size_t n_months;        /* H + 1 */
    double *monthly;        /* by option and month, as value */
    double *lease_interest; /* by option and month; 0 for an option not leased */
    double *plan_monthly;   /* each plan's months 0..H, laid out as monthly (the
                               month's flows, the balances at its end); NULL
                               without plans */
    /* Each purchase j of plan i's owned part (tco_plan_result's purchases,
     * at most plan_buys of them) by model month m = 0..H, at [(i * plan_buys +
     * j) * n_months + m]: its book depreciation, and its book value at the
     * month's end before a sale in it (the capex in its month, 0 outside its
     * months); NULL without plans. */
    size_t plan_buys;
    double *plan_buy_dep, *plan_buy_bv;
    tco_stmt_lease *plan_lease;  /* each purchase's lease measured at its month, at
                                    [i * plan_buys + j] (zeros when not leased) */
    double *plan_lease_interest; /* plan i's leases' interest in month m, at
                                    [i * n_months + m] (every standard) */
    /* Each purchase's own statements by month, laid out as monthly at
     * [((i * plan_buys + j) * n_months + m) * TCO_STMT_COLS + col], and its
     * lease's interest at [(i * plan_buys + j) * n_months + m]: what the
     * plan's months add up. plan_buy_bv holds, for a purchase leased on the
     * books (ifrs16, asc842-finance), its right-of-use asset before a sale. */
    double *plan_buy_monthly;
    double *plan_buy_interest;
} tco_statements;

/* The statements of a result (its scenario's fiscal years). */
tco_status tco_statements_compute(const tco_result *result, tco_statements **out);
void tco_statements_free(tco_statements *statements);

/* A column's name as the JSON and the CSV write it ("power", ...,
 * "lease_liability"), or NULL out of range. */
const char *tco_stmt_col_name(tco_stmt_col col);

/* A rate source's name ("implicit", "lease_discount_rate", "discount_rate"),
 * or NULL for TCO_LEASE_RATE_NONE and out of range. */
const char *tco_lease_rate_source_name(tco_lease_rate_source source);

#ifdef __cplusplus
}
#endif

#endif /* TCO_STATEMENTS_H */
