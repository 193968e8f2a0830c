/* sensmodel.c - the Sensitivity sheet's model (sensmodel.h). One driver moves,
 * everything else held (MODEL.md, Sensitivity); every driver but the yearly
 * declines enters an option's total linearly, so the changed total is the base
 * total plus the change of the input times what one unit of it costs over the
 * horizon, written over the option's cash-flow sheet and Inputs. The declines
 * (electricity_escalation, price_decline, resale_decline) change a power of the
 * year, a SUMPRODUCT over the option's year row. */
#include "write/xlsx/sensmodel.h"
#include "write/xlsx/inputs.h"
#include "core/core.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/optw.h"
#include "write/xlsx/plan.h"
#include "util/utf8.h"

#include <assert.h>
#include <string.h>

/* See sensmodel.h. */
int xw_sens_driver(const tco_scenario *s, const char *name, xw_sdrv *d)
{
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *kd = tco_scenario_key((tco_skey)k);
        if (kd->driver > 0 && strcmp(kd->name, name) == 0) {
            *d = (xw_sdrv){1, k, -1, 0};
            return 1;
        }
    }
    for (int k = 0; k < TCO_O_COUNT; k++) {
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        if (kd->driver > 0 && strcmp(kd->name, name) == 0) {
            *d = (xw_sdrv){0, k, -1, 0};
            return 1;
        }
    }
    for (size_t k = 0; k < s->n_discounts; k++) {
        if (s->discounts[k].driver && strcmp(s->discounts[k].driver, name) == 0) {
            *d = (xw_sdrv){0, (int)k, TCO_PARAM_DISCOUNT, 0};
            return 1;
        }
    }
    for (size_t k = 0; k < s->n_ranges; k++) {
        const tco_range *rg = &s->ranges[k];
        if (rg->name && strcmp(rg->name, name) == 0 && rg->param.option == TCO_PARAM_FX)
            return 0; /* an exchange rate: the sheet shows the engine's figures */
        if (rg->name && strcmp(rg->name, name) == 0) {
            *d = (xw_sdrv){rg->param.option < 0, rg->param.key, rg->param.option, rg->param.site};
            return 1;
        }
    }
    return 0;
}

/* See sensmodel.h. */
const tco_keydef *xw_sens_key(const xw_sdrv *d)
{
    if (d->only_option == TCO_PARAM_DISCOUNT)
        return tci_discount_key();
    return d->global ? tco_scenario_key((tco_skey)d->key) : tco_option_key((tco_okey)d->key);
}

/* The key row of driver d. */
static const tco_keydef *key_of(const xw_sdrv *d)
{
    return xw_sens_key(d);
}

/* How a unit of driver d moves a total (the key table's tco_ksens). */
static tco_ksens sens_of(const xw_sdrv *d)
{
    return key_of(d)->sens;
}

/* Whether [sensitivity] gives a range for key `key` (of option `option`, or -1
 * for a global key; of named site site - 1, or 0). */
static int has_range_at(const tco_scenario *s, int option, int key, int site)
{
    for (size_t k = 0; k < s->n_ranges; k++)
        if (s->ranges[k].param.option == option && s->ranges[k].param.key == key &&
            s->ranges[k].param.site == site)
            return 1;
    return 0;
}

static int has_range(const tco_scenario *s, int option, int key)
{
    for (size_t k = 0; k < s->n_ranges; k++)
        if (s->ranges[k].param.option == option && s->ranges[k].param.key == key &&
            s->ranges[k].param.site == 0)
            return 1;
    return 0;
}

/* A driver cell (column C) of option i's cash-flow sheet. */
static xw_refbuf k_ref(const xw_ctx *c, size_t i, int row)
{
    return xw_ref(c->os[i].quoted, row, XW_COL_VAL, 1, 1);
}

/* Spot option i's share of paid hours that do work, as a divisor of its GPU-hour
 * rental ("/(1-overhead)"); empty for any other option (MODEL.md, Spot capacity). */
static xw_refbuf spot_div(xw_ctx *c, size_t i)
{
    xw_refbuf b = {{0}};
    if (c->s->options[i].acquire == TCO_RENT && c->s->options[i].pricing == TCO_SPOT)
        xw_formula(c, b.s, sizeof b.s, "/(1-%s)", xw_in(c, i, TCO_O_INTERRUPTION_OVERHEAD).s);
    return b;
}

/* Months 1..H of a timeline row of option i's cash-flow sheet. */
static xw_refbuf months(const xw_ctx *c, size_t i, int row)
{
    return xw_range(c->os[i].quoted, row, XW_COL_M0 + 1, row, XW_COL_M0 + c->s->horizon_months);
}

/* See sensmodel.h. */
int xw_sens_swung(xw_ctx *c, size_t i, const xw_sdrv *d, char *x0, size_t size, double *lo,
                  double *hi)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    const tco_keydef *kd;
    xw_refbuf base;
    if (d->only_option == TCO_PARAM_DISCOUNT) {
        /* The discount's fraction on Inputs, unless a range fixes its ends. */
        if (has_range(s, TCO_PARAM_DISCOUNT, d->key) || !c->in_disc)
            return 0;
        kd = tci_discount_key();
        base = xw_ref(c->sheet_q[TCI_SHEET_INPUTS], c->in_disc[d->key], XW_COL_VAL, 1, 1);
        tci_utf8_format(x0, size, "%s", base.s);
        *lo = kd->lo;
        *hi = kd->hi;
        return 1;
    }
    if (d->only_option >= 0 || (!d->global && has_range(s, (int)i, d->key)))
        return 0;
    if (d->global && d->key == TCO_S_UTILIZATION) {
        /* The option's utilization in effect moves, its own or the [workload] one. */
        if (has_range(s, -1, d->key) || has_range(s, (int)i, TCO_O_UTILIZATION) ||
            o->acquire == TCO_API) /* billed for the workload whatever it (MODEL.md) */
            return 0;
        kd = tco_scenario_key(TCO_S_UTILIZATION);
        base = k_ref(c, i, c->os[i].k_util);
    } else if (d->global) {
        if (has_range_at(s, -1, d->key, d->site))
            return 0;
        kd = tco_scenario_key((tco_skey)d->key);
        base = d->site > 0 ? xw_site_name_at(c, (size_t)d->site - 1, (tco_skey)d->key)
                           : xw_in_global(c, (tco_skey)d->key);
    } else {
        kd = tco_option_key((tco_okey)d->key);
        if (d->key == TCO_O_RESALE_FRACTION && o->src[TCO_O_RESALE_DECLINE])
            base = k_ref(c, i, c->os[i].k_resfrac); /* the fraction the decline gives */
        else
            base = xw_in(c, i, (tco_okey)d->key);
    }
    tci_utf8_format(x0, size, "%s", base.s);
    *lo = kd->lo;
    *hi = kd->hi;
    return 1;
}

/* Option i's live value of driver d, the input the change is measured from. */
static xw_refbuf live(xw_ctx *c, size_t i, const xw_sdrv *d)
{
    if (d->global && d->key == TCO_S_UTILIZATION)
        return k_ref(c, i, c->os[i].k_util);
    if (d->global && d->site > 0)
        return xw_site_name_at(c, (size_t)d->site - 1, (tco_skey)d->key);
    if (d->global)
        return xw_in_global(c, (tco_skey)d->key);
    if (d->key == TCO_O_RESALE_FRACTION && c->s->options[i].src[TCO_O_RESALE_DECLINE])
        return k_ref(c, i, c->os[i].k_resfrac);
    return xw_in(c, i, (tco_okey)d->key);
}

/* The months a reserved option pays its rate, the commitment past the horizon
 * included: the horizon without a term, to the end of the last renewal, or the
 * term before on-demand months. */
static const char *paid_months(xw_ctx *c, size_t i, char *buf, size_t size)
{
    const tco_option *o = &c->s->options[i];
    if (!c->os[i].term) {
        tci_utf8_format(buf, size, "HorizonMonths");
        return buf;
    }
    xw_refbuf term = xw_in(c, i, TCO_O_TERM_MONTHS);
    if (o->after_term == TCO_AFTER_RENEW)
        tci_utf8_format(buf, size, "(-INT(-HorizonMonths/%s)*%s)", term.s, term.s);
    else
        tci_utf8_format(buf, size, "%s", term.s);
    return buf;
}

/* The on-demand months after a reserved term: SUMIF of their price factors, in
 * buf ("0" when there are none). */
static const char *after_term_factors(xw_ctx *c, size_t i, char *buf, size_t size)
{
    const tco_option *o = &c->s->options[i];
    const xw_optsheet *L = &c->os[i];
    if (!L->term || o->after_term != TCO_AFTER_ON_DEMAND) {
        tci_utf8_format(buf, size, "0");
        return buf;
    }
    tci_utf8_format(buf, size, "SUMIF(%s,\">\"&%s,%s)", months(c, i, L->r_month).s,
                    xw_in(c, i, TCO_O_TERM_MONTHS).s, months(c, i, L->r_factor).s);
    return buf;
}

/* 1 when option key `key` is the rate of capex a year of a cost line
 * (TCO_COST_LINES). */
static int is_line_rate(int key)
{
    for (int line = 0; line < TCO_LINES; line++)
        if (tco_cost_line_get(line)->rate == key)
            return 1;
    return 0;
}

/* The cost lines' rates of capex a year of option i, in buf: the one's input
 * cell, or the sum of theirs in parentheses. */
static const char *of_capex_rates(xw_ctx *c, size_t i, char *buf, size_t size)
{
    size_t o = 0;
    int n = 0;
    buf[0] = 0;
    for (int line = 0; line < TCO_LINES && o < size; line++) {
        int rate = tco_cost_line_get(line)->rate;
        if (rate != TCO_LINE_NO_RATE)
            o += (size_t)tci_utf8_format(buf + o, size - o, "%s%s", n++ ? "+" : "",
                                         xw_in(c, i, (tco_okey)rate).s);
    }
    if (n > 1) {
        char sum[XW_FBUF / 4];
        tci_utf8_format(sum, sizeof sum, "(%s)", buf);
        tci_utf8_format(buf, size, "%s", sum);
    }
    return buf;
}

/* What one unit of bought option i's driver d costs over the horizon, in out;
 * 0 when the driver does not change the total, -1 when it is not linear. */
static int buy_unit_cost(xw_ctx *c, size_t i, const xw_sdrv *d, char *out, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    xw_refbuf n = xw_in(c, i, TCO_O_COUNT_GPUS), rf = k_ref(c, i, L->k_resfrac),
              kw = k_ref(c, i, L->k_it_kw), srv = k_ref(c, i, L->k_servers),
              util = k_ref(c, i, L->k_util);
    /* Capital that is resold, and capital that is not, with the cost lines that
     * are a rate of it a year (maintenance, ...) and, with a loan, the interest
     * on each unit of it: the loan is a share of the capex, and its interest
     * over the horizon a share of the loan. */
    char resold[XW_FBUF / 4], kept[XW_FBUF / 4], energy[XW_FBUF / 4], interest[XW_FBUF / 4] = "";
    char rate[XW_FBUF / 4];
    of_capex_rates(c, i, rate, sizeof rate);
    if (L->loan) {
        xw_refbuf cx = k_ref(c, i, L->k_capex), li = k_ref(c, i, L->r_lint);
        tci_utf8_format(interest, sizeof interest, "+IF(%s=0,0,%s/%s)", cx.s, li.s, cx.s);
    }
    tci_utf8_format(kept, sizeof kept, "(1+%s*HorizonMonths/MonthsPerYear%s)", rate, interest);
    tci_utf8_format(resold, sizeof resold, "(1+%s*HorizonMonths/MonthsPerYear%s-%s)", rate,
                    interest, rf.s);
    /* One kW of IT load over the horizon, cooling included: its price, and with
     * carbon_in_total its carbon cost (MODEL.md, The carbon cost in the total). */
    xw_refbuf pue = xw_site_name(c, i, TCO_S_PUE);
    char prices[XW_FBUF / 4], kco2[XW_FBUF / 4];
    tci_utf8_format(prices, sizeof prices, "SUM(%s)", months(c, i, L->r_price).s);
    if (xw_carbon_kwh_cost(c, i, kco2, sizeof kco2)) {
        char p[XW_FBUF / 4];
        tci_utf8_format(p, sizeof p, "(%s+%s*HorizonMonths)", prices, kco2);
        tci_utf8_format(prices, sizeof prices, "%s", p);
    }
    tci_utf8_format(energy, sizeof energy, "HoursPerMonth*%s*%s", pue.s, prices);
    if (!d->global && is_line_rate(d->key)) { /* a cost line's rate of capex a year */
        xw_formula(c, out, size, "%s*HorizonMonths/MonthsPerYear", k_ref(c, i, L->k_capex).s);
        return 1;
    }
    xw_refbuf tdp = xw_in(c, i, TCO_O_TDP_W);
    switch (sens_of(d)) {
    case TCO_SENS_ENERGY_PRICE:
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*SUMPRODUCT((1+%s)^(%s-1))", kw.s, pue.s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_ESCALATION).s, months(c, i, L->r_year).s);
        return 1;
    case TCO_SENS_PUE:
        xw_formula(c, out, size, "%s*HoursPerMonth*%s", kw.s, prices);
        return 1;
    case TCO_SENS_HOURS:
        xw_formula(c, out, size, "%s*%s*%s", kw.s, pue.s, prices);
        return 1;
    case TCO_SENS_COLO:
        xw_formula(c, out, size, "%s*HorizonMonths", k_ref(c, i, L->k_prov_kw).s);
        return 1;
    case TCO_SENS_GPUS_RESOLD:
        xw_formula(c, out, size, "%s*%s", n.s, resold);
        return 1;
    case TCO_SENS_SERVERS_RESOLD:
        xw_formula(c, out, size, "%s*%s", srv.s, resold);
        return 1;
    case TCO_SENS_ONCE:
        xw_formula(c, out, size, "%s", kept);
        return 1;
    case TCO_SENS_MONTHLY:
        xw_formula(c, out, size, "HorizonMonths");
        return 1;
    case TCO_SENS_RESALE:
        xw_formula(c, out, size, "-(%s+%s)", k_ref(c, i, L->k_capex_gpu).s,
                   k_ref(c, i, L->k_capex_infra).s);
        return 1;
    case TCO_SENS_UTILIZATION:
        xw_formula(c, out, size, "%s", k_ref(c, i, L->k_slope).s);
        return 1;
    case TCO_SENS_GPU_POWER:
        xw_formula(c, out, size, "%s*((%s+%s*(%s-%s))*%s+HorizonMonths*%s)/WattsPerKilowatt", n.s,
                   xw_in(c, i, TCO_O_IDLE_POWER_FRACTION).s, util.s,
                   xw_in(c, i, TCO_O_LOAD_POWER_FRACTION).s,
                   xw_in(c, i, TCO_O_IDLE_POWER_FRACTION).s, energy,
                   xw_site_name(c, i, TCO_S_COLO_PER_KW_MONTH).s);
        return 1;
    case TCO_SENS_SERVER_POWER:
        xw_formula(c, out, size, "%s*(%s+HorizonMonths*%s)/WattsPerKilowatt", srv.s, energy,
                   xw_site_name(c, i, TCO_S_COLO_PER_KW_MONTH).s);
        return 1;
    case TCO_SENS_IDLE_POWER:
        xw_formula(c, out, size, "%s*%s*(1-%s)*%s/WattsPerKilowatt", n.s, tdp.s, util.s, energy);
        return 1;
    case TCO_SENS_LOAD_POWER:
        xw_formula(c, out, size, "%s*%s*%s*%s/WattsPerKilowatt", n.s, tdp.s, util.s, energy);
        return 1;
    default:
        return -1;
    }
}

/* What one unit of rented option i's driver d costs over the horizon, in out;
 * as buy_unit_cost. */
static int rent_unit_cost(xw_ctx *c, size_t i, const xw_sdrv *d, char *out, size_t size)
{
    const tco_option *o = &c->s->options[i];
    const xw_optsheet *L = &c->os[i];
    const int od = o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT;
    xw_refbuf n = xw_in(c, i, TCO_O_COUNT_GPUS), util = k_ref(c, i, L->k_util),
              p = xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR), sd = spot_div(c, i);
    char paid[XW_FBUF / 4], after[XW_FBUF / 2];
    switch (sens_of(d)) {
    case TCO_SENS_HOURS:
        if (od) {
            xw_formula(c, out, size, "%s*%s*%s*SUM(%s)%s", n.s, util.s, p.s,
                       months(c, i, L->r_factor).s, sd.s);
            return 1;
        }
        paid_months(c, i, paid, sizeof paid);
        after_term_factors(c, i, after, sizeof after);
        if (strcmp(after, "0") == 0)
            xw_formula(c, out, size, "%s*%s*%s", n.s, p.s, paid);
        else
            xw_formula(c, out, size, "%s*(%s*%s+%s*%s*%s)", n.s, p.s, paid, util.s,
                       xw_in(c, i, TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR).s, after);
        return 1;
    case TCO_SENS_ENERGY_PRICE:
    case TCO_SENS_PUE:
    case TCO_SENS_COLO:
    case TCO_SENS_GPU_POWER:
        return 0; /* the provider pays for the power and the space */
    case TCO_SENS_GPU_HOUR:
        if (od)
            xw_formula(c, out, size, "%s*HoursPerMonth*%s*SUM(%s)%s", n.s, util.s,
                       months(c, i, L->r_factor).s, sd.s);
        else
            xw_formula(c, out, size, "%s*HoursPerMonth*%s", n.s,
                       paid_months(c, i, paid, sizeof paid));
        return 1;
    case TCO_SENS_AFTER_TERM:
        after_term_factors(c, i, after, sizeof after);
        if (strcmp(after, "0") == 0)
            return 0;
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*%s", n.s, util.s, after);
        return 1;
    case TCO_SENS_MONTHLY:
        xw_formula(c, out, size, "HorizonMonths");
        return 1;
    case TCO_SENS_EGRESS:
        /* Egress: the one key times the other, every month (MODEL.md, Egress). */
        assert(xw_has_egress(c->s, i)); /* a range puts its inputs on the sheet */
        xw_formula(
            c, out, size, "%s*HorizonMonths",
            xw_in(c, i,
                  d->key == TCO_O_EGRESS_PER_TB ? TCO_O_EGRESS_TB_PER_MONTH : TCO_O_EGRESS_PER_TB)
                .s);
        return 1;
    case TCO_SENS_UPFRONT:
        /* Paid at month 0, and again at each renewal within the horizon. */
        if (L->term && o->after_term == TCO_AFTER_RENEW)
            xw_formula(c, out, size, "(1+INT((HorizonMonths-1)/%s))",
                       xw_in(c, i, TCO_O_TERM_MONTHS).s);
        else
            xw_formula(c, out, size, "1");
        return 1;
    case TCO_SENS_UTILIZATION:
        xw_formula(c, out, size, "%s", k_ref(c, i, L->k_slope).s);
        return 1;
    default:
        return -1;
    }
}

/* API option i's month at year-1 prices over its Inputs cells (MODEL.md, API
 * options), in buf. */
static void api_month(xw_ctx *c, size_t i, char *buf, size_t size)
{
    const tco_option *o = &c->s->options[i];
    xw_api_charge(c, xw_in(c, i, TCO_O_PRICE_PER_MILLION_INPUT_TOKENS).s,
                  o->src[TCO_O_PRICE_PER_MILLION_CACHED_TOKENS]
                      ? xw_in(c, i, TCO_O_PRICE_PER_MILLION_CACHED_TOKENS).s
                      : NULL,
                  xw_in(c, i, TCO_O_CACHED_FRACTION).s,
                  xw_in(c, i, TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS).s, buf, size);
}

/* The change of a yearly decline or escalation (not linear), in out; 0 when the
 * driver is not one, or does not change option i's total. */
static int decline_change(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out,
                          size_t size)
{
    const tco_option *o = &c->s->options[i];
    const xw_optsheet *L = &c->os[i];
    xw_refbuf yrs = months(c, i, L->r_year);
    if (sens_of(d) == TCO_SENS_ESCALATION) {
        if (!L->buy)
            return 0;
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*%s*SUMPRODUCT((1+%s)^(%s-1)-(1+%s)^(%s-1))",
                   k_ref(c, i, L->k_it_kw).s, xw_site_name(c, i, TCO_S_PUE).s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_PRICE).s, in, yrs.s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_ESCALATION).s, yrs.s);
        return 1;
    }
    if (sens_of(d) == TCO_SENS_PRICE_DECLINE) {
        if (L->buy || (o->pricing != TCO_ON_DEMAND && o->pricing != TCO_SPOT))
            return 0;
        if (o->acquire == TCO_API) { /* its month at year-1 prices (MODEL.md, API options) */
            char g[XW_FBUF];
            api_month(c, i, g, sizeof g);
            xw_formula(c, out, size, "%s*SUMPRODUCT((1-%s)^(%s-1)-%s)", g, in, yrs.s,
                       months(c, i, L->r_factor).s);
            return 1;
        }
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*%s*SUMPRODUCT((1-%s)^(%s-1)-%s)%s",
                   xw_in(c, i, TCO_O_COUNT_GPUS).s, k_ref(c, i, L->k_util).s,
                   xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR).s, in, yrs.s, months(c, i, L->r_factor).s,
                   spot_div(c, i).s);
        return 1;
    }
    if (sens_of(d) == TCO_SENS_RESALE_DECLINE) {
        if (!L->buy || !o->src[TCO_O_RESALE_DECLINE])
            return 0; /* the option gives its resale fraction instead */
        xw_formula(c, out, size, "-(%s+%s)*((1-%s)^(HorizonMonths/MonthsPerYear)-%s)",
                   k_ref(c, i, L->k_capex_gpu).s, k_ref(c, i, L->k_capex_infra).s, in,
                   k_ref(c, i, L->k_resfrac).s);
        return 1;
    }
    return 0;
}

static int rent_unit_pv(xw_ctx *c, size_t i, const xw_sdrv *d, char *out, size_t size);

/* The change in rented option i's total (npv 0) or NPV (npv 1) when discount
 * d's fraction is the cell `in`: its catalog price (in the scenario's currency)
 * times the fraction's fall, times what a unit of the price costs (MODEL.md,
 * Negotiated discounts); 0 for an option the discount does not price. */
static int discount_change(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out,
                           size_t size, int npv)
{
    const tco_scenario *s = c->s;
    const tco_option *o = &s->options[i];
    if (!c->in_disc || !tci_discount_prices(o, d->key + 1))
        return 0;
    const xw_sdrv price = {0, TCO_O_PRICE_PER_GPU_HOUR, -1, 0};
    char unit[XW_FBUF], catalog[96], by[20] = "";
    int n = npv ? rent_unit_pv(c, i, &price, unit, sizeof unit)
                : rent_unit_cost(c, i, &price, unit, sizeof unit);
    if (n <= 0)
        return n;
    if (o->fx)
        tci_utf8_format(by, sizeof by, "/Fx_%s", s->fx[o->fx - 1].code);
    /* The catalog price as written, in the hidden column L of the option's
     * price on Inputs (inputs.c, write_converted). */
    tco_okey pk = o->acquire == TCO_BUY ? TCO_O_GPU_PRICE : TCO_O_PRICE_PER_GPU_HOUR;
    int prow = c->in_o[i * TCO_O_COUNT + pk];
    if (prow != XW_NONE && o->src[pk] == TCO_SRC_CATALOG)
        tci_utf8_format(catalog, sizeof catalog, "%s",
                        xw_ref(c->sheet_q[TCI_SHEET_INPUTS], prow, IN_COL_WRITTEN, 1, 1).s);
    else
        tco_format_double(catalog, sizeof catalog, o->fx_price); /* as Inputs writes it */
    xw_formula(c, out, size, "(%s-%s)*%s%s*%s",
               xw_ref(c->sheet_q[TCI_SHEET_INPUTS], c->in_disc[d->key], XW_COL_VAL, 1, 1).s, in,
               catalog, by, unit);
    return 1;
}

/* 1 when driver d is an emission factor (MODEL.md, Carbon): a site's
 * intensity or an option's kgCO2e, which move no total but with
 * carbon_in_total. */
static int emission_key(const xw_sdrv *d)
{
    if (d->global)
        return d->key == TCO_S_GRID_KGCO2E_PER_KWH || d->key == TCO_S_MARKET_KGCO2E_PER_KWH;
    return d->key == TCO_O_KGCO2E_PER_GPU_HOUR || d->key == TCO_O_EMBODIED_KGCO2E ||
           d->key == TCO_O_SERVER_EMBODIED_KGCO2E || d->key == TCO_O_KGCO2E_PER_MILLION_TOKENS;
}

/* With carbon_in_total, the change in option i's total when emission factor
 * d is the cell `in` (MODEL.md, The carbon cost in the total): an API
 * option's kgCO2e per 1M tokens moves its carbon cost by the change times its
 * millions of tokens of the operating months / 1000 times the carbon price, a
 * live formula;
 * any other factor, the engine's swing (-1). */
static int emission_change(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out,
                           size_t size)
{
    if (d->global || d->key != TCO_O_KGCO2E_PER_MILLION_TOKENS ||
        c->s->options[i].acquire != TCO_API)
        return -1;
    char tok[XW_FBUF / 8];
    xw_formula(c, out, size,
               "(%s-%s)*%s*%s*SecondsPerHour*%s/TokensPerMillion/KilogramsPerTonne*SUM(%s)*%s", in,
               live(c, i, d).s, xw_in_global(c, TCO_S_REQUESTS_PER_S).s,
               xw_in_global(c, TCO_S_HOURS_PER_MONTH).s, xw_request_tokens(c, tok, sizeof tok, 1),
               months(c, i, c->os[i].f_op).s, xw_in_global(c, TCO_S_CARBON_PRICE).s);
    return 1;
}

/* See sensmodel.h. */
int xw_sens_delta(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out, size_t size)
{
    if (d->only_option == TCO_PARAM_DISCOUNT)
        return discount_change(c, i, d, in, out, size, 0);
    if (d->only_option >= 0 && (size_t)d->only_option != i)
        return 0;
    if (d->global && d->key == TCO_S_CARBON_PRICE && c->s->carbon_in_total) {
        /* MODEL.md, The carbon cost in the total: the price times the tonnes. */
        if (c->os[i].co2.r_t == XW_NONE)
            return -1;
        xw_formula(c, out, size, "(%s-%s)*%s", in, live(c, i, d).s,
                   k_ref(c, i, c->os[i].co2.r_t).s);
        return 1;
    }
    if (c->s->carbon_in_total && emission_key(d))
        return emission_change(c, i, d, in, out, size);
    /* An API option's charge follows the workload's tokens a month (MODEL.md,
     * API options): a driver of them swings it by the engine's figure. */
    if (c->s->options[i].acquire == TCO_API && d->global &&
        (d->key == TCO_S_REQUESTS_PER_S || d->key == TCO_S_INPUT_TOKENS_PER_REQUEST ||
         d->key == TCO_S_OUTPUT_TOKENS_PER_REQUEST || d->key == TCO_S_HOURS_PER_MONTH))
        return -1;
    if (key_of(d)->no_total)
        return 0;
    if (d->global && d->key >= TCO_SITE_KEY_FIRST && d->key < TCO_SITE_KEY_FIRST + TCO_SITE_KEYS) {
        /* A site key moves the options at its site (MODEL.md, Sites): [site]'s
         * also those at a named site that follows it. */
        const tco_option *o = &c->s->options[i];
        int at = o->acquire == TCO_BUY ? o->site_no : 0;
        if (d->site > 0 && d->site != at)
            return 0;
        if (d->site == 0 && at > 0 && c->s->sites[at - 1].src[d->key - TCO_SITE_KEY_FIRST])
            return 0;
    }
    /* A lease's capex is the base of its buyout, its maintenance, its resale and,
     * with a rate factor, its payments: no one formula of a unit. */
    const tco_ksens k = sens_of(d);
    if (c->os[i].lease &&
        (k == TCO_SENS_GPUS_RESOLD || k == TCO_SENS_SERVERS_RESOLD || k == TCO_SENS_ONCE ||
         k == TCO_SENS_RESALE || k == TCO_SENS_RESALE_DECLINE))
        return -1;
    if (k == TCO_SENS_INTERRUPTION) {
        /* The GPU-hour rental, slope x u, scales by (1 - o) / (1 - o'). */
        const tco_option *o = &c->s->options[i];
        if (c->os[i].buy || o->pricing != TCO_SPOT)
            return 0;
        xw_formula(c, out, size, "%s*%s*((1-%s)/(1-%s)-1)", k_ref(c, i, c->os[i].k_slope).s,
                   k_ref(c, i, c->os[i].k_util).s, live(c, i, d).s, in);
        return 1;
    }
    if (k == TCO_SENS_ESCALATION || k == TCO_SENS_PRICE_DECLINE || k == TCO_SENS_RESALE_DECLINE)
        return decline_change(c, i, d, in, out, size);
    /* With carbon_in_total, a driver of the kWh or of the GPU-hours moves the
     * carbon cost too (MODEL.md, The carbon cost in the total): the engine's
     * swing, no formula of a unit. */
    if (c->s->carbon_in_total && !c->os[i].buy && k == TCO_SENS_HOURS)
        return -1; /* a rented option's hours: its rental and its carbon cost */
    /* A key of the other kind of option has no unit in this one's total. */
    const tco_kapplies ap = key_of(d)->applies;
    if ((ap == TCO_APPLIES_BUY && !c->os[i].buy) || (ap == TCO_APPLIES_RENT && c->os[i].buy))
        return -1;
    char unit[XW_FBUF];
    int n = c->os[i].buy ? buy_unit_cost(c, i, d, unit, sizeof unit)
                         : rent_unit_cost(c, i, d, unit, sizeof unit);
    if (n <= 0)
        return n;
    xw_formula(c, out, size, "(%s-%s)*%s", in, live(c, i, d).s, unit);
    return 1;
}

/* ===== The change in the NPV ===== */

/* Option i's discount factors of months 1..H, and of month H alone. */
static xw_refbuf dfs(const xw_ctx *c, size_t i)
{
    return months(c, i, c->os[i].r_df);
}

static xw_refbuf df_h(const xw_ctx *c, size_t i)
{
    return xw_ref(c->os[i].quoted, c->os[i].r_df, XW_COL_M0 + c->s->horizon_months, 1, 1);
}

/* What one unit of capex costs bought option i at present value beyond itself,
 * in buf: the cost lines that are a rate of it a year, each month discounted,
 * and with a loan the loan's flows (lent at month 0, interest, principal and
 * the balance at month H) at present value per unit of capex. */
static const char *capex_pv(xw_ctx *c, size_t i, char *buf, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    char rate[XW_FBUF / 4], loan[XW_FBUF / 2] = "";
    of_capex_rates(c, i, rate, sizeof rate);
    if (L->loan) {
        const int H = c->s->horizon_months;
        xw_refbuf cx = k_ref(c, i, L->k_capex), d = dfs(c, i);
        tci_utf8_format(loan, sizeof loan,
                        "+IF(%s=0,0,(SUMPRODUCT(%s,%s)+SUMPRODUCT(%s,%s)+%s*%s+%s)/%s)", cx.s,
                        months(c, i, L->r_lint).s, d.s, months(c, i, L->r_lprin).s, d.s,
                        xw_ref(L->quoted, L->r_lbal, XW_COL_M0 + H, 1, 1).s, df_h(c, i).s,
                        xw_ref(L->quoted, L->r_lent, XW_COL_M0, 1, 1).s, cx.s);
    }
    tci_utf8_format(buf, size, "(1+%s/MonthsPerYear*SUM(%s)%s)", rate, dfs(c, i).s, loan);
    return buf;
}

/* What one unit of bought option i's driver d costs at present value, in out;
 * as buy_unit_cost, -1 where no one formula gives it. */
static int buy_unit_pv(xw_ctx *c, size_t i, const xw_sdrv *d, char *out, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    xw_refbuf n = xw_in(c, i, TCO_O_COUNT_GPUS), rf = k_ref(c, i, L->k_resfrac),
              kw = k_ref(c, i, L->k_it_kw), srv = k_ref(c, i, L->k_servers),
              util = k_ref(c, i, L->k_util), d1 = dfs(c, i), dh = df_h(c, i),
              pue = xw_site_name(c, i, TCO_S_PUE), prices = months(c, i, L->r_price),
              colo = xw_site_name(c, i, TCO_S_COLO_PER_KW_MONTH), tdp = xw_in(c, i, TCO_O_TDP_W);
    char kept[XW_FBUF / 2], resold[XW_FBUF / 2], energy[XW_FBUF / 4];
    capex_pv(c, i, kept, sizeof kept);
    tci_utf8_format(resold, sizeof resold, "(%s-%s*%s)", kept, rf.s, dh.s);
    /* One kW of IT load at present value, cooling included, with carbon_in_total
     * its carbon cost too. */
    char pv[XW_FBUF / 4], kco2[XW_FBUF / 4];
    if (xw_carbon_kwh_cost(c, i, kco2, sizeof kco2))
        tci_utf8_format(pv, sizeof pv, "(SUMPRODUCT(%s,%s)+%s*SUM(%s))", prices.s, d1.s, kco2,
                        d1.s);
    else
        tci_utf8_format(pv, sizeof pv, "SUMPRODUCT(%s,%s)", prices.s, d1.s);
    tci_utf8_format(energy, sizeof energy, "HoursPerMonth*%s*%s", pue.s, pv);
    if (!d->global && is_line_rate(d->key)) {
        xw_formula(c, out, size, "%s/MonthsPerYear*SUM(%s)", k_ref(c, i, L->k_capex).s, d1.s);
        return 1;
    }
    switch (sens_of(d)) {
    case TCO_SENS_ENERGY_PRICE:
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*SUMPRODUCT((1+%s)^(%s-1),%s)", kw.s, pue.s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_ESCALATION).s, months(c, i, L->r_year).s,
                   d1.s);
        return 1;
    case TCO_SENS_PUE:
        xw_formula(c, out, size, "%s*HoursPerMonth*%s", kw.s, pv);
        return 1;
    case TCO_SENS_HOURS:
        xw_formula(c, out, size, "%s*%s*%s", kw.s, pue.s, pv);
        return 1;
    case TCO_SENS_COLO:
        xw_formula(c, out, size, "%s*SUM(%s)", k_ref(c, i, L->k_prov_kw).s, d1.s);
        return 1;
    case TCO_SENS_GPUS_RESOLD:
        xw_formula(c, out, size, "%s*%s", n.s, resold);
        return 1;
    case TCO_SENS_SERVERS_RESOLD:
        xw_formula(c, out, size, "%s*%s", srv.s, resold);
        return 1;
    case TCO_SENS_ONCE:
        xw_formula(c, out, size, "%s", kept);
        return 1;
    case TCO_SENS_MONTHLY:
        xw_formula(c, out, size, "SUM(%s)", d1.s);
        return 1;
    case TCO_SENS_RESALE:
        xw_formula(c, out, size, "-(%s+%s)*%s", k_ref(c, i, L->k_capex_gpu).s,
                   k_ref(c, i, L->k_capex_infra).s, dh.s);
        return 1;
    case TCO_SENS_GPU_POWER:
        xw_formula(c, out, size, "%s*((%s+%s*(%s-%s))*%s+SUM(%s)*%s)/WattsPerKilowatt", n.s,
                   xw_in(c, i, TCO_O_IDLE_POWER_FRACTION).s, util.s,
                   xw_in(c, i, TCO_O_LOAD_POWER_FRACTION).s,
                   xw_in(c, i, TCO_O_IDLE_POWER_FRACTION).s, energy, d1.s, colo.s);
        return 1;
    case TCO_SENS_SERVER_POWER:
        xw_formula(c, out, size, "%s*(%s+SUM(%s)*%s)/WattsPerKilowatt", srv.s, energy, d1.s,
                   colo.s);
        return 1;
    case TCO_SENS_IDLE_POWER:
        xw_formula(c, out, size, "%s*%s*(1-%s)*%s/WattsPerKilowatt", n.s, tdp.s, util.s, energy);
        return 1;
    case TCO_SENS_LOAD_POWER:
        xw_formula(c, out, size, "%s*%s*%s*%s/WattsPerKilowatt", n.s, tdp.s, util.s, energy);
        return 1;
    case TCO_SENS_UTILIZATION: /* the GPUs' draw between idle and load */
        xw_formula(c, out, size, "%s*%s*(%s-%s)*%s/WattsPerKilowatt", n.s, tdp.s,
                   xw_in(c, i, TCO_O_LOAD_POWER_FRACTION).s,
                   xw_in(c, i, TCO_O_IDLE_POWER_FRACTION).s, energy);
        return 1;
    default:
        return -1;
    }
}

/* What one unit of rented option i's driver d costs at present value, in out;
 * as rent_unit_cost, -1 for a reserved term's hours and prices (the
 * commitment past the horizon) and for the utilization. */
static int rent_unit_pv(xw_ctx *c, size_t i, const xw_sdrv *d, char *out, size_t size)
{
    const tco_option *o = &c->s->options[i];
    const xw_optsheet *L = &c->os[i];
    const int od = o->pricing == TCO_ON_DEMAND || o->pricing == TCO_SPOT;
    xw_refbuf n = xw_in(c, i, TCO_O_COUNT_GPUS), util = k_ref(c, i, L->k_util),
              p = xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR), sd = spot_div(c, i), d1 = dfs(c, i);
    switch (sens_of(d)) {
    case TCO_SENS_HOURS:
    case TCO_SENS_GPU_HOUR:
        if (od)
            xw_formula(c, out, size, "%s*%s*%s*SUMPRODUCT(%s,%s)%s", n.s, util.s,
                       sens_of(d) == TCO_SENS_HOURS ? p.s : "HoursPerMonth",
                       months(c, i, L->r_factor).s, d1.s, sd.s);
        else if (!L->term)
            xw_formula(c, out, size, "%s*%s*SUM(%s)", n.s,
                       sens_of(d) == TCO_SENS_HOURS ? p.s : "HoursPerMonth", d1.s);
        else
            return -1;
        return 1;
    case TCO_SENS_ENERGY_PRICE:
    case TCO_SENS_PUE:
    case TCO_SENS_COLO:
    case TCO_SENS_GPU_POWER:
        return 0;
    case TCO_SENS_MONTHLY:
        xw_formula(c, out, size, "SUM(%s)", d1.s);
        return 1;
    case TCO_SENS_EGRESS:
        xw_formula(
            c, out, size, "%s*SUM(%s)",
            xw_in(c, i,
                  d->key == TCO_O_EGRESS_PER_TB ? TCO_O_EGRESS_TB_PER_MONTH : TCO_O_EGRESS_PER_TB)
                .s,
            d1.s);
        return 1;
    case TCO_SENS_UPFRONT:
        if (L->term && o->after_term == TCO_AFTER_RENEW)
            return -1;
        xw_formula(c, out, size, "1");
        return 1;
    case TCO_SENS_UTILIZATION: /* the GPU-hours bought on demand */
        if (!od)
            return L->term ? -1 : 0; /* reserved: paid whatever the use */
        /* and its carbon cost (MODEL.md); an API's follows the tokens, not u */
        if (c->s->carbon_in_total && o->acquire != TCO_API)
            xw_formula(c, out, size,
                       "%s*HoursPerMonth*(%s*SUMPRODUCT(%s,%s)+%s/KilogramsPerTonne*%s*SUM(%s))%s",
                       n.s, p.s, months(c, i, L->r_factor).s, d1.s,
                       xw_in(c, i, TCO_O_KGCO2E_PER_GPU_HOUR).s,
                       xw_in_global(c, TCO_S_CARBON_PRICE).s, d1.s, sd.s);
        else
            xw_formula(c, out, size, "%s*HoursPerMonth*%s*SUMPRODUCT(%s,%s)%s", n.s, p.s,
                       months(c, i, L->r_factor).s, d1.s, sd.s);
        return 1;
    default:
        return -1;
    }
}

/* The change of a yearly decline or escalation at present value, in out: as
 * decline_change, each month discounted. */
static int decline_pv(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    xw_refbuf yrs = months(c, i, L->r_year), d1 = dfs(c, i);
    switch (sens_of(d)) {
    case TCO_SENS_ESCALATION:
        xw_formula(c, out, size,
                   "%s*HoursPerMonth*%s*%s*SUMPRODUCT((1+%s)^(%s-1)-(1+%s)^(%s-1),%s)",
                   k_ref(c, i, L->k_it_kw).s, xw_site_name(c, i, TCO_S_PUE).s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_PRICE).s, in, yrs.s,
                   xw_site_name(c, i, TCO_S_ELECTRICITY_ESCALATION).s, yrs.s, d1.s);
        return 1;
    case TCO_SENS_PRICE_DECLINE:
        if (c->s->options[i].acquire == TCO_API) { /* MODEL.md, API options */
            char g[XW_FBUF];
            api_month(c, i, g, sizeof g);
            xw_formula(c, out, size, "%s*SUMPRODUCT((1-%s)^(%s-1)-%s,%s)", g, in, yrs.s,
                       months(c, i, L->r_factor).s, d1.s);
            return 1;
        }
        xw_formula(c, out, size, "%s*HoursPerMonth*%s*%s*SUMPRODUCT((1-%s)^(%s-1)-%s,%s)%s",
                   xw_in(c, i, TCO_O_COUNT_GPUS).s, k_ref(c, i, L->k_util).s,
                   xw_in(c, i, TCO_O_PRICE_PER_GPU_HOUR).s, in, yrs.s, months(c, i, L->r_factor).s,
                   d1.s, spot_div(c, i).s);
        return 1;
    default: /* the resale decline */
        xw_formula(c, out, size, "-(%s+%s)*((1-%s)^(HorizonMonths/MonthsPerYear)-%s)*%s",
                   k_ref(c, i, L->k_capex_gpu).s, k_ref(c, i, L->k_capex_infra).s, in,
                   k_ref(c, i, L->k_resfrac).s, df_h(c, i).s);
        return 1;
    }
}

/* See sensmodel.h. */
int xw_sens_npv_delta(xw_ctx *c, size_t i, const xw_sdrv *d, const char *in, char *out, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    if (d->only_option == TCO_PARAM_DISCOUNT)
        return discount_change(c, i, d, in, out, size, 1);
    if (d->only_option >= 0 && (size_t)d->only_option != i)
        return 0;
    if (d->global && d->key == TCO_S_DISCOUNT_RATE && d->site == 0) {
        /* Every month's net cost discounted again: (1+r)^(-m/12) is the
         * sheet's 1/(1+r_m)^m. What is owed past the horizon is the engine's. */
        if (L->r_commit_pv != XW_NONE)
            return -1;
        const int H = c->s->horizon_months;
        xw_formula(c, out, size, "SUMPRODUCT(%s,(1+%s)^(-%s/MonthsPerYear))-%s",
                   xw_range(L->quoted, L->r_net, XW_COL_M0, L->r_net, XW_COL_M0 + H).s, in,
                   xw_range(L->quoted, L->r_month, XW_COL_M0, L->r_month, XW_COL_M0 + H).s,
                   xw_ref(L->quoted, L->r_pv, XW_COL_VAL, 1, 1).s);
        return 1;
    }
    /* Where the total does not move, neither does the NPV; where its change
     * has no formula, the NPV's has none. */
    char total[XW_FBUF];
    int k = xw_sens_delta(c, i, d, in, total, sizeof total);
    if (k <= 0)
        return k;
    const tco_ksens ks = sens_of(d);
    if (ks == TCO_SENS_ESCALATION || ks == TCO_SENS_PRICE_DECLINE || ks == TCO_SENS_RESALE_DECLINE)
        return decline_pv(c, i, d, in, out, size);
    if (ks == TCO_SENS_INTERRUPTION || ks == TCO_SENS_AFTER_TERM ||
        (d->global && d->key == TCO_S_CARBON_PRICE) || /* its months' tonnes discounted */
        (c->s->carbon_in_total && emission_key(d)))
        return -1;
    char unit[XW_FBUF];
    int n =
        L->buy ? buy_unit_pv(c, i, d, unit, sizeof unit) : rent_unit_pv(c, i, d, unit, sizeof unit);
    if (n <= 0)
        return n;
    xw_formula(c, out, size, "(%s-%s)*%s", in, live(c, i, d).s, unit);
    return 1;
}
