/* plansheet.c - a capacity plan's sheet (MODEL.md, Demand and Plans): month by
 * month the demand, the capacity of each part, the hours each serves in the
 * serving order and each part's cost lines, all live formulas over Inputs (the
 * demand's inputs and the plan's counts), with the engine's values cached; a
 * chart of the demand against the capacity. The cost lines are the option
 * sheet's formulas (xw_ow_formula) over the plan's counts and each month's
 * utilization. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/planw.h"
#include "core/core.h"
#include "core/factors.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 1 when option i lists a goodput key on Inputs (MODEL.md, Goodput): its
 * availability is then a driver of the plan's sheet; else it is 1. */
static int has_goodput(const xw_ctx *c, int i)
{
    static const tco_okey keys[] = {TCO_O_AVAILABILITY, TCO_O_FAILURE_RATE, TCO_O_REPAIR_DAYS};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        if (c->s->options[i].key_line[keys[k]])
            return 1;
    return 0;
}

/* ===== Demand and how it is served ===== */

/* The title, the timeline's months and years (frozen). */
static void month_rows(const pl_sheet *S, int row)
{
    (void)row;
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], t[XW_TBUF], title[XW_TBUF];
    char *nm = xw_clean_text(c, S->pl->name, 200);
    xw_labelf(c, title, sizeof title, "plan.title", "Plan {name}", "name", nm ? nm : "", NULL);
    free(nm);
    xw_labelf(c, t, sizeof t, "plan.subtitle",
              "Demand served month by month: owned GPUs first, then reserved, then on demand. "
              "Live formulas over the demand and the plan's counts on Inputs; cash flow in "
              "{currency}.",
              "currency", S->cur, NULL);
    xw_title_line(c, S->ws, title, t);
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, S->ws, R->r_month, XW_COL_LABEL, xw_label(c, "option.head.month", "Month"), head);
    xw_text(c, S->ws, R->r_month, XW_COL_UNIT, xw_label(c, "option.head.unit", "Unit"), head);
    xw_text(c, S->ws, R->r_month, XW_COL_VAL, xw_label(c, "option.head.total", "Total"), head);
    /* The month is the column's distance from month 0's: one formula across. */
    xw_formula(c, t, sizeof t, "=COLUMN()-COLUMN(%s)", xw_ref(NULL, R->r_month, XW_COL_M0, 1, 1).s);
    for (int m = 0; m <= S->H; m++)
        pl_fig(S, R->r_month, XW_COL_M0 + m, t, m, headnum);
    xw_text(c, S->ws, R->r_year, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->r_year, XW_COL_UNIT, head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->r_year, XW_COL_VAL, head);
    for (int m = 0; m <= S->H; m++) {
        xw_refbuf mo = pl_at(R->r_month, XW_COL_M0 + m);
        pl_fig(S, R->r_year, XW_COL_M0 + m,
               xw_formula(c, f, sizeof f, "=ROUNDUP(%s/MonthsPerYear,0)", mo.s),
               m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(S->ws, (lxw_row_t)(R->r_year + 1), (lxw_col_t)XW_COL_M0);
}

/* Each month's fiscal year, as an option sheet's (budget.c). */
static void fy_row(const pl_sheet *S, int row)
{
    xw_fy_cells(S->c, S->ws, S->R.r_month, row);
}

/* ===== The timing flags ===== */

/* A flag row of plan S's sheet (xw_flag_row), of purchase j (else 0). */
static void flag_cells(const pl_sheet *S, int row, int j, const char *link, double lv, xw_flag_f fn,
                       xw_flag_on on)
{
    xw_flag_row(S->c, S->ws, row, S->R.r_month, S->H, link, lv, fn, on, S, j);
}

/* A flag of a kind every cash-flow sheet has (xw_flag_std): column C's link
 * (cached cv; none when NULL), the other flag row it reads (its value ov). */
static void std_flag(const pl_sheet *S, int row, xw_flag_kind kind, const char *link, double cv,
                     int other, double ov)
{
    xw_flag_std(S->c, S->ws, row, S->R.r_month, S->H, kind, link, cv, other, ov);
}

static void m0_flag(const pl_sheet *S, int row)
{
    std_flag(S, row, XW_FLAG_MONTH0, NULL, 0, XW_NONE, 0);
}

static void op_flag(const pl_sheet *S, int row)
{
    std_flag(S, row, XW_FLAG_OPERATING, NULL, 0, XW_NONE, 0);
}

static void end_flag(const pl_sheet *S, int row)
{
    std_flag(S, row, XW_FLAG_AT, "=HorizonMonths", S->H, XW_NONE, 0);
}

/* The months after the refresh (its month in C, 0 for none). */
static void new_flag(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    std_flag(S, row, XW_FLAG_AFTER, xw_formula(S->c, f, sizeof f, "=%s", pl_refresh_n(S).s),
             S->pr->refresh_month, XW_NONE, 0);
}

/* A flag over a term of a part's option (its input `key`, linked in C). */
static void term_flag(const pl_sheet *S, int row, xw_flag_kind kind, const xw_optw *w, tco_okey key,
                      double v, int other, double ov)
{
    char f[XW_FBUF];
    std_flag(S, row, kind, xw_formula(S->c, f, sizeof f, "=%s", xw_in(S->c, w->i, key).s), v, other,
             ov);
}

static void loan_flag(const pl_sheet *S, int row)
{
    term_flag(S, row, XW_FLAG_WITHIN, &S->wo, TCO_O_LOAN_MONTHS, S->wo.o->loan_months, XW_NONE, 0);
}

/* A lease's payment months, in advance: to its term's last but one, within
 * the horizon. */
static void lease_flag(const pl_sheet *S, int row)
{
    term_flag(S, row, XW_FLAG_BEFORE_BOTH, &S->wo, TCO_O_LEASE_MONTHS, S->wo.o->lease_months,
              S->R.f_end, S->H);
}

static void lend_flag(const pl_sheet *S, int row)
{
    std_flag(S, row, XW_FLAG_AT_OTHER, NULL, 0, S->R.f_lease, S->wo.o->lease_months);
}

static void rterm_flag(const pl_sheet *S, int row)
{
    term_flag(S, row, XW_FLAG_WITHIN, &S->wr, TCO_O_TERM_MONTHS, S->wr.o->term_months, XW_NONE, 0);
}

static void rrenew_flag(const pl_sheet *S, int row)
{
    std_flag(S, row, XW_FLAG_RENEWAL, NULL, 0, S->R.f_rterm, S->wr.o->term_months);
}

/* ===== The purchases' flags ===== */

/* Purchase j's month bought and sold, as the table has them. */
static int bought_at(const pl_sheet *S, int j)
{
    return (int)S->P->buy[j][0];
}

static int sold_at(const pl_sheet *S, int j)
{
    return (int)S->P->buy[j][PB_SOLD - PB_MONTH];
}

/* Its loan's or lease's term, or 0 when it is paid otherwise. */
static int loan_term(const pl_sheet *S, int j)
{
    const xw_optw *w;
    return xw_pl_buy_loan(S, j, &w) ? w->o->loan_months : 0;
}

static int lease_term(const pl_sheet *S, int j)
{
    return xw_pl_buy_lease(S, j) ? xw_pl_buy_option(S, j)->o->lease_months : 0;
}

static int on_in(const void *ctx, int j, int m)
{
    const pl_sheet *S = ctx;
    return m > bought_at(S, j) && m <= sold_at(S, j);
}

static int on_bloan(const void *ctx, int j, int m)
{
    const pl_sheet *S = ctx;
    int t = bought_at(S, j), e = sold_at(S, j), n = loan_term(S, j);
    return m > t && m <= e && m <= t + n;
}

static int on_blease(const void *ctx, int j, int m)
{
    const pl_sheet *S = ctx;
    int t = bought_at(S, j), e = sold_at(S, j), n = lease_term(S, j);
    return m >= t && m < e && m < t + n;
}

static int on_blend(const void *ctx, int j, int m)
{
    const pl_sheet *S = ctx;
    return m == bought_at(S, j) + lease_term(S, j);
}

static const char *f_in(const void *ctx, int j, char *f, size_t fs, const char *mo, const char *cc)
{
    const pl_sheet *S = ctx;
    (void)cc;
    return xw_formula(S->c, f, fs, "=IF(AND(%s>%s,%s<=%s),1,0)", mo,
                      pl_drv(pl_flag(S, PF_BOUGHT, j)).s, mo, pl_drv(pl_flag(S, PF_SOLD, j)).s);
}

/* A loan's payment months: from the month after its purchase to its last (in
 * C), while it is held. */
static const char *f_bloan(const void *ctx, int j, char *f, size_t fs, const char *mo,
                           const char *cc)
{
    const pl_sheet *S = ctx;
    return xw_formula(S->c, f, fs, "=IF(AND(%s>%s,%s<=MIN(%s,%s)),1,0)", mo,
                      pl_drv(pl_flag(S, PF_BOUGHT, j)).s, mo, pl_drv(pl_flag(S, PF_SOLD, j)).s, cc);
}

/* A lease's payment months, in advance: from its purchase to the month
 * before its end (in C) or its sale. */
static const char *f_blease(const void *ctx, int j, char *f, size_t fs, const char *mo,
                            const char *cc)
{
    const pl_sheet *S = ctx;
    return xw_formula(S->c, f, fs, "=IF(AND(%s>=%s,%s<MIN(%s,%s)),1,0)", mo,
                      pl_drv(pl_flag(S, PF_BOUGHT, j)).s, mo, cc, pl_drv(pl_flag(S, PF_SOLD, j)).s);
}

static const char *f_blend(const void *ctx, int j, char *f, size_t fs, const char *mo,
                           const char *cc)
{
    const pl_sheet *S = ctx;
    (void)cc;
    return xw_formula(S->c, f, fs, "=IF(%s=%s,1,0)", mo, pl_drv(pl_flag(S, PF_LEASE, j)).s);
}

/* The purchases' flag rows (PF_*), group by group, one row a purchase: the
 * months bought and sold in C (from Inputs, as the table reads them), and
 * each group's flags. */
static void purchase_flags(const pl_sheet *S, int first)
{
    xw_ctx *c = S->c;
    const char *in = c->sheet_q[TCI_SHEET_INPUTS];
    const int n = (int)S->pl->n_buys;
    char f[XW_FBUF], t[XW_TBUF], who[XW_TBUF];
    (void)first;
    for (int g = 0; g < PF_GROUPS; g++)
        for (int j = 0; j < S->nb; j++) {
            int row = pl_flag(S, g, j);
            if (row == XW_NONE)
                continue;
            int last = xw_pl_is_refresh(S, j);
            const xw_optw *w = xw_pl_buy_option(S, j), *lw;
            xw_pl_buy_name(S, j, who, sizeof who);
            xw_refbuf b = pl_drv(pl_flag(S, PF_BOUGHT, j));
            switch (g) {
            case PF_BOUGHT: /* Inputs' month, 0 without buy_at, or the refresh's */
                xw_labelf(c, t, sizeof t, "plan.f_bought", "{purchase}: bought, its month in C",
                          "purchase", who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                if (last)
                    xw_formula(c, f, sizeof f, "=%s", pl_refresh_n(S).s);
                else if (n > 0)
                    xw_formula(c, f, sizeof f, "=%s",
                               xw_ref(in, S->ps->in_buy + j, XW_COL_VAL, 1, 1).s);
                else
                    xw_formula(c, f, sizeof f, "=0");
                std_flag(S, row, XW_FLAG_AT, f, bought_at(S, j), XW_NONE, 0);
                break;
            case PF_SOLD: /* at the refresh, if any; else at H */
                xw_labelf(c, t, sizeof t, "plan.f_sold", "{purchase}: sold, its month in C",
                          "purchase", who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                if (S->refresh && !last)
                    xw_formula(c, f, sizeof f, "=IF(%s>0,%s,%s)", pl_drv(S->R.f_new).s,
                               pl_drv(S->R.f_new).s, pl_drv(S->R.f_end).s);
                else
                    xw_formula(c, f, sizeof f, "=%s", pl_drv(S->R.f_end).s);
                std_flag(S, row, XW_FLAG_AT, f, sold_at(S, j), XW_NONE, 0);
                break;
            case PF_IN:
                xw_labelf(c, t, sizeof t, "plan.f_in", "{purchase}: in service (1 = yes)",
                          "purchase", who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                flag_cells(S, row, j, NULL, 0, f_in, on_in);
                break;
            case PF_LOAN:
                xw_labelf(c, t, sizeof t, "plan.f_bloan",
                          "{purchase}: loan payment month, its last in C (1 = yes)", "purchase",
                          who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                if (xw_pl_buy_loan(S, j, &lw))
                    flag_cells(S, row, j,
                               xw_formula(c, f, sizeof f, "=%s+%s", b.s,
                                          xw_ow_in(lw, TCO_O_LOAN_MONTHS).s),
                               bought_at(S, j) + loan_term(S, j), f_bloan, on_bloan);
                else
                    pl_zeros(S, row, XN_INT);
                break;
            case PF_LEASE:
                xw_labelf(c, t, sizeof t, "plan.f_blease",
                          "{purchase}: lease payment month, its end in C (1 = yes)", "purchase",
                          who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                if (xw_pl_buy_lease(S, j))
                    flag_cells(S, row, j,
                               xw_formula(c, f, sizeof f, "=%s+%s", b.s,
                                          xw_ow_in(w, TCO_O_LEASE_MONTHS).s),
                               bought_at(S, j) + lease_term(S, j), f_blease, on_blease);
                else
                    pl_zeros(S, row, XN_INT);
                break;
            default:
                xw_labelf(c, t, sizeof t, "plan.f_blend", "{purchase}: lease's end (1 = yes)",
                          "purchase", who, NULL);
                pl_label(S, row, t, xw_label(c, "unit.flag", "flag"), XS_TEXT);
                if (xw_pl_buy_lease(S, j))
                    flag_cells(S, row, j, NULL, 0, f_blend, on_blend);
                else
                    pl_zeros(S, row, XN_INT);
                break;
            }
        }
}

/* ===== The links from Inputs ===== */

/* The options of the plan's parts, in pl_rows' link order (-1: no such part). */
static void part_options(const tco_plan *pl, int parts[4])
{
    parts[0] = pl->own_i, parts[1] = pl->reserve_i, parts[2] = pl->overflow_i;
    parts[3] = pl->own_i >= 0 ? pl->refresh_i : -1;
}

/* The links' heading, then each part's links: "option: key" with the key's
 * unit, and in column C its Inputs cell, cached with its value. */
static void links_rows(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], u[XW_TBUF], t[XW_TBUF];
    int parts[4];
    part_options(S->pl, parts);
    xw_text(c, S->ws, row, 0, xw_label(c, "plan.links", "Links (the parts' inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, S->ws, row, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    /* The plan's counts: own_count (the purchases' sum with buy_at), spares,
     * reserve_count. */
    const int links[3] = {R->k_lown, R->k_lspares, R->k_lres},
              ins[3] = {S->ps->in_own, S->ps->in_spares, S->ps->in_res};
    const double vals[3] = {S->pr->own_count, S->pr->spares, S->pr->reserve_count};
    const char *keys[3] = {XW_KEY("inputs.plan.own_count"), XW_KEY("inputs.plan.spares"),
                           XW_KEY("inputs.plan.reserve_count")},
               *english[3] = {"Owned GPUs", "Owned GPUs held back as spares", "Reserved GPUs"};
    for (int k = 0; k < 3; k++)
        if (links[k] != XW_NONE) {
            pl_label(S, links[k], xw_label(c, keys[k], english[k]),
                     xw_label(c, "unit.gpus", "GPUs"), XS_TEXT);
            pl_fig(S, links[k], XW_COL_VAL,
                   xw_formula(c, f, sizeof f, "=%s",
                              xw_ref(c->sheet_q[TCI_SHEET_INPUTS], ins[k], XW_COL_VAL, 1, 1).s),
                   vals[k], xw_fmt(c, XS_CALC, XN_INT));
        }
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < TCO_O_COUNT && parts[p] >= 0; k++) {
            int at = R->link[p][k];
            if (at == XW_NONE || at == R->f_loan || at == R->f_lease || at == R->f_rterm)
                continue;
            const tco_keydef *kd = tco_option_key((tco_okey)k);
            xw_key_unit(c, u, sizeof u, kd);
            xw_key_label(c, kd, parts[p], 0, t, sizeof t);
            pl_label(S, at, t, u, XS_TEXT);
            double v = xw_key_number(c, (size_t)parts[p], (tco_okey)k);
            pl_fig(S, at, XW_COL_VAL,
                   xw_formula(c, f, sizeof f, "=%s", xw_in(c, (size_t)parts[p], (tco_okey)k).s), v,
                   xw_fmt(c, XS_CALC, xw_value_numfmt(kd->unit, v)));
        }
}

/* ===== The demand and how it is served ===== */

/* The heading of the serving block, in the reference option's GPU-hours. */
static void serve_heading(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    char t[XW_TBUF], ref[XW_TBUF];
    xw_labelf(c, ref, sizeof ref, "inputs.demand.unit", "{option} GPU-hours", "option",
              c->id[c->s->demand->ref], NULL);
    xw_labelf(c, t, sizeof t, "plan.serve", "Demand and how it is served (in {unit})", "unit", ref,
              NULL);
    xw_text(c, S->ws, row, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
}

/* The cached values of the serving rows: the plan's months. */
#define PM_VALUE(name)                                                                             \
    static double v_##name(const pl_sheet *S, int m)                                               \
    {                                                                                              \
        return S->pr->monthly[m].name;                                                             \
    }
PM_VALUE(demand)
PM_VALUE(own_gpus)
PM_VALUE(own_capacity)
PM_VALUE(reserve_capacity)
PM_VALUE(capacity)
PM_VALUE(own_served)
PM_VALUE(reserve_served)
PM_VALUE(served)
PM_VALUE(idle)
PM_VALUE(overflow_served)
PM_VALUE(unserved)
PM_VALUE(own_hours)
PM_VALUE(own_utilization)
PM_VALUE(reserve_hours)
PM_VALUE(overflow_hours)
#undef PM_VALUE

static double v_reserve_count(const pl_sheet *S, int m)
{
    (void)m;
    return S->pr->reserve_count;
}

static const char *f_demand(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_refbuf mo = pl_at(S->R.r_month, col);
    if (S->c->s->demand->n_values > 0)
        return xw_formula(S->c, f, fs, "=INDEX(DemandValues,%s)", mo.s);
    return xw_formula(
        S->c, f, fs,
        "=DemandGPUHours*(1+DemandGrowth)^((%s-1)/MonthsPerYear)*INDEX(DemandSeasonality,MOD(%s-1,"
        "MonthsPerYear)+1)",
        mo.s, mo.s);
}

static const char *f_own_n(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    if (S->staged) /* the purchases bought before the month */
        return xw_formula(S->c, f, fs, "=%s", pl_in_service(S, t, sizeof t, PB_GPUS, col));
    return xw_formula(S->c, f, fs, "=%s", pl_own_n(S).s);
}

static const char *f_res_n(const pl_sheet *S, char *f, size_t fs, int col)
{
    (void)col;
    return xw_formula(S->c, f, fs, "=%s", pl_res_n(S).s);
}

/* "*A" with A a part's availability driver, or nothing when it has none. */
static const char *times_a(char *t, size_t ts, int k_a)
{
    tci_utf8_format(t, ts, "%s%s", k_a != XW_NONE ? "*" : "", k_a != XW_NONE ? pl_drv(k_a).s : "");
    return t;
}

static const char *f_own_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64], b[64], x[XW_FBUF / 2], y[XW_FBUF / 2];
    xw_refbuf n = pl_at(S->R.r_own_n, col);
    xw_formula(S->c, x, sizeof x, "=%s*HoursPerMonth*%s%s", n.s, pl_drv(S->R.k_own).s,
               times_a(a, sizeof a, S->R.k_a_own));
    if (S->refresh) /* the new option's k and A after the refresh */
        xw_formula(S->c, y, sizeof y, "=%s*HoursPerMonth*%s%s", n.s, pl_drv(S->R.k_new).s,
                   times_a(b, sizeof b, S->R.k_a_new));
    return pl_by_month(S, f, fs, col, x, y);
}

static const char *f_res_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64];
    return xw_formula(S->c, f, fs, "=%s*HoursPerMonth*%s%s", pl_at(S->R.r_res_n, col).s,
                      pl_drv(S->R.k_res).s, times_a(a, sizeof a, S->R.k_a_res));
}

static const char *f_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    const pl_rows *R = &S->R;
    if (S->own && S->res)
        return xw_formula(S->c, f, fs, "=%s+%s", pl_at(R->r_own_cap, col).s,
                          pl_at(R->r_res_cap, col).s);
    if (S->own || S->res)
        return xw_formula(S->c, f, fs, "=%s", pl_at(S->own ? R->r_own_cap : R->r_res_cap, col).s);
    return xw_formula(S->c, f, fs, "=0");
}

static const char *f_s_own(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=MIN(%s,%s)", pl_at(S->R.r_demand, col).s,
                      pl_at(S->R.r_own_cap, col).s);
}

/* The demand the owned part leaves, as a formula term. */
static const char *left_after_own(const pl_sheet *S, char *t, size_t ts, int col)
{
    if (S->own)
        return xw_formula(S->c, t, ts, "%s-%s", pl_at(S->R.r_demand, col).s,
                          pl_at(S->R.r_s_own, col).s);
    return xw_formula(S->c, t, ts, "%s", pl_at(S->R.r_demand, col).s);
}

static const char *f_s_res(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    return xw_formula(S->c, f, fs, "=MIN(%s,%s)", left_after_own(S, t, sizeof t, col),
                      pl_at(S->R.r_res_cap, col).s);
}

static const char *f_rest(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    left_after_own(S, t, sizeof t, col);
    if (S->res)
        return xw_formula(S->c, f, fs, "=%s-%s", t, pl_at(S->R.r_s_res, col).s);
    return xw_formula(S->c, f, fs, "=%s", t);
}

static const char *f_served(const pl_sheet *S, char *f, size_t fs, int col)
{
    const pl_rows *R = &S->R;
    if (S->own && S->res)
        return xw_formula(S->c, f, fs, "=%s+%s", pl_at(R->r_s_own, col).s,
                          pl_at(R->r_s_res, col).s);
    if (S->own || S->res)
        return xw_formula(S->c, f, fs, "=%s", pl_at(S->own ? R->r_s_own : R->r_s_res, col).s);
    return xw_formula(S->c, f, fs, "=0");
}

static const char *f_idle(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=%s-%s", pl_at(S->R.r_cap, col).s, pl_at(S->R.r_served, col).s);
}

static const char *f_h_own(const pl_sheet *S, char *f, size_t fs, int col)
{
    char x[XW_FBUF / 4], y[XW_FBUF / 4];
    xw_refbuf h = pl_at(S->R.r_s_own, col);
    xw_formula(S->c, x, sizeof x, "=%s/%s", h.s, pl_drv(S->R.k_own).s);
    if (S->refresh)
        xw_formula(S->c, y, sizeof y, "=%s/%s", h.s, pl_drv(S->R.k_new).s);
    return pl_by_month(S, f, fs, col, x, y);
}

static const char *f_u(const pl_sheet *S, char *f, size_t fs, int col)
{
    char n[XW_FBUF / 4];
    pl_fleet_at(S, n, sizeof n, col);
    return xw_formula(S->c, f, fs, "=IF(%s*HoursPerMonth>0,%s/(%s*HoursPerMonth),0)", n,
                      pl_at(S->R.r_h_own, col).s, n);
}

static const char *f_h_res(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=%s/%s", pl_at(S->R.r_s_res, col).s, pl_drv(S->R.k_res).s);
}

static const char *f_h_over(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64];
    return xw_formula(S->c, f, fs, "=%s/(%s%s)", pl_at(S->R.r_s_over, col).s, pl_drv(S->R.k_over).s,
                      times_a(a, sizeof a, S->R.k_a_over));
}

/* ===== The rows, described once ===== */

/* The rows of a plan's sheet, top to bottom: the title and the timeline, the
 * demand and how it is served; the cash flow of each part and of the plan,
 * and the drivers in column C follow (planlines.c). */
static const pl_row timing_rows[] = {
    POWN(r_month, 0, month_rows),
    PROW(r_year, 0),
    POWN(r_fy, 0, fy_row),
    PLABEL(f_m0, 0, XW_KEY("option.f_m0"), "Month 0, the acquisition (1 = yes)", PU_FLAG, m0_flag),
    PLABEL(f_op, 0, XW_KEY("option.f_op"), "Operating month, 1 to the horizon (1 = yes)", PU_FLAG,
           op_flag),
    PLABEL(f_end, 0, XW_KEY("option.f_end"), "Last month: the horizon, in C (1 = yes)", PU_FLAG,
           end_flag),
    PLABEL(f_new, PW_REFRESH, XW_KEY("plan.f_new"),
           "After the refresh: its month in C, 0 for none (1 = yes)", PU_FLAG, new_flag),
    PLABEL(f_loan, PW_FIN_LOAN, XW_KEY("option.f_loan"),
           "Loan payment month: its term, in C (1 = yes)", PU_FLAG, loan_flag),
    PLABEL(f_lease, PW_FIN_LEASE, XW_KEY("option.f_lease"),
           "Lease payment month, in advance: its term, in C (1 = yes)", PU_FLAG, lease_flag),
    PLABEL(f_lend, PW_FIN_LEASE, XW_KEY("option.f_lend"), "Lease's last month (1 = yes)", PU_FLAG,
           lend_flag),
    PLABEL(f_rterm, PW_RES_TERM, XW_KEY("plan.f_rterm"),
           "Reserved term's month: its term, in C (1 = yes)", PU_FLAG, rterm_flag),
    PLABEL(f_rrenew, PW_RES_RENEW, XW_KEY("plan.f_rrenew"),
           "Reserved: a renewal's first month (1 = yes)", PU_FLAG, rrenew_flag),
    {PAT(f_buy), PW_STAGED, 0, PN_PURCHASE_FLAGS, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0,
     purchase_flags},
    PHEADING(s_links, 0, links_rows),
};

static const pl_row plan_rows[] = {
    PHEADING(s_serve, 0, serve_heading),
    PSERVE(r_demand, 0, XW_KEY("plan.demand"), "Demand", PU_REF, f_demand, v_demand, XN_INT, 1),
    PSERVE(r_own_n, PW_OWN, XW_KEY("plan.own_n"), "Owned GPUs in service", PU_GPUS, f_own_n,
           v_own_gpus, XN_INT, 0),
    PSERVE(r_own_cap, PW_OWN, XW_KEY("plan.own_cap"), "Owned capacity", PU_REF, f_own_cap,
           v_own_capacity, XN_INT, 1),
    PSERVE(r_res_n, PW_RES, XW_KEY("plan.res_n"), "Reserved GPUs", PU_GPUS, f_res_n,
           v_reserve_count, XN_INT, 0),
    PSERVE(r_res_cap, PW_RES, XW_KEY("plan.res_cap"), "Reserved capacity", PU_REF, f_res_cap,
           v_reserve_capacity, XN_INT, 1),
    PSERVE(r_cap, 0, XW_KEY("plan.cap"), "Owned and reserved capacity", PU_REF, f_cap, v_capacity,
           XN_INT, 1),
    PSERVE(r_s_own, PW_OWN, XW_KEY("plan.s_own"), "Served by owned GPUs", PU_REF, f_s_own,
           v_own_served, XN_INT, 1),
    PSERVE(r_s_res, PW_RES, XW_KEY("plan.s_res"), "Served by reserved GPUs", PU_REF, f_s_res,
           v_reserve_served, XN_INT, 1),
    PSERVE(r_served, 0, XW_KEY("plan.served"), "Served by owned and reserved GPUs", PU_REF,
           f_served, v_served, XN_INT, 1),
    PSERVE(r_idle, 0, XW_KEY("plan.idle"), "Owned and reserved capacity left idle", PU_REF, f_idle,
           v_idle, XN_INT, 1),
    PSERVE(r_s_over, PW_OVER, XW_KEY("plan.s_over"), "Served on demand (overflow)", PU_REF, f_rest,
           v_overflow_served, XN_INT, 1),
    PSERVE(r_unserved, PW_NOT_OVER, XW_KEY("plan.unserved"), "Unserved demand", PU_REF, f_rest,
           v_unserved, XN_INT, 1),
    PSERVE(r_h_own, PW_OWN, XW_KEY("plan.h_own"), "Owned GPU-hours used", PU_OWN, f_h_own,
           v_own_hours, XN_INT, 1),
    PSERVE(r_u, PW_OWN, XW_KEY("plan.u"), "Owned utilization u(m)", PU_PERCENT, f_u,
           v_own_utilization, XN_PCT, 0),
    PSERVE(r_h_res, PW_RES, XW_KEY("plan.h_res"), "Reserved GPU-hours used", PU_RES, f_h_res,
           v_reserve_hours, XN_INT, 1),
    PSERVE(r_h_over, PW_OVER, XW_KEY("plan.h_over"), "On-demand GPU-hours bought", PU_OVER,
           f_h_over, v_overflow_hours, XN_INT, 1),
};

#define N_PLAN_ROWS (sizeof plan_rows / sizeof plan_rows[0])

/* The sheet's tables, top to bottom: the timing flags, the drivers
 * (plandrivers.c), the demand and how it is served, the cash flow
 * (planlines.c). */
static const struct {
    const pl_row *rows;
    const size_t *n;
} tables[] = {
    {timing_rows, &(const size_t){sizeof timing_rows / sizeof timing_rows[0]}},
    {xw_pl_driver_rows, &xw_pl_n_driver_rows},
    {plan_rows, &(const size_t){N_PLAN_ROWS}},
    {xw_pl_power_rows, &xw_pl_n_power_rows},
    {xw_pl_api_rows, &xw_pl_n_api_rows},
    /* With carbon_in_total: the carbon block above the cash flow that adds it. */
    {xw_pl_ctotal_head_rows, &xw_pl_n_ctotal_head_rows},
    {xw_pl_carbon_rows_in, &xw_pl_n_carbon_rows_in},
    {xw_pl_ctotal_rows, &xw_pl_n_ctotal_rows},
    {xw_pl_cash_rows, &xw_pl_n_cash_rows},
    {xw_pl_tax_rows, &xw_pl_n_tax_rows},
    {xw_pl_stmt_rows, &xw_pl_n_stmt_rows},
    {xw_pl_stmt_lease_rows, &xw_pl_n_stmt_lease_rows},
    {xw_pl_carbon_rows, &xw_pl_n_carbon_rows},
};

/* Row k of the sheet's tables, or NULL past the last. */
static const pl_row *row_at(size_t k)
{
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        if (k < *tables[t].n)
            return &tables[t].rows[k];
        k -= *tables[t].n;
    }
    return NULL;
}

/* The units that are a label of their own: its key and English text. */
static const struct {
    const char *key, *english;
} unit_labels[] = {
    [PU_GPUS] = {XW_KEY("unit.gpus"), "GPUs"},
    [PU_FACTOR] = {XW_KEY("unit.factor"), "factor"},
    [PU_KW] = {XW_KEY("unit.kw"), "kW"},
    [PU_SERVERS] = {XW_KEY("unit.servers"), "servers"},
    [PU_PCT_MONTH] = {XW_KEY("unit.pct_month"), "% per month"},
    [PU_PCT_HARDWARE] = {XW_KEY("unit.pct_hardware"), "% of hardware"},
    [PU_FLAG] = {XW_KEY("unit.flag"), "flag"},
};

/* A row's unit, in u. */
static const char *unit_text(const pl_sheet *S, pl_unit unit, char *u, size_t size)
{
    xw_ctx *c = S->c;
    const int part[] = {[PU_REF] = c->s->demand->ref,
                        [PU_OWN] = S->pl->own_i,
                        [PU_RES] = S->pl->reserve_i,
                        [PU_OVER] = S->pl->overflow_i};
    switch (unit) {
    case PU_NONE:
        return "";
    case PU_CURRENCY:
        return S->cur;
    case PU_PERCENT:
        return "%";
    case PU_MONEY_PER_KWH:
        return xw_labelf(c, u, size, "unit.money_per_kwh", "{currency} per kWh", "currency", S->cur,
                         NULL);
    case PU_MONEY_PER_GPU_HOUR:
        return xw_labelf(c, u, size, "plan.per_hour", "{currency} per GPU-hour", "currency", S->cur,
                         NULL);
    case PU_REF:
    case PU_OWN:
    case PU_RES:
    case PU_OVER:
        return xw_labelf(c, u, size, "inputs.demand.unit", "{option} GPU-hours", "option",
                         c->id[part[unit]], NULL);
    default:
        return xw_label(c, unit_labels[unit].key, unit_labels[unit].english);
    }
}

/* Serving row e in `row`: its label and unit, each month's formula with its
 * cached value, and the sum in column C when it has one. */
static void serve_row(const pl_sheet *S, const pl_row *e, int row)
{
    char u[XW_TBUF];
    double sum = 0;
    pl_label(S, row, xw_label(S->c, e->key, e->english), unit_text(S, e->unit, u, sizeof u),
             XS_TEXT);
    for (int m = 0; m < S->H; m++)
        sum += e->value(S, m);
    if (e->total)
        pl_total(S, row, XW_COL_M0, sum, XS_CALC, e->nf);
    xw_pl_month_row(S, row, e->make, e->value, xw_fmt(S->c, XS_CALC, e->nf));
}

static unsigned long long plan_has(const xw_ctx *c, size_t p, int *nloan);

/* The sheet's rows from the tables, top to bottom: a row's label from its
 * entry, then its cells (a block's from its first row); an entry placed by
 * carbon_in_total that the plan does not have is skipped (its row is the
 * other place's entry: the carbon block above the cash flow or after it). */
static void plan_write_rows(const pl_sheet *S)
{
    const pl_row *e;
    int nloan;
    const unsigned long long has = plan_has(S->c, S->p, &nloan);
    for (size_t k = 0; (e = row_at(k)) != NULL; k++) {
        const int *at = (const int *)(const void *)((const char *)&S->R + e->at);
        if ((e->when & (PW_CTOTAL | PW_NO_CTOTAL)) && (e->when & has) != e->when)
            continue;
        const int n = e->n == PN_OWNED_LINES ? TCO_LINES : 1;
        for (int j = 0; j < n; j++) {
            if (at[j] == XW_NONE)
                continue;
            if (e->make) {
                serve_row(S, e, at[j]);
                continue;
            }
            if (e->key) {
                char u[XW_TBUF];
                pl_label(S, at[j], xw_label(S->c, e->key, e->english),
                         unit_text(S, e->unit, u, sizeof u), e->style);
            }
            if (e->cells)
                e->cells(S, at[j]);
        }
    }
}

/* The bits of plan_rows' `when` that plan p has; its loans among staged
 * purchases in *nloan. */
static unsigned long long plan_has(const xw_ctx *c, size_t p, int *nloan)
{
    const tco_scenario *s = c->s;
    const tco_plan *pl = &s->plans[p];
    int own = pl->own_i >= 0, res = pl->reserve_i >= 0, over = pl->overflow_i >= 0;
    /* A financed owned part without buy_at or a refresh: its loan or lease
     * rows; with them, each purchase's loan, and the leases' rows. */
    int fin = own && pl->n_buys == 0 && pl->refresh_i < 0 ? (int)s->options[pl->own_i].financing
                                                          : TCO_FIN_CASH;
    /* With buy_at or a refresh, the purchases on a loan (MODEL.md, Staged
     * purchases: a loan runs from its purchase). */
    int refresh = own && pl->refresh_i >= 0, staged = own && (pl->n_buys > 0 || refresh);
    int nlease = 0;
    *nloan = 0;
    if (staged && s->options[pl->own_i].financing == TCO_FIN_LOAN)
        *nloan += pl->n_buys > 0 ? (int)pl->n_buys : 1;
    if (refresh && s->options[pl->refresh_i].financing == TCO_FIN_LOAN)
        (*nloan)++;
    if (staged && s->options[pl->own_i].financing == TCO_FIN_LEASE)
        nlease += pl->n_buys > 0 ? (int)pl->n_buys : 1;
    if (refresh && s->options[pl->refresh_i].financing == TCO_FIN_LEASE)
        nlease++;
    const tco_option *ro = res ? &s->options[pl->reserve_i] : NULL;
    unsigned long long has = 0;
    has |= own ? PW_OWN : 0;
    has |= res ? PW_RES : 0;
    has |= over ? PW_OVER : PW_NOT_OVER;
    has |= staged ? PW_STAGED : own ? PW_NOT_STAGED : 0;
    has |= refresh ? PW_REFRESH : 0;
    has |= own && (fin != TCO_FIN_CASH || *nloan > 0 || nlease > 0) ? PW_LENT : 0;
    has |= fin == TCO_FIN_LOAN ? PW_FIN_LOAN | PW_ANY_LOAN : 0;
    has |= fin == TCO_FIN_LEASE ? PW_FIN_LEASE | PW_ANY_LEASE : 0;
    has |= *nloan > 0 ? PW_STAGED_LOAN | PW_ANY_LOAN : 0;
    has |= nlease > 0 ? PW_STAGED_LEASE | PW_ANY_LEASE : 0;
    has |= own && !staged && c->r->plans[p].spares > 0 ? PW_SPARES : 0;
    has |= own && has_goodput(c, pl->own_i) ? PW_A_OWN : 0;
    has |= refresh && has_goodput(c, pl->refresh_i) ? PW_A_NEW : 0;
    has |= res && has_goodput(c, pl->reserve_i) ? PW_A_RES : 0;
    has |= over && has_goodput(c, pl->overflow_i) ? PW_A_OVER : 0;
    has |= ro && ro->term_months > 0 ? PW_RES_TERM : 0;
    has |= ro && ro->term_months > 0 && ro->after_term == TCO_AFTER_ON_DEMAND ? PW_RES_OD_AFTER : 0;
    has |= ro && ro->term_months > 0 && ro->after_term == TCO_AFTER_RENEW ? PW_RES_RENEW : 0;
    has |= own && tco_scenario_power_capped(s) ? PW_POWER : 0;
    has |= own && refresh && xw_pl_power_new_site(c, pl) ? PW_POWER_NEW : 0;
    has |= s->tax ? PW_TAX : 0;
    for (int k = 0; s->tax && own && k < 1 + refresh; k++) {
        int m = xw_tax_method(s, &s->options[k ? pl->refresh_i : pl->own_i]);
        has |= m != TCO_DEP_MACRS5 && m != TCO_DEP_MACRS7 ? PW_TAX_SALV : 0;
    }
    const tco_plan_result *pr = &c->r->plans[p]; /* a purchase by tax year */
    for (size_t j = 0; s->tax && own && j < pr->n_purchases; j++)
        has |= pr->purchases[j].tax_by_year ? PW_TAX_YEAR : 0;
    has |= own && nlease == 0 && fin != TCO_FIN_LEASE ? PW_ST_OWN : 0;
    has |= nlease > 0 ? PW_ST_SLEASE : 0;
    for (int k = 0; nlease > 0 && k < 1 + refresh; k++) { /* the leases' standards */
        const tco_option *lo = &s->options[k ? pl->refresh_i : pl->own_i];
        if (lo->financing != TCO_FIN_LEASE)
            continue;
        has |= lo->lease_accounting == TCO_LEASE_ASC842_OPERATING ? PW_ST_SLOP : PW_ST_SLBOOKS;
    }
    if (fin == TCO_FIN_LEASE) {
        const tco_option *lo = &s->options[pl->own_i];
        int op = lo->lease_accounting == TCO_LEASE_ASC842_OPERATING;
        has |= !op ? PW_ST_LEASE | PW_ST_LL : 0;
        has |= op ? PW_ST_OPLEASE | PW_ST_LL : 0;
        has |= op && lo->lease_end == TCO_LEASE_BUYOUT ? PW_ST_OPBUY : 0;
    }
    const int carbon = tco_scenario_carbon(s); /* MODEL.md, A plan's emissions */
    has |= carbon ? PW_CARBON : 0;
    has |= carbon && (res || over) ? PW_CARBON_RENTED : 0;
    has |= carbon && s->carbon_price > 0 ? PW_CARBON_PRICE : 0;
    const tco_option *vo = over ? &s->options[pl->overflow_i] : NULL;
    has |= vo && vo->acquire == TCO_API ? PW_API : 0; /* MODEL.md, An API as a plan's overflow */
    has |= vo && vo->acquire == TCO_API && vo->max_tokens_per_minute > 0 ? PW_API_LIMIT : 0;
    has |= s->carbon_in_total ? PW_CTOTAL : PW_NO_CTOTAL;
    has |= (has & PW_API) || (carbon && c->r->plans[p].api_tokens_per_hour > 0) ? PW_G : 0;
    has |= carbon && c->wl_gh != XW_NONE ? PW_RUN : 0; /* a run the Workload sheet sizes */
    return has;
}

/* The rows of plan p's sheet, from plan_rows. */
static void pl_layout(const xw_ctx *c, size_t p, pl_rows *R)
{
    const tco_plan *pl = &c->s->plans[p];
    int nloan;
    const unsigned long long has = plan_has(c, p, &nloan);
    int *all = (int *)R;
    for (size_t k = 0; k < sizeof *R / sizeof(int); k++)
        all[k] = XW_NONE;
    int r = 3;
    const pl_row *w;
    for (size_t k = 0; (w = row_at(k)) != NULL; k++) {
        int *at = (int *)(void *)((char *)R + w->at);
        if ((w->when & has) != w->when)
            continue;
        r += w->gap;
        switch (w->n) {
        case PN_OWNED_LINES: /* the lines of a bought option, each on its row */
            for (int line = 0; line < TCO_LINES; line++)
                if (tco_cost_line_of(line, 1))
                    at[line] = r++;
            break;
        case PN_LOAN_ROWS:
            *at = r;
            r += 2 * nloan;
            break;
        case PN_PURCHASES:
            *at = r;
            r += (pl->n_buys > 0 ? (int)pl->n_buys : 1) + (pl->refresh_i >= 0);
            break;
        case PN_PURCHASE_FLAGS: /* PF_* groups: 3, with a loan's, with a lease's two */
            *at = r;
            r += ((pl->n_buys > 0 ? (int)pl->n_buys : 1) + (pl->refresh_i >= 0)) *
                 (3 + (nloan > 0) + 2 * ((has & PW_STAGED_LEASE) != 0));
            break;
        default:
            *at = r++;
        }
        if (w->at == PAT(s_links)) { /* the plan's counts, then each part's links */
            int parts[4];
            part_options(pl, parts);
            R->k_lown = pl->own_i >= 0 ? r++ : XW_NONE;
            R->k_lspares = pl->own_i >= 0 && c->r->plans[p].spares > 0 ? r++ : XW_NONE;
            R->k_lres = pl->reserve_i >= 0 ? r++ : XW_NONE;
            for (int q = 0; q < 4; q++)
                for (int key = 0; key < TCO_O_COUNT && parts[q] >= 0; key++)
                    if (xw_linked_key(c, (size_t)parts[q], (tco_okey)key))
                        R->link[q][key] = r++;
        }
    }
    /* The terms the flags link in their column C. */
    R->link[0][TCO_O_LOAN_MONTHS] = R->f_loan;
    R->link[0][TCO_O_LEASE_MONTHS] = R->f_lease;
    R->link[1][TCO_O_TERM_MONTHS] = R->f_rterm;
    r++;
    R->r_chart = r;
    R->r_end = r + 22;
}

/* See sheets.h. */
void xw_plan_layout(xw_ctx *c, size_t p)
{
    pl_rows R;
    pl_layout(c, p, &R);
    xw_plansheet *ps = &c->ps[p];
    ps->r_net = R.r_net;
    ps->r_pv = R.r_pv;
    ps->r_fy = R.r_fy;
    const int own[5] = {c->s->plans[p].own_i >= 0 ? R.r_capex : XW_NONE, R.r_lent, R.r_own_cost,
                        R.r_sale, R.r_resid};
    for (int k = 0; k < 5; k++)
        ps->bg_own[k] = own[k];
    ps->bg_res[0] = R.r_res_up;
    ps->bg_res[1] = R.r_res_rent;
    ps->bg_over = R.r_ov_cost;
    ps->r_unserved = R.r_unserved;
    ps->r_s_over = R.r_s_over;
    ps->r_kw_fits = R.r_kw_fits;
    ps->r_api_fits = R.r_api_fits;
    ps->r_tax = R.r_tax;
    ps->r_at_net = R.r_at_net;
    ps->r_at_pv = R.r_at_pv;
    ps->r_commit[0] = R.r_res_commit;
    ps->r_commit[1] = R.r_own_commit;
    ps->r_co2_cost = c->s->carbon_in_total ? R.r_co2_cost : XW_NONE;
    const int co2[XW_PL_CO2_N] = {R.r_co2_s2l,  R.r_co2_s2m, R.r_co2_s3p,  R.r_co2_s3c, R.r_co2_t,
                                  R.r_co2_cost, R.k_co2_tpm, R.k_co2_etpm, R.k_co2_run};
    memcpy(ps->r_co2, co2, sizeof co2);
    xw_pl_stmt_layout(c, p, &R, ps);
    xw_pl_stmt_lease_layout(&R, ps); /* with a purchase on a lease, in stages */
}
/* ===== The chart ===== */

/* A series of row `row`, months 1..H, named by its label. */
static lxw_chart_series *row_series(const pl_sheet *S, lxw_chart *ch, int row, const char *name)
{
    char cats[400], vals[400];
    const pl_rows *R = &S->R;
    xw_chart_range(cats, sizeof cats, S->ps->quoted, R->r_month, XW_COL_M0 + 1, R->r_month,
                   S->last);
    xw_chart_range(vals, sizeof vals, S->ps->quoted, row, XW_COL_M0 + 1, row, S->last);
    lxw_chart_series *se = xw_add_series(S->c, ch, cats, vals);
    if (se) {
        char buf[XW_TBUF];
        tci_utf8_format(buf, sizeof buf, "%s%s", name[0] == '=' ? " " : "", name);
        chart_series_set_name(se, buf);
    }
    return se;
}

/* Demand against the owned and reserved capacity, as stacked areas: what
 * owned and reserved GPUs serve, the overflow (or the unserved demand) shaded
 * red above it, and the capacity left idle, so that the top of the blue and red
 * is the demand and the top of the blues the capacity. */
static void pl_chart(const pl_sheet *S)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    lxw_chart *area = xw_new_chart(c, LXW_CHART_AREA_STACKED);
    if (!area)
        return;
    lxw_chart_series *se;
    if ((se = row_series(S, area, R->r_served,
                         xw_label(c, "plan.served", "Served by owned and reserved GPUs"))))
        xw_series_solid(se, 0x4472C4);
    if ((se = row_series(
             S, area, S->over ? R->r_s_over : R->r_unserved,
             S->over ? xw_label(c, "plan.chart.over", "Demand above the capacity: bought on demand")
                     : xw_label(c, "plan.chart.unserved", "Demand above the capacity: unserved"))))
        xw_series_solid(se, 0xE06666);
    if ((se = row_series(S, area, R->r_idle,
                         xw_label(c, "plan.idle", "Owned and reserved capacity left idle"))))
        xw_series_solid(se, 0xBDD7EE);
    xw_chart_title(c, area,
                   xw_label(c, "plan.chart", "Demand against owned and reserved capacity"));
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "inputs.demand.unit", "{option} GPU-hours", "option",
              c->id[c->s->demand->ref], NULL);
    xw_axis_name(c, area->y_axis, t);
    chart_axis_set_num_format(area->y_axis, "#,##0");
    xw_month_axis(c, area);
    chart_legend_set_position(area, LXW_CHART_LEGEND_BOTTOM);
    lxw_chart_options co = {0};
    co.x_scale = 960.0 / 480;
    co.y_scale = 400.0 / 288;
    co.y_offset = 4;
    xw_note(c, worksheet_insert_chart_opt(S->ws, (lxw_row_t)R->r_chart, 0, area, &co));
}

/* ===== The sheet ===== */

/* The owned part's figures as the plan priced it: its months at utilization
 * 0 (0 without GPUs) and its drivers' values; NOMEM recorded in c. */
static int own_figures(const pl_sheet *S, pl_own *P)
{
    memset(P, 0, sizeof *P);
    if (!S->own)
        return 1;
    P->m0 = calloc((size_t)S->H, sizeof *P->m0);
    if (!P->m0) {
        S->c->nomem = 1;
        return 0;
    }
    if (S->staged)
        return xw_pl_buy_figures(S, P);
    /* The plan's count (the spares priced with them): its months at
     * utilization 0 and its figures, as the plan priced them. */
    const tco_plan_purchase *q = &S->pr->purchases[0];
    if (q->count > 0 && q->lines[0]) {
        memcpy(P->m0, q->lines[0], (size_t)S->H * sizeof *P->m0);
        P->paid0 = q->paid0;
    }
    P->servers = q->servers;
    P->capex_gpu = q->capex_gpu;
    P->capex_infra = q->capex_infra;
    P->capex = q->capex;
    P->prov_kw = q->provisioned_kw;
    P->resfrac = S->c->r->options[S->pl->own_i].residual_fraction;
    P->residual = q->residual;
    P->loan_amount = q->loan_amount;
    P->loan_payment = q->loan_payment;
    P->lease_payment = q->lease_payment;
    P->lease_buyout = q->lease_buyout;
    P->commit = q->lease_owed;
    P->commit_pv = q->lease_owed_npv;
    return 1;
}

/* The reserved part's upfront and commitment past the horizon (its present
 * value in *commit_pv). */
static double reserved_figures(const pl_sheet *S, double *paid0, double *commit_pv)
{
    const tco_plan_result *pr = S->pr;
    *paid0 = *commit_pv = 0;
    if (!S->res || pr->reserve_count <= 0)
        return 0;
    *paid0 = pr->reserve_paid0;
    *commit_pv = pr->reserve_commitment_npv;
    return pr->reserve_commitment;
}

/* See sheets.h. */
void xw_write_plan(xw_ctx *c, size_t p)
{
    xw_plansheet *ps = &c->ps[p];
    if (!ps->ws || c->err || c->nomem)
        return;
    const tco_plan *pl = &c->s->plans[p];
    pl_sheet S = {.c = c,
                  .p = p,
                  .pl = pl,
                  .pr = &c->r->plans[p],
                  .ps = ps,
                  .ws = ps->ws,
                  .H = c->s->horizon_months,
                  .last = XW_COL_M0 + c->s->horizon_months,
                  .own = pl->own_i >= 0,
                  .res = pl->reserve_i >= 0,
                  .over = pl->overflow_i >= 0,
                  .refresh = pl->own_i >= 0 && pl->refresh_i >= 0};
    S.staged = S.own && (pl->n_buys > 0 || S.refresh);
    if (S.own && !S.staged) {
        S.loan = c->s->options[pl->own_i].financing == TCO_FIN_LOAN;
        S.lease = c->s->options[pl->own_i].financing == TCO_FIN_LEASE;
    }
    S.nb = S.staged ? (pl->n_buys > 0 ? (int)pl->n_buys : 1) + S.refresh : 0;
    pl_layout(c, p, &S.R);
    S.sloan = S.staged && S.R.r_blint != XW_NONE;
    S.slease = S.staged && S.R.r_epay != XW_NONE;
    tci_utf8_format(S.cur, sizeof S.cur, "%s", c->currency);
    S.money = xw_fmt(c, XS_CALC, XN_MONEY);
    S.money_t = xw_fmt(c, XS_TOTAL, XN_MONEY);
    const int parts[4] = {pl->own_i, pl->reserve_i, pl->overflow_i, pl->refresh_i};
    xw_optw *ws[4] = {&S.wo, &S.wr, &S.wv, &S.wn};
    for (int k = 0; k < 4; k++) {
        size_t i = parts[k] >= 0 ? (size_t)parts[k] : 0;
        *ws[k] = (xw_optw){.c = c,
                           .i = i,
                           .o = &c->s->options[i],
                           .res = &c->r->options[i],
                           .ws = ps->ws,
                           .H = S.H,
                           .last = S.last,
                           .money = S.money,
                           .money_t = S.money_t};
        tci_utf8_format(ws[k]->cur, sizeof ws[k]->cur, "%s", c->currency);
        ws[k]->link = parts[k] >= 0 ? S.R.link[k] : NULL;
    }
    pl_own P;
    double up = 0, commit_pv = 0, commit = 0;
    if (!own_figures(&S, &P)) {
        free(P.m0);
        free(P.lint);
        free(P.lprin);
        return;
    }
    commit = reserved_figures(&S, &up, &commit_pv);
    S.P = &P;
    S.res_paid0 = up;
    S.res_commit = commit;
    S.res_commit_pv = commit_pv;
    double biggest = fmax(fabs(S.pr->total), P.capex);
    worksheet_set_column(S.ws, XW_COL_LABEL, XW_COL_LABEL, 62, NULL);
    worksheet_set_column(S.ws, XW_COL_UNIT, XW_COL_UNIT, 18, NULL);
    S.w_val = xw_imax(14, xw_money_width(c, biggest) + 1);
    S.w_month = xw_imax(10, xw_money_width(c, biggest));
    worksheet_set_column(S.ws, XW_COL_VAL, XW_COL_VAL, S.w_val, NULL);
    /* The purchases' table may reach past the last month. */
    int pb_last = PB_MONTH;
    for (int k = PB_MONTH; k < PB_EALL; k++)
        pb_last = pl_has_col(&S, k) ? pl_col(&S, k) : pb_last;
    int wide = S.staged && pb_last > S.last ? pb_last : S.last;
    worksheet_set_column(S.ws, XW_COL_M0, (lxw_col_t)wide, S.w_month, NULL);
    plan_write_rows(&S);
    pl_chart(&S);
    xw_print_setup(c, S.ws, 0, S.R.r_year, (S.H + 13) / 13);
    /* The chart lies past the cells: the print area takes it in. */
    xw_note(c, worksheet_print_area(S.ws, 0, 0, (lxw_row_t)S.R.r_end, (lxw_col_t)wide));
    worksheet_repeat_columns(S.ws, 0, XW_COL_VAL);
    free(P.m0);
    free(P.lint);
    free(P.lprin);
}
