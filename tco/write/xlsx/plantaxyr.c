/* plantaxyr.c - a plan's purchases depreciated for tax by tax year (MODEL.md,
 * Tax depreciation by tax year, a plan's purchases; planw.h): each purchase's
 * drivers in column C, one row a purchase in each of seven groups (its tax
 * year, its quarter of it, its basis, the basis placed in service in its tax
 * year, its share of that year's section 179, its bonus and its MACRS table,
 * from the year's 40% test), and the formula of its tax depreciation by month
 * over them, the plan sheet's fiscal-year row and Inputs' tables A-1..A-5
 * (plantax.c writes the row). Every cell a formula over Inputs
 * (TaxExpenseLimit, TaxExpensePhaseout, TaxBonusFraction, StartMonth,
 * FiscalYearStart) and the purchases' table, cached with the engine's value. */
#include "write/xlsx/planw.h"
#include "util/utf8.h"
#include "write/xlsx/plan.h"
#include "write/xlsx/sheets.h"

#include <string.h>

/* See planw.h. */
int xw_pl_buy_by_year(const pl_sheet *S, int j)
{
    return S->c->s->tax && S->pr->purchases && S->pr->purchases[j].tax_by_year;
}

/* The purchases' rows of one group (its first at `row`): as many as the
 * purchases' table, one when bought at once. */
static int buys(const pl_sheet *S)
{
    return S->staged ? S->nb : 1;
}

/* Purchase j's result (the table's order). */
static const tco_plan_purchase *buy_result(const pl_sheet *S, int j)
{
    return &S->pr->purchases[j];
}

/* Purchase j's month bought, as a reference: the table's; bought at once, 0
 * (not the counter row, which only the timing block reads). */
static xw_refbuf buy_month(const pl_sheet *S, int j)
{
    if (S->staged)
        return pl_buy(S, j, PB_MONTH);
    xw_refbuf zero;
    tci_utf8_format(zero.s, sizeof zero.s, "0");
    return zero;
}

/* Purchase j's capex, as a reference. */
static xw_refbuf buy_capex(const pl_sheet *S, int j)
{
    return S->staged ? pl_buy(S, j, PB_CAPEX) : pl_drv(S->R.k_capex);
}

/* A group's column C over its purchases, as a range. */
static xw_refbuf group(const pl_sheet *S, int first)
{
    return xw_range(NULL, first, XW_COL_VAL, first + buys(S) - 1, XW_COL_VAL);
}

/* One group: for each purchase its label and its cell (formula make, cached
 * value), in column C. */
static void group_rows(const pl_sheet *S, int row, const char *key, const char *english, int money,
                       const char *(*make)(const pl_sheet *S, int j, char *f, size_t fs),
                       double (*value)(const pl_sheet *S, int j))
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], t[XW_TBUF], nm[XW_TBUF];
    for (int j = 0; j < buys(S); j++) {
        xw_labelf(c, t, sizeof t, key, english, "purchase", xw_pl_buy_name(S, j, nm, sizeof nm),
                  NULL);
        pl_label(S, row + j, t, money ? S->cur : "", XS_TEXT);
        pl_fig(S, row + j, XW_COL_VAL, make(S, j, f, sizeof f), value(S, j),
               xw_fmt(c, XS_CALC, money ? XN_MONEY : XN_INT));
    }
}

/* ===== Each group's formula and cached value ===== */

/* Its tax year: the fiscal year of its month, from the fiscal-year row. */
static const char *year_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    return xw_formula(S->c, f, fs, "=INDEX(%s,1,%s+1)",
                      xw_range(NULL, S->R.r_fy, XW_COL_M0, S->R.r_fy, S->last).s,
                      buy_month(S, j).s);
}

static double year_v(const pl_sheet *S, int j)
{
    return xw_fy_number(S->c, buy_result(S, j)->month);
}

/* Its quarter of the tax year: its month's place in the tax year (0..11),
 * from the calendar month (month 0 is the one before StartMonth) against
 * FiscalYearStart; without a start, month 0 opens year 1 and months 1..12
 * follow. */
static const char *quarter_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    xw_refbuf m = buy_month(S, j);
    const char *t = m.s;
    return xw_formula(
        S->c, f, fs,
        "=INT(IF(ISNUMBER(StartMonth),MOD(MONTH(StartMonth)-1+%s-FiscalYearStart,MonthsPerYear),"
        "IF(%s=0,0,MOD(%s-1,MonthsPerYear)))/MonthsPerQuarter)+1",
        t, t, t);
}

static double quarter_v(const pl_sheet *S, int j)
{
    return buy_result(S, j)->tax_quarter;
}

/* Its basis by tax year: its capex, or 0 when it is not by tax year (on a
 * lease, or another method). */
static const char *basis_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    if (!xw_pl_buy_by_year(S, j))
        return xw_formula(S->c, f, fs, "=0");
    return xw_formula(S->c, f, fs, "=%s", buy_capex(S, j).s);
}

static double basis_v(const pl_sheet *S, int j)
{
    return xw_pl_buy_by_year(S, j) ? buy_result(S, j)->capex : 0;
}

/* The basis placed in service in its tax year: every purchase's of that year. */
static const char *ybasis_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    return xw_formula(S->c, f, fs, "=SUMIF(%s,%s,%s)", group(S, S->R.k_tyyear).s,
                      pl_drv(S->R.k_tyyear + j).s, group(S, S->R.k_tybasis).s);
}

static double ybasis_v(const pl_sheet *S, int j)
{
    double sum = 0;
    for (int k = 0; k < buys(S); k++)
        if (year_v(S, k) == year_v(S, j))
            sum += basis_v(S, k);
    return sum;
}

/* Its share of the year's section 179: the limit less the year's basis over
 * the phase-out's threshold, within 0 and that basis, times its basis over
 * the year's. */
static const char *s179_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    xw_refbuf yb = pl_drv(S->R.k_tyybasis + j);
    const char *y = yb.s;
    return xw_formula(
        S->c, f, fs,
        "=IF(%s>0,MIN(%s,MAX(0,TaxExpenseLimit-MAX(0,%s-TaxExpensePhaseout)))*%s/%s,0)", y, y, y,
        pl_drv(S->R.k_tybasis + j).s, y);
}

static double s179_v(const pl_sheet *S, int j)
{
    return buy_result(S, j)->tax_expensing;
}

/* Its bonus: the fraction of its basis after section 179. */
static const char *bonus_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    return xw_formula(S->c, f, fs, "=TaxBonusFraction*(%s-%s)", pl_drv(S->R.k_tybasis + j).s,
                      pl_drv(S->R.k_ty179 + j).s);
}

static double bonus_v(const pl_sheet *S, int j)
{
    return buy_result(S, j)->tax_bonus;
}

/* Its table: with more than 40% of its tax year's basis after section 179 in
 * the year's last quarter, the mid-quarter table of its quarter (1..4:
 * A-2..A-5), else 0 (A-1, the half-year convention). */
static const char *table_f(const pl_sheet *S, int j, char *f, size_t fs)
{
    const pl_rows *R = &S->R;
    char same[XW_FBUF / 4], after[XW_FBUF / 4];
    tci_utf8_format(same, sizeof same, "(%s=%s)", group(S, R->k_tyyear).s,
                    pl_drv(R->k_tyyear + j).s);
    tci_utf8_format(after, sizeof after, "(%s-%s)", group(S, R->k_tybasis).s,
                    group(S, R->k_ty179).s);
    return xw_formula(S->c, f, fs,
                      "=IF(%s>0,IF(SUMPRODUCT(%s*(%s=4)*%s)>0.4*SUMPRODUCT(%s*%s),%s,0),0)",
                      pl_drv(R->k_tybasis + j).s, same, group(S, R->k_tyq).s, after, same, after,
                      pl_drv(R->k_tyq + j).s);
}

static double table_v(const pl_sheet *S, int j)
{
    return buy_result(S, j)->tax_convention;
}

/* ===== The rows ===== */

/* See planw.h. */
void xw_pl_ty_year_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.year"), "Tax year it is placed in service: {purchase}", 0,
               year_f, year_v);
}

/* See planw.h. */
void xw_pl_ty_quarter_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.quarter"),
               "Its quarter of that tax year (1 to 4): {purchase}", 0, quarter_f, quarter_v);
}

/* See planw.h. */
void xw_pl_ty_basis_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.basis"),
               "Basis by tax year (its capex; 0 when not by tax year): {purchase}", 1, basis_f,
               basis_v);
}

/* See planw.h. */
void xw_pl_ty_ybasis_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.ybasis"),
               "Basis placed in service in its tax year: {purchase}", 1, ybasis_f, ybasis_v);
}

/* See planw.h. */
void xw_pl_ty_179_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.s179"),
               "Section 179 expensing, its share by basis: {purchase}", 1, s179_f, s179_v);
}

/* See planw.h. */
void xw_pl_ty_bonus_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.bonus"), "Bonus depreciation: {purchase}", 1, bonus_f,
               bonus_v);
}

/* See planw.h. */
void xw_pl_ty_table_rows(const pl_sheet *S, int row)
{
    group_rows(S, row, XW_KEY("plan.ty.table"),
               "MACRS table: 0 = A-1 (half-year), 1 to 4 = A-2 to A-5 (mid-quarter, that "
               "quarter): {purchase}",
               0, table_f, table_v);
}

/* ===== The depreciation by month ===== */

/* See planw.h. */
const char *xw_pl_ty_dep_formula(const pl_sheet *S, int j, int life, char *f, size_t fs, int col)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const char *inputs = c->sheet_q[TCI_SHEET_INPUTS];
    int mc = xw_tax_method(c->s, S->staged ? xw_pl_buy_option(S, j)->o : S->wo.o) == TCO_DEP_MACRS5
                 ? XW_COL_VAL
                 : XW_COL_VAL + 1;
    /* Its months t..e: bought in the month, or in service (after it, to its
     * sale); bought at once, every month. */
    char on[256], n[XW_FBUF / 2], k[128], rate[XW_FBUF / 2];
    xw_refbuf fys = xw_range(NULL, R->r_fy, XW_COL_M0, R->r_fy, S->last);
    xw_refbuf fy = pl_at(R->r_fy, col);
    if (S->staged) {
        int b = pl_flag(S, PF_BOUGHT, j), in = pl_flag(S, PF_IN, j);
        tci_utf8_format(on, sizeof on, "(%s+%s)", pl_at(b, col).s, pl_at(in, col).s);
        tci_utf8_format(n, sizeof n, "SUMPRODUCT((%s=%s)*(%s+%s))", fys.s, fy.s,
                        xw_range(NULL, b, XW_COL_M0, b, S->last).s,
                        xw_range(NULL, in, XW_COL_M0, in, S->last).s);
    } else {
        tci_utf8_format(on, sizeof on, "(%s+%s)", pl_at(R->f_m0, col).s, pl_at(R->f_op, col).s);
        tci_utf8_format(n, sizeof n, "COUNTIF(%s,%s)", fys.s, fy.s);
    }
    /* The year of its recovery: the month's tax year less its own, plus 1. */
    tci_utf8_format(k, sizeof k, "(%s-%s+1)", fy.s, pl_drv(R->k_tyyear + j).s);
    tci_utf8_format(rate, sizeof rate, "CHOOSE(%s+1", pl_drv(R->k_tytable + j).s);
    for (int t = 0; t < 5; t++) {
        int first = c->in_macrs_at[t];
        size_t len = strlen(rate);
        tci_utf8_format(rate + len, sizeof rate - len, ",INDEX(%s,%s)",
                        xw_range(inputs, first, mc, first + 7, mc).s, k);
    }
    size_t len = strlen(rate);
    tci_utf8_format(rate + len, sizeof rate - len, ")");
    xw_refbuf e = pl_drv(R->k_ty179 + j), bo = pl_drv(R->k_tybonus + j),
              base = pl_drv(R->k_tybasis + j);
    return xw_formula(c, f, fs,
                      "=IF(%s=1,IF(AND(%s>=1,%s<=%s),(IF(%s=1,%s+%s,0)+(%s-%s-%s)*%s)/%s,0),0)", on,
                      k, k, pl_drv(life).s, k, e.s, bo.s, base.s, e.s, bo.s, rate, n);
}
