/* workload.c - the Workload sheet: what the [workload] model needs of each
 * option (memory, GPUs), and what a training run or a unit of inference costs.
 * Every figure is a live formula over Inputs and the option's cash-flow sheet,
 * cached with the engine's own value (tco_option_result.sizing), so a
 * spreadsheet recalculates to the same numbers (docs/MODEL.md, Workload sizing). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "util/utf8.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define WL_TBUF 1024 /* one unit label */

/* Columns: A label, B field (the JSON name), C unit, D.. one per option. */
#define WL_COL0 XW_WL_COL0

/* ===== Cells ===== */

/* A money format with `decimals` decimals in the scenario's currency. */
static lxw_format *money_dec(xw_ctx *c, int decimals)
{
    char nf[400];
    xw_money_format(c, nf, sizeof nf, decimals, 1);
    return xw_fmt_num(c, XS_CALC, nf);
}

/* A row's heading: label in column A, field (the JSON name) in B, unit in C. */
static void head(xw_ctx *c, lxw_worksheet *ws, int row, const char *label, const char *field,
                 const char *unit)
{
    xw_text(c, ws, row, 0, label, NULL);
    if (field && *field)
        xw_text(c, ws, row, 1, field, xw_fmt(c, XS_KEY, XN_NONE));
    if (unit && *unit)
        xw_text(c, ws, row, 2, unit, xw_fmt(c, XS_KEY, XN_NONE));
}

/* A cell of this sheet: absolute ($D$7) or with a relative column (D$7). */
static xw_refbuf cell(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 1);
}

/* (See cell.) */
static xw_refbuf ocell(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* A driver in column C of option i's cash-flow sheet. */
static xw_refbuf odrv(xw_ctx *c, size_t i, int row)
{
    return xw_ref(c->os[i].quoted, row, XW_COL_VAL, 1, 1);
}

/* ===== The sheet ===== */

/* The Workload sheet as it is written: its rows (XW_NONE where the mode has none) and
 * the formats of its figures. The model's figures and the constants are in
 * column D (WL_COL0); the options' table has one column per option from D on. */
typedef struct wl_sheet {
    xw_ctx *c;
    lxw_worksheet *ws;
    int training; /* else inference */
    int lines;    /* lines of the options' headings */
    /* the model, from Inputs, and the constants of MODEL.md */
    int m_params, m_bpp, m_ovh, m_need, m_tokens, m_mfu, m_rps, m_tpr, m_flops_run;
    int k_gb, k_dig, k_fpt, k_tflop, k_day;
    /* the options' table: heading, block headings, figures */
    int hdr, s_mem, s_rate, s_work, last_row;
    int o_count, o_mem, o_min, o_fits, o_util, o_rate, o_tf, o_se, o_flops, o_th, o_td, o_gh, o_cpr,
        o_runs, o_tpc, o_tp, o_pg, o_cpk, o_cpm, o_gn;
    lxw_format *fixed_int, *fixed_sci;
    lxw_format *f_cpk, *f_cpm, *f_fits, *calc_int, *calc_dec, *calc_pct, *calc_sci;
} wl_sheet;

/* Column widths, the title and the subtitle; the options' headings' lines. */
static void wl_title(wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const size_t n = c->s->n_options;
    const int c0 = WL_COL0, c1 = WL_COL0 + (int)n - 1;
    /* Column widths: labels, field names (hidden, as the Summary's: people read
     * the labels), units, then the options. */
    worksheet_set_column(ws, 0, 0, 44, NULL);
    lxw_row_col_options hide = {.hidden = 1, .level = 0, .collapsed = 0};
    worksheet_set_column_opt(ws, 1, 1, 30, NULL, &hide);
    worksheet_set_column(ws, 2, 2, 22, NULL);
    int wo = 16, lines = 1;
    for (size_t i = 0; i < n; i++) {
        int l = xw_wrap_lines(c->label[i], wo, 11);
        lines = l > lines ? l : lines;
    }
    W->lines = lines;
    worksheet_set_column(ws, (lxw_col_t)c0, (lxw_col_t)c1, wo, NULL);
    worksheet_set_tab_color(ws, 0x70AD47);

    xw_title_line(
        c, ws, xw_label(c, "workload.title", "Workload: what the model needs of each option"),
        xw_label(c, "workload.subtitle",
                 "Memory, time and cost of the scenario's model on each option: live formulas "
                 "over Inputs and each option's cash-flow sheet (MODEL.md, Workload sizing). "
                 "An option whose GPUs cannot hold the model is marked in red; it is still "
                 "costed."));
}

/* The sheet's rows, which depend on the mode only: the model's (from row 5,
 * under its heading and the mode), the constants' below them, then the
 * options' table (its heading row, blocks and figures). xw_workload_layout
 * fixes them before any sheet is written, so that other sheets may read them. */
static void wl_layout(wl_sheet *W)
{
    const int training = W->training;
    int row = 5;
    W->m_params = row++, W->m_bpp = row++, W->m_ovh = row++, W->m_need = row++;
    W->m_tokens = W->m_mfu = W->m_rps = W->m_tpr = W->m_flops_run = XW_NONE;
    if (training)
        W->m_tokens = row++, W->m_mfu = row++, W->m_flops_run = row++;
    else
        W->m_rps = row++, W->m_tpr = row++;
    /* Constants of MODEL.md, kept out of the formulas (training uses all four). */
    W->k_gb = row + 2, W->k_dig = row + 3;
    W->k_fpt = W->k_tflop = W->k_day = XW_NONE;
    if (training)
        W->k_fpt = row + 4, W->k_tflop = row + 5, W->k_day = row + 6;
    row = (training ? W->k_day : W->k_dig) + 2;
    W->hdr = row++;
    W->s_mem = row++;
    W->o_count = row++, W->o_mem = row++, W->o_min = row++, W->o_fits = row++;
    row++;
    W->s_rate = row++;
    W->o_util = row++, W->o_rate = row++;
    row++;
    W->s_work = row++;
    W->o_tf = W->o_se = W->o_flops = W->o_th = W->o_td = W->o_gh = W->o_cpr = XW_NONE;
    W->o_runs = W->o_tpc = W->o_tp = W->o_pg = W->o_cpk = W->o_cpm = W->o_gn = XW_NONE;
    if (training) {
        W->o_tf = row++, W->o_se = row++, W->o_flops = row++, W->o_th = row++, W->o_td = row++;
        W->o_gh = row++, W->o_cpr = row++, W->o_runs = row++, W->o_tpc = row++;
    } else {
        W->o_tp = row++, W->o_se = row++, W->o_pg = row++, W->o_cpk = row++, W->o_cpm = row++;
        W->o_gn = row++;
    }
    W->last_row = row - 1;
}

/* See sheets.h. */
xw_refbuf xw_workload_run_hours(const xw_ctx *c, size_t i)
{
    return xw_ref(c->sheet_q[TCI_SHEET_WORKLOAD], c->wl_gh, WL_COL0 + (int)i, 1, 1);
}

/* See sheets.h. */
void xw_workload_layout(xw_ctx *c)
{
    c->wl_gh = XW_NONE;
    if (!xw_sheet_due(c, c->workload) || c->s->mode != TCO_TRAINING)
        return;
    wl_sheet W = {.c = c, .ws = c->workload, .training = 1};
    wl_layout(&W);
    c->wl_gh = W.o_gh;
}

/* The model, from Inputs, in the rows wl_layout chose. */
static void wl_model(wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const tco_scenario *s = c->s;
    const int training = W->training, c0 = WL_COL0;
    char f[XW_FBUF], u[WL_TBUF];
    const int m_params = W->m_params, m_bpp = W->m_bpp, m_ovh = W->m_ovh, m_need = W->m_need;
    const int m_tokens = W->m_tokens, m_mfu = W->m_mfu, m_rps = W->m_rps, m_tpr = W->m_tpr;
    const int m_flops_run = W->m_flops_run, k_gb = W->k_gb, k_fpt = W->k_fpt;
    xw_section(c, ws, m_params - 2, xw_label(c, "workload.model", "The model (from Inputs)"));
    const char *mode_names[] = {xw_label(c, "workload.mode.training", "training"),
                                xw_label(c, "workload.mode.inference", "inference")};
    head(c, ws, m_params - 1, xw_label(c, "workload.mode", "Mode"), "mode",
         xw_label(c, "workload.mode_note", "set in the scenario file"));
    xw_text(c, ws, m_params - 1, c0, mode_names[training ? 0 : 1], xw_fmt(c, XS_FIXED, XN_GENERAL));
    head(c, ws, m_params, xw_label(c, "workload.params", "Parameters"), "model_params",
         xw_label(c, "unit.parameters", "parameters"));
    xw_fnum(c, ws, m_params, c0,
            xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_MODEL_PARAMS).s),
            s->model_params, xw_fmt(c, XS_CALC, XN_INT));
    head(c, ws, m_bpp, xw_label(c, "workload.bpp", "Memory per parameter"), "bytes_per_param",
         xw_label(c, "unit.bytes", "bytes"));
    xw_fnum(c, ws, m_bpp, c0,
            xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_BYTES_PER_PARAM).s),
            tco_bytes_per_param(s), xw_fmt(c, XS_CALC, XN_DEC2));
    head(c, ws, m_ovh, xw_label(c, "workload.overhead", "Activations, KV cache and buffers"),
         "activation_overhead", xw_label(c, "unit.of_weights", "x the weights' memory"));
    xw_fnum(c, ws, m_ovh, c0,
            xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_ACTIVATION_OVERHEAD).s),
            s->activation_overhead, xw_fmt(c, XS_CALC, XN_DEC2));
    head(c, ws, m_need, xw_label(c, "workload.memory_needed", "Memory the model needs"),
         "sizing.memory_needed_gb", "GB");
    xw_fnum(c, ws, m_need, c0,
            xw_formula(c, f, sizeof f, "=%s*%s*(1+%s)/%s", cell(m_params, c0).s, cell(m_bpp, c0).s,
                       cell(m_ovh, c0).s, cell(k_gb, c0).s),
            c->r->options[0].sizing.memory_needed_gb, xw_fmt(c, XS_TOTAL, XN_DEC2));
    if (training) {
        head(c, ws, m_tokens, xw_label(c, "workload.tokens", "Training tokens"), "tokens",
             xw_label(c, "unit.tokens", "tokens"));
        xw_fnum(c, ws, m_tokens, c0,
                xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_TOKENS).s), s->tokens,
                xw_fmt(c, XS_CALC, XN_INT));
        head(c, ws, m_mfu, xw_label(c, "workload.mfu", "Model FLOPs utilization (MFU)"), "mfu",
             "%");
        xw_fnum(c, ws, m_mfu, c0, xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_MFU).s),
                s->mfu, xw_fmt(c, XS_CALC, XN_PCT));
        head(c, ws, m_flops_run, xw_label(c, "workload.flops_run", "Compute for one training run"),
             "", "FLOP");
        xw_fnum(c, ws, m_flops_run, c0,
                xw_formula(c, f, sizeof f, "=%s*%s*%s", cell(k_fpt, c0).s, cell(m_params, c0).s,
                           cell(m_tokens, c0).s),
                /* the same for every option */
                c->r->options[0].sizing.run_flops, xw_fmt(c, XS_CALC, XN_SCI));
    } else {
        tci_utf8_format(u, sizeof u, "%s", xw_label(c, "unit.per_second", "per second"));
        head(c, ws, m_rps, xw_label(c, "workload.rps", "Requests to serve"), "requests_per_s", u);
        xw_fnum(c, ws, m_rps, c0,
                xw_formula(c, f, sizeof f, "=%s", xw_in_global(c, TCO_S_REQUESTS_PER_S).s),
                s->requests_per_s, xw_fmt(c, XS_CALC, XN_DEC2));
        head(c, ws, m_tpr, xw_label(c, "workload.tpr", "Tokens generated per request"),
             "tokens_per_request", xw_label(c, "unit.tokens", "tokens"));
        xw_fnum(c, ws, m_tpr, c0,
                xw_formula(c, f, sizeof f, "=%s", xw_request_tokens(c, u, sizeof u, 0)),
                s->tokens_per_request, xw_fmt(c, XS_CALC, XN_DEC2));
    }
}

/* The constants of MODEL.md, under their heading, in the rows wl_model chose. */
static void wl_constants(const wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const int c0 = WL_COL0;
    xw_section(c, ws, W->k_gb - 1, xw_label(c, "workload.constants", "Constants (MODEL.md)"));
    head(c, ws, W->k_gb, xw_label(c, "workload.k_gb", "Bytes in one GB"), "", "bytes");
    xw_fnum(c, ws, W->k_gb, c0, "=BytesPerGigabyte", 1e9, W->fixed_sci);
    /* Whole GPUs and runs round up (down) a quotient that is whole in binary floating
     * point; a program computing in more precision (Gnumeric) would see 42 as
     * 42.0000000000000000002 and round it up to 43 without this. */
    head(c, ws, W->k_dig,
         xw_label(c, "workload.k_dig", "Decimals kept before rounding to whole GPUs or runs"), "",
         xw_label(c, "workload.k_dig_unit", "decimals"));
    xw_fnum(c, ws, W->k_dig, c0, "=RoundingDecimals", 9, W->fixed_int);
    if (W->training) {
        head(c, ws, W->k_fpt,
             xw_label(c, "workload.k_fpt", "Training FLOPs per parameter per token"), "", "FLOP");
        xw_num(c, ws, W->k_fpt, c0, 6, W->fixed_int);
        head(c, ws, W->k_tflop, xw_label(c, "workload.k_tflop", "FLOP/s in one TFLOPS"), "",
             "FLOP/s");
        xw_num(c, ws, W->k_tflop, c0, 1e12, W->fixed_sci);
        head(c, ws, W->k_day, xw_label(c, "workload.k_day", "Hours in one day"), "",
             xw_label(c, "unit.hours", "hours"));
        xw_fnum(c, ws, W->k_day, c0, "=HoursPerDay", 24, W->fixed_int);
    }
}

/* The options' table: its heading row (frozen) and the rows of its figures. */
static void wl_table(wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const size_t n = c->s->n_options;
    const int c0 = WL_COL0, hdr = W->hdr;
    lxw_format *hf = xw_fmt(c, XS_HEADER, XN_NONE);
    xw_text(c, ws, hdr, 0, xw_label(c, "workload.figure", "Figure"), hf);
    xw_text(c, ws, hdr, 1, xw_label(c, "workload.field", "Field"), hf);
    xw_text(c, ws, hdr, 2, xw_label(c, "workload.unit", "Unit"), hf);
    for (size_t i = 0; i < n; i++)
        xw_text(c, ws, hdr, c0 + (int)i, c->label[i], xw_fmt(c, XS_HEADOPT, XN_NONE));
    worksheet_set_row(ws, (lxw_row_t)hdr, xw_lines_height(W->lines, 11), NULL);
    worksheet_freeze_panes(ws, (lxw_row_t)(hdr + 1), (lxw_col_t)c0);
}

/* The formats of the options' figures. */
static void wl_formats(wl_sheet *W)
{
    xw_ctx *c = W->c;
    const tco_result *r = c->r;
    const size_t n = c->s->n_options;
    /* Number formats of the small money figures: 3 significant digits. */
    W->f_cpk =
        money_dec(c, xw_sig_decimals(r->options, n, sizeof *r->options,
                                     offsetof(tco_option_result, sizing.cost_per_thousand_requests),
                                     TCO_UNIT_COST_DIGITS));
    W->f_cpm =
        money_dec(c, xw_sig_decimals(r->options, n, sizeof *r->options,
                                     offsetof(tco_option_result, sizing.cost_per_million_tokens),
                                     TCO_UNIT_COST_DIGITS));
    W->calc_int = xw_fmt(c, XS_CALC, XN_INT), W->calc_dec = xw_fmt(c, XS_CALC, XN_DEC2);
    W->calc_pct = xw_fmt(c, XS_CALC, XN_PCT), W->calc_sci = xw_fmt(c, XS_CALC, XN_SCI);
    /* The verdict is the number 1 (fits) or 0, shown in words by its number format, so
     * that the formula is the same whatever the template's language. */
    char fits_nf[300];
    xw_flag_format(fits_nf, sizeof fits_nf, xw_label(c, "workload.fits.yes", "yes"),
                   xw_label(c, "workload.fits.no", "NO"));
    W->f_fits = xw_fmt_num(c, XS_CALC, fits_nf);
}

/* Option i's figure in `row`, a copy of its input `key` (cached v), when `want`
 * is that row. */
static void wl_input(const wl_sheet *W, size_t i, int want, int row, tco_okey key, double v,
                     lxw_format *fmt)
{
    xw_ctx *c = W->c;
    char f[XW_FBUF];
    if (want == row)
        xw_fnum(c, W->ws, row, WL_COL0 + (int)i,
                xw_formula(c, f, sizeof f, "=%s", xw_in(c, i, key).s), v, fmt);
}

/* Option i's figure in row `want` of the memory and GPU-hour blocks, and its
 * scaling efficiency. */
static void wl_cell_common(const wl_sheet *W, size_t i, int want)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const tco_option *o = &c->s->options[i];
    const tco_option_result *res = &c->r->options[i];
    const tco_sizing *z = &res->sizing;
    const xw_optsheet *L = &c->os[i];
    const int c0 = WL_COL0, col = c0 + (int)i;
    char f[XW_FBUF];
    xw_refbuf cnt = ocell(W->o_count, col);
    xw_refbuf mem = ocell(W->o_mem, col);
    xw_refbuf min = ocell(W->o_min, col);
    xw_word na = xw_na_word(c);

    wl_input(W, i, want, W->o_count, TCO_O_COUNT_GPUS, o->count, W->calc_int);
    wl_input(W, i, want, W->o_mem, TCO_O_MEMORY_GB, o->memory_gb, W->calc_dec);
    if (want == W->o_min)
        xw_fnum(c, ws, W->o_min, col,
                xw_formula(c, f, sizeof f, "=IF(%s>0,-INT(-ROUND(%s/%s,%s)),%s)", mem.s,
                           cell(W->m_need, c0).s, mem.s, cell(W->k_dig, c0).s, na.lit),
                z->min_gpus, W->calc_int);
    if (want == W->o_fits)
        xw_fnum(c, ws, W->o_fits, col,
                xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(%s>=%s,1,0),%s)", min.s, cnt.s,
                           min.s, na.lit),
                z->fits == 1   ? 1
                : z->fits == 0 ? 0
                               : NAN,
                W->f_fits);

    if (want == W->o_util)
        xw_fnum(c, ws, W->o_util, col, xw_formula(c, f, sizeof f, "=%s", odrv(c, i, L->k_util).s),
                res->utilization, W->calc_pct);
    if (want == W->o_rate)
        xw_fnum(
            c, ws, W->o_rate, col,
            xw_formula_quotient(c, f, sizeof f, odrv(c, i, L->r_net).s, odrv(c, i, L->k_gpuh).s),
            res->cost_per_gpu_hour, xw_fmt(c, XS_CALC, XN_MONEY2));
    wl_input(W, i, want, W->o_se, TCO_O_SCALING_EFFICIENCY, o->scaling_efficiency, W->calc_pct);
}

/* Option i's figure in row `want` of the work block: one training run, or serving. */
static void wl_cell_work(const wl_sheet *W, size_t i, int want)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const tco_sizing *z = &c->r->options[i].sizing;
    const int c0 = WL_COL0, col = c0 + (int)i;
    char f[XW_FBUF];
    xw_refbuf cnt = ocell(W->o_count, col), rate = ocell(W->o_rate, col), se = ocell(W->o_se, col);
    xw_word na = xw_na_word(c);
    if (W->training) {
        xw_refbuf tf = ocell(W->o_tf, col);
        wl_input(W, i, want, W->o_tf, TCO_O_FP16_TFLOPS, o->fp16_tflops, W->calc_dec);
        xw_refbuf fl = ocell(W->o_flops, col);
        if (want == W->o_flops)
            xw_fnum(c, ws, W->o_flops, col,
                    xw_formula(c, f, sizeof f, "=%s*%s*%s*%s*%s", cnt.s, tf.s,
                               cell(W->k_tflop, c0).s, cell(W->m_mfu, c0).s, se.s),
                    c->r->options[i].sizing.flops_per_s, W->calc_sci);
        xw_refbuf th = ocell(W->o_th, col);
        if (want == W->o_th)
            xw_fnum(c, ws, W->o_th, col,
                    xw_formula(c, f, sizeof f, "=IF(OR(%s<=0,%s<=0),%s,%s*%s*%s/%s/SecondsPerHour)",
                               cell(W->m_tokens, c0).s, fl.s, na.lit, cell(W->k_fpt, c0).s,
                               cell(W->m_params, c0).s, cell(W->m_tokens, c0).s, fl.s),
                    z->train_hours, W->calc_dec);
        if (want == W->o_td)
            xw_fnum(c, ws, W->o_td, col,
                    xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),%s/%s,%s)", th.s, th.s,
                               cell(W->k_day, c0).s, na.lit),
                    z->train_days, W->calc_dec);
        xw_refbuf ghr = ocell(W->o_gh, col);
        if (want == W->o_gh)
            xw_fnum(
                c, ws, W->o_gh, col,
                xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),%s*%s,%s)", th.s, cnt.s, th.s, na.lit),
                z->run_gpu_hours, W->calc_int);
        xw_refbuf cpr = ocell(W->o_cpr, col);
        if (want == W->o_cpr)
            xw_fnum(c, ws, W->o_cpr, col,
                    xw_formula(c, f, sizeof f, "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),%s*%s,%s)",
                               ghr.s, rate.s, ghr.s, rate.s, na.lit),
                    z->cost_per_run, xw_fmt(c, XS_TOTAL, XN_MONEY));
        if (want == W->o_runs)
            xw_fnum(
                c, ws, W->o_runs, col,
                xw_formula(c, f, sizeof f,
                           "=IF(ISNUMBER(%s),INT(ROUND(HoursPerMonth*HorizonMonths*%s/%s,%s)),%s)",
                           th.s, ocell(W->o_util, col).s, th.s, cell(W->k_dig, c0).s, na.lit),
                z->runs_in_horizon, W->calc_int);
        if (want == W->o_tpc)
            xw_fnum(c, ws, W->o_tpc, col,
                    xw_formula(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(%s=0,%s,%s/%s),%s)", cpr.s,
                               cpr.s, na.lit, cell(W->m_tokens, c0).s, cpr.s, na.lit),
                    z->tokens_per_currency, W->calc_int);
    } else if (o->acquire == TCO_API) {
        /* MODEL.md, API options: no GPUs; its unit costs are its total over the
         * workload's requests and tokens in H months. */
        xw_refbuf tot = odrv(c, i, c->os[i].r_net), rps = cell(W->m_rps, c0),
                  tpr = cell(W->m_tpr, c0);
        wl_input(W, i, want, W->o_tp, TCO_O_THROUGHPUT, o->throughput, W->calc_dec);
        if (want == W->o_pg || want == W->o_gn)
            xw_fnum(c, ws, want, col, xw_formula(c, f, sizeof f, "=%s", na.lit), NAN,
                    want == W->o_pg ? W->calc_dec : W->calc_int);
        if (want == W->o_cpk)
            xw_fnum(c, ws, W->o_cpk, col,
                    xw_formula(
                        c, f, sizeof f,
                        "=IF(%s>0,%s/"
                        "(%s*SecondsPerHour*HoursPerMonth*HorizonMonths)*RequestsPerThousand,%s)",
                        rps.s, tot.s, rps.s, na.lit),
                    z->cost_per_thousand_requests, W->f_cpk);
        if (want == W->o_cpm)
            xw_fnum(c, ws, W->o_cpm, col,
                    xw_formula(c, f, sizeof f,
                               "=IF(%s*%s>0,%s/(%s*%s*SecondsPerHour*HoursPerMonth*HorizonMonths)*"
                               "TokensPerMillion,%s)",
                               rps.s, tpr.s, tot.s, rps.s, tpr.s, na.lit),
                    z->cost_per_million_tokens, W->f_cpm);
    } else {
        xw_refbuf tp = ocell(W->o_tp, col);
        wl_input(W, i, want, W->o_tp, TCO_O_THROUGHPUT, o->throughput, W->calc_dec);
        xw_refbuf pg = ocell(W->o_pg, col);
        double per_gpu = c->r->options[i].sizing.per_gpu;
        if (want == W->o_pg)
            xw_fnum(c, ws, W->o_pg, col,
                    xw_formula(c, f, sizeof f, "=IF(%s*%s>0,%s*%s,IF(%s>0,%s/%s,%s))", tp.s, se.s,
                               tp.s, se.s, cell(W->m_rps, c0).s, cell(W->m_rps, c0).s, cnt.s,
                               na.lit),
                    per_gpu > 0 ? per_gpu : NAN, W->calc_dec);
        if (want == W->o_cpk)
            xw_fnum(c, ws, W->o_cpk, col,
                    xw_formula(c, f, sizeof f,
                               "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),%s/"
                               "(%s*SecondsPerHour)*RequestsPerThousand,%s)",
                               rate.s, pg.s, rate.s, pg.s, na.lit),
                    z->cost_per_thousand_requests, W->f_cpk);
        if (want == W->o_cpm)
            xw_fnum(c, ws, W->o_cpm, col,
                    xw_formula(c, f, sizeof f,
                               "=IF(AND(ISNUMBER(%s),ISNUMBER(%s),%s>0),%s/"
                               "(%s*%s*SecondsPerHour)*"
                               "TokensPerMillion,%s)",
                               rate.s, pg.s, cell(W->m_tpr, c0).s, rate.s, pg.s,
                               cell(W->m_tpr, c0).s, na.lit),
                    z->cost_per_million_tokens, W->f_cpm);
        if (want == W->o_gn)
            xw_fnum(c, ws, W->o_gn, col,
                    xw_formula(c, f, sizeof f,
                               "=IF(AND(%s>0,%s>0,ISNUMBER(%s)),-INT(-ROUND(%s/%s,%s)),%s)",
                               cell(W->m_rps, c0).s, tp.s, pg.s, cell(W->m_rps, c0).s, pg.s,
                               cell(W->k_dig, c0).s, na.lit),
                    z->gpus_needed, W->calc_int);
    }
}

/* The options' figures, row by row: a row's heading, then every option's figure in it. */
static void wl_rows(const wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const size_t n = c->s->n_options;
    const char *cur = c->currency;
    /* The rows' headings: label key and English label, JSON field, unit. A row the
     * mode does not have is XW_NONE. */
    char u_gph[WL_TBUF], u_tpc[WL_TBUF], u_tp[WL_TBUF], u_cpk[WL_TBUF], u_cpm[WL_TBUF];
    xw_labelf(c, u_gph, sizeof u_gph, "unit.money_per_gpu_hour", "{currency} per GPU-hour",
              "currency", cur, NULL);
    xw_labelf(c, u_tpc, sizeof u_tpc, "unit.tokens_per_money", "tokens per {currency}", "currency",
              cur, NULL);
    xw_labelf(c, u_tp, sizeof u_tp, "unit.units_per_s_per_gpu", "{unit}s/s per GPU", "unit",
              c->unit, NULL);
    xw_labelf(c, u_cpk, sizeof u_cpk, "unit.money_per_1000_requests",
              "{currency} per 1,000 requests", "currency", cur, NULL);
    xw_labelf(c, u_cpm, sizeof u_cpm, "unit.money_per_million_tokens",
              "{currency} per million tokens", "currency", cur, NULL);
    const char *gpus = xw_label(c, "unit.gpus", "GPUs");
    const struct {
        int row;
        const char *lkey, *label, *field, *unit;
    } heads[] = {
        {W->o_count, XW_KEY("workload.count"), "GPUs in the option", "count", gpus},
        {W->o_mem, XW_KEY("workload.memory_gb"), "Memory per GPU", "memory_gb", "GB"},
        {W->o_min, XW_KEY("workload.min_gpus"), "GPUs needed to hold the model", "sizing.min_gpus",
         gpus},
        {W->o_fits, XW_KEY("workload.fits"), "Model fits in the GPUs' memory", "sizing.fits",
         xw_label(c, "workload.fits_unit", "1 = yes, 0 = no")},
        {W->o_util, XW_KEY("workload.util"), "Utilization", "utilization", "%"},
        {W->o_rate, XW_KEY("workload.cpgh"), "Cost per GPU-hour used (total / GPU-hours)",
         "cost_per_gpu_hour", u_gph},
        {W->o_tf, XW_KEY("workload.tflops"), "FP16 peak per GPU", "fp16_tflops", "TFLOPS"},
        {W->o_se, XW_KEY("workload.scaling"), "Scaling efficiency", "scaling_efficiency", "%"},
        {W->o_flops, XW_KEY("workload.flops"), "Sustained compute (peak x MFU x scaling)", "",
         "FLOP/s"},
        {W->o_th, XW_KEY("workload.train_hours"), "Time for one run", "sizing.train_hours",
         xw_label(c, "unit.hours", "hours")},
        {W->o_td, XW_KEY("workload.train_days"), "Time for one run", "sizing.train_days",
         xw_label(c, "unit.days", "days")},
        {W->o_gh, XW_KEY("workload.run_gpu_hours"), "GPU-hours per run", "sizing.run_gpu_hours",
         "GPU-hours"},
        {W->o_cpr, XW_KEY("workload.cost_per_run"), "Cost per run", "sizing.cost_per_run", cur},
        {W->o_runs, XW_KEY("workload.runs"), "Whole runs in the horizon at this utilization",
         "sizing.runs_in_horizon", xw_label(c, "unit.runs", "runs")},
        {W->o_tpc, XW_KEY("workload.tokens_per_currency"), "Training tokens per unit of currency",
         "sizing.tokens_per_currency", u_tpc},
        {W->o_tp, XW_KEY("workload.throughput"), "Throughput per GPU", "throughput", u_tp},
        {W->o_pg, XW_KEY("workload.per_gpu"), "Requests served per GPU", "",
         xw_label(c, "unit.requests_per_s_per_gpu", "requests/s per GPU")},
        {W->o_cpk, XW_KEY("workload.cpk"), "Cost per thousand requests",
         "sizing.cost_per_thousand_requests", u_cpk},
        {W->o_cpm, XW_KEY("workload.cpm"), "Cost per million tokens",
         "sizing.cost_per_million_tokens", u_cpm},
        {W->o_gn, XW_KEY("workload.gpus_needed"), "GPUs needed for the requests",
         "sizing.gpus_needed", gpus},
    };

    for (int want = W->s_mem; want <= W->last_row; want++) {
        if (want == W->s_mem)
            xw_section(c, ws, W->s_mem, xw_label(c, "workload.memory", "Memory"));
        else if (want == W->s_rate)
            xw_section(c, ws, W->s_rate, xw_label(c, "workload.rate", "Cost of a GPU-hour"));
        else if (want == W->s_work && W->training)
            xw_section(c, ws, W->s_work, xw_label(c, "workload.training", "One training run"));
        else if (want == W->s_work)
            xw_section(c, ws, W->s_work, xw_label(c, "workload.inference", "Serving"));
        for (size_t k = 0; k < sizeof heads / sizeof heads[0]; k++)
            if (heads[k].row == want)
                head(c, ws, want, xw_label(c, heads[k].lkey, heads[k].label), heads[k].field,
                     heads[k].unit);
        for (size_t i = 0; i < n; i++) {
            wl_cell_common(W, i, want);
            wl_cell_work(W, i, want);
        }
    }
}

/* Red where the model does not fit: the option's heading, GPUs needed and the
 * verdict; the note under the table; the print setup. */
static void wl_marks(const wl_sheet *W)
{
    xw_ctx *c = W->c;
    lxw_worksheet *ws = W->ws;
    const int c0 = WL_COL0, c1 = WL_COL0 + (int)c->s->n_options - 1;
    char f[XW_FBUF];
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    xw_formula(c, f, sizeof f, "=AND(ISNUMBER(%s),%s<%s)", ocell(W->o_min, c0).s,
               ocell(W->o_count, c0).s, ocell(W->o_min, c0).s);
    cf.value_string = f;
    /* The Summary's mark for the same thing: red, bold. */
    lxw_format *red = workbook_add_format(c->wb);
    if (!red) {
        c->nomem = 1;
        return;
    }
    format_set_font_color(red, 0xC00000);
    format_set_bold(red);
    cf.format = red;
    int marked[] = {W->hdr, W->o_min, W->o_fits};
    for (int k = 0; k < 3; k++)
        xw_note(c, worksheet_conditional_format_range(ws, (lxw_row_t)marked[k], (lxw_col_t)c0,
                                                      (lxw_row_t)marked[k], (lxw_col_t)c1, &cf));
    char t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "workload.note",
              "{na}: the figure needs an input the option does not give (memory per GPU, FP16 "
              "TFLOPS, throughput, tokens) or a cost per GPU-hour (zero utilization).",
              "na", xw_na_word(c).text, NULL);
    xw_text(c, ws, W->last_row + 2, 0, t, xw_fmt(c, XS_NOTE, XN_NONE));
    xw_print_setup(c, ws, W->hdr, W->hdr, 1);
}

/* See sheets.h. */
void xw_write_workload(xw_ctx *c)
{
    if (!xw_sheet_due(c, c->workload))
        return;
    wl_sheet W = {.c = c, .ws = c->workload, .training = c->s->mode == TCO_TRAINING};
    W.fixed_int = xw_fmt(c, XS_FIXED, XN_INT);
    W.fixed_sci = xw_fmt(c, XS_FIXED, XN_SCI);
    wl_layout(&W);
    wl_title(&W);
    wl_model(&W);
    wl_constants(&W);
    wl_table(&W);
    wl_formats(&W);
    wl_rows(&W);
    wl_marks(&W);
}
