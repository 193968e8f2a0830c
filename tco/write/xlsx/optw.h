/* optw.h - the writers an option's cash-flow sheet is made of, shared by its
 * modules: option.c (the sheet and its rows' table), optdriver.c (the
 * drivers' rows), optrows.c (rows written alike for several figures:
 * depreciation, the flow against the baseline and its returns) and optax.c
 * (the tax rows). Not installed. */
#ifndef TCO_WRITE_XLSX_OPTW_H
#define TCO_WRITE_XLSX_OPTW_H

#include "write/xlsx/cell.h"
#include "write/xlsx/ctx.h"

#include <stddef.h>

/* One option's sheet, as its parts are written. */
typedef struct xw_optw {
    xw_ctx *c;
    size_t i; /* the option */
    const tco_option *o;
    const tco_option_result *res;
    const xw_optsheet *L;
    lxw_worksheet *ws;
    int H, last;                 /* months; the column of the last */
    char cur[64];                /* the currency, as a unit */
    lxw_format *money, *money_t; /* money in a row, and in a total row */
    const int *link;             /* by tco_okey, the sheet's row that links the option's
                                    input (column C), or XW_NONE; NULL: none */
} xw_optw;

/* Same-sheet references: $C$n for a driver, E$n for a timeline cell. */
static inline xw_refbuf xw_ow_drv(int row)
{
    return xw_ref(NULL, row, XW_COL_VAL, 1, 1);
}

/* (See xw_ow_drv.) */
static inline xw_refbuf xw_ow_at(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* The option's input `key`: its link on the option's sheet (column C of the
 * row that brings it from Inputs), else its cell on Inputs (a plan's sheet). */
static inline xw_refbuf xw_ow_in(const xw_optw *w, tco_okey key)
{
    if (w->link && w->link[key] != XW_NONE)
        return xw_ow_drv(w->link[key]);
    return xw_in(w->c, w->i, key);
}

/* Whether option i's key k has a link row of its own on a cash-flow sheet: a
 * number on Inputs that formulas read, other than the terms the timing flags
 * hold and the utilization (a driver that is its own link); and the value of
 * option o's numeric key k (option.c). */
int xw_linked_key(const xw_ctx *c, size_t i, tco_okey k);
double xw_key_number(const xw_ctx *c, size_t i, tco_okey k);

/* A timing flag's formula in a month, over the month's counter cell `mo` and
 * the flag row's column C `cc`, in f; its value in month m. ctx is the sheet
 * being written (an option's xw_optw, a plan's pl_sheet), j a purchase of a
 * plan's (else 0). */
typedef const char *(*xw_flag_f)(const void *ctx, int j, char *f, size_t fs, const char *mo,
                                 const char *cc);
typedef int (*xw_flag_on)(const void *ctx, int j, int m);
/* A flag row of sheet ws: in column C the term it tests (`link`, a formula cached
 * lv; none when NULL), and in each month 0..H formula fn, cached on(ctx, j, m),
 * the month's counter in row month_row. */
void xw_flag_row(xw_ctx *c, lxw_worksheet *ws, int row, int month_row, int H, const char *link,
                 double lv, xw_flag_f fn, xw_flag_on on, const void *ctx, int j);

/* The kinds of timing flag the cash-flow sheets share, each a rule over the
 * month m, the flag row's column C (the term it tests, c) and another flag
 * row's column C (o): month 0; the months after it; m = c; 0 < m <= c; m > c
 * when c > 0 (after a refresh); m < MIN(c, o) (a lease paid in advance, o the
 * horizon); m = o (a lease's last month); a renewal's first month of a term o
 * (m > o, (m - 1) divisible by o). */
typedef enum xw_flag_kind {
    XW_FLAG_MONTH0,
    XW_FLAG_OPERATING,
    XW_FLAG_AT,
    XW_FLAG_WITHIN,
    XW_FLAG_AFTER,
    XW_FLAG_BEFORE_BOTH,
    XW_FLAG_AT_OTHER,
    XW_FLAG_RENEWAL
} xw_flag_kind;
/* A flag row of kind `kind` (xw_flag_row): column C's link (cached cv; none when
 * NULL), the other flag row `other` whose column C the rule reads (its value
 * ov; XW_NONE when the kind reads none); formula and value from the one rule. */
void xw_flag_std(xw_ctx *c, lxw_worksheet *ws, int row, int month_row, int H, xw_flag_kind kind,
                 const char *link, double cv, int other, double ov);

/* A driver (its row in column C) times a flag row, subtracted when neg, in
 * each month: cached v[0..H]. */
void xw_ow_times_flag(const xw_optw *w, int row, int drv, int neg, int flag, const double *v);
/* Likewise at month 0 only (the month-0 flag), cached v then 0. */
void xw_ow_at0(const xw_optw *w, int row, int drv, int neg, double v);

/* A rental price factor row: (1 - decline)^(year - 1) each month, option w's
 * decline, the years in row year_row (the option and plan sheets'). */
void xw_ow_factor_row(const xw_optw *w, int row, int year_row);
/* The heading of the cash flow, in the currency (the option and plan sheets'). */
void xw_ow_cash_heading(const xw_optw *w, int row);
/* A row's label in column A (bold for a total) and its unit in column B. */
void xw_ow_label(const xw_optw *w, int row, const char *label, const char *unit, xw_style st);
/* A formula in (row, col) with its cached value. */
void xw_ow_fig(const xw_optw *w, int row, int col, const char *formula, double v, lxw_format *f);
/* A driver: label, unit and a formula in column C with its cached value. */
void xw_ow_driver(const xw_optw *w, int row, const char *label, const char *unit,
                  const char *formula, double v, xw_numfmt nf);
/* =SUM over a row from column `first` to the last month, in column C, cached v. */
void xw_ow_total(const xw_optw *w, int row, int first, double v, xw_style st);

/* The cells the formulas of xw_ow_formula read, each a reference (a driver
 * $C$n, a timeline cell E$n) or NULL where the formula does not read it, so that
 * an option's sheet and a plan's (with the plan's count and each month's
 * utilization) build a cost line or a driver alike. */
typedef struct xw_owrefs {
    const char *n;       /* the GPUs */
    const char *u;       /* the utilization */
    const char *servers; /* the servers (XF_CAPEX_INFRA, XF_IT_KW, XF_PROV_KW) */
    const char *gpu_w;   /* power per GPU (XF_IT_KW) */
    const char *it_kw, *prov_kw, *capex, *capex_gpu, *capex_infra, *resfrac;
    const char *price;     /* the month's electricity price (XF_POWER, XF_COOLING) */
    const char *factor;    /* the month's rental price factor (XF_RENTAL) */
    const char *month;     /* the month of the loan (XF_LOAN_INTEREST, XF_LOAN_PRINCIPAL) */
    const char *term;      /* the month's reserved-term flag (XF_RENTAL with a term) */
    const char *renew;     /* the month's renewal flag (XF_RENTAL with a renewed term) */
    const char *rm;        /* the monthly discount rate (XF_COMMIT_PV) */
    const char *commit;    /* the commitment past the horizon (XF_COMMIT_PV) */
    const char *rate;      /* a loan's monthly rate (XF_LOAN_PAYMENT, XF_LOAN_INTEREST...) */
    const char *amount;    /* what a loan lends (XF_LOAN_PAYMENT, XF_LOAN_INTEREST...) */
    const char *principal; /* the range of a loan's principal repaid (XF_LOAN_BALANCE) */
    const char *payment;   /* a lease's payment per month (XF_LEASE_COMMIT...) */
    const char *horizon;   /* the months a lease is held, NULL: HorizonMonths (a plan's
                              purchase: from its month to its sale; XF_LEASE_BUYOUT,
                              XF_LEASE_RESIDUAL, XF_LEASE_COMMIT, XF_LEASE_COMMIT_PV) */
} xw_owrefs;

/* The formulas xw_ow_formula builds (MODEL.md, Cost lines): drivers of a bought
 * option, its cost lines, a rent option's rental and the commitment of a
 * reserved term past the horizon and its present value; a loan's drivers and
 * lines and a lease's (MODEL.md, Financing with a loan, with a lease), a
 * month's line in the month of R->month. */
typedef enum xw_owf {
    XF_SERVERS,
    XF_CAPEX_GPU,
    XF_CAPEX_INFRA,
    XF_GPU_W,
    XF_IT_KW,
    XF_PROV_KW,
    XF_RESIDUAL,
#define XF_LINE_(ID, ...) XF_##ID,
    TCO_COST_LINES(XF_LINE_) /* a month's cost line: XF_POWER, ..., XF_RENTAL */
#undef XF_LINE_
    XF_COMMIT,
    XF_COMMIT_PV,
    XF_LOAN_AMOUNT,    /* loan_fraction * capex */
    XF_LOAN_RATE,      /* loan_rate / 12 */
    XF_LOAN_PAYMENT,   /* the level payment, -PMT */
    XF_LOAN_INTEREST,  /* a month's interest, -IPMT (a flag keeps its months) */
    XF_LOAN_PRINCIPAL, /* a month's principal, -PPMT (likewise) */
    XF_LOAN_BALANCE,   /* still owed at the horizon */
    XF_LEASE_PAYMENT,  /* the payment per month, given or rate factor * capex */
    XF_LEASE_BUYOUT,   /* the buyout price paid within the horizon */
    XF_LEASE_RESIDUAL, /* the residual, of hardware bought out within the horizon */
    XF_LEASE_COMMIT,   /* the lease's months past the horizon, at its payment */
    XF_LEASE_COMMIT_PV /* their present value (R->rm, R->commit, R->payment) */
} xw_owf;

/* The formula of cost line `line` (a tco_cost_line). */
#define XF_LINE(line) ((xw_owf)(XF_RESIDUAL + 1 + (line)))

/* Formula `which` of option w->i over the cells of R, in f ("=..."). */
const char *xw_ow_formula(const xw_optw *w, xw_owf which, const xw_owrefs *R, char *f, size_t fs);

/* The formula of a month's depreciation (the month in column col) by `method`
 * (a tco_depreciation) over the life flag row `life` (the life in its column
 * C, 1 in the months of its years) and the salvage in driver row `salvage`
 * (XW_NONE for a MACRS method), in f: the book view's and the tax view's. */
void xw_ow_depreciation(const xw_optw *w, char *f, size_t fs, int col, int method, int life,
                        int salvage);

/* The rows of one flow of savings against the baseline and of its returns
 * (MODEL.md, Returns of buying against the baseline): the flow, the sign of its
 * last saving other than 0, its sums to date and the month after each below 0,
 * undiscounted and discounted; then in column C where the IRR's iteration
 * starts, the IRR, the MIRR and the two payback months. */
typedef struct xw_flowrows {
    int flow, sign, cum, neg, dcum, dneg;
    int irrg, irr, mirr, pay, dpay;
} xw_flowrows;

/* The returns of a flow as the engine found them (cached values). */
typedef struct xw_flowfigs {
    double irr, mirr, pay, dpay;
    const char *irr_note;
} xw_flowfigs;

/* The flow rows of R: each month the baseline's `base_row` less this sheet's
 * `own_row` (net costs, before or after tax), cached flow[0..H]. */
void xw_ow_flow(const xw_optw *w, const xw_flowrows *R, int base_row, int own_row,
                const double *flow, const char *const labels[6]);
/* The IRR, MIRR and payback months of R's flow in column C, cached fg. */
void xw_ow_returns(const xw_optw *w, const xw_flowrows *R, const xw_flowfigs *fg,
                   const char *const labels[5]);

/* ===== The rows of the sheet, described once (option.c, optdriver.c) ===== */

/* What a row of an option sheet needs of its option: every bit of its `when`. */
enum {
    OW_BUY = 1 << 0,           /* bought (cash, loan or lease) */
    OW_FACTOR = 1 << 1,        /* rented at a price that changes by month: on demand,
                                  spot, or on demand after its term */
    OW_FINANCED = 1 << 2,      /* a loan or a lease */
    OW_LOAN = 1 << 3,          /* a loan */
    OW_LEASE = 1 << 4,         /* a lease */
    OW_COMMIT = 1 << 5,        /* a reserved term or a lease: owed past the horizon */
    OW_TAX = 1 << 6,           /* the scenario has [tax] */
    OW_BASE = 1 << 7,          /* bought, against a rent baseline */
    OW_SALVAGE = 1 << 8,       /* bought, depreciated by a method with a salvage value */
    OW_TAX_SALVAGE = 1 << 9,   /* likewise in the tax view */
    OW_TERM = 1 << 10,         /* rented reserved, with a term */
    OW_RENEW = 1 << 11,        /* likewise, renewed at the term's end */
    OW_TWIN = 1 << 12,         /* a lease with a bought twin, its term within the horizon
                                  (MODEL.md, Lease against buy) */
    OW_NAL = 1 << 13,          /* likewise, with a cost of debt: its NAL */
    OW_TAXYEAR = 1 << 14,      /* MACRS by tax year: taxed, bought at month 0 (cash or
                                  loan) with a MACRS tax method */
    OW_ONBOOKS = 1 << 15,      /* a lease on the books: ifrs16 or asc842-finance */
    OW_OPLEASE = 1 << 16,      /* a lease under asc842-operating */
    OW_OWNS = 1 << 17,         /* may own hardware at month H, sold then (bought in cash
                                  or with a loan; a lease bought out, when its term ends
                                  within the horizon: a formula's test, for an edit of
                                  the term) */
    OW_BOOK = 1 << 18,         /* owned hardware on the books: bought in cash or with a
                                  loan, or an asc842-operating lease (its buyout) */
    OW_CARBON = 1 << 19,       /* the scenario has carbon figures (MODEL.md, Carbon) */
    OW_CARBON_RENT = 1 << 20,  /* likewise, rented */
    OW_CARBON_PRICE = 1 << 21, /* likewise, with a carbon price */
    OW_CARBON_IN = 1 << 22,    /* [scenario] carbon_in_total = yes: the carbon rows
                                  above the cash flow, their cost in it */
    OW_CARBON_BESIDE = 1 << 23 /* without it: the carbon rows after the results */
};
/* Likewise, beside them: an API option (MODEL.md, API options). */
enum { OW_API = 1 << 24 };

/* A row's unit, in column B (option.c shows it). */
typedef enum xw_ow_unit {
    OU_NONE,
    OU_CURRENCY,
    OU_MONEY_PER_KWH,
    OU_PERCENT,
    OU_FACTOR,
    OU_FLAG,
    OU_SERVERS,
    OU_W,
    OU_KW,
    OU_PCT_HARDWARE,
    OU_YEARS,
    OU_PCT_MONTH,
    OU_GPU_HOURS,
    OU_PFLOP_HOURS,
    OU_TOKENS_MONTH,      /* an API's tokens a month */
    OU_MONEY_PER_M_TOKENS /* the currency per 1M tokens */
} xw_ow_unit;

/* One row of an option sheet, or `n` rows in a row (the cost lines), top to
 * bottom: where xw_optsheet keeps it, when the option has it (OW_* bits, all
 * of them), whether a blank row comes before it (a section's heading), its
 * label (template key and English text) with its unit and style, and the
 * writer of its cells. A row without a label writes its own (it depends on
 * the option); a row without a writer is written by the row above it that
 * writes a figure's rows together (a flow, its returns). */
typedef struct xw_ow_row {
    size_t at;
    unsigned when;
    unsigned char gap, n;
    const char *key, *english;
    xw_ow_unit unit;
    xw_style style;
    void (*cells)(const xw_optw *w, int row);
} xw_ow_row;

/* A row with its label; a total with its label, in the currency; a row
 * that writes its own label; a heading; a row that a group's writer writes. */
#define OW_AT(member) offsetof(xw_optsheet, member)
#define OW_ROW(member, when, key, english, unit, cells)                                            \
    {                                                                                              \
        OW_AT(member), (when), 0, 1, (key), (english), (unit), XS_TEXT, (cells)                    \
    }
#define OW_TOTAL(member, when, key, english, cells)                                                \
    {                                                                                              \
        OW_AT(member), (when), 0, 1, (key), (english), OU_CURRENCY, XS_TOTAL, (cells)              \
    }
#define OW_OWN(member, when, cells)                                                                \
    {                                                                                              \
        OW_AT(member), (when), 0, 1, NULL, NULL, OU_NONE, XS_TEXT, (cells)                         \
    }
#define OW_HEADING(member, when, cells)                                                            \
    {                                                                                              \
        OW_AT(member), (when), 1, 1, NULL, NULL, OU_NONE, XS_TEXT, (cells)                         \
    }
#define OW_GROUPED(member, when)                                                                   \
    {                                                                                              \
        OW_AT(member), (when), 0, 1, NULL, NULL, OU_NONE, XS_TEXT, NULL                            \
    }

/* The months, years, fiscal years and timing flags at the top of the sheet
 * (optflags.c), where option.c's tables begin. */
extern const xw_ow_row xw_timing_rows[];
extern const size_t xw_n_timing_rows;

/* The drivers' rows, in column C above the cash flow, and the results' (the
 * unit costs' slope, the break-even utilization, the returns against the
 * baseline) below it (optdriver.c); option.c's tables go around them. */
extern const xw_ow_row xw_driver_rows[];
extern const size_t xw_n_driver_rows;
extern const xw_ow_row xw_result_rows[];
extern const size_t xw_n_result_rows;
/* Lease against buy's rows, after the results (leasebuy.c). */
extern const xw_ow_row xw_leasebuy_rows[];
extern const size_t xw_n_leasebuy_rows;
/* What a lease's measurement reads, as formula texts (optstmt.c): its
 * payment, price, GPUs' and infrastructure's capex, resale fraction at the
 * term's end, the months the term must equal for that fraction to give the
 * lessor's residual, and the monthly discount rate. */
typedef struct xw_lease_refs {
    const char *P, *capex, *hw_g, *hw_i, *resfrac, *months, *rm;
} xw_lease_refs;
/* The formula of the lease's monthly discount rate (MODEL.md, Statements by
 * fiscal year: implicit in the lease when it can be determined), and of its
 * liability at commencement at the rate r; in f. */
const char *xw_lease_rate_formula(const xw_optw *w, const xw_lease_refs *L, char *f, size_t fs);
const char *xw_lease_ll0_formula(const xw_optw *w, const xw_lease_refs *L, const char *r, char *f,
                                 size_t fs);
/* The rows the Statements sheet reads, after lease against buy's (optstmt.c). */
extern const xw_ow_row xw_stmt_rows[];
extern const size_t xw_n_stmt_rows;
/* The carbon rows (optcarbon.c; MODEL.md, Carbon), after those. */
extern const xw_ow_row xw_carbon_rows[];
extern const size_t xw_n_carbon_rows;
/* An API option's tokens (optapi.c; MODEL.md, API options), after those. */
extern const xw_ow_row xw_api_rows[];
extern const size_t xw_n_api_rows;
/* The defined name of option w's site's carbon intensity (which 0:
 * location-based, 1: market-based) into buf, as MODEL.md reads it; NULL when
 * there is none (optcarbon.c; the plan sheet's carbon block reads it too). */
const char *xw_carbon_intensity(const xw_optw *w, int which, xw_refbuf *buf);
/* With carbon_in_total, the carbon cost's part of the total's slope in the
 * utilization (MODEL.md, The carbon cost in the total), "+..." to append to
 * the slope's formula, in buf; "" without it or for a reserved option. */
const char *xw_carbon_slope(const xw_optw *w, char *buf, size_t size);
/* With carbon_in_total, bought option i's carbon cost of a kWh (the intensity
 * its tCO2e takes / 1000 x the carbon price) as an expression in buf; NULL
 * without the flag or for a rented option. */
const char *xw_carbon_kwh_cost(xw_ctx *c, size_t i, char *buf, size_t size);
/* The same rows above the cash flow, with carbon_in_total (OW_CARBON_IN). */
extern const xw_ow_row xw_carbon_rows_in[];
extern const size_t xw_n_carbon_rows_in;
/* The book depreciation's life in column C (a driver of the life's flag row). */
void xw_life_drv(const xw_optw *w, int row);

/* The rows of the incremental flow against the baseline before tax, and of
 * its returns (the rows of L). */
static inline xw_flowrows xw_ow_pretax_rows(const xw_optsheet *L)
{
    xw_flowrows R = {.flow = L->r_flow,
                     .sign = L->r_flow_sign,
                     .cum = L->r_flow_cum,
                     .neg = L->r_flow_below,
                     .dcum = L->r_flow_dcum,
                     .dneg = L->r_flow_dbelow,
                     .irrg = L->k_irrg,
                     .irr = L->k_irr,
                     .mirr = L->k_mirr,
                     .pay = L->k_pay,
                     .dpay = L->k_dpay};
    return R;
}

/* The tax rows (optax.c; MODEL.md, Taxes), each the writer of the row of the
 * sheet's tables that names it (xw_ow_row's cells): the section's heading,
 * the tax depreciation, the tax book value at month H, the tax on the sale,
 * the deductible, the tax, the tax on the commitment, the net cost after tax
 * and its present value; the after-tax flow's six rows; the tax
 * depreciation's life and salvage (drivers); the after-tax returns' five
 * rows. */
void xw_tax_heading(const xw_optw *w, int row);
void xw_tax_depreciation_row(const xw_optw *w, int row);
/* MACRS by tax year (MODEL.md): the drivers of section 179, bonus and the
 * mid-quarter convention; the rows of the year of the recovery and of the
 * months of each tax year in the horizon. */
void xw_tax_179_drv(const xw_optw *w, int row);
void xw_tax_bonus_drv(const xw_optw *w, int row);
void xw_tax_mq_drv(const xw_optw *w, int row);
void xw_tax_year_row(const xw_optw *w, int row);
void xw_tax_year_months_row(const xw_optw *w, int row);
void xw_tax_book_value_row(const xw_optw *w, int row);
void xw_tax_sale_row(const xw_optw *w, int row);
void xw_tax_deductible_row(const xw_optw *w, int row);
void xw_tax_row(const xw_optw *w, int row);
void xw_tax_commitment_row(const xw_optw *w, int row);
void xw_tax_net_row(const xw_optw *w, int row);
void xw_tax_pv_row(const xw_optw *w, int row);
void xw_tax_flow_rows(const xw_optw *w, int row);
void xw_tax_life_drv(const xw_optw *w, int row);
void xw_tax_salvage_drv(const xw_optw *w, int row);
void xw_tax_returns_rows(const xw_optw *w, int row);

#endif /* TCO_WRITE_XLSX_OPTW_H */
