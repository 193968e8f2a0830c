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
        xw_ow_fig(w, row, col, xw_formula(c, f, sizeof f, "=ROUNDUP(%s/12,0)", mo.s),
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

/* A flag row of option w's sheet (xw_flag_row). */
static void flag_cells(const xw_optw *w, int row, const char *link, double lv, xw_flag_f fn,
                       xw_flag_on on)
{
    xw_flag_row(w->c, w->ws, row, w->L->r_month, w->H, link, lv, fn, on, w, 0);
}

static int on_end(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    return m == w->H;
}

static int on_loan(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    return m >= 1 && m <= w->o->loan_months;
}

static int on_lease(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    return m < w->o->lease_months && m < w->H;
}

/* A lease is paid in advance: months 0 to its term's last but one, within the
 * horizon. */
static const char *f_lease(const void *ctx, int j, char *f, size_t fs, const char *mo,
                           const char *cc)
{
    const xw_optw *w = ctx;
    (void)j;
    return xw_formula(w->c, f, fs, "=IF(%s<MIN(%s,%s),1,0)", mo, cc, xw_ow_drv(w->L->f_end).s);
}

static int on_lend(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    return m == w->o->lease_months;
}

static const char *f_lend(const void *ctx, int j, char *f, size_t fs, const char *mo,
                          const char *cc)
{
    const xw_optw *w = ctx;
    (void)j;
    (void)cc;
    return xw_formula(w->c, f, fs, "=IF(%s=%s,1,0)", mo, xw_ow_drv(w->L->f_lease).s);
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
    return xw_formula(w->c, f, fs, "=IF(%s>%s,ROUNDUP((%s-%s)/12,0),0)", mo, n.s, mo, n.s);
}

static int on_term(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    return m >= 1 && m <= w->o->term_months;
}

static int on_renew(const void *ctx, int j, int m)
{
    const xw_optw *w = ctx;
    (void)j;
    int t = w->o->term_months;
    return t > 0 && m > t && (m - 1) % t == 0;
}

/* The first month of each renewal of a reserved term. */
static const char *f_renew(const void *ctx, int j, char *f, size_t fs, const char *mo,
                           const char *cc)
{
    const xw_optw *w = ctx;
    (void)j;
    (void)cc;
    xw_refbuf t = xw_ow_drv(w->L->f_term);
    return xw_formula(w->c, f, fs, "=IF(AND(%s>%s,MOD(%s-1,%s)=0),1,0)", mo, t.s, mo, t.s);
}

static void m0_flag(const xw_optw *w, int row)
{
    flag_cells(w, row, NULL, 0, xw_flag_is0, xw_flag_on_m0);
}

static void op_flag(const xw_optw *w, int row)
{
    flag_cells(w, row, NULL, 0, xw_flag_after0, xw_flag_on_op);
}

static void end_flag(const xw_optw *w, int row)
{
    flag_cells(w, row, "=HorizonMonths", w->H, xw_flag_at, on_end);
}

/* A flag over a term of the option's, its input `key` (months) linked in C
 * from Inputs (the sheet's link of the key: xw_option_layout). */
static void term_flag(const xw_optw *w, int row, tco_okey key, double months, xw_flag_f fn,
                      xw_flag_on on)
{
    char f[XW_FBUF];
    flag_cells(w, row, xw_formula(w->c, f, sizeof f, "=%s", xw_in(w->c, w->i, key).s), months, fn,
               on);
}

static void loan_flag(const xw_optw *w, int row)
{
    term_flag(w, row, TCO_O_LOAN_MONTHS, w->o->loan_months, xw_flag_within, on_loan);
}

static void lease_flag(const xw_optw *w, int row)
{
    term_flag(w, row, TCO_O_LEASE_MONTHS, w->o->lease_months, f_lease, on_lease);
}

static void lend_flag(const xw_optw *w, int row)
{
    flag_cells(w, row, NULL, 0, f_lend, on_lend);
}

static void oyear_row(const xw_optw *w, int row)
{
    flag_cells(w, row, NULL, 0, f_oyear, oyear);
}

static void term_months_flag(const xw_optw *w, int row)
{
    term_flag(w, row, TCO_O_TERM_MONTHS, w->o->term_months, xw_flag_within, on_term);
}

static void renew_flag(const xw_optw *w, int row)
{
    flag_cells(w, row, NULL, 0, f_renew, on_renew);
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
