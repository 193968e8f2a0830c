/* optflags.c - the top of an option's cash-flow sheet (optw.h): the months,
 * years and fiscal years, and the timing flags under them, 1 in a month and 0
 * in the others (month 0, the operating months, the last, a loan's, a lease's
 * and a reserved term's months, the depreciation years), each with the term it
 * tests in column C, linked from Inputs. These are the only rows that compare
 * the month with anything (docs/WORKBOOK.md, Conventions); their table,
 * xw_timing_rows, begins option.c's. */
#include "write/xlsx/optw.h"
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/plan.h"
#include "util/utf8.h"

/* The months (the row's heading: Month, Unit, Total). */
static void month_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, w->ws, row, XW_COL_LABEL, xw_label(c, "option.head.month", "Month"), head);
    xw_text(c, w->ws, row, XW_COL_UNIT, xw_label(c, "option.head.unit", "Unit"), head);
    xw_text(c, w->ws, row, XW_COL_VAL, xw_label(c, "option.head.total", "Total"), head);
    /* The month is the column's distance from month 0's: one formula across. */
    xw_formula(c, f, sizeof f, "=COLUMN()-COLUMN(%s)", xw_ref(NULL, row, XW_COL_M0, 1, 1).s);
    for (int m = 0; m <= w->H; m++)
        xw_ow_fig(w, row, XW_COL_M0 + m, f, m, headnum);
}

/* The years, the last row frozen above the cash flow. */
static void year_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, w->ws, row, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(w->ws, (lxw_row_t)row, XW_COL_UNIT, head);
    worksheet_write_blank(w->ws, (lxw_row_t)row, XW_COL_VAL, head);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf mo = xw_ow_at(w->L->r_month, col);
        xw_ow_fig(w, row, col, xw_formula(c, f, sizeof f, "=ROUNDUP(%s/MonthsPerYear,0)", mo.s),
                  m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(w->ws, (lxw_row_t)(row + 1), (lxw_col_t)XW_COL_M0);
}

/* The fiscal years (budget.c). */
static void fy_row(const xw_optw *w, int row)
{
    (void)row;
    xw_write_fy_row(w->c, w->i);
}

/* ===== The timing flags ===== */

/* A flag of a kind every cash-flow sheet has (xw_flag_std): column C's link
 * (cached cv; none when NULL), the other flag row it reads (its value ov). */
static void std_flag(const xw_optw *w, int row, xw_flag_kind kind, const char *link, double cv,
                     int other, double ov)
{
    xw_flag_std(w->c, w->ws, row, w->L->r_month, w->H, kind, link, cv, other, ov);
}

/* A flag over a term of the option's, its input `key` (months) linked in C
 * from Inputs (the sheet's link of the key: xw_option_layout). */
static void term_flag(const xw_optw *w, int row, xw_flag_kind kind, tco_okey key, double months,
                      int other, double ov)
{
    char f[XW_FBUF];
    std_flag(w, row, kind, xw_formula(w->c, f, sizeof f, "=%s", xw_in(w->c, w->i, key).s), months,
             other, ov);
}

/* The year of ownership of a leased machine bought out at the lease's end. */
static int oyear(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    int n = w->o->lease_months;
    return m > n ? (m - n - 1) / 12 + 1 : 0;
}

static const char *f_oyear(const void *ctx, int j, char *f, size_t fs, const char *mo,
                           const char *cc)
{
    const xw_optw *w = ctx;
    (void)j;
    (void)cc;
    xw_refbuf n = xw_ow_drv(w->L->f_lease);
    return xw_formula(w->c, f, fs, "=IF(%s>%s,ROUNDUP((%s-%s)/MonthsPerYear,0),0)", mo, n.s, mo,
                      n.s);
}

static void m0_flag(const xw_optw *w, int row)
{
    std_flag(w, row, XW_FLAG_MONTH0, NULL, 0, XW_NONE, 0);
}

static void op_flag(const xw_optw *w, int row)
{
    std_flag(w, row, XW_FLAG_OPERATING, NULL, 0, XW_NONE, 0);
}

static void end_flag(const xw_optw *w, int row)
{
    std_flag(w, row, XW_FLAG_AT, "=HorizonMonths", w->H, XW_NONE, 0);
}

static void loan_flag(const xw_optw *w, int row)
{
    term_flag(w, row, XW_FLAG_WITHIN, TCO_O_LOAN_MONTHS, w->o->loan_months, XW_NONE, 0);
}

/* A lease is paid in advance: months 0 to its term's last but one, within the
 * horizon. */
static void lease_flag(const xw_optw *w, int row)
{
    term_flag(w, row, XW_FLAG_BEFORE_BOTH, TCO_O_LEASE_MONTHS, w->o->lease_months, w->L->f_end,
              w->H);
}

static void lend_flag(const xw_optw *w, int row)
{
    std_flag(w, row, XW_FLAG_AT_OTHER, NULL, 0, w->L->f_lease, w->o->lease_months);
}

/* 1 in months 1 to the lease's term (its term in C, the lease flag's): the
 * straight-line lease cost's and a returned right-of-use asset's months
 * (optstmt.c). */
static void lease_term_flag(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    std_flag(w, row, XW_FLAG_WITHIN,
             xw_formula(w->c, f, sizeof f, "=%s", xw_ow_drv(w->L->f_lease).s), w->o->lease_months,
             XW_NONE, 0);
}

static void oyear_row(const xw_optw *w, int row)
{
    xw_flag_row(w->c, w->ws, row, w->L->r_month, w->H, NULL, 0, f_oyear, oyear, w, 0);
}

static void term_months_flag(const xw_optw *w, int row)
{
    term_flag(w, row, XW_FLAG_WITHIN, TCO_O_TERM_MONTHS, w->o->term_months, XW_NONE, 0);
}

/* The first month of each renewal of a reserved term. */
static void renew_flag(const xw_optw *w, int row)
{
    std_flag(w, row, XW_FLAG_RENEWAL, NULL, 0, w->L->f_term, w->o->term_months);
}

/* 1 in each year of a depreciation life (the life in column C, written by
 * `life`): the years of the timeline, or a leased machine's of ownership. */
static void life_flag(const xw_optw *w, int row, void (*life)(const xw_optw *, int), int years)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    life(w, row);
    int yrow = L->lease ? L->r_oyear : L->r_year;
    xw_refbuf lf = xw_ow_drv(row);
    for (int m = 0; m <= w->H; m++) {
        int col = XW_COL_M0 + m, y = L->lease ? oyear(w, 0, m) : m == 0 ? 0 : (m - 1) / 12 + 1;
        xw_refbuf yr = xw_ow_at(yrow, col);
        xw_ow_fig(w, row, col,
                  xw_formula(c, f, sizeof f, "=IF(AND(%s>0,%s<=%s),1,0)", yr.s, yr.s, lf.s),
                  y > 0 && y <= years, xw_fmt(c, XS_CALC, XN_INT));
    }
}

static void book_life_flag(const xw_optw *w, int row)
{
    life_flag(w, row, xw_life_drv, tco_depreciation_life(w->o));
}

static void tax_life_flag(const xw_optw *w, int row)
{
    tco_option taxed = *w->o;
    taxed.depreciation = (tco_depreciation)xw_tax_method(w->c->s, w->o);
    life_flag(w, row, xw_tax_life_drv, tco_depreciation_life(&taxed));
}

/* See optw.h. */
const xw_ow_row xw_timing_rows[] = {
    OW_OWN(r_month, 0, month_row),
    OW_OWN(r_year, 0, year_row),
    OW_OWN(r_fy, 0, fy_row),
    OW_ROW(f_m0, 0, XW_KEY("option.f_m0"), "Month 0, the acquisition (1 = yes)", OU_FLAG, m0_flag),
    OW_ROW(f_op, 0, XW_KEY("option.f_op"), "Operating month, 1 to the horizon (1 = yes)", OU_FLAG,
           op_flag),
    OW_ROW(f_end, 0, XW_KEY("option.f_end"), "Last month: the horizon, in C (1 = yes)", OU_FLAG,
           end_flag),
    OW_ROW(f_loan, OW_LOAN, XW_KEY("option.f_loan"), "Loan payment month: its term, in C (1 = yes)",
           OU_FLAG, loan_flag),
    OW_ROW(f_lease, OW_LEASE, XW_KEY("option.f_lease"),
           "Lease payment month, in advance: its term, in C (1 = yes)", OU_FLAG, lease_flag),
    OW_ROW(f_lend, OW_LEASE, XW_KEY("option.f_lend"), "Lease's last month (1 = yes)", OU_FLAG,
           lend_flag),
    OW_ROW(st.f_term, OW_LEASE, XW_KEY("option.st.f_term"),
           "Lease term's month, 1 to its term in C (1 = yes)", OU_FLAG, lease_term_flag),
    OW_ROW(r_oyear, OW_LEASE, XW_KEY("option.oyear"),
           "Year owned after the lease's end (0 = not owned)", OU_NONE, oyear_row),
    OW_ROW(f_term, OW_TERM, XW_KEY("option.f_term"),
           "Reserved term's month: its term, in C (1 = yes)", OU_FLAG, term_months_flag),
    OW_ROW(f_renew, OW_RENEW, XW_KEY("option.f_renew"), "A renewal's first month (1 = yes)",
           OU_FLAG, renew_flag),
    OW_ROW(k_life, OW_BUY, XW_KEY("option.f_life"),
           "Book depreciation year: its life in years, in C (1 = yes)", OU_FLAG, book_life_flag),
    OW_ROW(tx.k_tlife, OW_BUY | OW_TAX, XW_KEY("option.f_tlife"),
           "Tax depreciation year: its life in years, in C (1 = yes)", OU_FLAG, tax_life_flag),
};

/* See optw.h. */
const size_t xw_n_timing_rows = sizeof xw_timing_rows / sizeof xw_timing_rows[0];
