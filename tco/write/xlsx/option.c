/* xlsx_model.c - the workbook's model sheets: one monthly cash flow per option,
 * the Summary with its charts, and the Checks. Each cash-flow row is one
 * formula copied across the timeline; constants live on Inputs. */
#include "write/xlsx/xw.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FBUF          2048 /* one formula */
#define XW_MAX_SERIES 255  /* series in one chart */
#define TBUF          4096 /* one label built from user text */

/* ===== Layout ===== */

/* (1 + rate)^y(m): an escalation (rate > 0) or decline (rate < 0) in yearly steps. */
static double price_factor(double rate, int m)
{
    return pow(1 + rate, (m - 1) / 12);
}

/* See xlsx_internal.h. Rows are fixed here so that formulas on any sheet can
 * refer to any other before it is written; the cached break-even quantities
 * (slope and total at utilization 0) are computed here as the formulas do. */
void xw_option_layout(xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const tco_option_result *res = &c->r->options[i];
    xw_optsheet *L = &c->os[i];
    int *rows[] = {&L->r_month,   &L->r_year,      &L->r_price,       &L->r_factor,   &L->r_capex,
                   &L->r_opcost,  &L->r_cum,       &L->r_resid,       &L->r_net,      &L->r_df,
                   &L->r_pv,      &L->r_dep,       &L->r_bv,          &L->r_bcum,     &L->r_flag,
                   &L->s_cash,    &L->s_book,      &L->s_base,        &L->s_drivers,  &L->k_util,
                   &L->k_servers, &L->k_capex_gpu, &L->k_capex_infra, &L->k_capex,    &L->k_gpu_w,
                   &L->k_it_kw,   &L->k_prov_kw,   &L->k_resfrac,     &L->k_residual, &L->k_salvage,
                   &L->k_life,    &L->k_rm,        &L->k_gpuh,        &L->k_pflop,    &L->k_units,
                   &L->k_wpkw,    &L->k_slope,     &L->k_total0,      &L->k_beu};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
        *rows[k] = -1;
    L->buy = o->acquire == TCO_BUY;
    L->has_base = L->buy && c->r->baseline >= 0;
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    int r = 3;
    L->r_month = r++;
    L->r_year = r++;
    r++;
    L->s_cash = r++;
    if (L->buy)
        L->r_price = r++;
    else if (o->pricing == TCO_ON_DEMAND)
        L->r_factor = r++;
    L->r_capex = r++;
    for (int k = 0; k < XL_LINES; k++)
        L->r_line[k] = r++;
    L->r_opcost = r++;
    L->r_cum = r++;
    if (L->buy)
        L->r_resid = r++;
    L->r_net = r++;
    L->r_df = r++;
    L->r_pv = r++;
    if (L->buy) {
        r++;
        L->s_book = r++;
        L->r_dep = r++;
        L->r_bv = r++;
    }
    if (L->has_base) {
        r++;
        L->s_base = r++;
        L->r_bcum = r++;
        L->r_flag = r++;
    }
    r++;
    L->s_drivers = r++;
    L->k_util = r++;
    if (L->buy) {
        L->k_servers = r++;
        L->k_capex_gpu = r++;
        L->k_capex_infra = r++;
        L->k_capex = r++;
        L->k_gpu_w = r++;
        L->k_it_kw = r++;
        L->k_prov_kw = r++;
        L->k_resfrac = r++;
        L->k_residual = r++;
        if (!macrs)
            L->k_salvage = r++;
        L->k_life = r++;
    } else {
        L->k_capex = r++;
    }
    L->k_rm = r++;
    L->k_gpuh = r++;
    L->k_pflop = r++;
    L->k_units = r++;
    if (L->buy)
        L->k_wpkw = r++;
    L->k_slope = r++;
    L->k_total0 = r++;
    if (L->has_base)
        L->k_beu = r++;

    /* Total cost per unit of utilization: the only terms that depend on u. */
    const int H = s->horizon_months;
    const double T = s->hours_per_month;
    double sum = 0;
    L->slope = 0;
    if (L->buy) {
        for (int m = 1; m <= H; m++)
            sum += s->electricity_price * price_factor(s->electricity_escalation, m);
        L->slope = o->count * o->tdp_w * (o->load_power_fraction - o->idle_power_fraction) / 1000 *
                   T * s->pue * sum;
    } else if (o->pricing == TCO_ON_DEMAND) {
        for (int m = 1; m <= H; m++)
            sum += price_factor(-o->price_decline, m);
        L->slope = o->count * T * o->price_per_gpu_hour * sum;
    }
    L->total0 = res->total - L->slope * res->utilization;
}

/* ===== Cells of an option sheet ===== */

static void label_row(xw_ctx *c, lxw_worksheet *ws, int row, const char *label, const char *unit,
                      xw_style st)
{
    xw_text(c, ws, row, XW_COL_LABEL, label,
            xw_fmt(c, st == XS_TOTAL ? XS_TOTAL : XS_TEXT, XN_NONE));
    if (unit && *unit)
        xw_text(c, ws, row, XW_COL_UNIT, unit, xw_fmt(c, XS_KEY, XN_NONE));
}

/* Same-sheet references: $C$n for a driver, E$n for a timeline cell. */
static const char *drv(xw_ctx *c, int row)
{
    return xw_ref(c, NULL, row, XW_COL_VAL, 1, 1);
}

static const char *at(xw_ctx *c, int row, int col)
{
    return xw_ref(c, NULL, row, col, 1, 0);
}

/* A driver: label, unit and a formula in column C with its cached value. */
static void driver(xw_ctx *c, lxw_worksheet *ws, int row, const char *label, const char *unit,
                   const char *formula, double v, xw_numfmt nf)
{
    label_row(c, ws, row, label, unit, XS_TEXT);
    xw_fnum(c, ws, row, XW_COL_VAL, formula, v, xw_fmt(c, XS_CALC, nf));
}

/* =SUM over months a..b of a row, in column C, cached v. */
static void row_total(xw_ctx *c, lxw_worksheet *ws, int row, int first, int last, double v,
                      xw_style st, xw_numfmt nf)
{
    char f[FBUF];
    xw_fnum(c, ws, row, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=SUM(%s)", xw_range(c, NULL, row, first, row, last)), v,
            xw_fmt(c, st, nf));
}

static int max_i(int a, int b)
{
    return a > b ? a : b;
}

/* Width of a money column that must show `v` with separators and a symbol. */
static int money_width(xw_ctx *c, double v)
{
    int digits = v >= 1 ? (int)floor(log10(fabs(v))) + 1 : 1;
    return digits + (digits - 1) / 3 + (int)strlen(c->currency) + 4;
}

static void write_depreciation(xw_ctx *c, size_t i, char *f, size_t fs, int col)
{
    const tco_option *o = &c->s->options[i];
    const xw_optsheet *L = &c->os[i];
    const char *y = at(c, L->r_year, col);
    switch (o->depreciation) {
    case TCO_DEP_STRAIGHT_LINE:
        xw_f(c, f, fs, "=IF(%s>%s,0,SLN(%s,%s,%s)/12)", y, drv(c, L->k_life), drv(c, L->k_capex),
             drv(c, L->k_salvage), drv(c, L->k_life));
        break;
    case TCO_DEP_DOUBLE_DECLINING:
        xw_f(c, f, fs, "=IF(%s>%s,0,VDB(%s,%s,%s,%s-1,%s)/12)", y, drv(c, L->k_life),
             drv(c, L->k_capex), drv(c, L->k_salvage), drv(c, L->k_life), y, y);
        break;
    case TCO_DEP_SUM_OF_YEARS:
        xw_f(c, f, fs, "=IF(%s>%s,0,SYD(%s,%s,%s,%s)/12)", y, drv(c, L->k_life), drv(c, L->k_capex),
             drv(c, L->k_salvage), drv(c, L->k_life), y);
        break;
    case TCO_DEP_MACRS5:
    case TCO_DEP_MACRS7: {
        int mc = o->depreciation == TCO_DEP_MACRS5 ? XW_COL_VAL : XW_COL_VAL + 1;
        xw_f(c, f, fs, "=IF(%s>%s,0,%s*INDEX(%s,%s)/12)", y, drv(c, L->k_life), drv(c, L->k_capex),
             xw_range(c, c->sheet_q[TCI_SHEET_INPUTS], c->in_macrs, mc, c->in_macrs + 7, mc), y);
        break;
    }
    }
}

/* See xlsx_internal.h. */
void xw_write_option(xw_ctx *c, size_t i)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    const tco_option *o = &s->options[i];
    const tco_option_result *res = &r->options[i];
    const xw_optsheet *L = &c->os[i];
    lxw_worksheet *ws = L->ws;
    const int H = s->horizon_months, M0 = XW_COL_M0, last = XW_COL_M0 + H;
    const double T = s->hours_per_month;
    char f[FBUF], t[TBUF], cur[64];
    snprintf(cur, sizeof cur, "%s", c->currency);
    lxw_format *money = xw_fmt(c, XS_CALC, XN_MONEY), *money_t = xw_fmt(c, XS_TOTAL, XN_MONEY);

    /* Columns: labels, unit, total, then one per month. */
    double biggest = res->capex;
    for (int m = 1; m <= H; m++)
        biggest = fmax(biggest, fabs(res->monthly[m - 1].cumulative));
    worksheet_set_column(ws, XW_COL_LABEL, XW_COL_LABEL, 46, NULL);
    worksheet_set_column(ws, XW_COL_UNIT, XW_COL_UNIT, 14, NULL);
    worksheet_set_column(ws, XW_COL_VAL, XW_COL_VAL, max_i(14, money_width(c, biggest) + 1), NULL);
    worksheet_set_column(ws, M0, (lxw_col_t)last, max_i(10, money_width(c, biggest)), NULL);

    /* Title and timeline headings (frozen). */
    xw_text(c, ws, 0, 0, c->label[i], xw_fmt(c, XS_TITLE, XN_NONE));
    if (L->buy)
        xw_labelf(c, t, sizeof t, "option.subtitle.buy",
                  "Bought: {count} GPUs in {servers} servers. Monthly cash flow in {currency}; "
                  "month 0 is the acquisition. Drivers are below the timeline; assumptions on "
                  "Inputs.",
                  "count", xw_int(c, o->count), "servers", xw_int(c, res->servers), "currency",
                  cur, NULL);
    else
        xw_labelf(c, t, sizeof t, "option.subtitle.rent",
                  "Rented ({pricing}): {count} GPUs. Monthly cash flow in {currency}; month 0 is "
                  "any upfront payment. Drivers are below the timeline; assumptions on Inputs.",
                  "pricing",
                  o->pricing == TCO_RESERVED ? xw_label(c, "common.reserved", "reserved")
                                             : xw_label(c, "common.on_demand", "on demand"),
                  "count", xw_int(c, o->count), "currency", cur, NULL);
    xw_text(c, ws, 1, 0, t, xw_fmt(c, XS_SUBTITLE, XN_NONE));
    if (s->model_params > 0 && res->sizing.fits == 0) {
        if (isfinite(res->sizing.min_gpus)) {
            char gb[48], min[48];
            snprintf(gb, sizeof gb, "%.0f", res->sizing.memory_needed_gb);
            snprintf(min, sizeof min, "%.0f", res->sizing.min_gpus);
            xw_labelf(c, t, sizeof t, "option.nofit",
                      "Warning: the workload's model ({gb} GB) does not fit in these {count} "
                      "GPUs' memory; it needs at least {min}. Costed as written.",
                      "gb", gb, "count", xw_int(c, o->count), "min", min, NULL);
        } else {
            snprintf(t, sizeof t, "%s",
                     xw_label(c, "option.nofit.unknown",
                              "Warning: the workload's model does not fit in these GPUs' "
                              "memory. Costed as written."));
        }
        xw_text(c, ws, 2, 0, t, c->fmt_nofit);
    }
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE), *headnum = xw_fmt(c, XS_HEADNUM, XN_INT);
    xw_text(c, ws, L->r_month, XW_COL_LABEL, xw_label(c, "option.head.month", "Month"), head);
    xw_text(c, ws, L->r_month, XW_COL_UNIT, xw_label(c, "option.head.unit", "Unit"), head);
    xw_text(c, ws, L->r_month, XW_COL_VAL, xw_label(c, "option.head.total", "Total"), head);
    /* Every sheet is written row by row, top to bottom (the workbook is
     * written in constant_memory mode): a row's cells, then the next row's. */
    xw_num(c, ws, L->r_month, M0, 0, headnum);
    for (int m = 1; m <= H; m++)
        xw_fnum(c, ws, L->r_month, M0 + m,
                xw_f(c, f, sizeof f, "=%s+1", xw_ref(c, NULL, L->r_month, M0 + m - 1, 0, 0)), m,
                headnum);
    xw_text(c, ws, L->r_year, XW_COL_LABEL,
            xw_label(c, "option.head.year", "Year (year 1 = months 1-12)"), head);
    worksheet_write_blank(ws, (lxw_row_t)L->r_year, XW_COL_UNIT, head);
    worksheet_write_blank(ws, (lxw_row_t)L->r_year, XW_COL_VAL, head);
    for (int m = 0; m <= H; m++) {
        int col = M0 + m;
        const char *mo = at(c, L->r_month, col);
        xw_fnum(c, ws, L->r_year, col, xw_f(c, f, sizeof f, "=IF(%s=0,0,INT((%s-1)/12)+1)", mo, mo),
                m == 0 ? 0 : (m - 1) / 12 + 1, headnum);
    }
    worksheet_freeze_panes(ws, (lxw_row_t)(L->r_year + 1), (lxw_col_t)M0);
    xw_labelf(c, t, sizeof t, "option.cash", "Monthly cash flow ({currency})", "currency", cur,
              NULL);
    xw_text(c, ws, L->s_cash, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));

    /* Escalation (buy) or decline (rent on demand), in annual steps. */
    if (L->r_price >= 0) {
        xw_labelf(c, t, sizeof t, "unit.money_per_kwh", "{currency} per kWh", "currency", cur,
                  NULL);
        label_row(c, ws, L->r_price,
                  xw_label(c, "option.price", "Electricity price, escalated yearly"), t, XS_TEXT);
        for (int m = 1; m <= H; m++)
            xw_fnum(c, ws, L->r_price, M0 + m,
                    xw_f(c, f, sizeof f, "=ElectricityPrice*(1+ElectricityEscalation)^(%s-1)",
                         at(c, L->r_year, M0 + m)),
                    s->electricity_price * price_factor(s->electricity_escalation, m),
                    xw_fmt(c, XS_CALC, XN_MONEY4));
    }
    if (L->r_factor >= 0) {
        label_row(c, ws, L->r_factor,
                  xw_label(c, "option.factor", "Rental price factor after the yearly decline"),
                  xw_label(c, "unit.factor", "factor"), XS_TEXT);
        for (int m = 1; m <= H; m++)
            xw_fnum(c, ws, L->r_factor, M0 + m,
                    xw_f(c, f, sizeof f, "=(1-%s)^(%s-1)", xw_in(c, i, TCO_O_PRICE_DECLINE),
                         at(c, L->r_year, M0 + m)),
                    price_factor(-o->price_decline, m), xw_fmt(c, XS_CALC, XN_DEC6));
    }

    /* Capex at month 0. */
    label_row(c, ws, L->r_capex,
              L->buy ? xw_label(c, "option.capex", "Capex")
                     : xw_label(c, "option.upfront", "Upfront payment"),
              cur, XS_TEXT);
    xw_fnum(c, ws, L->r_capex, M0, xw_f(c, f, sizeof f, "=%s", drv(c, L->k_capex)), res->capex,
            money);
    row_total(c, ws, L->r_capex, M0, last, res->capex, XS_CALC, XN_MONEY);

    /* The six cost lines of MODEL.md; a line that does not apply stays empty. */
    const char *names[XL_LINES] = {
        xw_label(c, "option.line.power", "Power (IT load)"),
        xw_label(c, "option.line.cooling", "Cooling (PUE overhead)"),
        xw_label(c, "option.line.facility", "Facility (colocation)"),
        xw_label(c, "option.line.maintenance", "Maintenance"),
        xw_label(c, "option.line.staff", "Staff"),
        xw_label(c, "option.line.rental", "Rental")};
    double totals[XL_LINES] = {res->power,       res->cooling, res->facility,
                               res->maintenance, res->staff,   res->rental};
    for (int k = 0; k < XL_LINES; k++) {
        int row = L->r_line[k], applies = L->buy ? k != XL_RENTAL : k == XL_RENTAL;
        if (applies)
            snprintf(t, sizeof t, "%s", names[k]);
        else if (L->buy)
            xw_labelf(c, t, sizeof t, "option.line.owned", "{line}: none, the hardware is owned",
                      "line", names[k], NULL);
        else
            xw_labelf(c, t, sizeof t, "option.line.rented", "{line}: included in the rental price",
                      "line", names[k], NULL);
        label_row(c, ws, row, t, cur, XS_TEXT);
        row_total(c, ws, row, M0 + 1, last, totals[k], XS_CALC, XN_MONEY);
        if (!applies)
            continue;
        for (int m = 1; m <= H; m++) {
            int col = M0 + m;
            const tco_month *mo = &res->monthly[m - 1];
            double v = 0;
            switch (k) {
            case XL_POWER:
                xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s", drv(c, L->k_it_kw),
                     at(c, L->r_price, col));
                v = mo->power;
                break;
            case XL_COOLING:
                xw_f(c, f, sizeof f, "=%s*HoursPerMonth*(PUE-1)*%s", drv(c, L->k_it_kw),
                     at(c, L->r_price, col));
                v = mo->cooling;
                break;
            case XL_FACILITY:
                xw_f(c, f, sizeof f, "=%s*ColoPerKwMonth", drv(c, L->k_prov_kw));
                v = mo->facility;
                break;
            case XL_MAINTENANCE:
                xw_f(c, f, sizeof f, "=%s*%s/12", drv(c, L->k_capex),
                     xw_in(c, i, TCO_O_MAINTENANCE_RATE));
                v = mo->maintenance;
                break;
            case XL_STAFF:
                xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_STAFF_PER_MONTH));
                v = mo->staff;
                break;
            default:
                if (o->pricing == TCO_ON_DEMAND)
                    xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s*%s*%s+%s",
                         xw_in(c, i, TCO_O_COUNT_GPUS), drv(c, L->k_util),
                         xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR), at(c, L->r_factor, col),
                         xw_in(c, i, TCO_O_STORAGE_PER_MONTH));
                else
                    xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s+%s", xw_in(c, i, TCO_O_COUNT_GPUS),
                         xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR),
                         xw_in(c, i, TCO_O_STORAGE_PER_MONTH));
                v = mo->rental;
                break;
            }
            xw_fnum(c, ws, row, col, f, v, money);
        }
    }

    /* Operating cost, cumulative, residual, net, discounting. */
    double opsum = 0;
    label_row(c, ws, L->r_opcost, xw_label(c, "option.opcost", "Operating cost"), cur, XS_TOTAL);
    for (int m = 1; m <= H; m++) {
        int col = M0 + m;
        opsum += res->monthly[m - 1].cost;
        xw_fnum(c, ws, L->r_opcost, col,
                xw_f(c, f, sizeof f, "=SUM(%s:%s)", xw_ref(c, NULL, L->r_line[0], col, 0, 0),
                     xw_ref(c, NULL, L->r_line[XL_LINES - 1], col, 0, 0)),
                res->monthly[m - 1].cost, money_t);
    }
    row_total(c, ws, L->r_opcost, M0 + 1, last, opsum, XS_TOTAL, XN_MONEY);

    label_row(c, ws, L->r_cum, xw_label(c, "option.cum", "Cumulative cost, before residual"), cur,
              XS_TEXT);
    xw_fnum(c, ws, L->r_cum, M0, xw_f(c, f, sizeof f, "=%s", at(c, L->r_capex, M0)), res->capex,
            money);
    for (int m = 1; m <= H; m++)
        xw_fnum(c, ws, L->r_cum, M0 + m,
                xw_f(c, f, sizeof f, "=%s+%s", xw_ref(c, NULL, L->r_cum, M0 + m - 1, 0, 0),
                     xw_ref(c, NULL, L->r_opcost, M0 + m, 0, 0)),
                res->monthly[m - 1].cumulative, money);

    if (L->r_resid >= 0) {
        xw_labelf(c, t, sizeof t, "option.resid", "Residual value, received at month {month}",
                  "month", xw_int(c, H), NULL);
        label_row(c, ws, L->r_resid, t, cur, XS_TEXT);
        xw_fnum(c, ws, L->r_resid, last, xw_f(c, f, sizeof f, "=%s", drv(c, L->k_residual)),
                res->residual, money);
        row_total(c, ws, L->r_resid, M0, last, res->residual, XS_CALC, XN_MONEY);
    }

    label_row(c, ws, L->r_net,
              xw_label(c, "option.net", "Net cost (capex + operating cost - residual)"), cur,
              XS_TOTAL);
    xw_fnum(c, ws, L->r_net, M0, xw_f(c, f, sizeof f, "=%s", at(c, L->r_capex, M0)), res->capex,
            money_t);
    double df = 1, pv_cached[TCO_MAX_HORIZON + 1], net_cached[TCO_MAX_HORIZON + 1];
    net_cached[0] = res->capex;
    for (int m = 1; m <= H; m++) {
        int col = M0 + m;
        double net = res->monthly[m - 1].cost - (m == H && L->buy ? res->residual : 0);
        if (L->r_resid >= 0)
            xw_f(c, f, sizeof f, "=%s-%s", xw_ref(c, NULL, L->r_opcost, col, 0, 0),
                 xw_ref(c, NULL, L->r_resid, col, 0, 0));
        else
            xw_f(c, f, sizeof f, "=%s", xw_ref(c, NULL, L->r_opcost, col, 0, 0));
        xw_fnum(c, ws, L->r_net, col, f, net, money_t);
        net_cached[m] = net;
    }
    row_total(c, ws, L->r_net, M0, last, res->total, XS_TOTAL, XN_MONEY);

    label_row(c, ws, L->r_df, xw_label(c, "option.df", "Discount factor"),
              xw_label(c, "unit.factor", "factor"), XS_TEXT);
    for (int m = 0; m <= H; m++) {
        int col = M0 + m;
        df = 1 / pow(1 + r->monthly_rate, m);
        xw_fnum(c, ws, L->r_df, col,
                xw_f(c, f, sizeof f, "=1/(1+%s)^%s", drv(c, L->k_rm), at(c, L->r_month, col)), df,
                xw_fmt(c, XS_CALC, XN_DEC6));
        pv_cached[m] = net_cached[m] * df;
    }
    label_row(c, ws, L->r_pv, xw_label(c, "option.pv", "Present value"), cur, XS_TOTAL);
    for (int m = 0; m <= H; m++) {
        int col = M0 + m;
        xw_fnum(c, ws, L->r_pv, col,
                xw_f(c, f, sizeof f, "=%s*%s", xw_ref(c, NULL, L->r_net, col, 0, 0),
                     xw_ref(c, NULL, L->r_df, col, 0, 0)),
                pv_cached[m], money_t);
    }
    row_total(c, ws, L->r_pv, M0, last, res->npv, XS_TOTAL, XN_MONEY);

    /* Book view: depreciation and book value (not part of cost or NPV). */
    if (L->buy) {
        const char *method =
            tco_option_key(TCO_O_DEPRECIATION)
                ->names[o->depreciation >= 0 && o->depreciation <= TCO_DEP_MACRS7 ? o->depreciation
                                                                                  : 0];
        char mk[64];
        snprintf(mk, sizeof mk, "depreciation.%s", method);
        xw_labelf(c, t, sizeof t, "option.book",
                  "Book view ({method}): does not change cost or NPV", "method",
                  xw_label(c, mk, method), NULL);
        xw_text(c, ws, L->s_book, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        label_row(c, ws, L->r_dep, xw_label(c, "option.dep", "Depreciation"), cur, XS_TEXT);
        for (int m = 1; m <= H; m++) {
            write_depreciation(c, i, f, sizeof f, M0 + m);
            xw_fnum(c, ws, L->r_dep, M0 + m, f, res->monthly[m - 1].depreciation, money);
        }
        row_total(c, ws, L->r_dep, M0 + 1, last, res->depreciation, XS_CALC, XN_MONEY);
        label_row(c, ws, L->r_bv, xw_label(c, "option.bv", "Book value, end of month"), cur,
                  XS_TEXT);
        xw_fnum(c, ws, L->r_bv, M0, xw_f(c, f, sizeof f, "=%s", drv(c, L->k_capex)), res->capex,
                money);
        double bv = res->capex;
        for (int m = 1; m <= H; m++) {
            int col = M0 + m;
            bv -= res->monthly[m - 1].depreciation;
            if (m == H)
                bv = res->book_value_end;
            xw_fnum(c, ws, L->r_bv, col,
                    xw_f(c, f, sizeof f, "=%s-%s", xw_ref(c, NULL, L->r_bv, col - 1, 0, 0),
                         xw_ref(c, NULL, L->r_dep, col, 0, 0)),
                    bv, money);
        }
    }

    /* Against the baseline: its cumulative cost and where this option is cheaper. */
    if (L->has_base) {
        int b = r->baseline;
        const xw_optsheet *B = &c->os[b];
        const tco_option_result *rb = &r->options[b];
        xw_labelf(c, t, sizeof t, "option.base", "Against the baseline: {label}", "label",
                  c->label[b], NULL);
        xw_text(c, ws, L->s_base, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        label_row(c, ws, L->r_bcum,
                  xw_label(c, "option.bcum", "Baseline cumulative cost, before residual"), cur,
                  XS_TEXT);
        for (int m = 0; m <= H; m++) {
            int col = M0 + m;
            double bc = m == 0 ? rb->capex : rb->monthly[m - 1].cumulative;
            xw_fnum(c, ws, L->r_bcum, col,
                    xw_f(c, f, sizeof f, "=%s", xw_ref(c, B->quoted, B->r_cum, col, 0, 0)), bc,
                    money);
        }
        label_row(c, ws, L->r_flag,
                  xw_label(c, "option.flag", "Cheaper to date than the baseline (1 = yes)"),
                  xw_label(c, "unit.flag", "flag"), XS_TEXT);
        for (int m = 1; m <= H; m++) {
            int col = M0 + m;
            double bc = rb->monthly[m - 1].cumulative;
            xw_fnum(c, ws, L->r_flag, col,
                    xw_f(c, f, sizeof f, "=IF(%s<=%s,1,0)", xw_ref(c, NULL, L->r_cum, col, 0, 0),
                         xw_ref(c, NULL, L->r_bcum, col, 0, 0)),
                    res->monthly[m - 1].cumulative <= bc ? 1 : 0, xw_fmt(c, XS_CALC, XN_INT));
        }
    }

    /* Drivers: the per-option quantities the timeline uses, from Inputs. */
    xw_text(c, ws, L->s_drivers, 0, xw_label(c, "option.drivers", "Drivers (from Inputs)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, ws, L->s_drivers, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    driver(c, ws, L->k_util, xw_label(c, "option.util", "Utilization"), "%",
           xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_UTILIZATION)), res->utilization, XN_PCT);
    const char *count = NULL;
    if (L->buy) {
        driver(c, ws, L->k_servers, xw_label(c, "option.servers", "Servers"),
               xw_label(c, "unit.servers", "servers"),
               xw_f(c, f, sizeof f, "=-INT(-%s/%s)", xw_in(c, i, TCO_O_COUNT_GPUS),
                    xw_in(c, i, TCO_O_GPUS_PER_SERVER)),
               res->servers, XN_INT);
        count = xw_in(c, i, TCO_O_COUNT_GPUS);
        driver(c, ws, L->k_capex_gpu, xw_label(c, "option.capex_gpu", "Capex: GPUs"), cur,
               xw_f(c, f, sizeof f, "=%s*%s", count, xw_in(c, i, TCO_O_GPU_PRICE)), res->capex_gpu,
               XN_MONEY);
        driver(c, ws, L->k_capex_infra,
               xw_label(c, "option.capex_infra", "Capex: servers and network"), cur,
               xw_f(c, f, sizeof f, "=%s*(%s+%s)", drv(c, L->k_servers),
                    xw_in(c, i, TCO_O_SERVER_PRICE), xw_in(c, i, TCO_O_NETWORK_PRICE)),
               res->capex_infra, XN_MONEY);
        driver(c, ws, L->k_capex,
               xw_label(c, "option.capex_total", "Capex: total, paid at month 0"), cur,
               xw_f(c, f, sizeof f, "=%s+%s+%s", drv(c, L->k_capex_gpu), drv(c, L->k_capex_infra),
                    xw_in(c, i, TCO_O_INSTALL_PRICE)),
               res->capex, XN_MONEY);
        double u = res->utilization;
        driver(c, ws, L->k_gpu_w,
               xw_label(c, "option.gpu_w", "Power per GPU at this utilization"),
               xw_label(c, "unit.w", "W"),
               xw_f(c, f, sizeof f, "=%s*(%s+%s*(%s-%s))", xw_in(c, i, TCO_O_TDP_W),
                    xw_in(c, i, TCO_O_IDLE_POWER_FRACTION), drv(c, L->k_util),
                    xw_in(c, i, TCO_O_LOAD_POWER_FRACTION), xw_in(c, i, TCO_O_IDLE_POWER_FRACTION)),
               o->tdp_w *
                   (o->idle_power_fraction + u * (o->load_power_fraction - o->idle_power_fraction)),
               XN_DEC2);
        driver(c, ws, L->k_it_kw, xw_label(c, "option.it_kw", "IT load"),
               xw_label(c, "unit.kw", "kW"),
               xw_f(c, f, sizeof f, "=(%s*%s+%s*%s)/1000", xw_in(c, i, TCO_O_COUNT_GPUS),
                    drv(c, L->k_gpu_w), drv(c, L->k_servers), xw_in(c, i, TCO_O_SERVER_POWER_W)),
               res->it_kw, XN_DEC2);
        driver(c, ws, L->k_prov_kw, xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
               xw_label(c, "unit.kw", "kW"),
               xw_f(c, f, sizeof f, "=(%s*%s+%s*%s)/1000", xw_in(c, i, TCO_O_COUNT_GPUS),
                    xw_in(c, i, TCO_O_TDP_W), drv(c, L->k_servers),
                    xw_in(c, i, TCO_O_SERVER_POWER_W)),
               res->provisioned_kw, XN_DEC2);
        driver(c, ws, L->k_resfrac, xw_label(c, "option.resfrac", "Resale value at the end"),
               xw_label(c, "unit.pct_hardware", "% of hardware"),
               xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_RESALE_FRACTION)),
               res->residual_fraction, XN_PCT);
        driver(c, ws, L->k_residual,
               xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"), cur,
               xw_f(c, f, sizeof f, "=(%s+%s)*%s", drv(c, L->k_capex_gpu), drv(c, L->k_capex_infra),
                    drv(c, L->k_resfrac)),
               res->residual, XN_MONEY);
        if (L->k_salvage >= 0)
            driver(c, ws, L->k_salvage, xw_label(c, "option.salvage", "Book salvage value"), cur,
                   xw_f(c, f, sizeof f, "=%s*%s", drv(c, L->k_capex),
                        xw_in(c, i, TCO_O_SALVAGE_FRACTION)),
                   res->capex * o->salvage_fraction, XN_MONEY);
        driver(c, ws, L->k_life, xw_label(c, "option.life", "Depreciation life"),
               xw_label(c, "unit.years", "years"),
               xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_DEPRECIATION_YEARS)),
               tco_depreciation_life(o), XN_INT);
    } else {
        driver(c, ws, L->k_capex, xw_label(c, "option.upfront0", "Upfront payment, month 0"), cur,
               xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_UPFRONT)), res->capex, XN_MONEY);
    }
    driver(c, ws, L->k_rm, xw_label(c, "option.rm", "Monthly discount rate"),
           xw_label(c, "unit.pct_month", "% per month"), "=(1+DiscountRate)^(1/12)-1",
           r->monthly_rate, XN_PCT4);
    driver(c, ws, L->k_gpuh, xw_label(c, "option.gpuh", "GPU-hours used over the horizon"),
           xw_label(c, "unit.gpu_hours", "GPU-hours"),
           xw_f(c, f, sizeof f, "=%s*HoursPerMonth*HorizonMonths*%s", xw_in(c, i, TCO_O_COUNT_GPUS),
                drv(c, L->k_util)),
           res->gpu_hours, XN_INT);
    driver(c, ws, L->k_pflop, xw_label(c, "option.pflop", "PFLOP-hours used (FP16 peak)"),
           xw_label(c, "unit.pflop_hours", "PFLOP-hours"),
           xw_f(c, f, sizeof f, "=%s*%s/1000*HoursPerMonth*HorizonMonths*%s",
                xw_in(c, i, TCO_O_COUNT_GPUS), xw_in(c, i, TCO_O_FP16_TFLOPS), drv(c, L->k_util)),
           o->count * o->fp16_tflops / 1000 * T * H * res->utilization, XN_INT);
    xw_labelf(c, t, sizeof t, "option.units", "Work done over the horizon ({unit}s)", "unit",
              c->unit, NULL);
    driver(c, ws, L->k_units, t, c->unit,
           xw_f(c, f, sizeof f, "=%s*%s*%s*SecondsPerHour*HoursPerMonth*HorizonMonths*%s",
                xw_in(c, i, TCO_O_THROUGHPUT), xw_in(c, i, TCO_O_COUNT_GPUS),
                xw_in(c, i, TCO_O_SCALING_EFFICIENCY), drv(c, L->k_util)),
           res->units, XN_INT);
    if (L->k_wpkw >= 0) {
        xw_labelf(c, t, sizeof t, "option.wpkw", "Work rate per kW of IT load ({unit}s per second)",
                  "unit", c->unit, NULL);
        const char *tp = xw_in(c, i, TCO_O_THROUGHPUT);
        label_row(c, ws, L->k_wpkw, t, xw_label(c, "unit.per_s_per_kw", "per s per kW"), XS_TEXT);
        xw_fnum(c, ws, L->k_wpkw, XW_COL_VAL,
                xw_f(c, f, sizeof f, "=IF(OR(%s<=0,%s=0),\"n/a\",%s*%s*%s/%s)", tp,
                     drv(c, L->k_it_kw), tp, xw_in(c, i, TCO_O_COUNT_GPUS),
                     xw_in(c, i, TCO_O_SCALING_EFFICIENCY), drv(c, L->k_it_kw)),
                res->units_per_s_per_kw, xw_fmt(c, XS_CALC, XN_DEC2));
    }
    /* Break-even utilization: total(u) = total(0) + slope * u for every option. */
    if (L->buy) {
        driver(c, ws, L->k_slope,
               xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"), cur,
               xw_f(c, f, sizeof f, "=%s*%s*(%s-%s)/1000*HoursPerMonth*PUE*SUM(%s)",
                    xw_in(c, i, TCO_O_COUNT_GPUS), xw_in(c, i, TCO_O_TDP_W),
                    xw_in(c, i, TCO_O_LOAD_POWER_FRACTION), xw_in(c, i, TCO_O_IDLE_POWER_FRACTION),
                    xw_range(c, NULL, L->r_price, M0 + 1, L->r_price, last)),
               L->slope, XN_MONEY);
    } else if (o->pricing == TCO_ON_DEMAND) {
        driver(c, ws, L->k_slope,
               xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)"), cur,
               xw_f(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)", xw_in(c, i, TCO_O_COUNT_GPUS),
                    xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR),
                    xw_range(c, NULL, L->r_factor, M0 + 1, L->r_factor, last)),
               L->slope, XN_MONEY);
    } else {
        label_row(
            c, ws, L->k_slope,
            xw_label(c, "option.slope.reserved", "Cost per unit of utilization (reserved: none)"),
            cur, XS_TEXT);
        xw_num(c, ws, L->k_slope, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_MONEY));
    }
    driver(
        c, ws, L->k_total0, xw_label(c, "option.total0", "Total cost at 0% utilization"), cur,
        xw_f(c, f, sizeof f, "=%s-%s*%s", drv(c, L->r_net), drv(c, L->k_slope), drv(c, L->k_util)),
        L->total0, XN_MONEY);
    if (L->k_beu >= 0) {
        const xw_optsheet *B = &c->os[r->baseline];
        char bs[400], bt[400];
        snprintf(bs, sizeof bs, "%s", xw_ref(c, B->quoted, B->k_slope, XW_COL_VAL, 1, 1));
        snprintf(bt, sizeof bt, "%s", xw_ref(c, B->quoted, B->k_total0, XW_COL_VAL, 1, 1));
        double den = B->slope - L->slope;
        label_row(c, ws, L->k_beu,
                  xw_label(c, "option.beu", "Break-even utilization, before the 0-100% limits"),
                  "%", XS_TEXT);
        xw_f(c, f, sizeof f, "=IF(%s-%s=0,\"n/a\",(%s-%s)/(%s-%s))", bs, drv(c, L->k_slope),
             drv(c, L->k_total0), bt, bs, drv(c, L->k_slope));
        if (den == 0)
            xw_fstr(c, ws, L->k_beu, XW_COL_VAL, f, "n/a", xw_fmt(c, XS_CALC, XN_PCT));
        else
            xw_fnum(c, ws, L->k_beu, XW_COL_VAL, f, (L->total0 - B->total0) / den,
                    xw_fmt(c, XS_CALC, XN_PCT));
    }

    int rep_last = L->r_year;
    xw_print_setup(c, ws, 0, rep_last, (H + 13) / 13);
    worksheet_repeat_columns(ws, 0, XW_COL_VAL);
}

/* ===== Summary ===== */

enum {
    XF_ID,
    XF_ACQUIRE,
    XF_COUNT,
    XF_UTIL,
    XF_CAPEX,
    XF_POWER,
    XF_COOLING,
    XF_FACILITY,
    XF_MAINT,
    XF_STAFF,
    XF_RENTAL,
    XF_RESIDUAL,
    XF_TOTAL,
    XF_NPV,
    XF_GPUH,
    XF_CPGH,
    XF_CPPH,
    XF_CPU,
    XF_UPSKW,
    XF_ITKW,
    XF_PROVKW,
    XF_DEP,
    XF_BV,
    XF_BEM,
    XF_BEU,
    XF_RANK,
    XF_N
};

#define NO_OFF ((size_t)-1)
#define R(f)   offsetof(tco_option_result, f)

typedef struct xw_field {
    const char *key;   /* JSON field name */
    const char *lkey;  /* its label's key */
    const char *label; /* {unit} is the unit of work where present */
    xw_numfmt nf;
    const char *group; /* key of the heading of the block this field opens, or NULL */
    size_t off;        /* the engine's double in tco_option_result, or NO_OFF */
} xw_field;

/* The English headings of the blocks, by key. */
static const struct {
    const char *key, *english;
} groups[] = {
    {XW_KEY("summary.group.cost"), "Cost over the horizon"},
    {XW_KEY("summary.group.unit_costs"), "Unit costs"},
    {XW_KEY("summary.group.power"), "Power and book view"},
    {XW_KEY("summary.group.baseline"), "Against the baseline"},
    {XW_KEY("summary.group.ranking"), "Ranking"},
};

static const xw_field fields[XF_N] = {
    {"id", XW_KEY("summary.field.id"), "Option id (link to its cash flow)", XN_NONE, NULL, NO_OFF},
    {"acquire", XW_KEY("summary.field.acquire"), "Acquisition", XN_NONE, NULL, NO_OFF},
    {"count", XW_KEY("summary.field.count"), "GPUs", XN_INT, NULL, NO_OFF},
    {"utilization", XW_KEY("summary.field.utilization"), "Utilization", XN_PCT, NULL,
     R(utilization)},
    {"capex", XW_KEY("summary.field.capex"), "Capex, month 0", XN_MONEY, "summary.group.cost",
     R(capex)},
    {"power", XW_KEY("summary.field.power"), "Power", XN_MONEY, NULL, R(power)},
    {"cooling", XW_KEY("summary.field.cooling"), "Cooling", XN_MONEY, NULL, R(cooling)},
    {"facility", XW_KEY("summary.field.facility"), "Facility (colocation)", XN_MONEY, NULL,
     R(facility)},
    {"maintenance", XW_KEY("summary.field.maintenance"), "Maintenance", XN_MONEY, NULL,
     R(maintenance)},
    {"staff", XW_KEY("summary.field.staff"), "Staff", XN_MONEY, NULL, R(staff)},
    {"rental", XW_KEY("summary.field.rental"), "Rental", XN_MONEY, NULL, R(rental)},
    {"residual", XW_KEY("summary.field.residual"), "Less: residual value", XN_MONEY, NULL,
     R(residual)},
    {"total", XW_KEY("summary.field.total"), "Total cost of ownership", XN_MONEY, NULL, R(total)},
    {"npv", XW_KEY("summary.field.npv"), "Net present value of the cost", XN_MONEY, NULL, R(npv)},
    {"gpu_hours", XW_KEY("summary.field.gpu_hours"), "GPU-hours used", XN_INT,
     "summary.group.unit_costs", R(gpu_hours)},
    {"cost_per_gpu_hour", XW_KEY("summary.field.cost_per_gpu_hour"), "Cost per GPU-hour", XN_MONEY2,
     NULL, R(cost_per_gpu_hour)},
    {"cost_per_pflop_hour", XW_KEY("summary.field.cost_per_pflop_hour"),
     "Cost per PFLOP-hour (FP16 peak)", XN_MONEY_PF, NULL, R(cost_per_pflop_hour)},
    {"cost_per_unit", XW_KEY("summary.field.cost_per_unit"), "Cost per {unit}", XN_MONEY_UN, NULL,
     R(cost_per_unit)},
    {"units_per_s_per_kw", XW_KEY("summary.field.units_per_s_per_kw"),
     "Work rate ({unit}s per second per kW)", XN_DEC2, NULL, R(units_per_s_per_kw)},
    {"it_kw", XW_KEY("summary.field.it_kw"), "IT load", XN_DEC2, "summary.group.power", R(it_kw)},
    {"provisioned_kw", XW_KEY("summary.field.provisioned_kw"), "Provisioned power", XN_DEC2, NULL,
     R(provisioned_kw)},
    {"depreciation", XW_KEY("summary.field.depreciation"), "Depreciation over the horizon (book)",
     XN_MONEY, NULL, R(depreciation)},
    {"book_value_end", XW_KEY("summary.field.book_value_end"), "Book value at the end", XN_MONEY,
     NULL, R(book_value_end)},
    {"breakeven_month", XW_KEY("summary.field.breakeven_month"), "Break-even month", XN_INT,
     "summary.group.baseline", NO_OFF},
    {"breakeven_utilization", XW_KEY("summary.field.breakeven_utilization"),
     "Break-even utilization", XN_PCT, NULL, NO_OFF},
    {"rank", XW_KEY("summary.field.rank"), "Rank (1 = lowest total cost)", XN_INT,
     "summary.group.ranking", NO_OFF},
};

static void field_unit(xw_ctx *c, int fi, char *buf, size_t size)
{
    const char *cur = c->currency;
    switch (fi) {
    case XF_COUNT:
        snprintf(buf, size, "%s", xw_label(c, "unit.gpus", "GPUs"));
        break;
    case XF_UTIL:
    case XF_BEU:
        snprintf(buf, size, "%%");
        break;
    case XF_GPUH:
        snprintf(buf, size, "%s", xw_label(c, "unit.gpu_hours", "GPU-hours"));
        break;
    case XF_CPGH:
        xw_labelf(c, buf, size, "unit.money_per_gpu_hour", "{currency} per GPU-hour", "currency",
                  cur, NULL);
        break;
    case XF_CPPH:
        xw_labelf(c, buf, size, "unit.money_per_pflop_hour", "{currency} per PFLOP-hour",
                  "currency", cur, NULL);
        break;
    case XF_CPU:
        xw_labelf(c, buf, size, "unit.money_per_unit", "{currency} per {unit}", "currency", cur,
                  "unit", c->unit, NULL);
        break;
    case XF_UPSKW:
        snprintf(buf, size, "%s", xw_label(c, "unit.per_s_per_kw", "per s per kW"));
        break;
    case XF_ITKW:
    case XF_PROVKW:
        snprintf(buf, size, "%s", xw_label(c, "unit.kw", "kW"));
        break;
    case XF_BEM:
        snprintf(buf, size, "%s", xw_label(c, "unit.month", "month"));
        break;
    case XF_ID:
    case XF_ACQUIRE:
    case XF_RANK:
        buf[0] = '\0';
        break;
    default:
        snprintf(buf, size, "%s", cur);
        break;
    }
}

/* A field's label: the template's, else the built-in one. */
static void field_label(xw_ctx *c, int fi, char *buf, size_t size)
{
    xw_labelf(c, buf, size, fields[fi].lkey, fields[fi].label, "unit", c->unit, NULL);
}

/* A block heading by key. */
static const char *group_label(xw_ctx *c, const char *key)
{
    for (size_t k = 0; k < sizeof groups / sizeof groups[0]; k++)
        if (strcmp(groups[k].key, key) == 0)
            return xw_label(c, key, groups[k].english);
    return key;
}

/* The engine's value of a field: a number, or NAN with *text set. */
static double engine_value(const tco_result *r, size_t i, int fi, const char **text)
{
    const tco_option_result *o = &r->options[i];
    double v = NAN;
    *text = NULL;
    if (fields[fi].off != NO_OFF) {
        v = *(const double *)((const char *)o + fields[fi].off);
    } else if (fi == XF_COUNT) {
        v = r->scenario->options[i].count;
    } else if (fi == XF_BEM || fi == XF_BEU) {
        v = fi == XF_BEM ? (o->breakeven_month > 0 ? o->breakeven_month : NAN)
                         : o->breakeven_utilization;
        if (!isfinite(v))
            *text = "none";
        return v;
    } else if (fi == XF_RANK) {
        for (size_t k = 0; k < r->n_options; k++)
            if (r->rank[k] == i)
                v = (double)(k + 1);
    }
    if (!isfinite(v))
        *text = "n/a";
    return v;
}

/* Whether a field exists for option i (else the Summary shows a dash). */
static int field_applies(const xw_ctx *c, size_t i, int fi)
{
    const xw_optsheet *L = &c->os[i];
    switch (fi) {
    case XF_RESIDUAL:
    case XF_UPSKW:
    case XF_ITKW:
    case XF_PROVKW:
    case XF_DEP:
    case XF_BV:
        return L->buy;
    case XF_BEM:
    case XF_BEU:
        return L->has_base;
    default:
        return 1;
    }
}

/* A Summary cell: its formula and cached value. */
static void summary_cell(xw_ctx *c, size_t i, int fi, int row, int col)
{
    const tco_scenario *s = c->s;
    const xw_optsheet *L = &c->os[i];
    const tco_option *o = &s->options[i];
    const char *q = L->quoted;
    lxw_worksheet *ws = c->summary;
    char f[FBUF];
    xw_style st = fi == XF_TOTAL ? XS_TOTAL : XS_CALC;
    lxw_format *fmt = xw_fmt(c, st, fields[fi].nf);
    const char *text;
    double v = engine_value(c->r, i, fi, &text);
    if (fi == XF_ID) {
        /* The option's id, linked to its cash-flow sheet. */
        char url[400];
        snprintf(url, sizeof url, "internal:%s!A1", L->quoted);
        lxw_error e = worksheet_write_url_opt(ws, (lxw_row_t)row, (lxw_col_t)col, url,
                                              xw_fmt(c, XS_LINK, XN_GENERAL), c->id[i], NULL);
        if (e && !c->err)
            c->err = e;
        return;
    }
    if (fi == XF_ACQUIRE) {
        xw_text(c, ws, row, col,
                L->buy ? xw_label(c, "summary.acquire.buy", "buy")
                : o->pricing == TCO_RESERVED
                    ? xw_label(c, "summary.acquire.reserved", "rent, reserved")
                    : xw_label(c, "summary.acquire.on_demand", "rent, on demand"),
                xw_fmt(c, XS_CALC, XN_GENERAL));
        return;
    }
    if (!field_applies(c, i, fi)) {
        xw_text(c, ws, row, col, "\xE2\x80\x93", xw_fmt(c, XS_CALC, XN_GENERAL));
        return;
    }
    const char *total = xw_ref(c, NULL, c->sm_rows[XF_TOTAL], col, 0, 0);
    switch (fi) {
    case XF_COUNT:
        xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_COUNT_GPUS));
        break;
    case XF_UTIL:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_util, XW_COL_VAL, 1, 1));
        break;
    case XF_CAPEX:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_capex, XW_COL_VAL, 1, 1));
        break;
    case XF_POWER:
    case XF_COOLING:
    case XF_FACILITY:
    case XF_MAINT:
    case XF_STAFF:
    case XF_RENTAL:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_line[fi - XF_POWER], XW_COL_VAL, 1, 1));
        break;
    case XF_RESIDUAL:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_resid, XW_COL_VAL, 1, 1));
        break;
    case XF_TOTAL:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_net, XW_COL_VAL, 1, 1));
        break;
    case XF_NPV:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_pv, XW_COL_VAL, 1, 1));
        break;
    case XF_GPUH:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_gpuh, XW_COL_VAL, 1, 1));
        break;
    case XF_CPGH: {
        const char *gh = xw_ref(c, NULL, c->sm_rows[XF_GPUH], col, 0, 0);
        xw_f(c, f, sizeof f, "=IF(%s=0,\"n/a\",%s/%s)", gh, total, gh);
        break;
    }
    case XF_CPPH: {
        const char *d = xw_ref(c, q, L->k_pflop, XW_COL_VAL, 1, 1);
        xw_f(c, f, sizeof f, "=IF(%s=0,\"n/a\",%s/%s)", d, total, d);
        break;
    }
    case XF_CPU: {
        const char *d = xw_ref(c, q, L->k_units, XW_COL_VAL, 1, 1);
        xw_f(c, f, sizeof f, "=IF(%s=0,\"n/a\",%s/%s)", d, total, d);
        break;
    }
    case XF_UPSKW:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_wpkw, XW_COL_VAL, 1, 1));
        break;
    case XF_ITKW:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_it_kw, XW_COL_VAL, 1, 1));
        break;
    case XF_PROVKW:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->k_prov_kw, XW_COL_VAL, 1, 1));
        break;
    case XF_DEP:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_dep, XW_COL_VAL, 1, 1));
        break;
    case XF_BV:
        xw_f(c, f, sizeof f, "=%s", xw_ref(c, q, L->r_bv, XW_COL_M0 + s->horizon_months, 1, 1));
        break;
    case XF_BEM: {
        char flags[400];
        snprintf(
            flags, sizeof flags, "%s",
            xw_range(c, q, L->r_flag, XW_COL_M0 + 1, L->r_flag, XW_COL_M0 + s->horizon_months));
        xw_f(c, f, sizeof f, "=IF(SUM(%s)=0,\"none\",MATCH(1,%s,0))", flags, flags);
        break;
    }
    case XF_BEU: {
        const char *x = xw_ref(c, q, L->k_beu, XW_COL_VAL, 1, 1);
        xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(AND(%s>=0,%s<=1),%s,\"none\"),\"none\")", x, x, x,
             x);
        break;
    }
    case XF_RANK: {
        int tr = c->sm_rows[XF_TOTAL];
        int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)s->n_options - 1;
        /* Ties keep input order, as the engine's ranking does. */
        xw_f(c, f, sizeof f, "=RANK(%s,%s,1)+COUNTIF(%s:%s,%s)-1", total,
             xw_range(c, NULL, tr, c0, tr, c1), xw_ref(c, NULL, tr, c0, 1, 1),
             xw_ref(c, NULL, tr, col, 0, 0), total);
        break;
    }
    default:
        return;
    }
    if (text)
        xw_fstr(c, ws, row, col, f, text, fmt);
    else
        xw_fnum(c, ws, row, col, f, v, fmt);
}

static void note_chart(xw_ctx *c, lxw_error e)
{
    if (e && !c->err)
        c->err = e;
}

/* A chart title or axis name: never read as a reference (libxlsxwriter takes a
 * leading '=' for one), in the template's font. */
/* text into buf (size bytes), with a space in front when it starts with '=',
 * cut at a character boundary if it does not fit. */
static void no_reference(char *buf, size_t size, const char *text)
{
    size_t lead = text[0] == '=', n = strlen(text);
    if (lead + n >= size) {
        n = size - lead - 1;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
            n--; /* do not split a UTF-8 sequence */
    }
    buf[0] = ' ';
    memcpy(buf + lead, text, n);
    buf[lead + n] = '\0';
}

static void chart_title(xw_ctx *c, lxw_chart *ch, const char *text)
{
    char buf[TBUF];
    no_reference(buf, sizeof buf, text);
    chart_title_set_name(ch, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1);
        chart_title_set_name_font(ch, &font);
    }
}

static void axis_name(xw_ctx *c, lxw_chart_axis *axis, const char *text)
{
    char buf[TBUF];
    no_reference(buf, sizeof buf, text);
    chart_axis_set_name(axis, buf);
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 1), num = xw_chart_font(c, 0);
        chart_axis_set_name_font(axis, &font);
        chart_axis_set_num_font(axis, &num);
    }
}

static void legend_font(xw_ctx *c, lxw_chart *ch)
{
    if (c->style && c->style->font_name) {
        lxw_chart_font font = xw_chart_font(c, 0);
        chart_legend_set_font(ch, &font);
    }
}

/* Series k in the template's accent colour, when it has accents. */
static void series_fill(xw_ctx *c, lxw_chart_series *se, size_t k)
{
    long col = xw_accent(c, k);
    if (col < 0)
        return;
    lxw_chart_fill fill;
    memset(&fill, 0, sizeof fill);
    fill.color = (lxw_color_t)col;
    chart_series_set_fill(se, &fill);
}

/* 1. Cumulative cost by month: where the lines cross is the break-even. */
static lxw_chart *chart_cumulative(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    int H = s->horizon_months, c0 = XW_SUM_COL0;
    char t[TBUF], cats[400], vals[400];
    lxw_chart *ch = workbook_add_chart(c->wb, LXW_CHART_LINE);
    if (!ch) {
        c->nomem = 1;
        return NULL;
    }
    snprintf(
        cats, sizeof cats, "=%s",
        xw_range(c, c->os[0].quoted, c->os[0].r_month, XW_COL_M0, c->os[0].r_month, XW_COL_M0 + H));
    lxw_chart_line line;
    memset(&line, 0, sizeof line);
    line.width = n <= 10 ? 2.25f : 1.0f;
    /* Excel draws at most 255 series in a chart: beyond that, the lowest totals. */
    size_t shown = n < XW_MAX_SERIES ? n : XW_MAX_SERIES;
    for (size_t k = 0; k < shown; k++) {
        size_t i = n > XW_MAX_SERIES ? c->r->rank[k] : k;
        const xw_optsheet *L = &c->os[i];
        snprintf(vals, sizeof vals, "=%s",
                 xw_range(c, L->quoted, L->r_cum, XW_COL_M0, L->r_cum, XW_COL_M0 + H));
        lxw_chart_series *se = chart_add_series(ch, cats, vals);
        if (!se) {
            c->nomem = 1;
            return NULL;
        }
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)c->sm_header,
                                    (lxw_col_t)(c0 + (int)i));
        long col = xw_accent(c, k);
        if (col >= 0)
            line.color = (lxw_color_t)col;
        chart_series_set_line(se, &line);
    }
    if (n > XW_MAX_SERIES)
        xw_labelf(c, t, sizeof t, "chart.cumulative.title.top",
                  "Cumulative cost by month, before residual ({currency}): the 255 lowest totals",
                  "currency", c->currency, NULL);
    else
        xw_labelf(c, t, sizeof t, "chart.cumulative.title",
                  "Cumulative cost by month, before residual ({currency})", "currency",
                  c->currency, NULL);
    chart_title(c, ch, t);
    axis_name(c, ch->x_axis, xw_label(c, "chart.cumulative.x", "Month (0 = acquisition)"));
    chart_axis_set_interval_unit(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
    chart_axis_set_interval_tick(ch->x_axis, (uint16_t)(H > 60 ? 12 : H > 24 ? 6 : 3));
    xw_labelf(c, t, sizeof t, "chart.cumulative.y_currency", "Cumulative cost ({currency})",
              "currency", c->currency, NULL);
    axis_name(c, ch->y_axis, t);
    chart_axis_set_num_format(ch->y_axis, c->nf[XN_MONEY]);
    chart_legend_set_position(ch, n <= 24 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
    legend_font(c, ch);
    return ch;
}

/* 2. Cost breakdown per option, stacked. */
static lxw_chart *chart_breakdown(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char t[TBUF], cats[400], vals[400];
    lxw_chart *ch = workbook_add_chart(c->wb, LXW_CHART_COLUMN_STACKED);
    if (!ch) {
        c->nomem = 1;
        return NULL;
    }
    snprintf(cats, sizeof cats, "=%s", xw_range(c, sum_q, c->sm_header, c0, c->sm_header, c1));
    for (int fi = XF_CAPEX; fi <= XF_RENTAL; fi++) {
        int row = c->sm_rows[fi];
        snprintf(vals, sizeof vals, "=%s", xw_range(c, sum_q, row, c0, row, c1));
        lxw_chart_series *se = chart_add_series(ch, cats, vals);
        if (!se) {
            c->nomem = 1;
            return NULL;
        }
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
        series_fill(c, se, (size_t)(fi - XF_CAPEX));
    }
    xw_labelf(c, t, sizeof t, "chart.breakdown.title",
              "Cost breakdown by option over {months} months, before residual ({currency})",
              "months", xw_int(c, s->horizon_months), "currency", c->currency, NULL);
    chart_title(c, ch, t);
    axis_name(c, ch->x_axis, xw_label(c, "chart.breakdown.x", "Option"));
    xw_labelf(c, t, sizeof t, "chart.breakdown.y", "Cost ({currency})", "currency", c->currency,
              NULL);
    axis_name(c, ch->y_axis, t);
    chart_axis_set_num_format(ch->y_axis, c->nf[XN_MONEY]);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    legend_font(c, ch);
    chart_set_series_gap(ch, 60);
    return ch;
}

/* 3. Cost per GPU-hour per option. */
static lxw_chart *chart_cost_per_gpu_hour(xw_ctx *c)
{
    size_t n = c->s->n_options;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char t[TBUF], cats[400], vals[400];
    lxw_chart *ch = workbook_add_chart(c->wb, LXW_CHART_COLUMN);
    if (!ch) {
        c->nomem = 1;
        return NULL;
    }
    int row = c->sm_rows[XF_CPGH];
    snprintf(cats, sizeof cats, "=%s", xw_range(c, sum_q, c->sm_header, c0, c->sm_header, c1));
    snprintf(vals, sizeof vals, "=%s", xw_range(c, sum_q, row, c0, row, c1));
    lxw_chart_series *se = chart_add_series(ch, cats, vals);
    if (!se) {
        c->nomem = 1;
        return NULL;
    }
    chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
    series_fill(c, se, 0);
    if (n <= 16) {
        chart_series_set_labels(se);
        chart_series_set_labels_num_format(se, c->nf[XN_MONEY2]);
        if (c->style && c->style->font_name) {
            lxw_chart_font font = xw_chart_font(c, 0);
            chart_series_set_labels_font(se, &font);
        }
    }
    xw_labelf(c, t, sizeof t, "chart.cost_per_gpu_hour.title",
              "Cost per GPU-hour used ({currency})", "currency", c->currency, NULL);
    chart_title(c, ch, t);
    axis_name(c, ch->x_axis, xw_label(c, "chart.cost_per_gpu_hour.x", "Option"));
    xw_labelf(c, t, sizeof t, "chart.cost_per_gpu_hour.y", "{currency} per GPU-hour", "currency",
              c->currency, NULL);
    axis_name(c, ch->y_axis, t);
    chart_axis_set_num_format(ch->y_axis, c->nf[XN_MONEY2]);
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    return ch;
}

/* The template's charts below the table, one per printed page, in its order;
 * returns their width in pixels (0 without charts). */
static double add_charts(xw_ctx *c, int top)
{
    size_t n = c->s->n_options;
    double width = 120.0 * (double)n + 360;
    width = width < 960 ? 960 : width > 2400 ? 2400 : width;
    lxw_chart_options co;
    memset(&co, 0, sizeof co);
    co.x_scale = width / 480;
    co.y_scale = 400.0 / 288;
    co.y_offset = 8; /* clear of the page break above */
    for (int k = 0; k < c->n_charts && k < TCI_CHART_KINDS; k++) {
        lxw_chart *ch = NULL;
        switch (c->charts[k]) {
        case TCI_CHART_CUMULATIVE:
            ch = chart_cumulative(c);
            break;
        case TCI_CHART_BREAKDOWN:
            ch = chart_breakdown(c);
            break;
        case TCI_CHART_COST_PER_GPU_HOUR:
            ch = chart_cost_per_gpu_hour(c);
            break;
        default:
            break;
        }
        if (!ch)
            return 0;
        note_chart(c,
                   worksheet_insert_chart_opt(c->summary, (lxw_row_t)(top + 22 * k), 0, ch, &co));
    }
    return c->n_charts > 0 ? width : 0;
}

/* See xlsx_internal.h. */
void xw_write_summary(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    lxw_worksheet *ws = c->summary;
    size_t n = s->n_options;
    int c0 = XW_SUM_COL0, c1 = XW_SUM_COL0 + (int)n - 1;
    char t[TBUF], f[FBUF], unit[128];
    worksheet_set_tab_color(ws, 0x70AD47);

    /* Rows: headings, then the fields in blocks. */
    int row = 5;
    c->sm_header = 4;
    for (int fi = 0; fi < XF_N; fi++) {
        if (fields[fi].group)
            row += 2;
        c->sm_rows[fi] = row++;
    }
    c->sm_last_row = row - 1;

    /* Column widths from the labels (wrapped in the heading row). */
    int wa = 30;
    for (int fi = 0; fi < XF_N; fi++) {
        field_label(c, fi, t, sizeof t);
        wa = max_i(wa, xw_width(t) + 2);
    }
    wa = wa > 60 ? 60 : wa;
    worksheet_set_column(ws, 0, 0, wa, NULL);
    worksheet_set_column(ws, 1, 1, 22, NULL);
    worksheet_set_column(ws, 2, 2, 20, NULL);
    int wo = 16, lines = 1;
    for (size_t i = 0; i < n; i++)
        wo = max_i(wo, money_width(c, r->options[i].total) + 2);
    wo = wo > 24 ? 24 : wo;
    for (size_t i = 0; i < n; i++) {
        int w = xw_width(c->label[i]);
        int l = (w + wo - 3) / (wo - 2);
        lines = max_i(lines, l > 4 ? 4 : l);
    }
    worksheet_set_column(ws, (lxw_col_t)c0, (lxw_col_t)c1, wo, NULL);

    xw_labelf(c, t, sizeof t, "summary.title", "Summary: {name}", "name", c->name, NULL);
    xw_text(c, ws, 0, 0, t, xw_fmt(c, XS_TITLE, XN_NONE));
    xw_labelf(c, t, sizeof t, "summary.subtitle",
              "Totals over {months} months in {currency}: costs positive, the residual value "
              "subtracted; net present value at the discount rate on Inputs. The lowest total "
              "is highlighted.",
              "months", xw_int(c, s->horizon_months), "currency", c->currency, NULL);
    xw_text(c, ws, 1, 0, t, xw_fmt(c, XS_SUBTITLE, XN_NONE));
    xw_text(c, ws, 2, 0, xw_label(c, "summary.lowest", "Lowest total cost of ownership"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    int tr = c->sm_rows[XF_RANK];
    xw_fstr(c, ws, 2, c0,
            xw_f(c, f, sizeof f, "=INDEX(%s,1,MATCH(1,%s,0))",
                 xw_range(c, NULL, c->sm_header, c0, c->sm_header, c1),
                 xw_range(c, NULL, tr, c0, tr, c1)),
            c->label[r->rank[0]], xw_fmt(c, XS_TOTAL, XN_NONE));

    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE);
    worksheet_set_row(ws, (lxw_row_t)c->sm_header, 15.0 * lines + 2, NULL);
    xw_text(c, ws, c->sm_header, 0, xw_label(c, "summary.head.figure", "Figure"), head);
    xw_text(c, ws, c->sm_header, 1, xw_label(c, "summary.head.field", "Field"), head);
    xw_text(c, ws, c->sm_header, 2, xw_label(c, "summary.head.unit", "Unit"), head);
    for (size_t i = 0; i < n; i++)
        xw_text(c, ws, c->sm_header, c0 + (int)i, c->label[i], xw_fmt(c, XS_HEADOPT, XN_NONE));
    worksheet_freeze_panes(ws, (lxw_row_t)(c->sm_header + 1), (lxw_col_t)c0);

    for (int fi = 0; fi < XF_N; fi++) {
        int rr = c->sm_rows[fi];
        if (fields[fi].group) {
            if (fi == XF_BEM && r->baseline >= 0)
                xw_labelf(c, t, sizeof t, "summary.group.baseline.option",
                          "Against the baseline: {label}", "label", c->label[r->baseline], NULL);
            else if (fi == XF_BEM)
                snprintf(t, sizeof t, "%s",
                         xw_label(c, "summary.group.baseline.none",
                                  "Against the baseline: none (no rent option)"));
            else
                snprintf(t, sizeof t, "%s", group_label(c, fields[fi].group));
            xw_text(c, ws, rr - 1, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
        }
        field_label(c, fi, t, sizeof t);
        xw_style st = fi == XF_TOTAL ? XS_TOTAL : XS_TEXT;
        xw_text(c, ws, rr, 0, t, xw_fmt(c, st, XN_NONE));
        xw_text(c, ws, rr, 1, fields[fi].key, xw_fmt(c, XS_KEY, XN_NONE));
        field_unit(c, fi, unit, sizeof unit);
        xw_text(c, ws, rr, 2, unit, xw_fmt(c, XS_KEY, XN_NONE));
        for (size_t i = 0; i < n; i++)
            summary_cell(c, i, fi, rr, c0 + (int)i);
    }

    /* The cheapest column, highlighted wherever the ranking says 1. */
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    xw_f(c, f, sizeof f, "=%s=1", xw_ref(c, NULL, tr, c0, 1, 0));
    cf.value_string = f;
    cf.format = c->fmt_best;
    lxw_error e =
        worksheet_conditional_format_range(ws, (lxw_row_t)c->sm_rows[XF_ID], (lxw_col_t)c0,
                                           (lxw_row_t)c->sm_last_row, (lxw_col_t)c1, &cf);
    if (e && !c->err)
        c->err = e;

    /* Print: the table, then one chart per page. Fitting to the page would drop the
     * page breaks, so the scale is chosen to fit the width instead. */
    int top = c->sm_last_row + 3;
    if (s->model_params > 0) {
        /* The engine's workload sizing, for the record (not formulas). */
        int sr = c->sm_last_row + 2;
        xw_text(c, ws, sr, 0,
                xw_label(c, "summary.sizing", "Workload sizing (engine figures, not live)"),
                xw_fmt(c, XS_SECTION, XN_NONE));
        xw_text(c, ws, sr + 1, 0,
                xw_label(c, "summary.sizing.fits", "Model fits in the GPUs' memory"), NULL);
        xw_text(c, ws, sr + 1, 1, "sizing.fits", xw_fmt(c, XS_KEY, XN_NONE));
        for (size_t i = 0; i < n; i++) {
            const tco_sizing *z = &r->options[i].sizing;
            char min[48];
            snprintf(min, sizeof min, "%.0f", z->min_gpus);
            if (z->fits == 1)
                snprintf(t, sizeof t, "%s", xw_label(c, "summary.sizing.yes", "yes"));
            else if (z->fits == 0 && isfinite(z->min_gpus))
                xw_labelf(c, t, sizeof t, "summary.sizing.needs", "NO: needs {n} GPUs", "n", min,
                          NULL);
            else if (z->fits == 0)
                snprintf(t, sizeof t, "%s", xw_label(c, "summary.sizing.no", "NO"));
            else
                snprintf(t, sizeof t, "%s", xw_label(c, "summary.sizing.unknown", "unknown"));
            xw_text(c, ws, sr + 1, c0 + (int)i, t,
                    z->fits == 0 ? c->fmt_nofit : xw_fmt(c, XS_FIXED, XN_GENERAL));
        }
        top = sr + 4;
    }
    double chart_px = add_charts(c, top);
    double table_px = (wa + 22 + 20 + (double)wo * (double)n) * 9.5 + 20;
    double px = table_px > chart_px ? table_px : chart_px;
    int scale = (int)(100 * 960 / px);
    /* Keep the table on one page in height too when it is short enough. */
    double table_h = (top - 3) * 20.0 + 15.0 * lines;
    if (table_h < 2000 && (int)(100 * 600 / table_h) < scale)
        scale = (int)(100 * 600 / table_h);
    scale = scale > 100 ? 100 : scale < 10 ? 10 : scale;
    xw_print_setup(c, ws, 0, 1, 0);
    worksheet_set_print_scale(ws, (uint16_t)scale);
    lxw_row_t breaks[TCI_CHART_KINDS + 1] = {0};
    for (int k = 0; k < c->n_charts && k < TCI_CHART_KINDS; k++)
        breaks[k] = (lxw_row_t)(top + 22 * k);
    if (c->n_charts > 0) {
        lxw_error eb = worksheet_set_h_pagebreaks(ws, breaks);
        if (eb && !c->err)
            c->err = eb;
    }
}

/* ===== Checks ===== */

/* Columns of the Checks sheet. */
enum { CK_OPTION, CK_FIGURE, CK_FIELD, CK_ENGINE, CK_BOOK, CK_SCALE, CK_DIFF, CK_STATUS, CK_N };

/* The magnitude a difference is measured against: the figure itself (at least 1);
 * for depreciation and book value, the capex they come from, since a fully
 * depreciated asset's book value is zero plus rounding. */
static double check_scale(const tco_result *r, size_t i, int fi, double v)
{
    double s = isfinite(v) ? fabs(v) : 0;
    if (fi == XF_DEP || fi == XF_BV)
        s = fmax(s, fabs(r->options[i].capex));
    return fmax(1, s);
}

/* See xlsx_internal.h. */
void xw_write_checks(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    lxw_worksheet *ws = c->checks;
    char f[FBUF], t[TBUF];
    const int first = 9, head_row = 8;
    static const int checked[] = {
        XF_COUNT,  XF_UTIL,     XF_CAPEX,  XF_POWER, XF_COOLING, XF_FACILITY, XF_MAINT, XF_STAFF,
        XF_RENTAL, XF_RESIDUAL, XF_TOTAL,  XF_NPV,   XF_GPUH,    XF_CPGH,     XF_CPPH,  XF_CPU,
        XF_UPSKW,  XF_ITKW,     XF_PROVKW, XF_DEP,   XF_BV,      XF_BEM,      XF_BEU,   XF_RANK};
    int nchk = (int)(sizeof checked / sizeof checked[0]);
    int count = 0;
    for (size_t i = 0; i < s->n_options; i++)
        for (int k = 0; k < nchk; k++)
            count += field_applies(c, i, checked[k]);
    int lastr = first + count - 1;
    char status[400];
    snprintf(status, sizeof status, "%s", xw_range(c, NULL, first, CK_STATUS, lastr, CK_STATUS));

    worksheet_set_tab_color(ws, 0xA5A5A5);
    static const double widths[CK_N] = {22, 40, 22, 18, 18, 16, 14, 10};
    for (int k = 0; k < CK_N; k++)
        worksheet_set_column(ws, (lxw_col_t)k, (lxw_col_t)k, widths[k], NULL);
    xw_text(c, ws, 0, 0, xw_label(c, "checks.title", "Checks"), xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "checks.subtitle",
                     "Each key figure as the tco engine computed it (a number) beside the "
                     "workbook's own formula. Difference = (workbook - engine) / scale, where the "
                     "scale is the figure itself (at least 1; the capex for depreciation and book "
                     "value). A row is OK when the difference is within the tolerance; the master "
                     "check is OK only when every row is."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    xw_text(c, ws, 2, 0,
            xw_label(c, "checks.note",
                     "The engine's figures are those of the inputs as written: after an input is "
                     "changed here, the figures it moves show CHECK until the workbook is written "
                     "again with tco."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    xw_text(c, ws, c->ck_master, 0, xw_label(c, "checks.master", "Master check"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    xw_fstr(
        c, ws, c->ck_master, XW_COL_VAL,
        xw_f(c, f, sizeof f, "=IF(COUNTIF(%s,\"OK\")=ROWS(%s),\"OK\",\"CHECK\")", status, status),
        "OK", xw_fmt(c, XS_CHECK, XN_NONE));
    xw_text(c, ws, c->ck_master + 1, 0, xw_label(c, "checks.agree", "Rows that agree"), NULL);
    xw_fnum(c, ws, c->ck_master + 1, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=COUNTIF(%s,\"OK\")", status), count, xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 2, 0, xw_label(c, "checks.rows", "Rows checked"), NULL);
    xw_fnum(c, ws, c->ck_master + 2, XW_COL_VAL, xw_f(c, f, sizeof f, "=ROWS(%s)", status), count,
            xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 3, 0, xw_label(c, "checks.tolerance", "Tolerance"), NULL);
    xw_num(c, ws, c->ck_master + 3, XW_COL_VAL, 1e-9, xw_fmt(c, XS_FIXED, XN_SCI));
    char nm[400];
    snprintf(nm, sizeof nm, "=%s!$C$%d", c->sheet_q[TCI_SHEET_CHECKS], c->ck_master + 4);
    lxw_error e = workbook_define_name(c->wb, "CheckTolerance", nm);
    if (e && !c->err)
        c->err = e;

    const char *heads[CK_N] = {xw_label(c, "checks.head.option", "Option"),
                               xw_label(c, "checks.head.figure", "Figure"),
                               xw_label(c, "checks.head.field", "Field"),
                               xw_label(c, "checks.head.engine", "Engine value"),
                               xw_label(c, "checks.head.workbook", "Workbook value"),
                               xw_label(c, "checks.head.scale", "Scale"),
                               xw_label(c, "checks.head.difference", "Difference"),
                               xw_label(c, "checks.head.status", "Status")};
    for (int k = 0; k < CK_N; k++)
        xw_text(c, ws, head_row, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    worksheet_freeze_panes(ws, (lxw_row_t)first, 0);

    int row = first;
    for (size_t i = 0; i < s->n_options; i++) {
        for (int k = 0; k < nchk; k++) {
            int fi = checked[k];
            if (!field_applies(c, i, fi))
                continue;
            const char *text;
            double v = engine_value(c->r, i, fi, &text);
            xw_numfmt nf = fields[fi].nf;
            xw_text(c, ws, row, CK_OPTION, c->id[i], NULL);
            field_label(c, fi, t, sizeof t);
            xw_text(c, ws, row, CK_FIGURE, t, NULL);
            xw_text(c, ws, row, CK_FIELD, fields[fi].key, xw_fmt(c, XS_KEY, XN_NONE));
            if (text)
                xw_text(c, ws, row, CK_ENGINE, text, xw_fmt(c, XS_FIXED, nf));
            else
                xw_num(c, ws, row, CK_ENGINE, v, xw_fmt(c, XS_FIXED, nf));
            xw_f(c, f, sizeof f, "=%s",
                 xw_ref(c, c->sheet_q[TCI_SHEET_SUMMARY], c->sm_rows[fi], XW_SUM_COL0 + (int)i,
                        1, 1));
            if (text)
                xw_fstr(c, ws, row, CK_BOOK, f, text, xw_fmt(c, XS_CALC, nf));
            else
                xw_fnum(c, ws, row, CK_BOOK, f, v, xw_fmt(c, XS_CALC, nf));
            xw_num(c, ws, row, CK_SCALE, check_scale(c->r, i, fi, v),
                   xw_fmt(c, XS_FIXED, XN_GENERAL));
            const char *d = xw_ref(c, NULL, row, CK_ENGINE, 0, 0),
                       *w = xw_ref(c, NULL, row, CK_BOOK, 0, 0),
                       *sc = xw_ref(c, NULL, row, CK_SCALE, 0, 0),
                       *rd = xw_ref(c, NULL, row, CK_DIFF, 0, 0);
            xw_f(c, f, sizeof f, "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),(%s-%s)/%s,\"\")", d, w, w, d,
                 sc);
            if (text)
                xw_fstr(c, ws, row, CK_DIFF, f, "", xw_fmt(c, XS_CALC, XN_SCI));
            else
                xw_fnum(c, ws, row, CK_DIFF, f, 0, xw_fmt(c, XS_CALC, XN_SCI));
            xw_f(c, f, sizeof f,
                 "=IF(ISNUMBER(%s),IF(ISNUMBER(%s),IF(ABS(%s)<=CheckTolerance,\"OK\",\"CHECK\"),"
                 "\"CHECK\"),IF(ISNUMBER(%s),\"CHECK\",IF(%s=%s,\"OK\",\"CHECK\")))",
                 d, w, rd, w, d, w);
            xw_fstr(c, ws, row, CK_STATUS, f, "OK", xw_fmt(c, XS_CHECK, XN_NONE));
            row++;
        }
    }

    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_CELL;
    cf.criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO;
    cf.value_string = "\"OK\"";
    cf.format = c->fmt_ok;
    worksheet_conditional_format_range(ws, (lxw_row_t)first, CK_STATUS, (lxw_row_t)lastr, CK_STATUS,
                                       &cf);
    worksheet_conditional_format_cell(ws, (lxw_row_t)c->ck_master, XW_COL_VAL, &cf);
    cf.criteria = LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO;
    cf.format = c->fmt_bad;
    worksheet_conditional_format_range(ws, (lxw_row_t)first, CK_STATUS, (lxw_row_t)lastr, CK_STATUS,
                                       &cf);
    worksheet_conditional_format_cell(ws, (lxw_row_t)c->ck_master, XW_COL_VAL, &cf);
    xw_print_setup(c, ws, head_row, head_row, 1);
}
