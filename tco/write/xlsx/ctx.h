/* ctx.h - the workbook writer's state, shared by its modules; not installed.
 * The layout of every sheet is decided once and kept here, so that a formula on
 * one sheet can name a cell on another. Types only: the functions are in
 * cell.h (the cell primitives), plan.h, fields.h, page.h, charts.h and sheets.h
 * (the sheets' writers). */
#ifndef TCO_WRITE_XLSX_CTX_H
#define TCO_WRITE_XLSX_CTX_H

#include "core/fields.h"
#include "core/template.h"
#include "tco.h"

#include <xlsxwriter.h>

/* ===== Styles and number formats ===== */

/* The role of a cell; one look per role (FAST: inputs, calculations, fixed). */
typedef enum xw_style {
    XS_TEXT,     /* plain labels */
    XS_INPUT,    /* an assumption the reader may change: pale yellow, blue font, unlocked */
    XS_CALC,     /* a formula */
    XS_FIXED,    /* fixed by the scenario's structure or by law (change it in the INI) */
    XS_TOTAL,    /* a formula that closes a block: bold, rule above */
    XS_HEADER,   /* column headings */
    XS_HEADNUM,  /* timeline headings (month numbers), centred */
    XS_TITLE,    /* sheet title */
    XS_SUBTITLE, /* the line under a title */
    XS_SECTION,  /* a block heading inside a sheet */
    XS_NOTE,     /* small explanatory text */
    XS_KEY,      /* field names beside labels: small grey */
    XS_LINK,     /* internal hyperlinks */
    XS_HEADOPT,  /* an option's column heading: wrapped, right-aligned */
    XS_UNIT,     /* units beside values: indented */
    XS_WRAP,     /* long text that wraps */
    XS_CHECK,    /* a check result */
    XS_WARN,     /* a warning: red, bold */
    XS_COUNT
} xw_style;

typedef enum xw_numfmt {
    XN_NONE,     /* the style's default (text) */
    XN_GENERAL,  /* text and words (never a number: every number has a format) */
    XN_MONEY,    /* whole currency units, negatives in brackets, zero as a dash */
    XN_MONEY2,   /* currency with cents */
    XN_MONEY4,   /* energy prices: 4 decimals */
    XN_MONEY_IN, /* money inputs: 2 to 4 decimals as typed */
    XN_MONEY_PF, /* cost per PFLOP-hour: decimals to show 3 significant digits */
    XN_MONEY_UN, /* cost per unit of work: likewise */
    XN_PCT,      /* 0.00% */
    XN_PCT4,     /* 0.0000% (monthly rates) */
    XN_INT,      /* #,##0 */
    XN_DEC2,     /* #,##0.00 */
    XN_DEC6,     /* discount factors */
    XN_SCI,      /* relative differences */
    XN_NUM,      /* other measures: 2 to 6 decimals as typed */
    XN_FLAG,     /* 1 and 0 in the template's words for yes and no */
    XN_MONTH,    /* a date shown as its calendar month, 2027-05 */
    XN_COUNT
} xw_numfmt;

/* ===== Layouts ===== */

/* A row, column or index that does not exist: the one spelling of absence in the
 * writer's layouts (option sheets, Inputs, Summary, the decision sheets). */
#define XW_NONE (-1)

/* ===== Layout of one option's cash-flow sheet ===== */

/* 0-based rows of one option sheet; XW_NONE where the row does not exist. Columns are
 * fixed: A label, B unit, C total or driver value, D month 0, E.. months 1..H. */
typedef struct xw_optsheet {
    char *name;        /* sheet name: valid, unique, at most 31 characters */
    char *quoted;      /* 'name' with apostrophes doubled, for formulas */
    lxw_worksheet *ws; /* the sheet */
    int buy;           /* 1 for a buy option */
    int has_base;      /* 1 when a buy option is compared with a rent baseline */
    int term;          /* 1 for a reserved option with a contract term (term_months) */
    int loan;          /* 1 for a buy option financed by a loan */
    int lease;         /* 1 for a buy option financed by a lease */
    int lease_owned;   /* 1 for a lease bought out within the horizon (as laid out) */
    /* timeline rows (r_line: one a cost line, by tco_cost_line); r_commit and
     * r_commit_pv hold one value, in column C */
    int r_month, r_year, r_price, r_factor, r_capex, r_line[TCO_LINES], r_opcost, r_cum, r_commit,
        r_resid, r_net, r_df, r_pv, r_commit_pv, r_dep, r_bv, r_bcum, r_flag, r_stay;
    /* a loan's rows: lent at month 0 (negative), then interest, principal and the
     * balance paid at month H, which follow the cost lines; r_last_line is the last
     * row the operating cost adds up (r_line[TCO_LINES - 1] without a loan) */
    int r_lent, r_lint, r_lprin, r_lbal, r_last_line;
    /* a lease's rows: r_lent holds the capex not paid (negative); the payments
     * (month 0 included; in advance) and the buyout follow the cost lines */
    int r_epay, r_ebuy;
    /* timing flags (1 in a month, else 0), under the months, years and fiscal years:
     * month 0; the operating months 1..H; month H (its horizon in column C); a
     * loan's payment months (its term in C); a lease's payment months, in advance
     * (its term in C) and its last month; a leased machine's year of ownership once
     * bought out; a reserved term's months and its renewals' first months (its term
     * in C). k_life and tx.k_tlife are flags too: 1 in a year of the book's and the
     * tax view's depreciation life, the life in column C. */
    int f_m0, f_op, f_end, f_loan, f_lease, f_lend, r_oyear, f_term, f_renew;
    /* a loan's balance at the start and the end of each month (its corkscrew) */
    int r_lopen, r_lclose;
    /* block headings */
    int s_cash, s_book, s_base, s_drivers, s_results, s_links;
    /* The option's inputs linked from Inputs, each in column C of one row (by
     * tco_okey; XW_NONE: not linked): the links' block under the timing flags, or
     * the flag row whose term it is (loan_months, lease_months, term_months,
     * depreciation_years). The sheet's formulas read them there. */
    int k_link[TCO_O_COUNT];
    /* driver rows (value in column C) */
    int k_util, k_servers, k_capex_gpu, k_capex_infra, k_capex, k_gpu_w, k_it_kw, k_prov_kw,
        k_resfrac, k_residual, k_salvage, k_life, k_rm, k_gpuh, k_pflop, k_units, k_wpkw, k_slope,
        k_total0, k_breakeven_u;
    int k_loan, k_lrate, k_lpmt; /* a loan: the amount, the monthly rate, the payment */
    int k_epmt, k_ebuy;          /* a lease: the payment, the buyout price */
    /* returns against the baseline: the incremental flow, its cumulative sum and the
     * month after the last one it is below 0 (else 0), undiscounted and discounted;
     * the IRR, MIRR and payback months (value in column C) */
    int r_flow, r_flow_cum, r_flow_below, r_flow_dcum, r_flow_dbelow, k_irr, k_mirr, k_pay, k_dpay;
    int r_flow_sign; /* the sign of the last flow other than 0 to date, for counting sign changes */
    int k_irrg;      /* where the IRR's iteration starts (a monthly rate) */
    /* Taxes (with [tax]; MODEL.md, Taxes; optax.c). r_tax is the tax row, months
     * 0..H (month H with the tax on the sale), its total in column C with the
     * commitment's; XW_NONE without [tax]. */
    int r_tax;
    int r_fy; /* the fiscal year of each month (budget.c) */
    struct {
        int s_tax;            /* heading */
        int r_tdep;           /* tax depreciation, months 1..H (bought) */
        int k_tbv, k_tsale;   /* tax book value at month H, tax on the sale (bought; column C) */
        int r_ded;            /* deductible, months 0..H */
        int k_ctax;           /* tax on the commitment past the horizon (column C) */
        int r_atnet, r_atpv;  /* net cost after tax, and its present value */
        int k_tlife, k_tsalv; /* the tax depreciation's life and salvage (drivers) */
        /* the after-tax flow against the baseline and its returns, as the pre-tax
         * rows above */
        int r_flow, r_flow_sign, r_flow_cum, r_flow_below, r_flow_dcum, r_flow_dbelow;
        int k_irrg, k_irr, k_mirr, k_pay, k_dpay;
        /* MACRS by tax year (MODEL.md, Tax depreciation by tax year; bought at
         * month 0 with a MACRS tax method): section 179, bonus, the mid-quarter
         * flag (drivers); each month's year of the recovery and the months of
         * its tax year in the horizon. */
        int k_t179, k_tbonus, k_tmq, r_tyear, r_tymonths;
    } tx;
    /* Lease against buy (a lease with a bought twin; MODEL.md; leasebuy.c): the
     * heading, the hardware's flow bought less leased by month, and in column C
     * the implied rate, the after-tax cost of debt and the NAL. */
    struct {
        int s_lb, r_diff, k_rate, k_kd, k_nal;
    } lb;
    /* The rows the Statements sheet reads (MODEL.md, Statements by fiscal year;
     * optstmt.c): the heading; a lease's monthly discount rate, its liability
     * at commencement and (on the books: ifrs16, asc842-finance) its
     * right-of-use asset then (column C); the lease term's flag (months 1 to
     * its term); the straight-line lease cost (asc842-operating); the
     * liability's corkscrew (start, interest, end); the payments less the
     * interest paid (financing, on the books); the asset's depreciation (on the
     * books) and its balance; the loss on the sale at month H; the book value
     * after the sale. */
    struct {
        int s_st, k_rate, k_ll0, k_rou0, f_term, r_lcost, r_llopen, r_llint, r_llclose, r_llprin,
            r_roudep, r_rou, r_loss, r_bv;
    } st;
    /* Carbon (MODEL.md, Carbon; optcarbon.c), with carbon figures: the heading,
     * the owned GPUs' kWh, tCO2e by scope (scope 2 location- and market-based,
     * scope 3 purchased services and capital goods), their sum and the carbon
     * cost, months 0..H with their sums in column C. */
    struct {
        int s_co2, r_kwh, r_s2l, r_s2m, r_s3p, r_s3c, r_t, r_cost;
    } co2;
    /* An API option's tokens (MODEL.md, API options; optapi.c), in column C:
     * the heading, its tokens a month and its cost per 1M tokens. */
    struct {
        int s_api, k_tokens, k_cpm;
    } api;
} xw_optsheet;

#define XW_COL_LABEL 0
#define XW_COL_UNIT  1
#define XW_COL_VAL   2 /* totals and drivers */
#define XW_COL_M0    3 /* month 0; month m is column XW_COL_M0 + m */

/* The Checks' tolerance as written (the input CheckTolerance on Inputs): the
 * largest relative difference two routes to a figure may have. */
#define XW_CHECK_TOLERANCE 1e-9

/* ===== Layout of one plan's sheet (plansheet.c) ===== */

/* The rows of a plan sheet's carbon block the Summary reads (xw_plansheet.r_co2). */
typedef enum xw_pl_co2 {
    XW_PL_CO2_S2L,  /* scope 2, location-based */
    XW_PL_CO2_S2M,  /* scope 2, market-based */
    XW_PL_CO2_S3P,  /* scope 3, purchased services */
    XW_PL_CO2_S3C,  /* scope 3, capital goods */
    XW_PL_CO2_T,    /* the sum */
    XW_PL_CO2_COST, /* the carbon cost (with a price) */
    XW_PL_CO2_TPM,  /* tCO2e per 1M tokens served (with g) */
    XW_PL_CO2_ETPM, /* its embodied part, a management metric */
    XW_PL_CO2_RUN,  /* tCO2e per training run */
    XW_PL_CO2_N
} xw_pl_co2;

/* One [plan NAME]'s sheet: its name, its Inputs rows and the rows other sheets
 * read (the columns are an option sheet's). */
typedef struct xw_plansheet {
    char *name;         /* "Plan NAME": valid, unique, at most 31 characters */
    char *quoted;       /* for formulas */
    lxw_worksheet *ws;  /* the sheet */
    int in_own, in_res; /* Inputs rows of own_count and reserve_count (XW_NONE: no part) */
    int in_spares;      /* Inputs row of spares (XW_NONE: none) */
    int in_buy;         /* Inputs row of the first purchase's month (XW_NONE: no buy_at);
                           each purchase's GPUs n_buys rows below its month */
    int in_refresh;     /* Inputs row of refresh_month (XW_NONE: none), refresh_count below */
    int r_net, r_pv;    /* the net cost and present value rows: total and NPV in column C */
    /* The Budget's plan blocks (MODEL.md, A plan's budget) read: its fiscal-year
     * row; the rows of the owned part's cash (capex, what is lent, its cost,
     * a refresh's sale, its residual), the reserved part's (upfront, rent) and
     * the overflow's; XW_NONE where the sheet has no such row. */
    int r_fy;
    int bg_own[5], bg_res[2], bg_over;
    int r_unserved, r_s_over; /* the unserved and overflow rows (totals in C), or XW_NONE */
    int r_kw_fits;            /* the flag that every month fits the site's power limit (in C), or
                                 XW_NONE (MODEL.md, A plan at a site with a power limit) */
    /* With [tax] (MODEL.md, Plans after tax): the plan's tax row, its net cost
     * after tax and that at its present value (after-tax total and NPV in
     * column C); XW_NONE without [tax]. */
    int r_tax, r_at_net, r_at_pv;
    int r_commit[2]; /* what the reserved part and the owned part's leases owe past the
                        horizon (in column C), or XW_NONE */
    /* The rows the Statements sheet's plan block reads (planstmt.c; MODEL.md, A
     * plan's statements), XW_NONE where the sheet has none: the owned part's
     * cost lines (by tco_cost_line); the rent (the reserved part's upfront and
     * rental, the overflow's hours); the capex, a refresh's sale and the
     * residual; the loans' amount lent (negative), interest and principal (each
     * loan's rows) and balance repaid; the
     * book depreciation, the book value after the sale at month H, the loss
     * on that sale and the loan's balance at each month's end (a refresh's
     * sale with the residual); the month's
     * tax; what falls past the horizon (the reserved term's and the leases',
     * in column C). st_ok: 1 when the Statements sheet shows the plan. */
    int st_line[TCO_LINES], st_rent[3];
    int st_capex, st_sale, st_resid, st_lent, st_lbal;
    int st_lint[TCO_MAX_BUYS + 1], st_lprin[TCO_MAX_BUYS + 1]; /* each loan's, XW_NONE after */
    int st_dep, st_bv, st_loss, st_loan, st_tax, st_commit[2];
    /* A lease on the books: its payments and buyout, the payments less the
     * interest paid with them, the right-of-use asset and the liability at
     * each month's end. */
    int st_epay, st_ebuy, st_llprin, st_rou, st_ll;
    int st_lcost; /* asc842-operating: the straight-line lease cost */
    int st_ok;
    int r_api_fits; /* the flag that every month is within the API overflow's rate limit (in
                       C), or XW_NONE (MODEL.md, An API as a plan's overflow) */
    int r_co2_cost; /* with carbon_in_total, the carbon cost row (in the plan's cost), which
                       the Budget's carbon column and the Statements' EBITDA read (MODEL.md, A
                       plan's carbon cost in its total); else XW_NONE */
    /* With carbon figures (MODEL.md, A plan's emissions): the rows of its
     * carbon block (sums in column C), by xw_pl_co2; XW_NONE where the sheet
     * has none. */
    int r_co2[XW_PL_CO2_N];
} xw_plansheet;

/* Workload: A label, B field, C unit, from D a column per option (workload.c). */
#define XW_WL_COL0 3

/* Budget: A..G the fiscal year, its months and whether it is partial; from H the
 * budget's columns (TCO_BUDGET_*). */
#define XW_BG_COL0 7
/* With [tax], a plan block's column of the total after tax, from XW_BG_COL0. */
#define XW_BP_AT_TOTAL 5

/* Summary: A label, B field, C unit, D.. one column per option. */
#define XW_SUM_COL0 3

/* ===== The writer's state ===== */

typedef struct xw_ctx {
    const tco_template *tpl;    /* labels and styles, or NULL for the built-in ones */
    const tci_tpl_style *style; /* the template's styles, or NULL */
    /* Every sheet kind but "options": its name (valid, unique, from the label
     * "sheet.KIND") and the name as formulas write it; whether it is shown. */
    char *sheet[TCI_SHEET_KINDS], *sheet_q[TCI_SHEET_KINDS];
    int shown[TCI_SHEET_KINDS];
    int charts[TCI_CHART_KINDS]; /* the Summary's charts, in order */
    int n_charts;
    const tco_result *r;
    const tco_scenario *s;
    lxw_workbook *wb;
    lxw_error err;          /* first libxlsxwriter error, or 0 */
    int nomem;              /* an allocation failed */
    int sys_errno;          /* a temporary file could not be made: why */
    char nf[XN_COUNT][400]; /* number format strings */
    lxw_format *fmt[XS_COUNT][XN_COUNT];
    lxw_format *fmt_ok, *fmt_bad, *fmt_best; /* conditional formats */
    lxw_format *fmt_nofit;                   /* a sizing warning: red text */
    lxw_format *fmt_para[2];                 /* xw_para's: text, note */
    lxw_format *fmt_label_wrap;              /* xw_label_cell's, wrapped */
    /* xw_fmt_num's formats made so far: its style and (in the format) its
     * number format make the same format again */
    struct {
        xw_style st;
        lxw_format *f;
    } fmt_num[32];
    size_t n_fmt_num;
    /* user strings, checked as UTF-8 and cleaned of control characters */
    char *name, *unit, *file_base, *currency, *as_of, *author, *company;
    char **label, **id; /* per option */
    xw_optsheet *os;    /* per option */
    lxw_worksheet *about, *inputs, *summary, *checks;
    /* The decision sheets (workload.c, buyrent.c ...); NULL when absent. */
    lxw_worksheet *workload, *buyrent, *sensitivity, *cases, *montecarlo;
    /* Inputs: 0-based rows of each global key (XW_NONE if absent), of each option
     * key (n_options x TCO_O_COUNT, XW_NONE if absent), of constants and of the MACRS table. */
    int in_g[TCO_S_COUNT];
    int *in_o;
    /* While Inputs is written: per option and key (as in_o), the row of the
     * Catalog block its value links to, or XW_NONE (inputs.c). */
    int *in_cat;
    /* Inputs: the row of each [discount NAME]'s fraction (n_discounts; MODEL.md,
     * Negotiated discounts), or NULL without any; the Sensitivity sheet's
     * discount rows read them too. */
    int *in_disc;
    /* Named sites (MODEL.md, Sites): per site the suffix of its defined names
     * (ElectricityPrice_SUFFIX), and the Inputs rows of its keys (n_sites x
     * TCO_SITE_KEYS). */
    char **site_nm;
    int *in_site;
    int in_sph, in_macrs;
    int in_macrs_q4; /* the mid-quarter table of the fourth quarter, as in_macrs */
    /* Summary rows, by tci_field_id (XW_NONE: not shown); filled by the Summary writer for
     * Checks and the charts. */
    int sm_rows[TCI_F_COUNT];
    int sm_header, sm_last_row;
    int sm_holds, sm_serves;    /* the Summary's feasibility tests (sm_serves: XW_NONE
                                   unless inference) */
    int sm_fits;                /* ... and the site's power limit (XW_NONE without one) */
    int sm_feasible_total;      /* the Summary's row of each feasible option's total */
    int sm_paid0;               /* the Summary's row of what each option pays at month 0 */
    int sm_label_w;             /* the Summary's labels' column width (longer labels wrap) */
    int sm_wrapped;             /* lines the Summary's wrapped labels add to its table */
    int sm_plans, sm_plans_end; /* the Summary's plans block (MODEL.md, Plans): its heading
                                   row and its last row; XW_NONE without plan sheets */
    int sm_pco2, sm_pco2_end;   /* the plans' emissions under it (smplanco2.c): its heading
                                   row and its last row; XW_NONE without carbon figures */
    int ck_master;              /* Checks row of the master check */
    int wl_gh; /* the Workload sheet's row of a training run's GPU-hours, option i's in column
                  XW_WL_COL0 + i (workload.c); XW_NONE unless the sheet sizes a training run */
    /* Buy-vs-Rent: the first and last rows of the sweep's totals, with the
     * utilizations in column A and option i in column 1 + i (XW_NONE: no sheet). */
    int br_first, br_last;
    /* Budget (budget.c): the engine's fiscal years (NULL until laid out), the
     * sheet, and per option the row of its first fiscal year; its years follow,
     * then its total row. */
    tco_budget *bg;
    lxw_worksheet *budget;
    lxw_worksheet *annual; /* the annual views (annual.c), or NULL */
    /* Statements (stmtsheet.c): the engine's statements (NULL until laid
     * out), the sheet, and per option the row of each statement line
     * (n_options x TCO_STMT_COLS, XW_NONE: a line the option does not have)
     * and of its "last month" row, in the block whose years run across. */
    tco_statements *st;
    lxw_worksheet *statements;
    int *st_line, *st_last;
    int *bg_row;
    int *bg_prow; /* the Budget's first year row of each plan's block (NULL: none) */
    /* Plans (plansheet.c; MODEL.md, Demand and Plans): a sheet per plan, after
     * the option sheets, then the Optimize sheet with [optimize]; the Inputs
     * rows of the demand's keys (XW_NONE when absent): month 1's demand, the
     * growth, the first of the 12 seasonality factors, the first of the
     * horizon's values of a demand file. */
    xw_plansheet *ps; /* per plan (NULL without plans) */
    char *opt_name;   /* the Optimize sheet's name (NULL without one) */
    lxw_worksheet *optimize;
    int in_dgph, in_dgrowth, in_dseason, in_dvalues;
    /* Statements (stmtplan.c): per plan the row of each statement line
     * (n_plans x TCO_STMT_COLS, XW_NONE: a line the plan does not have) and of
     * its "last month" row, as st_line and st_last; NULL without plans. */
    int *st_pline, *st_plast;
    /* Inputs: the first row of each of Pub. 946's MACRS tables, by
     * convention (0: A-1, as in_macrs; 1..4: A-2..A-5, in_macrs_q4 the last). */
    int in_macrs_at[5];
} xw_ctx;

#endif /* TCO_WRITE_XLSX_CTX_H */
