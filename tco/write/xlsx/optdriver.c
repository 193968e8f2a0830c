/* optdriver.c - the drivers of an option's cash-flow sheet (optw.h): the
 * quantities in column C below the timeline that its rows read (utilization,
 * servers, capex, power, residual, depreciation, a loan's and a lease's
 * terms), those of its unit costs, its break-even utilization and its
 * returns against the baseline; their rows described once, in the table
 * xw_driver_rows that goes on from option.c's. Each is a formula over Inputs
 * and the sheet, cached with the engine's value. */
#include "write/xlsx/optw.h"
#include "core/core.h"
#include "core/factors.h"
#include "write/xlsx/cell.h"

#include <math.h>

/* ===== The drivers, in column C ===== */

/* A driver's formula and its cached value in column C. */
static void driver(const xw_optw *w, int row, const char *formula, double v, xw_numfmt nf)
{
    xw_ow_fig(w, row, XW_COL_VAL, formula, v, xw_fmt(w->c, XS_CALC, nf));
}

/* The references every driver formula of xw_ow_formula reads, from the rows
 * of L that the option has (empty where it has none). */
typedef struct drv_refs {
    xw_refbuf n, u, servers, gpu_w, capex_gpu, capex_infra, resfrac, capex, rate, amount;
    xw_owrefs R;
} drv_refs;

static xw_refbuf drv_at(int row)
{
    xw_refbuf b = {{0}};
    return row == XW_NONE ? b : xw_ow_drv(row);
}

static void drv_refs_of(const xw_optw *w, drv_refs *d)
{
    const xw_optsheet *L = w->L;
    d->n = xw_ow_in(w, TCO_O_COUNT_GPUS);
    d->u = drv_at(L->k_util);
    d->servers = drv_at(L->k_servers);
    d->gpu_w = drv_at(L->k_gpu_w);
    d->capex_gpu = drv_at(L->k_capex_gpu);
    d->capex_infra = drv_at(L->k_capex_infra);
    d->resfrac = drv_at(L->k_resfrac);
    d->capex = drv_at(L->k_capex);
    d->rate = drv_at(L->k_lrate);
    d->amount = drv_at(L->k_loan);
    d->R = (xw_owrefs){.n = d->n.s,
                       .u = d->u.s,
                       .servers = d->servers.s,
                       .gpu_w = d->gpu_w.s,
                       .capex_gpu = d->capex_gpu.s,
                       .capex_infra = d->capex_infra.s,
                       .resfrac = d->resfrac.s,
                       .capex = d->capex.s,
                       .rate = d->rate.s,
                       .amount = d->amount.s};
}

/* A driver that is formula `which` of xw_ow_formula, cached v. */
static void owf_driver(const xw_optw *w, int row, xw_owf which, double v, xw_numfmt nf)
{
    char f[XW_FBUF];
    drv_refs d;
    drv_refs_of(w, &d);
    driver(w, row, xw_ow_formula(w, which, &d.R, f, sizeof f), v, nf);
}

/* A driver that is the option's input `key`, cached v. */
static void input_driver(const xw_optw *w, int row, tco_okey key, double v, xw_numfmt nf)
{
    char f[XW_FBUF];
    driver(w, row, xw_formula(w->c, f, sizeof f, "=%s", xw_ow_in(w, key).s), v, nf);
}

static void drivers_heading(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    xw_text(c, w->ws, row, 0, xw_label(c, "option.drivers", "Drivers (from the links above)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, w->ws, row, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
}

/* The results' heading: figures of the cash flow above. */
static void results_heading(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    xw_text(c, w->ws, row, 0, xw_label(c, "option.results", "Results (from the cash flow above)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, w->ws, row, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
}

static void util_drv(const xw_optw *w, int row)
{
    input_driver(w, row, TCO_O_UTILIZATION, w->res->utilization, XN_PCT);
}

static void servers_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_SERVERS, w->res->servers, XN_INT);
}

static void capex_gpu_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_CAPEX_GPU, w->res->capex_gpu, XN_MONEY);
}

static void capex_infra_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_CAPEX_INFRA, w->res->capex_infra, XN_MONEY);
}

/* The capex, paid at month 0 (a rent option's upfront payment). */
static void capex_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    if (!L->buy) {
        xw_ow_label(w, row, xw_label(c, "option.upfront0", "Upfront payment, month 0"), w->cur,
                    XS_TEXT);
        input_driver(w, row, TCO_O_UPFRONT, w->res->capex, XN_MONEY);
        return;
    }
    xw_ow_label(w, row, xw_label(c, "option.capex_total", "Capex: total, paid at month 0"), w->cur,
                XS_TEXT);
    driver(w, row,
           xw_formula(c, f, sizeof f, "=%s+%s+%s", xw_ow_drv(L->k_capex_gpu).s,
                      xw_ow_drv(L->k_capex_infra).s, xw_ow_in(w, TCO_O_INSTALL_PRICE).s),
           w->res->capex, XN_MONEY);
}

static void gpu_w_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_GPU_W, tci_gpu_watts(w->o, w->res->utilization), XN_DEC2);
}

static void it_kw_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_IT_KW, w->res->it_kw, XN_DEC2);
}

static void prov_kw_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_PROV_KW, w->res->provisioned_kw, XN_DEC2);
}

static void resfrac_drv(const xw_optw *w, int row)
{
    input_driver(w, row, TCO_O_RESALE_FRACTION, w->res->residual_fraction, XN_PCT);
}

static void residual_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, w->L->lease ? XF_LEASE_RESIDUAL : XF_RESIDUAL, w->res->residual, XN_MONEY);
}

/* The book salvage: salvage_fraction of what is depreciated. */
static void salvage_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    driver(w, row,
           xw_formula(w->c, f, sizeof f, "=%s*%s",
                      xw_ow_drv(w->L->lease ? w->L->k_ebuy : w->L->k_capex).s,
                      xw_ow_in(w, TCO_O_SALVAGE_FRACTION).s),
           w->res->salvage_value, XN_MONEY);
}

/* See optw.h. */
void xw_life_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF]; /* the link itself: from Inputs */
    driver(w, row,
           xw_formula(w->c, f, sizeof f, "=%s", xw_in(w->c, w->i, TCO_O_DEPRECIATION_YEARS).s),
           tco_depreciation_life(w->o), XN_INT);
}

static void loan_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_LOAN_AMOUNT, w->res->loan_amount, XN_MONEY);
}

static void loan_rate_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_LOAN_RATE, w->res->loan_rate_monthly, XN_PCT4);
}

static void loan_payment_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_LOAN_PAYMENT, w->res->loan_payment, XN_MONEY);
}

/* A lease's payment: given, or the rate factor times the capex. */
static void lease_payment_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_LEASE_PAYMENT, w->res->lease_payment, XN_MONEY);
}

/* A lease's buyout price, paid within the horizon. */
static void lease_buyout_drv(const xw_optw *w, int row)
{
    owf_driver(w, row, XF_LEASE_BUYOUT, w->res->lease_buyout, XN_MONEY);
}

/* ===== The drivers of the unit costs ===== */

static void rm_drv(const xw_optw *w, int row)
{
    driver(w, row, "=(1+DiscountRate)^(1/MonthsPerYear)-1", w->c->r->monthly_rate, XN_PCT4);
}

static void gpuh_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    driver(w, row,
           xw_formula(w->c, f, sizeof f, "=%s*HoursPerMonth*HorizonMonths*%s",
                      xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_drv(w->L->k_util).s),
           w->res->gpu_hours, XN_INT);
}

static void pflop_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    driver(w, row,
           xw_formula(w->c, f, sizeof f, "=%s*%s/TflopsPerPflops*HoursPerMonth*HorizonMonths*%s",
                      xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_FP16_TFLOPS).s,
                      xw_ow_drv(w->L->k_util).s),
           w->res->pflop_hours, XN_INT);
}

/* The work done, in the scenario's unit. */
static void units_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "option.units", "Work done over the horizon ({unit}s)", "unit",
              c->unit, NULL);
    xw_ow_label(w, row, t, c->unit, XS_TEXT);
    driver(w, row,
           xw_formula(c, f, sizeof f, "=%s*%s*%s*SecondsPerHour*HoursPerMonth*HorizonMonths*%s",
                      xw_ow_in(w, TCO_O_THROUGHPUT).s, xw_ow_in(w, TCO_O_COUNT_GPUS).s,
                      xw_ow_in(w, TCO_O_SCALING_EFFICIENCY).s, xw_ow_drv(w->L->k_util).s),
           w->res->units, XN_INT);
}

/* The work rate per kW of IT load (a bought option). */
static void wpkw_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], t[XW_TBUF];
    xw_labelf(c, t, sizeof t, "option.wpkw", "Work rate per kW of IT load ({unit}s per second)",
              "unit", c->unit, NULL);
    xw_refbuf tp = xw_ow_in(w, TCO_O_THROUGHPUT);
    xw_ow_label(w, row, t, xw_label(c, "unit.per_s_per_kw", "per s per kW"), XS_TEXT);
    driver(w, row,
           xw_formula(c, f, sizeof f, "=IF(OR(%s<=0,%s=0),%s,%s*%s*%s/%s)", tp.s,
                      xw_ow_drv(w->L->k_it_kw).s, xw_na_word(c).lit, tp.s,
                      xw_ow_in(w, TCO_O_COUNT_GPUS).s, xw_ow_in(w, TCO_O_SCALING_EFFICIENCY).s,
                      xw_ow_drv(w->L->k_it_kw).s),
           w->res->units_per_s_per_kw, XN_DEC2);
}

/* ===== Break-even utilization: total(u) = total(0) + slope * u ===== */

/* The total's slope in the utilization: a bought option's power, an
 * on-demand or spot rental (spot with the hours lost), the on-demand months
 * after a reserved term; none for a reserved option. */
static void slope_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L;
    char f[XW_FBUF];
    const char *label = xw_label(c, "option.slope", "Cost per unit of utilization (0% to 100%)");
    xw_refbuf n = xw_ow_in(w, TCO_O_COUNT_GPUS), factors = {{0}};
    if (L->r_factor != XW_NONE)
        factors = xw_range(NULL, L->r_factor, XW_COL_M0 + 1, L->r_factor, w->last);
    if (L->buy)
        xw_formula(c, f, sizeof f, "=%s*%s*(%s-%s)/WattsPerKilowatt*HoursPerMonth*%s*SUM(%s)", n.s,
                   xw_ow_in(w, TCO_O_TDP_W).s, xw_ow_in(w, TCO_O_LOAD_POWER_FRACTION).s,
                   xw_ow_in(w, TCO_O_IDLE_POWER_FRACTION).s, xw_site_name(c, w->i, TCO_S_PUE).s,
                   xw_range(NULL, L->r_price, XW_COL_M0 + 1, L->r_price, w->last).s);
    else if (w->o->pricing == TCO_ON_DEMAND)
        xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)", n.s,
                   xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s, factors.s);
    else if (w->o->pricing == TCO_SPOT)
        xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUM(%s)/(1-%s)", n.s,
                   xw_ow_in(w, TCO_O_PRICE_PER_GPU_HOUR).s, factors.s,
                   xw_ow_in(w, TCO_O_INTERRUPTION_OVERHEAD).s);
    else if (L->r_factor != XW_NONE) /* reserved, then on demand: those months follow u */
        xw_formula(c, f, sizeof f, "=%s*HoursPerMonth*%s*SUMIF(%s,\">\"&%s,%s)", n.s,
                   xw_ow_in(w, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s,
                   xw_range(NULL, L->r_month, XW_COL_M0 + 1, L->r_month, w->last).s,
                   xw_ow_in(w, TCO_O_TERM_MONTHS).s, factors.s);
    else {
        xw_ow_label(
            w, row,
            xw_label(c, "option.slope.reserved", "Cost per unit of utilization (reserved: none)"),
            w->cur, XS_TEXT);
        xw_num(c, w->ws, row, XW_COL_VAL, 0, xw_fmt(c, XS_FIXED, XN_MONEY));
        return;
    }
    char co2[XW_FBUF / 2], g[XW_FBUF];
    xw_formula(c, g, sizeof g, "%s%s", f, xw_carbon_slope(w, co2, sizeof co2));
    xw_ow_label(w, row, label, w->cur, XS_TEXT);
    driver(w, row, g, w->res->total_per_utilization, XN_MONEY);
}

static void total0_drv(const xw_optw *w, int row)
{
    char f[XW_FBUF];
    driver(w, row,
           xw_formula(w->c, f, sizeof f, "=%s-%s*%s", xw_ow_drv(w->L->r_net).s,
                      xw_ow_drv(w->L->k_slope).s, xw_ow_drv(w->L->k_util).s),
           w->res->total_at_zero_utilization, XN_MONEY);
}

/* Where the option's total line meets the baseline's, before the 0-100%
 * limits (the word for none when the slopes are equal). */
static void breakeven_drv(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const xw_optsheet *L = w->L, *B = &c->os[c->r->baseline];
    char f[XW_FBUF];
    xw_refbuf bs = xw_ref(B->quoted, B->k_slope, XW_COL_VAL, 1, 1);
    xw_refbuf bt = xw_ref(B->quoted, B->k_total0, XW_COL_VAL, 1, 1);
    double x = tci_utilization_crossing(w->res, &c->r->options[c->r->baseline]);
    xw_word na = xw_na_word(c);
    xw_formula(c, f, sizeof f, "=IF(%s-%s=0,%s,(%s-%s)/(%s-%s))", bs.s, xw_ow_drv(L->k_slope).s,
               na.lit, xw_ow_drv(L->k_total0).s, bt.s, bs.s, xw_ow_drv(L->k_slope).s);
    if (isnan(x))
        xw_fstr(c, w->ws, row, XW_COL_VAL, f, na.text, xw_fmt(c, XS_CALC, XN_PCT));
    else
        driver(w, row, f, x, XN_PCT);
}

/* The IRR, the MIRR and the payback months of the incremental flow, in
 * column C; its five rows, from the first. */
static void returns_rows(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    const tco_option_result *r = w->res;
    (void)row;
    const char *labels[5] = {
        xw_label(c, "option.irrg", "Where the IRR's iteration starts (tco's monthly rate)"),
        xw_label(c, "option.irr", "IRR of buying, annual: (1+IRR)^12-1"),
        xw_label(c, "option.mirr",
                 "MIRR of buying, annual, financed and reinvested at the monthly rate"),
        xw_label(c, "option.payback", "Payback month (the saving to date stays at or above 0)"),
        xw_label(c, "option.dpayback", "Discounted payback month (likewise, in present value)")};
    xw_flowrows R = xw_ow_pretax_rows(w->L);
    xw_flowfigs fg = {r->irr, r->mirr, r->payback_month, r->discounted_payback_month, r->irr_note};
    xw_ow_returns(w, &R, &fg, labels);
}

/* ===== The rows ===== */

/* See optw.h. */
const xw_ow_row xw_driver_rows[] = {
    /* The drivers, in column C. */
    OW_HEADING(s_drivers, 0, drivers_heading),
    OW_ROW(k_util, 0, XW_KEY("option.util"), "Utilization", OU_PERCENT, util_drv),
    OW_ROW(k_servers, OW_BUY, XW_KEY("option.servers"), "Servers", OU_SERVERS, servers_drv),
    OW_ROW(k_capex_gpu, OW_BUY, XW_KEY("option.capex_gpu"), "Capex: GPUs", OU_CURRENCY,
           capex_gpu_drv),
    OW_ROW(k_capex_infra, OW_BUY, XW_KEY("option.capex_infra"), "Capex: servers and network",
           OU_CURRENCY, capex_infra_drv),
    OW_OWN(k_capex, 0, capex_drv),
    OW_ROW(k_gpu_w, OW_BUY, XW_KEY("option.gpu_w"), "Power per GPU at this utilization", OU_W,
           gpu_w_drv),
    OW_ROW(k_it_kw, OW_BUY, XW_KEY("option.it_kw"), "IT load", OU_KW, it_kw_drv),
    OW_ROW(k_prov_kw, OW_BUY, XW_KEY("option.prov_kw"), "Provisioned power (at TDP)", OU_KW,
           prov_kw_drv),
    OW_ROW(k_resfrac, OW_BUY, XW_KEY("option.resfrac"), "Resale value at the end", OU_PCT_HARDWARE,
           resfrac_drv),
    OW_ROW(k_residual, OW_BUY, XW_KEY("option.residual"),
           "Residual value (GPUs, servers and network)", OU_CURRENCY, residual_drv),
    OW_ROW(k_loan, OW_LOAN, XW_KEY("option.loan"), "Lent by the loan", OU_CURRENCY, loan_drv),
    OW_ROW(k_lrate, OW_LOAN, XW_KEY("option.lrate"), "Loan interest rate per month", OU_PCT_MONTH,
           loan_rate_drv),
    OW_ROW(k_lpmt, OW_LOAN, XW_KEY("option.lpmt"), "Loan payment per month (level)", OU_CURRENCY,
           loan_payment_drv),
    OW_ROW(k_epmt, OW_LEASE, XW_KEY("option.epmt"), "Lease payment per month", OU_CURRENCY,
           lease_payment_drv),
    OW_ROW(k_ebuy, OW_LEASE, XW_KEY("option.ebuy"), "Buyout price, paid within the horizon",
           OU_CURRENCY, lease_buyout_drv),
    OW_ROW(k_salvage, OW_SALVAGE, XW_KEY("option.salvage"), "Book salvage value", OU_CURRENCY,
           salvage_drv),
    OW_ROW(tx.k_tsalv, OW_TAX_SALVAGE, XW_KEY("option.tsalv"), "Tax salvage value", OU_CURRENCY,
           xw_tax_salvage_drv),
    OW_ROW(tx.k_t179, OW_TAXYEAR, XW_KEY("option.t179"), "Section 179 expensing (tax year 1)",
           OU_CURRENCY, xw_tax_179_drv),
    OW_ROW(tx.k_tbonus, OW_TAXYEAR, XW_KEY("option.tbonus"), "Bonus depreciation (tax year 1)",
           OU_CURRENCY, xw_tax_bonus_drv),
    OW_ROW(tx.k_tmq, OW_TAXYEAR, XW_KEY("option.tmq"),
           "Mid-quarter convention: month 0 in the tax year's last quarter (1 = yes)", OU_FLAG,
           xw_tax_mq_drv),
    OW_ROW(k_rm, 0, XW_KEY("option.rm"), "Monthly discount rate", OU_PCT_MONTH, rm_drv),
    OW_ROW(k_gpuh, 0, XW_KEY("option.gpuh"), "GPU-hours used over the horizon", OU_GPU_HOURS,
           gpuh_drv),
    OW_ROW(k_pflop, 0, XW_KEY("option.pflop"), "PFLOP-hours used (FP16 peak)", OU_PFLOP_HOURS,
           pflop_drv),
    OW_OWN(k_units, 0, units_drv),
    OW_OWN(k_wpkw, OW_BUY, wpkw_drv),
};

/* See optw.h. */
const size_t xw_n_driver_rows = sizeof xw_driver_rows / sizeof xw_driver_rows[0];

/* See optw.h. */
const xw_ow_row xw_result_rows[] = {
    OW_HEADING(s_results, 0, results_heading),
    OW_OWN(k_slope, 0, slope_drv),
    OW_ROW(k_total0, 0, XW_KEY("option.total0"), "Total cost at 0% utilization", OU_CURRENCY,
           total0_drv),
    OW_ROW(k_breakeven_u, OW_BASE, XW_KEY("option.beu"),
           "Break-even utilization, before the 0-100% limits", OU_PERCENT, breakeven_drv),
    OW_OWN(k_irrg, OW_BASE, returns_rows),
    OW_GROUPED(k_irr, OW_BASE),
    OW_GROUPED(k_mirr, OW_BASE),
    OW_GROUPED(k_pay, OW_BASE),
    OW_GROUPED(k_dpay, OW_BASE),
    OW_OWN(tx.k_irrg, OW_BASE | OW_TAX, xw_tax_returns_rows),
    OW_GROUPED(tx.k_irr, OW_BASE | OW_TAX),
    OW_GROUPED(tx.k_mirr, OW_BASE | OW_TAX),
    OW_GROUPED(tx.k_pay, OW_BASE | OW_TAX),
    OW_GROUPED(tx.k_dpay, OW_BASE | OW_TAX),
};

/* See optw.h. */
const size_t xw_n_result_rows = sizeof xw_result_rows / sizeof xw_result_rows[0];
