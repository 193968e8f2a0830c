/* inputplan.c - the Inputs sheet's demand and plans (MODEL.md, Demand and
 * Plans): the demand's values, growth and seasonality, each plan's counts, its
 * staged purchases and its refresh, each an input validated by its key's
 * range, with the defined names the plan sheets read. */
#include "write/xlsx/inputs.h"
#include "write/xlsx/cell.h"
#include "core/core.h"
#include "util/utf8.h"

#include <stdio.h>
#include <stdlib.h>

/* The range of an input of the demand or a plan: from lo to hi, whole
 * numbers when `whole` (the loader's range of its key). */
typedef struct plan_range {
    double lo, hi;
    int whole;
} plan_range;

/* The range of demand or plan key kd (tci_demand_key, tci_plan_key): a count
 * of GPUs is whole. */
static plan_range key_range(const tco_keydef *kd)
{
    return (plan_range){kd->lo, kd->hi, kd->type == TCO_T_INT};
}

/* A month of the horizon, 0 to H-1, as the purchases' and the refresh's. */
static plan_range month_range(const xw_ctx *c)
{
    return (plan_range){0, c->s->horizon_months - 1, 1};
}

/* One input of the demand or a plan in `row`: label, key, value (validated
 * by its range), unit and source; number format nf. */
static void plan_input(xw_ctx *c, int row, const char *label, const char *key, double v,
                       xw_numfmt nf, plan_range rg, const char *unit, const char *src)
{
    lxw_worksheet *ws = c->inputs;
    xw_text(c, ws, row, 0, label, NULL);
    xw_text(c, ws, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_num(c, ws, row, XW_COL_VAL, v, xw_fmt(c, XS_INPUT, nf));
    xw_in_validate(c, ws, row, key, rg.lo, rg.hi, rg.whole);
    xw_in_asis_num(c, row, v, 0);
    xw_text(c, ws, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, ws, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
}

/* A defined name for rows first..last of column C of Inputs. */
static void define_rows(xw_ctx *c, const char *name, int first, int last)
{
    char f[400];
    tci_utf8_format(f, sizeof f, "=%s",
                    xw_range(c->sheet_q[TCI_SHEET_INPUTS], first, XW_COL_VAL, last, XW_COL_VAL).s);
    xw_note(c, workbook_define_name(c->wb, name, f));
}

/* Demand in tokens (MODEL.md, Demand in tokens) at `row`: the input
 * tokens_per_month (DemandTokens), then month 1's demand in the reference's
 * GPU-hours as a formula over it, the reference's throughput and scaling
 * efficiency and the workload's tokens_per_request. Returns the formula's row. */
static int demand_tokens(xw_ctx *c, int row, const char *unit, const char *src)
{
    const tco_demand *d = c->s->demand;
    char f[XW_FBUF];
    plan_input(c, row, xw_label(c, XW_KEY("inputs.demand.tokens"), "Demand in month 1, in tokens"),
               "[demand] tokens_per_month", d->tokens_per_month, XN_NUM,
               key_range(tci_demand_key(TCI_D_TOKENS)), xw_label(c, "unit.tokens", "tokens"), src);
    xw_in_name(c, "DemandTokens", row++, XW_COL_VAL);
    c->in_dgph = row;
    const double v = c->r->demand_gpu_hours;
    char tok[XW_FBUF / 8];
    xw_formula(c, f, sizeof f, "=DemandTokens/(%s*%s*%s*SecondsPerHour)",
               xw_in(c, (size_t)d->ref, TCO_O_THROUGHPUT).s,
               xw_in(c, (size_t)d->ref, TCO_O_SCALING_EFFICIENCY).s,
               xw_request_tokens(c, tok, sizeof tok, 0));
    xw_text(c, c->inputs, row, 0,
            xw_label(c, XW_KEY("inputs.demand.gph_tokens"),
                     "Demand in month 1: its tokens in GPU-hours"),
            NULL);
    /* Derived: tco import does not read it back (tokens_per_month it does). */
    xw_text(c, c->inputs, row, 1, "[demand] gpu_hours_per_month", xw_fmt(c, XS_KEY, XN_NONE));
    xw_fnum(c, c->inputs, row, XW_COL_VAL, f, v, xw_fmt(c, XS_CALC, XN_NUM));
    xw_in_asis_num(c, row, v, 1);
    xw_text(c, c->inputs, row, 3, unit, xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, c->inputs, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    return row;
}

/* See inputs.h. */
int xw_in_demand(xw_ctx *c, int row)
{
    const tco_demand *d = c->s->demand;
    lxw_worksheet *ws = c->inputs;
    char src[160], label[200], key[64], unit[96];
    xw_in_source(c, src, sizeof src, TCO_SRC_INI, d->in_file, d->line);
    xw_labelf(c, unit, sizeof unit, "inputs.demand.unit", "{option} GPU-hours", "option",
              c->id[d->ref], NULL);
    xw_text(c, ws, row++, 0, xw_label(c, "inputs.section.demand", "Demand"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, ws, row, 0, xw_label(c, "inputs.demand.reference", "Reference option"), NULL);
    xw_text(c, ws, row, 1, "[demand] reference", xw_fmt(c, XS_KEY, XN_NONE));
    xw_text(c, ws, row, XW_COL_VAL, c->id[d->ref], xw_fmt(c, XS_FIXED, XN_NONE));
    xw_in_asis_text(c, row, c->id[d->ref]);
    xw_text(c, ws, row++, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
    if (d->n_values > 0) {
        c->in_dvalues = row;
        for (int m = 1; m <= c->s->horizon_months; m++, row++) {
            xw_labelf(c, label, sizeof label, "inputs.demand.value", "Demand in month {n}", "n",
                      xw_int(m).s, NULL);
            tci_utf8_format(key, sizeof key, "[demand] file, %d", m);
            plan_input(c, row, label, key, d->values[m - 1], XN_NUM,
                       key_range(tci_demand_key(TCI_D_GPU_HOURS)), unit, src);
        }
        define_rows(c, "DemandValues", c->in_dvalues, row - 1);
        return row + 1;
    }
    if (d->tokens_per_month > 0)
        row = demand_tokens(c, row, unit, src);
    else {
        c->in_dgph = row;
        plan_input(c, row, xw_label(c, "inputs.demand.gph", "Demand in month 1"),
                   "[demand] gpu_hours_per_month", d->gpu_hours_per_month, XN_NUM,
                   key_range(tci_demand_key(TCI_D_GPU_HOURS)), unit, src);
    }
    xw_in_name(c, "DemandGPUHours", row++, XW_COL_VAL);
    c->in_dgrowth = row;
    plan_input(c, row, xw_label(c, "inputs.demand.growth", "Demand growth, annual"),
               "[demand] growth", d->growth, XN_PCT, key_range(tci_demand_key(TCI_D_GROWTH)), "%",
               src);
    xw_in_name(c, "DemandGrowth", row++, XW_COL_VAL);
    c->in_dseason = row;
    for (int k = 0; k < 12; k++, row++) {
        xw_labelf(c, label, sizeof label, "inputs.demand.season",
                  "Seasonality factor of month {n} of each year", "n", xw_int(k + 1).s, NULL);
        tci_utf8_format(key, sizeof key, "[demand] seasonality, %d", k + 1);
        plan_input(c, row, label, key, d->season[k], XN_NUM, (plan_range){0, 12, 0},
                   xw_label(c, "unit.factor", "factor"), src);
    }
    define_rows(c, "DemandSeasonality", c->in_dseason, row - 1);
    return row + 1;
}

/* A plan's key whose value is a formula (a count that follows others), GPUs. */
static void plan_formula(xw_ctx *c, int row, const char *label, const char *key, const char *f,
                         double v, const char *src)
{
    xw_text(c, c->inputs, row, 0, label, NULL);
    xw_text(c, c->inputs, row, 1, key, xw_fmt(c, XS_KEY, XN_NONE));
    xw_fnum(c, c->inputs, row, XW_COL_VAL, f, v, xw_fmt(c, XS_CALC, XN_INT));
    xw_in_asis_num(c, row, v, 1);
    xw_text(c, c->inputs, row, 3, xw_label(c, "unit.gpus", "GPUs"), xw_fmt(c, XS_UNIT, XN_NONE));
    xw_text(c, c->inputs, row, 4, src, xw_fmt(c, XS_KEY, XN_NONE));
}

/* Plan p's refresh (MODEL.md, Refresh) at `row`: its month, the one tco
 * computed with (the one chosen with auto; 0 when none), Plan{n}_RefreshMonth,
 * and the GPUs bought then, Plan{n}_RefreshCount (own_count's when not given).
 * Returns the next row. */
static int inputs_refresh(xw_ctx *c, size_t p, int row, const char *src)
{
    const tco_plan *pl = &c->s->plans[p];
    const tco_plan_result *pr = &c->r->plans[p];
    char name[48], f[XW_FBUF];
    c->ps[p].in_refresh = row;
    plan_input(c, row, xw_label(c, "inputs.plan.refresh_month", "Month of the refresh (0: none)"),
               "refresh_month", pr->refresh_month, XN_INT, month_range(c),
               xw_label(c, "unit.month", "month"), src);
    tci_utf8_format(name, sizeof name, "Plan%zu_RefreshMonth", p + 1);
    xw_in_name(c, name, row++, XW_COL_VAL);
    const char *label = xw_label(c, "inputs.plan.refresh_count", "GPUs bought at the refresh");
    int n = pl->refresh_count >= 0 ? pl->refresh_count : pr->own_count;
    if (pl->refresh_count >= 0)
        plan_input(c, row, label, "refresh_count", n, XN_INT,
                   key_range(tci_plan_key(TCI_P_REFRESH_COUNT)), xw_label(c, "unit.gpus", "GPUs"),
                   src);
    else
        plan_formula(c, row, label, "refresh_count",
                     xw_formula(c, f, sizeof f, "=Plan%zu_OwnCount", p + 1), n, src);
    tci_utf8_format(name, sizeof name, "Plan%zu_RefreshCount", p + 1);
    xw_in_name(c, name, row++, XW_COL_VAL);
    return row;
}

/* Plan p's staged purchases (MODEL.md, Staged purchases), the own_count row
 * at `row` their sum: after it, each purchase's month ("buy_at, N, month"),
 * then each one's GPUs ("buy_at, N, GPUs"), inputs named Plan{n}_BuyMonths
 * and Plan{n}_BuyCounts. Returns the row of the last. */
static int inputs_buys(xw_ctx *c, size_t p, int row, const char *src)
{
    const tco_plan *pl = &c->s->plans[p];
    const int n = (int)pl->n_buys, own = row;
    char label[XW_MAX_TEXT / 4], key[64], name[48], f[XW_FBUF];
    const char *what[2] = {"month", "GPUs"};
    /* The Inputs sheet is written row by row: the sum first. */
    plan_formula(c, own, xw_label(c, "inputs.plan.own_count", "Owned GPUs"), "own_count",
                 xw_formula(c, f, sizeof f, "=SUM(Plan%zu_BuyCounts)", p + 1),
                 c->r->plans[p].own_count, src);
    c->ps[p].in_buy = own + 1;
    for (int k = 0; k < 2; k++) {
        for (int j = 0; j < n; j++) {
            if (k)
                xw_labelf(c, label, sizeof label, "inputs.plan.buy_count",
                          "Owned GPUs bought in purchase {n}", "n", xw_int(j + 1).s, NULL);
            else
                xw_labelf(c, label, sizeof label, "inputs.plan.buy_month", "Month of purchase {n}",
                          "n", xw_int(j + 1).s, NULL);
            tci_utf8_format(key, sizeof key, "buy_at, %d, %s", j + 1, what[k]);
            plan_input(c, ++row, label, key, k ? pl->buy_count[j] : pl->buy_month[j], XN_INT,
                       k ? (plan_range){1, 1000000, 1} : month_range(c),
                       k ? xw_label(c, "unit.gpus", "GPUs") : xw_label(c, "unit.month", "month"),
                       src);
        }
        tci_utf8_format(name, sizeof name, k ? "Plan%zu_BuyCounts" : "Plan%zu_BuyMonths", p + 1);
        define_rows(c, name, row - n + 1, row);
    }
    return row;
}

/* See inputs.h. */
int xw_in_plans(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->inputs;
    for (size_t p = 0; p < s->n_plans; p++) {
        const tco_plan *pl = &s->plans[p];
        const tco_plan_result *pr = &c->r->plans[p];
        char head[XW_MAX_TEXT / 4], src[160], name[48], *nm = xw_clean_text(c, pl->name, 200);
        xw_labelf(c, head, sizeof head, "inputs.plan", "Plan {name}", "name", nm ? nm : "", NULL);
        free(nm);
        xw_in_source(c, src, sizeof src, TCO_SRC_INI, pl->in_file, pl->line);
        xw_text(c, ws, row++, 0, head, xw_fmt(c, XS_SECTION, XN_NONE));
        const char *gpus = xw_label(c, "unit.gpus", "GPUs");
        if (pl->own_i >= 0) {
            c->ps[p].in_own = row;
            if (pl->n_buys > 0)
                row = inputs_buys(c, p, row, src);
            else
                plan_input(c, row, xw_label(c, "inputs.plan.own_count", "Owned GPUs"), "own_count",
                           pr->own_count, XN_INT, key_range(tci_plan_key(TCI_P_OWN_COUNT)), gpus,
                           src);
            tci_utf8_format(name, sizeof name, "Plan%zu_OwnCount", p + 1);
            xw_in_name(c, name, c->ps[p].in_own, XW_COL_VAL);
            row++;
        }
        if (pl->own_i >= 0 && pr->spares > 0) {
            c->ps[p].in_spares = row;
            plan_input(c, row, xw_label(c, "inputs.plan.spares", "Owned GPUs held back as spares"),
                       "spares", pr->spares, XN_INT, key_range(tci_plan_key(TCI_P_SPARES)), gpus,
                       src);
            tci_utf8_format(name, sizeof name, "Plan%zu_Spares", p + 1);
            xw_in_name(c, name, row++, XW_COL_VAL);
        }
        if (pl->own_i >= 0 && pl->refresh_i >= 0)
            row = inputs_refresh(c, p, row, src);
        if (pl->reserve_i >= 0) {
            c->ps[p].in_res = row;
            plan_input(c, row, xw_label(c, "inputs.plan.reserve_count", "Reserved GPUs"),
                       "reserve_count", pr->reserve_count, XN_INT,
                       key_range(tci_plan_key(TCI_P_RESERVE_COUNT)), gpus, src);
            tci_utf8_format(name, sizeof name, "Plan%zu_ReserveCount", p + 1);
            xw_in_name(c, name, row++, XW_COL_VAL);
        }
        row++;
    }
    return row;
}
