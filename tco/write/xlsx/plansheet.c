/* plansheet.c - a capacity plan's sheet (MODEL.md, Demand and Plans): month by
 * month the demand, the capacity of each part, the hours each serves in the
 * serving order and each part's cost lines, all live formulas over Inputs (the
 * demand's inputs and the plan's counts), with the engine's values cached; a
 * chart of the demand against the capacity. The cost lines are the option
 * sheet's formulas (xw_ow_formula) over the plan's counts and each month's
 * utilization. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/optw.h"
#include "core/core.h"
#include "util/utf8.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The owned part's cost lines: power, cooling, facility, maintenance, staff. */
enum { PL_POWER, PL_COOLING, PL_FACILITY, PL_MAINTENANCE, PL_STAFF, PL_LINES };

/* 0-based rows of one plan's sheet; XW_NONE where the plan has no such row. */
typedef struct pl_rows {
    int r_month, r_year, s_serve, r_demand;
    int r_own_n, r_own_cap, r_res_n, r_res_cap, r_cap;
    int r_s_own, r_s_res, r_served, r_idle, r_s_over, r_unserved, r_h_own, r_u, r_h_res, r_h_over;
    int s_cash, s_own, r_price, r_capex, r_it_kw, r_line[PL_LINES], r_own_cost, r_resid;
    int s_res, r_res_factor, r_res_up, r_res_rent, r_res_commit;
    int s_over, r_ov_factor, r_ov_price, r_ov_cost;
    int s_plan, r_cost, r_net, r_df, r_pv;
    int s_drivers, k_rm, k_own, k_a_own, k_bought, k_servers, k_capex_gpu, k_capex_infra, k_capex,
        k_prov_kw, k_resfrac, k_residual, k_res, k_a_res, k_commit_pv, k_over, k_a_over;
    int r_chart, r_end;
} pl_rows;

/* A plan's parts, as the sheet writes them. */
typedef struct pl_sheet {
    xw_ctx *c;
    size_t p;
    const tco_plan *pl;
    const tco_plan_result *pr;
    xw_plansheet *ps;
    lxw_worksheet *ws;
    pl_rows R;
    int H, last;
    int own, res, over; /* 1 when the plan has the part */
    int term, od_after; /* the reserved part's term, and on-demand months after it */
    char cur[64];
    lxw_format *money, *money_t, *hours;
    xw_optw wo, wr, wv; /* the owned, reserved and overflow parts' options */
} pl_sheet;

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

/* The rows of plan p's sheet. */
static void pl_layout(const xw_ctx *c, size_t p, pl_rows *R)
{
    const tco_scenario *s = c->s;
    const tco_plan *pl = &s->plans[p];
    int own = pl->own_i >= 0, res = pl->reserve_i >= 0, over = pl->overflow_i >= 0;
    int *all = (int *)R;
    for (size_t k = 0; k < sizeof *R / sizeof(int); k++)
        all[k] = XW_NONE;
    int r = 3;
    R->r_month = r++;
    R->r_year = r++;
    R->s_serve = r++;
    R->r_demand = r++;
    if (own) {
        R->r_own_n = r++;
        R->r_own_cap = r++;
    }
    if (res) {
        R->r_res_n = r++;
        R->r_res_cap = r++;
    }
    R->r_cap = r++;
    if (own)
        R->r_s_own = r++;
    if (res)
        R->r_s_res = r++;
    R->r_served = r++;
    R->r_idle = r++;
    if (over)
        R->r_s_over = r++;
    else
        R->r_unserved = r++;
    if (own) {
        R->r_h_own = r++;
        R->r_u = r++;
    }
    if (res)
        R->r_h_res = r++;
    if (over)
        R->r_h_over = r++;
    r++;
    R->s_cash = r++;
    if (own) {
        R->s_own = r++;
        R->r_price = r++;
        R->r_capex = r++;
        R->r_it_kw = r++;
        for (int k = 0; k < PL_LINES; k++)
            R->r_line[k] = r++;
        R->r_own_cost = r++;
        R->r_resid = r++;
    }
    if (res) {
        const tco_option *o = &s->options[pl->reserve_i];
        int term = o->term_months > 0;
        R->s_res = r++;
        if (term && o->after_term == TCO_AFTER_ON_DEMAND)
            R->r_res_factor = r++;
        R->r_res_up = r++;
        R->r_res_rent = r++;
        if (term)
            R->r_res_commit = r++;
    }
    if (over) {
        R->s_over = r++;
        R->r_ov_factor = r++;
        R->r_ov_price = r++;
        R->r_ov_cost = r++;
    }
    r++;
    R->s_plan = r++;
    R->r_cost = r++;
    R->r_net = r++;
    R->r_df = r++;
    R->r_pv = r++;
    r++;
    R->s_drivers = r++;
    R->k_rm = r++;
    if (own) {
        R->k_own = r++;
        if (has_goodput(c, pl->own_i))
            R->k_a_own = r++;
        if (c->r->plans[p].spares > 0)
            R->k_bought = r++;
        R->k_servers = r++;
        R->k_capex_gpu = r++;
        R->k_capex_infra = r++;
        R->k_capex = r++;
        R->k_prov_kw = r++;
        R->k_resfrac = r++;
        R->k_residual = r++;
    }
    if (res) {
        R->k_res = r++;
        if (has_goodput(c, pl->reserve_i))
            R->k_a_res = r++;
        if (R->r_res_commit != XW_NONE)
            R->k_commit_pv = r++;
    }
    if (over) {
        R->k_over = r++;
        if (has_goodput(c, pl->overflow_i))
            R->k_a_over = r++;
    }
    r++;
    R->r_chart = r;
    R->r_end = r + 22;
}

/* See sheets.h. */
void xw_plan_layout(xw_ctx *c, size_t p)
{
    pl_rows R;
    pl_layout(c, p, &R);
    c->ps[p].r_net = R.r_net;
    c->ps[p].r_pv = R.r_pv;
}

/* ===== Cells ===== */

/* Same-sheet references: $C$n for a driver, E$n for a timeline cell, E5 for
 * a cell a chart or a formula reads in its own column. */
static xw_refbuf drv(int row)
{
    return xw_ref(NULL, row, XW_COL_VAL, 1, 1);
}

static xw_refbuf at(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* A row's label and unit. */
static void label(const pl_sheet *S, int row, const char *text, const char *unit, xw_style st)
{
    xw_ow_label(&S->wo, row, text, unit, st);
}

/* A formula in (row, col) with its cached value. */
static void fig(const pl_sheet *S, int row, int col, const char *f, double v, lxw_format *fmt)
{
    xw_fnum(S->c, S->ws, row, col, f, v, fmt);
}

/* =SUM over the row's months from column `first` in column C, cached v. */
static void total(const pl_sheet *S, int row, int first, double v, xw_style st, xw_numfmt nf)
{
    char f[XW_FBUF];
    fig(S, row, XW_COL_VAL,
        xw_f(S->c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, first, row, S->last).s), v,
        xw_fmt(S->c, st, nf));
}

/* "=IF(n>0,BODY,0)" in f from a formula "=BODY" in g: a part of 0 GPUs costs
 * nothing, not even its option's fixed lines (MODEL.md, Plans). */
static const char *if_any(const pl_sheet *S, char *f, size_t fs, const char *n, const char *g)
{
    return xw_f(S->c, f, fs, "=IF(%s>0,%s,0)", n, g + 1);
}

/* The Inputs cell of the plan's own_count and reserve_count. */
static xw_refbuf own_n(const pl_sheet *S)
{
    return xw_ref(S->c->sheet_q[TCI_SHEET_INPUTS], S->ps->in_own, XW_COL_VAL, 1, 1);
}

/* The Inputs cell of the plan's spares. */
static xw_refbuf spares_n(const pl_sheet *S)
{
    return xw_ref(S->c->sheet_q[TCI_SHEET_INPUTS], S->ps->in_spares, XW_COL_VAL, 1, 1);
}

/* The owned GPUs bought, own_count + spares (MODEL.md, Goodput: the spares are
 * priced with them): the driver with spares, else own_count. */
static xw_refbuf own_all(const pl_sheet *S)
{
    return S->R.k_bought != XW_NONE ? drv(S->R.k_bought) : own_n(S);
}

/* The owned GPUs in month col's row, spares included, as a formula term. */
static const char *fleet_at(const pl_sheet *S, char *t, size_t ts, int col)
{
    if (S->R.k_bought != XW_NONE)
        return xw_f(S->c, t, ts, "(%s+%s)", at(S->R.r_own_n, col).s, spares_n(S).s);
    return xw_f(S->c, t, ts, "%s", at(S->R.r_own_n, col).s);
}

static xw_refbuf res_n(const pl_sheet *S)
{
    return xw_ref(S->c->sheet_q[TCI_SHEET_INPUTS], S->ps->in_res, XW_COL_VAL, 1, 1);
}

/* ===== Demand and how it is served ===== */

/* Reference GPU-hours in one GPU-hour of option i (MODEL.md, Demand: k_X). */
static double per_hour(const tco_scenario *s, int i)
{
    const tco_option *x = &s->options[i], *r = &s->options[s->demand->ref];
    return x->throughput > 0 && r->throughput > 0 ? x->throughput / r->throughput : 1;
}

/* The title, the timeline's months and years (frozen). */
static void pl_head(const pl_sheet *S)
{
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
    xw_num(c, S->ws, R->r_month, XW_COL_M0, 0, headnum);
    for (int m = 1; m <= S->H; m++)
        fig(S, R->r_month, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=%s+1", xw_ref(NULL, R->r_month, XW_COL_M0 + m - 1, 0, 0).s), m,
            headnum);
    xw_text(c, S->ws, R->r_year, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->r_year, XW_COL_UNIT, head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->r_year, XW_COL_VAL, head);
    for (int m = 0; m <= S->H; m++) {
        xw_refbuf mo = at(R->r_month, XW_COL_M0 + m);
        fig(S, R->r_year, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=IF(%s=0,0,INT((%s-1)/12)+1)", mo.s, mo.s),
            m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(S->ws, (lxw_row_t)(R->r_year + 1), (lxw_col_t)XW_COL_M0);
}

/* A row of months 1..H: formula `make` of each month, cached v[m-1], total in C. */
typedef const char *(*pl_cell_fn)(const pl_sheet *S, char *f, size_t fs, int col);

static void month_row(const pl_sheet *S, int row, const char *text, const char *unit,
                      pl_cell_fn make, const double *v, xw_numfmt nf, int with_total)
{
    char f[XW_FBUF];
    double sum = 0;
    label(S, row, text, unit, XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        sum += v[m - 1];
    if (with_total)
        total(S, row, XW_COL_M0 + 1, sum, XS_CALC, nf);
    for (int m = 1; m <= S->H; m++)
        fig(S, row, XW_COL_M0 + m, make(S, f, sizeof f, XW_COL_M0 + m), v[m - 1],
            xw_fmt(S->c, XS_CALC, nf));
}

static const char *f_demand(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_refbuf mo = at(S->R.r_month, col);
    if (S->c->s->demand->n_values > 0)
        return xw_f(S->c, f, fs, "=INDEX(DemandValues,%s)", mo.s);
    return xw_f(S->c, f, fs,
                "=DemandGPUHours*(1+DemandGrowth)^((%s-1)/12)*INDEX(DemandSeasonality,MOD(%s-1,"
                "12)+1)",
                mo.s, mo.s);
}

static const char *f_own_n(const pl_sheet *S, char *f, size_t fs, int col)
{
    (void)col;
    return xw_f(S->c, f, fs, "=%s", own_n(S).s);
}

static const char *f_res_n(const pl_sheet *S, char *f, size_t fs, int col)
{
    (void)col;
    return xw_f(S->c, f, fs, "=%s", res_n(S).s);
}

/* "*A" with A a part's availability driver, or nothing when it has none. */
static const char *times_a(char *t, size_t ts, int k_a)
{
    tci_utf8_format(t, ts, "%s%s", k_a != XW_NONE ? "*" : "", k_a != XW_NONE ? drv(k_a).s : "");
    return t;
}

static const char *f_own_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64];
    return xw_f(S->c, f, fs, "=%s*HoursPerMonth*%s%s", at(S->R.r_own_n, col).s, drv(S->R.k_own).s,
                times_a(a, sizeof a, S->R.k_a_own));
}

static const char *f_res_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64];
    return xw_f(S->c, f, fs, "=%s*HoursPerMonth*%s%s", at(S->R.r_res_n, col).s, drv(S->R.k_res).s,
                times_a(a, sizeof a, S->R.k_a_res));
}

static const char *f_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    const pl_rows *R = &S->R;
    if (S->own && S->res)
        return xw_f(S->c, f, fs, "=%s+%s", at(R->r_own_cap, col).s, at(R->r_res_cap, col).s);
    if (S->own || S->res)
        return xw_f(S->c, f, fs, "=%s", at(S->own ? R->r_own_cap : R->r_res_cap, col).s);
    return xw_f(S->c, f, fs, "=0");
}

static const char *f_s_own(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_f(S->c, f, fs, "=MIN(%s,%s)", at(S->R.r_demand, col).s, at(S->R.r_own_cap, col).s);
}

/* The demand the owned part leaves, as a formula term. */
static const char *left_after_own(const pl_sheet *S, char *t, size_t ts, int col)
{
    if (S->own)
        return xw_f(S->c, t, ts, "%s-%s", at(S->R.r_demand, col).s, at(S->R.r_s_own, col).s);
    return xw_f(S->c, t, ts, "%s", at(S->R.r_demand, col).s);
}

static const char *f_s_res(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    return xw_f(S->c, f, fs, "=MIN(%s,%s)", left_after_own(S, t, sizeof t, col),
                at(S->R.r_res_cap, col).s);
}

static const char *f_rest(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    left_after_own(S, t, sizeof t, col);
    if (S->res)
        return xw_f(S->c, f, fs, "=%s-%s", t, at(S->R.r_s_res, col).s);
    return xw_f(S->c, f, fs, "=%s", t);
}

static const char *f_served(const pl_sheet *S, char *f, size_t fs, int col)
{
    const pl_rows *R = &S->R;
    if (S->own && S->res)
        return xw_f(S->c, f, fs, "=%s+%s", at(R->r_s_own, col).s, at(R->r_s_res, col).s);
    if (S->own || S->res)
        return xw_f(S->c, f, fs, "=%s", at(S->own ? R->r_s_own : R->r_s_res, col).s);
    return xw_f(S->c, f, fs, "=0");
}

static const char *f_idle(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_f(S->c, f, fs, "=%s-%s", at(S->R.r_cap, col).s, at(S->R.r_served, col).s);
}

static const char *f_h_own(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_f(S->c, f, fs, "=%s/%s", at(S->R.r_s_own, col).s, drv(S->R.k_own).s);
}

static const char *f_u(const pl_sheet *S, char *f, size_t fs, int col)
{
    char n[XW_FBUF / 4];
    fleet_at(S, n, sizeof n, col);
    return xw_f(S->c, f, fs, "=IF(%s*HoursPerMonth>0,%s/(%s*HoursPerMonth),0)", n,
                at(S->R.r_h_own, col).s, n);
}

static const char *f_h_res(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_f(S->c, f, fs, "=%s/%s", at(S->R.r_s_res, col).s, drv(S->R.k_res).s);
}

static const char *f_h_over(const pl_sheet *S, char *f, size_t fs, int col)
{
    char a[64];
    return xw_f(S->c, f, fs, "=%s/(%s%s)", at(S->R.r_s_over, col).s, drv(S->R.k_over).s,
                times_a(a, sizeof a, S->R.k_a_over));
}

/* The demand, each part's capacity and the hours each serves. */
static void pl_serve(const pl_sheet *S)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_scenario *s = c->s;
    const int H = S->H;
    const double T = s->hours_per_month;
    char t[XW_TBUF], ref[XW_TBUF], own[XW_TBUF], rsv[XW_TBUF], ovr[XW_TBUF];
    double v[TCO_MAX_HORIZON];
    const tco_plan_month *pm = S->pr->monthly;
    xw_labelf(c, ref, sizeof ref, "inputs.demand.unit", "{option} GPU-hours", "option",
              c->id[s->demand->ref], NULL);
    if (S->own)
        xw_labelf(c, own, sizeof own, "inputs.demand.unit", "{option} GPU-hours", "option",
                  c->id[S->pl->own_i], NULL);
    if (S->res)
        xw_labelf(c, rsv, sizeof rsv, "inputs.demand.unit", "{option} GPU-hours", "option",
                  c->id[S->pl->reserve_i], NULL);
    if (S->over)
        xw_labelf(c, ovr, sizeof ovr, "inputs.demand.unit", "{option} GPU-hours", "option",
                  c->id[S->pl->overflow_i], NULL);
    xw_labelf(c, t, sizeof t, "plan.serve", "Demand and how it is served (in {unit})", "unit", ref,
              NULL);
    xw_text(c, S->ws, R->s_serve, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    for (int m = 0; m < H; m++)
        v[m] = pm[m].demand;
    month_row(S, R->r_demand, xw_label(c, "plan.demand", "Demand"), ref, f_demand, v, XN_INT, 1);
    const char *gpus = xw_label(c, "unit.gpus", "GPUs");
    double k_own = S->own ? per_hour(s, S->pl->own_i) : 1;
    double k_res = S->res ? per_hour(s, S->pl->reserve_i) : 1;
    /* Capacity in reference GPU-hours delivered: k * A (MODEL.md, Goodput). */
    double ka_own = S->own ? k_own * tci_availability(&s->options[S->pl->own_i]) : 1;
    double ka_res = S->res ? k_res * tci_availability(&s->options[S->pl->reserve_i]) : 1;
    if (S->own) {
        for (int m = 0; m < H; m++)
            v[m] = S->pr->own_count;
        month_row(S, R->r_own_n, xw_label(c, "plan.own_n", "Owned GPUs in service"), gpus, f_own_n,
                  v, XN_INT, 0);
        for (int m = 0; m < H; m++)
            v[m] = S->pr->own_count * T * ka_own;
        month_row(S, R->r_own_cap, xw_label(c, "plan.own_cap", "Owned capacity"), ref, f_own_cap, v,
                  XN_INT, 1);
    }
    if (S->res) {
        for (int m = 0; m < H; m++)
            v[m] = S->pr->reserve_count;
        month_row(S, R->r_res_n, xw_label(c, "plan.res_n", "Reserved GPUs"), gpus, f_res_n, v,
                  XN_INT, 0);
        for (int m = 0; m < H; m++)
            v[m] = S->pr->reserve_count * T * ka_res;
        month_row(S, R->r_res_cap, xw_label(c, "plan.res_cap", "Reserved capacity"), ref, f_res_cap,
                  v, XN_INT, 1);
    }
    for (int m = 0; m < H; m++)
        v[m] = (S->own ? S->pr->own_count * T * ka_own : 0) +
               (S->res ? S->pr->reserve_count * T * ka_res : 0);
    month_row(S, R->r_cap, xw_label(c, "plan.cap", "Owned and reserved capacity"), ref, f_cap, v,
              XN_INT, 1);
    if (S->own) {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].own_hours * k_own;
        month_row(S, R->r_s_own, xw_label(c, "plan.s_own", "Served by owned GPUs"), ref, f_s_own, v,
                  XN_INT, 1);
    }
    if (S->res) {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].reserve_hours * k_res;
        month_row(S, R->r_s_res, xw_label(c, "plan.s_res", "Served by reserved GPUs"), ref, f_s_res,
                  v, XN_INT, 1);
    }
    for (int m = 0; m < H; m++)
        v[m] = pm[m].own_hours * k_own + pm[m].reserve_hours * k_res;
    month_row(S, R->r_served, xw_label(c, "plan.served", "Served by owned and reserved GPUs"), ref,
              f_served, v, XN_INT, 1);
    for (int m = 0; m < H; m++)
        v[m] = (S->own ? S->pr->own_count * T * ka_own - pm[m].own_hours * k_own : 0) +
               (S->res ? S->pr->reserve_count * T * ka_res - pm[m].reserve_hours * k_res : 0);
    month_row(S, R->r_idle, xw_label(c, "plan.idle", "Owned and reserved capacity left idle"), ref,
              f_idle, v, XN_INT, 1);
    if (S->over) {
        const tco_option *ov = &s->options[S->pl->overflow_i];
        double k = per_hour(s, S->pl->overflow_i) * tci_availability(ov);
        for (int m = 0; m < H; m++)
            v[m] = pm[m].overflow_hours * k;
        month_row(S, R->r_s_over, xw_label(c, "plan.s_over", "Served on demand (overflow)"), ref,
                  f_rest, v, XN_INT, 1);
    } else {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].unserved;
        month_row(S, R->r_unserved, xw_label(c, "plan.unserved", "Unserved demand"), ref, f_rest, v,
                  XN_INT, 1);
    }
    if (S->own) {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].own_hours;
        month_row(S, R->r_h_own, xw_label(c, "plan.h_own", "Owned GPU-hours used"), own, f_h_own, v,
                  XN_INT, 1);
        for (int m = 0; m < H; m++)
            v[m] = pm[m].own_utilization;
        month_row(S, R->r_u, xw_label(c, "plan.u", "Owned utilization u(m)"), "%", f_u, v, XN_PCT,
                  0);
    }
    if (S->res) {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].reserve_hours;
        month_row(S, R->r_h_res, xw_label(c, "plan.h_res", "Reserved GPU-hours used"), rsv, f_h_res,
                  v, XN_INT, 1);
    }
    if (S->over) {
        for (int m = 0; m < H; m++)
            v[m] = pm[m].overflow_hours;
        month_row(S, R->r_h_over, xw_label(c, "plan.h_over", "On-demand GPU-hours bought"), ovr,
                  f_h_over, v, XN_INT, 1);
    }
}

/* ===== The cash flow ===== */

/* The owned part's option with the plan's count, at utilization 0 and 1
 * (MODEL.md, Plans: only power and cooling follow u), for the cached values. */
typedef struct pl_own {
    tco_month *m0, *m1;
    double paid0, servers, capex_gpu, capex_infra, capex, prov_kw, resfrac, residual;
} pl_own;

/* The electricity price row, the capex, the IT load at each month's
 * utilization and the cost lines. */
static void pl_own_lines(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wo;
    const tco_option *o = w->o;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.own", "Owned: {label}", "label", c->label[S->pl->own_i], NULL);
    xw_text(c, S->ws, R->s_own, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    xw_labelf(c, t, sizeof t, "unit.money_per_kwh", "{currency} per kWh", "currency", S->cur, NULL);
    label(S, R->r_price, xw_label(c, "option.price", "Electricity price, escalated yearly"), t,
          XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        fig(S, R->r_price, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=%s*(1+%s)^(%s-1)",
                 xw_site_name(c, w->i, TCO_S_ELECTRICITY_PRICE).s,
                 xw_site_name(c, w->i, TCO_S_ELECTRICITY_ESCALATION).s,
                 at(R->r_year, XW_COL_M0 + m).s),
            tco_site_value(c->s, o, TCO_S_ELECTRICITY_PRICE) *
                xw_price_factor(tco_site_value(c->s, o, TCO_S_ELECTRICITY_ESCALATION), m),
            xw_fmt(c, XS_CALC, XN_MONEY4));
    label(S, R->r_capex, xw_label(c, "option.capex", "Capex"), S->cur, XS_TEXT);
    total(S, R->r_capex, XW_COL_M0, P->capex, XS_CALC, XN_MONEY);
    fig(S, R->r_capex, XW_COL_M0, xw_f(c, f, sizeof f, "=%s", drv(R->k_capex).s), P->capex,
        S->money);

    label(S, R->r_it_kw, xw_label(c, "plan.it_kw", "IT load at the month's utilization"),
          xw_label(c, "unit.kw", "kW"), XS_TEXT);
    xw_refbuf servers = drv(R->k_servers), prov = drv(R->k_prov_kw), capex = drv(R->k_capex),
              n_in = own_all(S);
    const int bought = S->pr->own_count + S->pr->spares;
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf u = at(R->r_u, col);
        char n[XW_FBUF / 4];
        fleet_at(S, n, sizeof n, col);
        xw_owrefs G = {.u = u.s};
        xw_ow_formula(w, XF_GPU_W, &G, g, sizeof g);
        char gw[XW_FBUF];
        xw_f(c, gw, sizeof gw, "(%s)", g + 1);
        xw_owrefs K = {.n = n, .gpu_w = gw, .servers = servers.s};
        double uv = pm[m - 1].own_utilization;
        double gpu_w = o->tdp_w * (o->idle_power_fraction +
                                   uv * (o->load_power_fraction - o->idle_power_fraction));
        fig(S, R->r_it_kw, col, xw_ow_formula(w, XF_IT_KW, &K, f, sizeof f),
            (bought * gpu_w + P->servers * o->server_power_w) / 1000, xw_fmt(c, XS_CALC, XN_DEC2));
    }
    static const xw_owf line_f[PL_LINES] = {XF_POWER, XF_COOLING, XF_FACILITY, XF_MAINTENANCE,
                                            XF_STAFF};
    const char *names[PL_LINES] = {xw_label(c, "option.line.power", "Power (IT load)"),
                                   xw_label(c, "option.line.cooling", "Cooling (PUE overhead)"),
                                   xw_label(c, "option.line.facility", "Facility (colocation)"),
                                   xw_label(c, "option.line.maintenance", "Maintenance"),
                                   xw_label(c, "option.line.staff", "Staff")};
    for (int k = 0; k < PL_LINES; k++) {
        double v[TCO_MAX_HORIZON], sum = 0;
        for (int m = 0; m < S->H; m++) {
            const tco_month *a = &P->m0[m], *b = &P->m1[m];
            double u = pm[m].own_utilization;
            v[m] = k == PL_POWER         ? a->power + u * (b->power - a->power)
                   : k == PL_COOLING     ? a->cooling + u * (b->cooling - a->cooling)
                   : k == PL_FACILITY    ? a->facility
                   : k == PL_MAINTENANCE ? a->maintenance
                                         : a->staff;
            sum += v[m];
        }
        label(S, R->r_line[k], names[k], S->cur, XS_TEXT);
        total(S, R->r_line[k], XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
        for (int m = 1; m <= S->H; m++) {
            int col = XW_COL_M0 + m;
            xw_refbuf price = at(R->r_price, col), it = at(R->r_it_kw, col);
            xw_owrefs L = {
                .n = n_in.s, .it_kw = it.s, .prov_kw = prov.s, .capex = capex.s, .price = price.s};
            xw_ow_formula(w, line_f[k], &L, g, sizeof g);
            fig(S, R->r_line[k], col, k == PL_STAFF ? if_any(S, f, sizeof f, n_in.s, g) : g,
                v[m - 1], S->money);
        }
    }
    label(S, R->r_own_cost, xw_label(c, "plan.own_cost", "Owned: operating cost"), S->cur,
          XS_TOTAL);
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].own_cost;
    total(S, R->r_own_cost, XW_COL_M0 + 1, sum, XS_TOTAL, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        fig(S, R->r_own_cost, col,
            xw_f(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(NULL, R->r_line[0], col, 0, 0).s,
                 xw_ref(NULL, R->r_line[PL_LINES - 1], col, 0, 0).s),
            pm[m - 1].own_cost, S->money_t);
    }
    xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}", "month",
              xw_int(S->H).s, NULL);
    label(S, R->r_resid, t, S->cur, XS_TEXT);
    total(S, R->r_resid, XW_COL_M0, P->residual, XS_CALC, XN_MONEY);
    fig(S, R->r_resid, S->last, xw_f(c, f, sizeof f, "=%s", drv(R->k_residual).s), P->residual,
        S->money);
}

/* A rental price factor row: (1 - decline)^(year - 1), option w's decline. */
static void factor_row(const pl_sheet *S, const xw_optw *w, int row)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF];
    label(S, row, xw_label(c, "option.factor", "Rental price factor after the yearly decline"),
          xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        fig(S, row, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=(1-%s)^(%s-1)", xw_ow_in(w, TCO_O_PRICE_DECLINE).s,
                 at(S->R.r_year, XW_COL_M0 + m).s),
            xw_price_factor(-w->o->price_decline, m), xw_fmt(c, XS_CALC, XN_DEC6));
}

/* The reserved part: its upfront, its rental at utilization 1 and what is
 * committed past the horizon; the option's own lines with the plan's count. */
static void pl_reserved(const pl_sheet *S, double paid0, double commit)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wr;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], g[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.res", "Reserved: {label}", "label", c->label[S->pl->reserve_i],
              NULL);
    xw_text(c, S->ws, R->s_res, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    if (R->r_res_factor != XW_NONE)
        factor_row(S, w, R->r_res_factor);
    xw_refbuf n = res_n(S);
    label(S, R->r_res_up, xw_label(c, "option.upfront", "Upfront payment"), S->cur, XS_TEXT);
    total(S, R->r_res_up, XW_COL_M0, paid0, XS_CALC, XN_MONEY);
    xw_f(c, g, sizeof g, "=%s", xw_ow_in(w, TCO_O_UPFRONT).s);
    fig(S, R->r_res_up, XW_COL_M0, if_any(S, f, sizeof f, n.s, g), paid0, S->money);
    label(S, R->r_res_rent, xw_label(c, "option.line.rental", "Rental"), S->cur, XS_TEXT);
    double sum = 0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].reserve_cost;
    total(S, R->r_res_rent, XW_COL_M0 + 1, sum, XS_CALC, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        xw_refbuf factor = at(R->r_res_factor, col), month = at(R->r_month, col);
        xw_owrefs L = {.n = n.s, .u = "1", .factor = factor.s, .month = month.s};
        xw_ow_formula(w, XF_RENTAL, &L, g, sizeof g);
        fig(S, R->r_res_rent, col, if_any(S, f, sizeof f, n.s, g), pm[m - 1].reserve_cost,
            S->money);
    }
    if (R->r_res_commit != XW_NONE) {
        xw_owrefs L = {.n = n.s};
        label(
            S, R->r_res_commit,
            xw_label(c, "option.commit", "Committed after the horizon (the term's months past it)"),
            S->cur, XS_TEXT);
        fig(S, R->r_res_commit, XW_COL_VAL, xw_ow_formula(w, XF_COMMIT, &L, f, sizeof f), commit,
            S->money);
    }
}

/* The overflow: the hours bought at the month's hourly price. */
static void pl_overflow(const pl_sheet *S)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wv;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "plan.over", "On demand: {label}", "label",
              c->label[S->pl->overflow_i], NULL);
    xw_text(c, S->ws, R->s_over, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    factor_row(S, w, R->r_ov_factor);
    xw_labelf(c, t, sizeof t, "plan.per_hour", "{currency} per GPU-hour", "currency", S->cur, NULL);
    label(S, R->r_ov_price, xw_label(c, "plan.ov_price", "Price per GPU-hour"), t, XS_TEXT);
    for (int m = 1; m <= S->H; m++)
        fig(S, R->r_ov_price, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=%s*%s", xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s,
                 at(R->r_ov_factor, XW_COL_M0 + m).s),
            w->o->price_per_gpu_hour * xw_price_factor(-w->o->price_decline, m),
            xw_fmt(c, XS_CALC, XN_MONEY4));
    label(S, R->r_ov_cost, xw_label(c, "plan.ov_cost", "On-demand hours bought"), S->cur, XS_TEXT);
    total(S, R->r_ov_cost, XW_COL_M0 + 1, S->pr->overflow_total, XS_CALC, XN_MONEY);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        fig(S, R->r_ov_cost, col,
            xw_f(c, f, sizeof f, "=%s*%s", at(R->r_h_over, col).s, at(R->r_ov_price, col).s),
            pm[m - 1].overflow_cost, S->money);
    }
}

/* The plan's cost, net cost, discount factors and present values; total and
 * NPV in column C. */
static void pl_totals(const pl_sheet *S, double residual, double commit_pv)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const tco_plan_month *pm = S->pr->monthly;
    char f[XW_FBUF], t[XW_FBUF / 2];
    xw_text(c, S->ws, R->s_plan, 0, xw_label(c, "plan.plan", "The plan"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    label(S, R->r_cost, xw_label(c, "plan.cost", "Cost: month 0 paid, then each month's"), S->cur,
          XS_TOTAL);
    double sum = S->pr->paid0;
    for (int m = 0; m < S->H; m++)
        sum += pm[m].cost;
    total(S, R->r_cost, XW_COL_M0, sum, XS_TOTAL, XN_MONEY);
    t[0] = '\0';
    if (S->own && S->res)
        xw_f(c, t, sizeof t, "%s+%s", at(R->r_capex, XW_COL_M0).s, at(R->r_res_up, XW_COL_M0).s);
    else if (S->own || S->res)
        xw_f(c, t, sizeof t, "%s", at(S->own ? R->r_capex : R->r_res_up, XW_COL_M0).s);
    else
        xw_f(c, t, sizeof t, "0");
    fig(S, R->r_cost, XW_COL_M0, xw_f(c, f, sizeof f, "=%s", t), S->pr->paid0, S->money_t);
    for (int m = 1; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        char sumt[XW_FBUF] = "";
        size_t len = 0;
        const int rows[3] = {R->r_own_cost, R->r_res_rent, R->r_ov_cost};
        for (int k = 0; k < 3; k++)
            if (rows[k] != XW_NONE) {
                tci_utf8_format(sumt + len, sizeof sumt - len, "%s%s", len ? "+" : "",
                                at(rows[k], col).s);
                len = strlen(sumt);
            }
        fig(S, R->r_cost, col, xw_f(c, f, sizeof f, "=%s", len ? sumt : "0"), pm[m - 1].cost,
            S->money_t);
    }
    label(S, R->r_net, xw_label(c, "plan.net", "Net cost (cost - residual)"), S->cur, XS_TOTAL);
    if (R->r_res_commit != XW_NONE)
        fig(S, R->r_net, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=SUM(%s)+%s",
                 xw_range(NULL, R->r_net, XW_COL_M0, R->r_net, S->last).s, drv(R->r_res_commit).s),
            S->pr->total, xw_fmt(c, XS_TOTAL, XN_MONEY));
    else
        total(S, R->r_net, XW_COL_M0, S->pr->total, XS_TOTAL, XN_MONEY);
    double net[TCO_MAX_HORIZON + 1];
    net[0] = S->pr->paid0;
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        if (m > 0)
            net[m] = pm[m - 1].cost - (m == S->H ? residual : 0);
        if (R->r_resid != XW_NONE)
            xw_f(c, f, sizeof f, "=%s-%s", at(R->r_cost, col).s, at(R->r_resid, col).s);
        else
            xw_f(c, f, sizeof f, "=%s", at(R->r_cost, col).s);
        fig(S, R->r_net, col, f, net[m], S->money_t);
    }
    label(S, R->r_df, xw_label(c, "option.df", "Discount factor"),
          xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 0; m <= S->H; m++)
        fig(S, R->r_df, XW_COL_M0 + m,
            xw_f(c, f, sizeof f, "=1/(1+%s)^%s", drv(R->k_rm).s, at(R->r_month, XW_COL_M0 + m).s),
            1 / pow(1 + c->r->monthly_rate, m), xw_fmt(c, XS_CALC, XN_DEC6));
    label(S, R->r_pv, xw_label(c, "option.pv", "Present value"), S->cur, XS_TOTAL);
    if (R->k_commit_pv != XW_NONE)
        fig(S, R->r_pv, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=SUM(%s)+%s",
                 xw_range(NULL, R->r_pv, XW_COL_M0, R->r_pv, S->last).s, drv(R->k_commit_pv).s),
            S->pr->npv, xw_fmt(c, XS_TOTAL, XN_MONEY));
    else
        total(S, R->r_pv, XW_COL_M0, S->pr->npv, XS_TOTAL, XN_MONEY);
    (void)commit_pv;
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        fig(S, R->r_pv, col,
            xw_f(c, f, sizeof f, "=%s*%s", at(R->r_net, col).s, at(R->r_df, col).s),
            net[m] / pow(1 + c->r->monthly_rate, m), S->money_t);
    }
}

/* ===== Drivers ===== */

/* A driver: label, unit and a formula in column C with its cached value. */
static void driver(const pl_sheet *S, int row, const char *text, const char *unit, const char *f,
                   double v, xw_numfmt nf)
{
    xw_ow_driver(&S->wo, row, text, unit, f, v, nf);
}

/* Reference GPU-hours in one GPU-hour of option i (k_X): a driver. */
static void k_driver(const pl_sheet *S, int row, int i)
{
    xw_ctx *c = S->c;
    char f[XW_FBUF], t[XW_TBUF];
    xw_refbuf tp = xw_in(c, (size_t)i, TCO_O_THROUGHPUT),
              tr = xw_in(c, (size_t)c->s->demand->ref, TCO_O_THROUGHPUT);
    xw_labelf(c, t, sizeof t, "plan.k", "Reference GPU-hours in one {option} GPU-hour", "option",
              c->id[i], NULL);
    driver(S, row, t, xw_label(c, "unit.factor", "factor"),
           xw_f(c, f, sizeof f, "=IF(AND(%s>0,%s>0),%s/%s,1)", tp.s, tr.s, tp.s, tr.s),
           per_hour(c->s, i), XN_NUM);
}

/* Option i's availability A (MODEL.md, Goodput): =MAX(0.01,availability -
 * failure_rate*repair_days/365) over the keys it gives on Inputs, the others at
 * their defaults; a driver. */
static void a_driver(const pl_sheet *S, int row, int i)
{
    if (row == XW_NONE)
        return;
    xw_ctx *c = S->c;
    const tco_option *o = &c->s->options[i];
    char f[XW_FBUF], t[XW_TBUF], v[3][XW_TBUF / 4];
    static const tco_okey keys[3] = {TCO_O_AVAILABILITY, TCO_O_FAILURE_RATE, TCO_O_REPAIR_DAYS};
    const double def[3] = {o->availability, o->failure_rate, o->repair_days};
    for (int k = 0; k < 3; k++)
        if (o->key_line[keys[k]])
            tci_utf8_format(v[k], sizeof v[k], "%s", xw_in(c, (size_t)i, keys[k]).s);
        else
            tci_utf8_format(v[k], sizeof v[k], "%.17g", def[k]);
    xw_labelf(c, t, sizeof t, "plan.a", "Availability of {option} GPUs (A)", "option", c->id[i],
              NULL);
    driver(S, row, t, xw_label(c, "input.option.availability.unit", "of hours"),
           xw_f(c, f, sizeof f, "=MAX(0.01,%s-%s*%s/365)", v[0], v[1], v[2]), tci_availability(o),
           XN_PCT);
}

static void pl_drivers(const pl_sheet *S, const pl_own *P, double commit_pv)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    char f[XW_FBUF], g[XW_FBUF];
    xw_text(c, S->ws, R->s_drivers, 0, xw_label(c, "option.drivers", "Drivers (from Inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, S->ws, R->s_drivers, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    driver(S, R->k_rm, xw_label(c, "option.rm", "Monthly discount rate"),
           xw_label(c, "unit.pct_month", "% per month"), "=(1+DiscountRate)^(1/12)-1",
           c->r->monthly_rate, XN_PCT4);
    if (S->own) {
        const xw_optw *w = &S->wo;
        xw_refbuf n = own_all(S), servers = drv(R->k_servers), cg = drv(R->k_capex_gpu),
                  ci = drv(R->k_capex_infra), rf = drv(R->k_resfrac);
        xw_owrefs D = {.n = n.s,
                       .servers = servers.s,
                       .capex_gpu = cg.s,
                       .capex_infra = ci.s,
                       .resfrac = rf.s};
        k_driver(S, R->k_own, S->pl->own_i);
        a_driver(S, R->k_a_own, S->pl->own_i);
        if (R->k_bought != XW_NONE)
            driver(S, R->k_bought,
                   xw_label(c, "plan.bought", "Owned GPUs bought (own_count + spares)"),
                   xw_label(c, "unit.gpus", "GPUs"),
                   xw_f(c, f, sizeof f, "=%s+%s", own_n(S).s, spares_n(S).s),
                   S->pr->own_count + S->pr->spares, XN_INT);
        driver(S, R->k_servers, xw_label(c, "option.servers", "Servers"),
               xw_label(c, "unit.servers", "servers"),
               xw_ow_formula(w, XF_SERVERS, &D, f, sizeof f), P->servers, XN_INT);
        driver(S, R->k_capex_gpu, xw_label(c, "option.capex_gpu", "Capex: GPUs"), S->cur,
               xw_ow_formula(w, XF_CAPEX_GPU, &D, f, sizeof f), P->capex_gpu, XN_MONEY);
        driver(S, R->k_capex_infra, xw_label(c, "option.capex_infra", "Capex: servers and network"),
               S->cur, xw_ow_formula(w, XF_CAPEX_INFRA, &D, f, sizeof f), P->capex_infra, XN_MONEY);
        xw_f(c, g, sizeof g, "=%s+%s+%s", cg.s, ci.s, xw_ow_in(w, TCO_O_INSTALL_PRICE).s);
        driver(S, R->k_capex, xw_label(c, "option.capex_total", "Capex: total, paid at month 0"),
               S->cur, if_any(S, f, sizeof f, n.s, g), P->capex, XN_MONEY);
        driver(S, R->k_prov_kw, xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
               xw_label(c, "unit.kw", "kW"), xw_ow_formula(w, XF_PROV_KW, &D, f, sizeof f),
               P->prov_kw, XN_DEC2);
        driver(S, R->k_resfrac, xw_label(c, "option.resfrac", "Resale value at the end"),
               xw_label(c, "unit.pct_hardware", "% of hardware"),
               xw_f(c, f, sizeof f, "=%s", xw_ow_in(w, TCO_O_RESALE_FRACTION).s), P->resfrac,
               XN_PCT);
        driver(S, R->k_residual,
               xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"), S->cur,
               xw_ow_formula(w, XF_RESIDUAL, &D, f, sizeof f), P->residual, XN_MONEY);
    }
    if (S->res) {
        k_driver(S, R->k_res, S->pl->reserve_i);
        a_driver(S, R->k_a_res, S->pl->reserve_i);
        if (R->k_commit_pv != XW_NONE) {
            xw_refbuf n = res_n(S), rm = drv(R->k_rm), cm = drv(R->r_res_commit);
            xw_owrefs D = {.n = n.s, .rm = rm.s, .commit = cm.s};
            driver(S, R->k_commit_pv,
                   xw_label(c, "option.commit_pv",
                            "Present value of the commitment after the horizon"),
                   S->cur, xw_ow_formula(&S->wr, XF_COMMIT_PV, &D, f, sizeof f), commit_pv,
                   XN_MONEY);
        }
    }
    if (S->over) {
        k_driver(S, R->k_over, S->pl->overflow_i);
        a_driver(S, R->k_a_over, S->pl->overflow_i);
    }
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

/* The owned part's option with the plan's count at utilization 0 and 1, and
 * its drivers' values; NOMEM recorded in c. */
static int own_figures(const pl_sheet *S, pl_own *P)
{
    const tco_scenario *s = S->c->s;
    memset(P, 0, sizeof *P);
    if (!S->own)
        return 1;
    P->m0 = calloc((size_t)S->H, sizeof *P->m0);
    P->m1 = calloc((size_t)S->H, sizeof *P->m1);
    if (!P->m0 || !P->m1) {
        S->c->nomem = 1;
        return 0;
    }
    tco_option o = s->options[S->pl->own_i];
    o.count = S->pr->own_count + S->pr->spares; /* the spares priced with them */
    double t, npv, p1;
    if (o.count > 0) {
        tci_option_months(s, &o, 0, P->m0, &P->paid0, &t, &npv);
        tci_option_months(s, &o, 1, P->m1, &p1, &t, &npv);
    }
    int n = o.count;
    P->servers = n > 0 ? ceil((double)n / o.gpus_per_server) : 0;
    P->capex_gpu = n * o.gpu_price;
    P->capex_infra = P->servers * (o.server_price + o.network_price);
    P->capex = n > 0 ? P->capex_gpu + P->capex_infra + o.install_price : 0;
    P->prov_kw = (n * o.tdp_w + P->servers * o.server_power_w) / 1000;
    P->resfrac = S->c->r->options[S->pl->own_i].residual_fraction;
    P->residual = (P->capex_gpu + P->capex_infra) * P->resfrac;
    return 1;
}

/* The reserved part's upfront and commitment past the horizon (its present
 * value in *commit_pv). */
static double reserved_figures(const pl_sheet *S, double *paid0, double *commit_pv)
{
    const tco_scenario *s = S->c->s;
    *paid0 = *commit_pv = 0;
    if (!S->res || S->pr->reserve_count <= 0)
        return 0;
    tco_month *mo = calloc((size_t)S->H, sizeof *mo);
    if (!mo) {
        S->c->nomem = 1;
        return 0;
    }
    tco_option o = s->options[S->pl->reserve_i];
    o.count = S->pr->reserve_count;
    double total, npv, sum = 0, pv = 0;
    tci_option_months(s, &o, 1, mo, paid0, &total, &npv);
    for (int m = 1; m <= S->H; m++) {
        sum += mo[m - 1].cost;
        pv += mo[m - 1].cost / pow(1 + S->c->r->monthly_rate, m);
    }
    free(mo);
    *commit_pv = npv - *paid0 - pv;
    return total - *paid0 - sum;
}

/* 1 when plan p's sheet can be written live: its owned part, if any, is paid
 * in cash (a loan's or a lease's lines are not part of a plan's sheet). */
int xw_plan_sheet_live(const xw_ctx *c, size_t p)
{
    const tco_scenario *s = c->s;
    const tco_plan *pl = &s->plans[p];
    /* Rows not written yet: staged purchases, a refresh. Such a plan's
     * figures are in the JSON and the table. */
    if (pl->n_buys > 0 || pl->refresh_i >= 0)
        return 0;
    return pl->own_i < 0 || s->options[pl->own_i].financing == TCO_FIN_CASH;
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
                  .over = pl->overflow_i >= 0};
    pl_layout(c, p, &S.R);
    tci_utf8_format(S.cur, sizeof S.cur, "%s", c->currency);
    S.money = xw_fmt(c, XS_CALC, XN_MONEY);
    S.money_t = xw_fmt(c, XS_TOTAL, XN_MONEY);
    const int parts[3] = {pl->own_i, pl->reserve_i, pl->overflow_i};
    xw_optw *ws[3] = {&S.wo, &S.wr, &S.wv};
    for (int k = 0; k < 3; k++) {
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
    }
    pl_own P;
    double up = 0, commit_pv = 0, commit = 0;
    if (!own_figures(&S, &P)) {
        free(P.m0);
        free(P.m1);
        return;
    }
    commit = reserved_figures(&S, &up, &commit_pv);
    double biggest = fmax(fabs(S.pr->total), P.capex);
    worksheet_set_column(S.ws, XW_COL_LABEL, XW_COL_LABEL, 46, NULL);
    worksheet_set_column(S.ws, XW_COL_UNIT, XW_COL_UNIT, 18, NULL);
    worksheet_set_column(S.ws, XW_COL_VAL, XW_COL_VAL, xw_imax(14, xw_money_width(c, biggest) + 1),
                         NULL);
    worksheet_set_column(S.ws, XW_COL_M0, (lxw_col_t)S.last,
                         xw_imax(10, xw_money_width(c, biggest)), NULL);
    pl_head(&S);
    pl_serve(&S);
    {
        char t[XW_TBUF];
        xw_labelf(c, t, sizeof t, "option.cash", "Monthly cash flow ({currency})", "currency",
                  S.cur, NULL);
        xw_text(c, S.ws, S.R.s_cash, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    }
    if (S.own)
        pl_own_lines(&S, &P);
    if (S.res)
        pl_reserved(&S, up, commit);
    if (S.over)
        pl_overflow(&S);
    pl_totals(&S, P.residual, commit_pv);
    pl_drivers(&S, &P, commit_pv);
    pl_chart(&S);
    xw_print_setup(c, S.ws, 0, S.R.r_year, (S.H + 13) / 13);
    /* The chart lies past the cells: the print area takes it in. */
    xw_note(c, worksheet_print_area(S.ws, 0, 0, (lxw_row_t)S.R.r_end, (lxw_col_t)S.last));
    worksheet_repeat_columns(S.ws, 0, XW_COL_VAL);
    free(P.m0);
    free(P.m1);
}
