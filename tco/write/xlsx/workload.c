/* workload.c - the Workload sheet: what the [workload] model needs of each
 * option (memory, GPUs), and what a training run or a unit of inference costs.
 * Every figure is a live formula over Inputs and the option's cash-flow sheet,
 * cached with the engine's own value (tco_option_result.sizing), so a
 * spreadsheet recalculates to the same numbers (docs/MODEL.md, Workload sizing). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define WL_TBUF 1024 /* one unit label */

/* Columns: A label, B field (the JSON name), C unit, D.. one per option. */
#define WL_COL0 3

/* Decimals that show 3 significant digits of the smallest positive value. */
static int sig_decimals(const double *v, size_t n)
{
    double lo = INFINITY;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i]) && v[i] > 0 && v[i] < lo)
            lo = v[i];
    if (!isfinite(lo))
        return 2;
    int d = 2 - (int)floor(log10(lo));
    return d < 2 ? 2 : d > 10 ? 10 : d;
}

/* Text for a quoted literal of a number format: no quotes or backslashes in it. */
static void format_literal(char *out, size_t size, const char *text)
{
    size_t o = 0;
    for (const char *p = text ? text : ""; *p && o + 1 < size; p++)
        if (*p != '"' && *p != '\\')
            out[o++] = *p;
    out[o] = '\0';
}

/* A money format with `decimals` decimals in the scenario's currency. */
static lxw_format *money_dec(xw_ctx *c, int decimals)
{
    char nf[160];
    xw_money_format(c, nf, sizeof nf, decimals, 1);
    return xw_fmt_num(c, XS_CALC, nf);
}

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

static xw_refbuf ocell(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* A driver in column C of option i's cash-flow sheet. */
static xw_refbuf odrv(xw_ctx *c, size_t i, int row)
{
    return xw_ref(c->os[i].quoted, row, XW_COL_VAL, 1, 1);
}

/* See sheets.h. */
void xw_write_workload(xw_ctx *c)
{
    lxw_worksheet *ws = c->workload;
    if (!ws || c->err || c->nomem)
        return;
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    const size_t n = s->n_options;
    const int training = s->mode == TCO_TRAINING;
    const int c0 = WL_COL0, c1 = WL_COL0 + (int)n - 1;
    char f[XW_FBUF], u[WL_TBUF];
    const char *cur = c->currency;
    lxw_format *fixed_int = xw_fmt(c, XS_FIXED, XN_INT), *fixed_sci = xw_fmt(c, XS_FIXED, XN_SCI);

    /* Column widths: labels, field names, units, then the options. */
    worksheet_set_column(ws, 0, 0, 44, NULL);
    worksheet_set_column(ws, 1, 1, 30, NULL);
    worksheet_set_column(ws, 2, 2, 22, NULL);
    int wo = 16, lines = 1;
    for (size_t i = 0; i < n; i++) {
        int l = (xw_width(c->label[i]) + wo - 3) / (wo - 2);
        lines = l > lines ? (l > 4 ? 4 : l) : lines;
    }
    worksheet_set_column(ws, (lxw_col_t)c0, (lxw_col_t)c1, wo, NULL);
    worksheet_set_tab_color(ws, 0x70AD47);

    xw_text(c, ws, 0, 0,
            xw_label(c, "workload.title", "Workload: what the model needs of each option"),
            xw_fmt(c, XS_TITLE, XN_NONE));
    xw_text(c, ws, 1, 0,
            xw_label(c, "workload.subtitle",
                     "Memory, time and cost of the scenario's model on each option: live formulas "
                     "over Inputs and each option's cash-flow sheet (MODEL.md, Workload sizing). "
                     "An option whose GPUs cannot hold the model is marked in red; it is still "
                     "costed."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));

    /* ----- The model, from Inputs ----- */
    int row = 3;
    xw_section(c, ws, row++, xw_label(c, "workload.model", "The model (from Inputs)"));
    const char *mode_names[] = {xw_label(c, "workload.mode.training", "training"),
                                xw_label(c, "workload.mode.inference", "inference")};
    head(c, ws, row, xw_label(c, "workload.mode", "Mode"), "mode",
         xw_label(c, "workload.mode_note", "set in the scenario file"));
    xw_text(c, ws, row++, c0, mode_names[training ? 0 : 1], xw_fmt(c, XS_FIXED, XN_GENERAL));
    int m_params = row++, m_bpp = row++, m_ovh = row++, m_need = row++;
    head(c, ws, m_params, xw_label(c, "workload.params", "Parameters"), "model_params",
         xw_label(c, "unit.parameters", "parameters"));
    xw_fnum(c, ws, m_params, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_MODEL_PARAMS).s),
            s->model_params, xw_fmt(c, XS_CALC, XN_INT));
    head(c, ws, m_bpp, xw_label(c, "workload.bpp", "Memory per parameter"), "bytes_per_param",
         xw_label(c, "unit.bytes", "bytes"));
    xw_fnum(c, ws, m_bpp, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_BYTES_PER_PARAM).s),
            tco_bytes_per_param(s), xw_fmt(c, XS_CALC, XN_GENERAL));
    head(c, ws, m_ovh, xw_label(c, "workload.overhead", "Activations, KV cache and buffers"),
         "activation_overhead", xw_label(c, "unit.of_weights", "x the weights' memory"));
    xw_fnum(c, ws, m_ovh, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_ACTIVATION_OVERHEAD).s),
            s->activation_overhead, xw_fmt(c, XS_CALC, XN_DEC2));
    int m_tokens = -1, m_mfu = -1, m_rps = -1, m_tpr = -1, m_flops_run = -1;
    if (training) {
        m_tokens = row++;
        m_mfu = row++;
        m_flops_run = row++;
    } else {
        m_rps = row++;
        m_tpr = row++;
    }
    /* Constants of MODEL.md, kept out of the formulas (training uses all four). */
    int k_gb = row + 2, k_dig = row + 3, k_fpt = -1, k_tflop = -1, k_day = -1;
    if (training)
        k_fpt = row + 4, k_tflop = row + 5, k_day = row + 6;
    head(c, ws, m_need, xw_label(c, "workload.memory_needed", "Memory the model needs"),
         "sizing.memory_needed_gb", "GB");
    xw_fnum(c, ws, m_need, c0,
            xw_f(c, f, sizeof f, "=%s*%s*(1+%s)/%s", cell(m_params, c0).s, cell(m_bpp, c0).s,
                 cell(m_ovh, c0).s, cell(k_gb, c0).s),
            r->options[0].sizing.memory_needed_gb, xw_fmt(c, XS_TOTAL, XN_DEC2));
    if (training) {
        head(c, ws, m_tokens, xw_label(c, "workload.tokens", "Training tokens"), "tokens",
             xw_label(c, "unit.tokens", "tokens"));
        xw_fnum(c, ws, m_tokens, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_TOKENS).s),
                s->tokens, xw_fmt(c, XS_CALC, XN_INT));
        head(c, ws, m_mfu, xw_label(c, "workload.mfu", "Model FLOPs utilization (MFU)"), "mfu",
             "%");
        xw_fnum(c, ws, m_mfu, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_MFU).s), s->mfu,
                xw_fmt(c, XS_CALC, XN_PCT));
        head(c, ws, m_flops_run, xw_label(c, "workload.flops_run", "Compute for one training run"),
             "", "FLOP");
        xw_fnum(c, ws, m_flops_run, c0,
                xw_f(c, f, sizeof f, "=%s*%s*%s", cell(k_fpt, c0).s, cell(m_params, c0).s,
                     cell(m_tokens, c0).s),
                6 * s->model_params * s->tokens, xw_fmt(c, XS_CALC, XN_SCI));
    } else {
        snprintf(u, sizeof u, "%s", xw_label(c, "unit.per_second", "per second"));
        head(c, ws, m_rps, xw_label(c, "workload.rps", "Requests to serve"), "requests_per_s", u);
        xw_fnum(c, ws, m_rps, c0, xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_REQUESTS_PER_S).s),
                s->requests_per_s, xw_fmt(c, XS_CALC, XN_DEC2));
        head(c, ws, m_tpr, xw_label(c, "workload.tpr", "Tokens generated per request"),
             "tokens_per_request", xw_label(c, "unit.tokens", "tokens"));
        xw_fnum(c, ws, m_tpr, c0,
                xw_f(c, f, sizeof f, "=%s", xw_ing(c, TCO_S_TOKENS_PER_REQUEST).s),
                s->tokens_per_request, xw_fmt(c, XS_CALC, XN_DEC2));
    }
    row++;
    xw_section(c, ws, row++, xw_label(c, "workload.constants", "Constants (MODEL.md)"));
    head(c, ws, k_gb, xw_label(c, "workload.k_gb", "Bytes in one GB"), "", "bytes");
    xw_num(c, ws, k_gb, c0, 1e9, fixed_sci);
    /* Whole GPUs and runs round up (down) a quotient that is whole in binary floating
     * point; a program computing in more precision (Gnumeric) would see 42 as
     * 42.0000000000000000002 and round it up to 43 without this. */
    head(c, ws, k_dig,
         xw_label(c, "workload.k_dig", "Decimals kept before rounding to whole GPUs or runs"), "",
         xw_label(c, "workload.k_dig_unit", "decimals"));
    xw_num(c, ws, k_dig, c0, 9, fixed_int);
    if (training) {
        head(c, ws, k_fpt, xw_label(c, "workload.k_fpt", "Training FLOPs per parameter per token"),
             "", "FLOP");
        xw_num(c, ws, k_fpt, c0, 6, fixed_int);
        head(c, ws, k_tflop, xw_label(c, "workload.k_tflop", "FLOP/s in one TFLOPS"), "", "FLOP/s");
        xw_num(c, ws, k_tflop, c0, 1e12, fixed_sci);
        head(c, ws, k_day, xw_label(c, "workload.k_day", "Hours in one day"), "",
             xw_label(c, "unit.hours", "hours"));
        xw_num(c, ws, k_day, c0, 24, fixed_int);
    }
    row = (training ? k_day : k_dig) + 2;

    /* ----- The options ----- */
    int hdr = row++;
    lxw_format *hf = xw_fmt(c, XS_HEADER, XN_NONE);
    xw_text(c, ws, hdr, 0, xw_label(c, "workload.figure", "Figure"), hf);
    xw_text(c, ws, hdr, 1, xw_label(c, "workload.field", "Field"), hf);
    xw_text(c, ws, hdr, 2, xw_label(c, "workload.unit", "Unit"), hf);
    for (size_t i = 0; i < n; i++)
        xw_text(c, ws, hdr, c0 + (int)i, c->label[i], xw_fmt(c, XS_HEADOPT, XN_NONE));
    worksheet_set_row(ws, (lxw_row_t)hdr, 15.0 * lines + 2, NULL);
    worksheet_freeze_panes(ws, (lxw_row_t)(hdr + 1), (lxw_col_t)c0);

    int s_mem = row++;
    int o_count = row++, o_mem = row++, o_min = row++, o_fits = row++;
    row++;
    int s_rate = row++;
    int o_util = row++, o_rate = row++;
    row++;
    int s_work = row++;
    int o_tf = -1, o_se = -1, o_flops = -1, o_th = -1, o_td = -1, o_gh = -1, o_cpr = -1,
        o_runs = -1, o_tpc = -1, o_tp = -1, o_pg = -1, o_cpk = -1, o_cpm = -1, o_gn = -1;
    if (training) {
        o_tf = row++, o_se = row++, o_flops = row++, o_th = row++, o_td = row++, o_gh = row++;
        o_cpr = row++, o_runs = row++, o_tpc = row++;
    } else {
        o_tp = row++, o_se = row++, o_pg = row++, o_cpk = row++, o_cpm = row++, o_gn = row++;
    }
    int last_row = row - 1;

    /* Number formats of the small money figures: 3 significant digits. */
    double cpk[TCO_MAX_OPTIONS], cpm[TCO_MAX_OPTIONS];
    for (size_t i = 0; i < n; i++) {
        cpk[i] = r->options[i].sizing.cost_per_thousand_requests;
        cpm[i] = r->options[i].sizing.cost_per_million_tokens;
    }
    lxw_format *f_cpk = money_dec(c, sig_decimals(cpk, n)),
               *f_cpm = money_dec(c, sig_decimals(cpm, n));
    lxw_format *calc_int = xw_fmt(c, XS_CALC, XN_INT), *calc_dec = xw_fmt(c, XS_CALC, XN_DEC2),
               *calc_pct = xw_fmt(c, XS_CALC, XN_PCT), *calc_sci = xw_fmt(c, XS_CALC, XN_SCI);
    /* The verdict is the number 1 (fits) or 0, shown in words by its number format, so
     * that the formula is the same whatever the template's language. */
    char yes[120], no[120], fits_nf[300];
    format_literal(yes, sizeof yes, xw_label(c, "workload.fits.yes", "yes"));
    format_literal(no, sizeof no, xw_label(c, "workload.fits.no", "NO"));
    snprintf(fits_nf, sizeof fits_nf, "[=1]\"%s\";[=0]\"%s\";General", yes, no);
    lxw_format *f_fits = xw_fmt_num(c, XS_CALC, fits_nf);

    /* The rows' headings: label key and English label, JSON field, unit. A row the
     * mode does not have is -1. */
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
        {o_count, XW_KEY("workload.count"), "GPUs in the option", "count", gpus},
        {o_mem, XW_KEY("workload.memory_gb"), "Memory per GPU", "memory_gb", "GB"},
        {o_min, XW_KEY("workload.min_gpus"), "GPUs needed to hold the model", "sizing.min_gpus",
         gpus},
        {o_fits, XW_KEY("workload.fits"), "Model fits in the GPUs' memory", "sizing.fits",
         xw_label(c, "workload.fits_unit", "1 = yes, 0 = no")},
        {o_util, XW_KEY("workload.util"), "Utilization", "utilization", "%"},
        {o_rate, XW_KEY("workload.cpgh"), "Cost per GPU-hour used (total / GPU-hours)",
         "cost_per_gpu_hour", u_gph},
        {o_tf, XW_KEY("workload.tflops"), "FP16 peak per GPU", "fp16_tflops", "TFLOPS"},
        {o_se, XW_KEY("workload.scaling"), "Scaling efficiency", "scaling_efficiency", "%"},
        {o_flops, XW_KEY("workload.flops"), "Sustained compute (peak x MFU x scaling)", "",
         "FLOP/s"},
        {o_th, XW_KEY("workload.train_hours"), "Time for one run", "sizing.train_hours",
         xw_label(c, "unit.hours", "hours")},
        {o_td, XW_KEY("workload.train_days"), "Time for one run", "sizing.train_days",
         xw_label(c, "unit.days", "days")},
        {o_gh, XW_KEY("workload.run_gpu_hours"), "GPU-hours per run", "sizing.run_gpu_hours",
         "GPU-hours"},
        {o_cpr, XW_KEY("workload.cost_per_run"), "Cost per run", "sizing.cost_per_run", cur},
        {o_runs, XW_KEY("workload.runs"), "Whole runs in the horizon at this utilization",
         "sizing.runs_in_horizon", xw_label(c, "unit.runs", "runs")},
        {o_tpc, XW_KEY("workload.tokens_per_currency"), "Training tokens per unit of currency",
         "sizing.tokens_per_currency", u_tpc},
        {o_tp, XW_KEY("workload.throughput"), "Throughput per GPU", "throughput", u_tp},
        {o_pg, XW_KEY("workload.per_gpu"), "Requests served per GPU", "",
         xw_label(c, "unit.requests_per_s_per_gpu", "requests/s per GPU")},
        {o_cpk, XW_KEY("workload.cpk"), "Cost per thousand requests",
         "sizing.cost_per_thousand_requests", u_cpk},
        {o_cpm, XW_KEY("workload.cpm"), "Cost per million tokens", "sizing.cost_per_million_tokens",
         u_cpm},
        {o_gn, XW_KEY("workload.gpus_needed"), "GPUs needed for the requests", "sizing.gpus_needed",
         gpus},
    };

    /* Row by row: a row's heading, then every option's figure in it. */
    for (int want = s_mem; want <= last_row; want++) {
        if (want == s_mem)
            xw_section(c, ws, s_mem, xw_label(c, "workload.memory", "Memory"));
        else if (want == s_rate)
            xw_section(c, ws, s_rate, xw_label(c, "workload.rate", "Cost of a GPU-hour"));
        else if (want == s_work && training)
            xw_section(c, ws, s_work, xw_label(c, "workload.training", "One training run"));
        else if (want == s_work)
            xw_section(c, ws, s_work, xw_label(c, "workload.inference", "Serving"));
        for (size_t k = 0; k < sizeof heads / sizeof heads[0]; k++)
            if (heads[k].row == want)
                head(c, ws, want, xw_label(c, heads[k].lkey, heads[k].label), heads[k].field,
                     heads[k].unit);
        for (size_t i = 0; i < n; i++) {
            const tco_option *o = &s->options[i];
            const tco_option_result *res = &r->options[i];
            const tco_sizing *z = &res->sizing;
            const xw_optsheet *L = &c->os[i];
            int col = c0 + (int)i;
            xw_refbuf cnt = ocell(o_count, col);
            xw_refbuf mem = ocell(o_mem, col);
            xw_refbuf min = ocell(o_min, col);
            xw_refbuf rate = ocell(o_rate, col);

            if (want == o_count)

                xw_fnum(c, ws, o_count, col,
                        xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_COUNT_GPUS).s), o->count,
                        calc_int);
            if (want == o_mem)
                xw_fnum(c, ws, o_mem, col,
                        xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_MEMORY_GB).s), o->memory_gb,
                        calc_dec);
            if (want == o_min)
                xw_fnum(c, ws, o_min, col,
                        xw_f(c, f, sizeof f, "=IF(%s>0,-INT(-ROUND(%s/%s,%s)),\"n/a\")", mem.s,
                             cell(m_need, c0).s, mem.s, cell(k_dig, c0).s),
                        z->min_gpus, calc_int);
            if (want == o_fits)
                xw_fnum(
                    c, ws, o_fits, col,
                    xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(%s>=%s,1,0),\"n/a\")", min.s, cnt.s,
                         min.s),
                    z->fits == 1   ? 1
                    : z->fits == 0 ? 0
                                   : NAN,
                    f_fits);

            if (want == o_util)

                xw_fnum(c, ws, o_util, col, xw_f(c, f, sizeof f, "=%s", odrv(c, i, L->k_util).s),
                        res->utilization, calc_pct);
            xw_refbuf gh = odrv(c, i, L->k_gpuh);
            xw_refbuf net = odrv(c, i, L->r_net);
            if (want == o_rate)
                xw_fnum(c, ws, o_rate, col,
                        xw_f(c, f, sizeof f, "=IF(%s=0,\"n/a\",%s/%s)", gh.s, net.s, gh.s),
                        res->cost_per_gpu_hour, xw_fmt(c, XS_CALC, XN_MONEY2));

            xw_refbuf se = ocell(o_se, col);
            if (want == o_se)
                xw_fnum(c, ws, o_se, col,
                        xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_SCALING_EFFICIENCY).s),
                        o->scaling_efficiency, calc_pct);
            if (training) {
                xw_refbuf tf = ocell(o_tf, col);
                if (want == o_tf)
                    xw_fnum(c, ws, o_tf, col,
                            xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_FP16_TFLOPS).s),
                            o->fp16_tflops, calc_dec);
                xw_refbuf fl = ocell(o_flops, col);
                if (want == o_flops)
                    xw_fnum(c, ws, o_flops, col,
                            xw_f(c, f, sizeof f, "=%s*%s*%s*%s*%s", cnt.s, tf.s,
                                 cell(k_tflop, c0).s, cell(m_mfu, c0).s, se.s),
                            o->count * o->fp16_tflops * 1e12 * s->mfu * o->scaling_efficiency,
                            calc_sci);
                xw_refbuf th = ocell(o_th, col);
                if (want == o_th)
                    xw_fnum(c, ws, o_th, col,
                            xw_f(c, f, sizeof f,
                                 "=IF(OR(%s<=0,%s<=0),\"n/a\",%s*%s*%s/%s/SecondsPerHour)",
                                 cell(m_tokens, c0).s, fl.s, cell(k_fpt, c0).s,
                                 cell(m_params, c0).s, cell(m_tokens, c0).s, fl.s),
                            z->train_hours, calc_dec);
                if (want == o_td)
                    xw_fnum(c, ws, o_td, col,
                            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),%s/%s,\"n/a\")", th.s, th.s,
                                 cell(k_day, c0).s),
                            z->train_days, calc_dec);
                xw_refbuf ghr = ocell(o_gh, col);
                if (want == o_gh)
                    xw_fnum(c, ws, o_gh, col,
                            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),%s*%s,\"n/a\")", th.s,
                                 cnt.s, th.s),
                            z->run_gpu_hours, calc_int);
                xw_refbuf cpr = ocell(o_cpr, col);
                if (want == o_cpr)
                    xw_fnum(c, ws, o_cpr, col,
                            xw_f(c, f, sizeof f,
                                 "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),%s*%s,\"n/a\")", ghr.s, rate.s,
                                 ghr.s, rate.s),
                            z->cost_per_run, xw_fmt(c, XS_TOTAL, XN_MONEY));
                if (want == o_runs)
                    xw_fnum(
                        c, ws, o_runs, col,
                        xw_f(c, f, sizeof f,
                             "=IF(ISNUMBER(%s),INT(ROUND(HoursPerMonth*HorizonMonths*%s/%s,%s)),"
                             "\"n/a\")",
                             th.s, ocell(o_util, col).s, th.s, cell(k_dig, c0).s),
                        z->runs_in_horizon, calc_int);
                if (want == o_tpc)
                    xw_fnum(c, ws, o_tpc, col,
                            xw_f(c, f, sizeof f, "=IF(ISNUMBER(%s),IF(%s=0,\"n/a\",%s/%s),\"n/a\")",
                                 cpr.s, cpr.s, cell(m_tokens, c0).s, cpr.s),
                            z->tokens_per_currency, calc_int);
            } else {
                xw_refbuf tp = ocell(o_tp, col);
                if (want == o_tp)
                    xw_fnum(c, ws, o_tp, col,
                            xw_f(c, f, sizeof f, "=%s", xw_in(c, i, TCO_O_THROUGHPUT).s),
                            o->throughput, calc_dec);
                xw_refbuf pg = ocell(o_pg, col);
                double per_gpu = o->throughput * o->scaling_efficiency;
                if (per_gpu <= 0 && s->requests_per_s > 0)
                    per_gpu = s->requests_per_s / o->count;
                if (want == o_pg)
                    xw_fnum(c, ws, o_pg, col,
                            xw_f(c, f, sizeof f, "=IF(%s*%s>0,%s*%s,IF(%s>0,%s/%s,\"n/a\"))", tp.s,
                                 se.s, tp.s, se.s, cell(m_rps, c0).s, cell(m_rps, c0).s, cnt.s),
                            per_gpu > 0 ? per_gpu : NAN, calc_dec);
                if (want == o_cpk)
                    xw_fnum(c, ws, o_cpk, col,
                            xw_f(c, f, sizeof f,
                                 "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),%s/"
                                 "(%s*SecondsPerHour)*1000,\"n/a\")",
                                 rate.s, pg.s, rate.s, pg.s),
                            z->cost_per_thousand_requests, f_cpk);
                if (want == o_cpm)
                    xw_fnum(c, ws, o_cpm, col,
                            xw_f(c, f, sizeof f,
                                 "=IF(AND(ISNUMBER(%s),ISNUMBER(%s),%s>0),%s/"
                                 "(%s*%s*SecondsPerHour)*1000*"
                                 "1000,\"n/a\")",
                                 rate.s, pg.s, cell(m_tpr, c0).s, rate.s, pg.s, cell(m_tpr, c0).s),
                            z->cost_per_million_tokens, f_cpm);
                if (want == o_gn)
                    xw_fnum(c, ws, o_gn, col,
                            xw_f(c, f, sizeof f,
                                 "=IF(AND(%s>0,%s>0,ISNUMBER(%s)),-INT(-ROUND(%s/%s,%s)),\"n/a\")",
                                 cell(m_rps, c0).s, tp.s, pg.s, cell(m_rps, c0).s, pg.s,
                                 cell(k_dig, c0).s),
                            z->gpus_needed, calc_int);
            }
        }
    }

    /* Red where the model does not fit: the option's heading, GPUs needed and the verdict. */
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.type = LXW_CONDITIONAL_TYPE_FORMULA;
    xw_f(c, f, sizeof f, "=AND(ISNUMBER(%s),%s<%s)", ocell(o_min, c0).s, ocell(o_count, c0).s,
         ocell(o_min, c0).s);
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
    int marked[] = {hdr, o_min, o_fits};
    for (int k = 0; k < 3; k++) {
        lxw_error e = worksheet_conditional_format_range(ws, (lxw_row_t)marked[k], (lxw_col_t)c0,
                                                         (lxw_row_t)marked[k], (lxw_col_t)c1, &cf);
        if (e && !c->err)
            c->err = e;
    }
    xw_text(c, ws, last_row + 2, 0,
            xw_label(c, "workload.note",
                     "n/a: the figure needs an input the option does not give (memory_gb, "
                     "fp16_tflops, throughput, tokens) or a cost per GPU-hour (zero utilization)."),
            xw_fmt(c, XS_NOTE, XN_NONE));
    xw_print_setup(c, ws, hdr, hdr, 1);
}
