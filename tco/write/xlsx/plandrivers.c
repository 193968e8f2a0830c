/* plandrivers.c - the drivers of a plan's sheet (MODEL.md, Plans; planw.h):
 * the quantities in column C below the cash flow that its rows read (the
 * discount rate, each part's k and A, the purchases' table, the owned part's
 * servers, capex, power, residual and financing, the reserved term's
 * commitment), their rows described once in the table xw_pl_driver_rows,
 * which goes on from planlines.c's; each a formula over Inputs and the
 * sheet, cached with the plan's figure from the result. */
#include "write/xlsx/planw.h"
#include "core/core.h"
#include "core/factors.h"

/* ===== Drivers, in column C ===== */

/* A driver's formula and its cached value in column C. */
static void driver(const pl_sheet *S, int row, const char *f, double v, xw_numfmt nf)
{
    pl_fig(S, row, XW_COL_VAL, f, v, xw_fmt(S->c, XS_CALC, nf));
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
    pl_label(S, row, t, xw_label(c, "unit.factor", "factor"), XS_TEXT);
    driver(S, row,
           xw_formula(c, f, sizeof f, "=IF(AND(%s>0,%s>0),%s/%s,1)", tp.s, tr.s, tp.s, tr.s),
           tci_per_hour(c->s, i), XN_NUM);
}

/* Option i's availability A (MODEL.md, Goodput): =MAX(0.01,availability -
 * failure_rate*repair_days/365) over the keys it gives on Inputs, the others at
 * their defaults; a driver. */
static void a_driver(const pl_sheet *S, int row, int i)
{
    xw_ctx *c = S->c;
    const tco_option *o = &c->s->options[i];
    char f[XW_FBUF], t[XW_TBUF], v[3][XW_TBUF / 4];
    static const tco_okey keys[3] = {TCO_O_AVAILABILITY, TCO_O_FAILURE_RATE, TCO_O_REPAIR_DAYS};
    const double def[3] = {o->availability, o->failure_rate, o->repair_days};
    for (int k = 0; k < 3; k++)
        if (o->key_line[keys[k]])
            tci_utf8_format(v[k], sizeof v[k], "%s", xw_in(c, (size_t)i, keys[k]).s);
        else
            tco_format_double(v[k], sizeof v[k], def[k]);
    xw_labelf(c, t, sizeof t, "plan.a", "Availability of {option} GPUs (A)", "option", c->id[i],
              NULL);
    pl_label(S, row, t, xw_label(c, "input.option.availability.unit", "of hours"), XS_TEXT);
    driver(S, row,
           xw_formula(c, f, sizeof f, "=MAX(AvailabilityFloor,%s-%s*%s/DaysPerYear)", v[0], v[1],
                      v[2]),
           c->r->options[i].availability, XN_PCT);
}

static void drivers_heading(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    xw_text(c, S->ws, row, 0, xw_label(c, "option.drivers", "Drivers (from the links above)"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, S->ws, row, XW_COL_VAL, xw_label(c, "option.drivers.value", "Value"),
            xw_fmt(c, XS_SECTION, XN_NONE));
}

static void rm_drv(const pl_sheet *S, int row)
{
    driver(S, row, "=(1+DiscountRate)^(1/MonthsPerYear)-1", S->c->r->monthly_rate, XN_PCT4);
}

static void k_own_drv(const pl_sheet *S, int row)
{
    k_driver(S, row, S->pl->own_i);
}

static void a_own_drv(const pl_sheet *S, int row)
{
    a_driver(S, row, S->pl->own_i);
}

/* MODEL.md, Refresh: the new GPUs' k and A. */
static void k_new_drv(const pl_sheet *S, int row)
{
    k_driver(S, row, S->pl->refresh_i);
}

static void a_new_drv(const pl_sheet *S, int row)
{
    a_driver(S, row, S->pl->refresh_i);
}

/* The purchases' table (planbuys.c), from its heading. */
static void purchases_rows(const pl_sheet *S, int row)
{
    (void)row;
    xw_pl_buy_table(S, S->P);
}

/* The references the owned part's drivers read. */
typedef struct own_refs {
    xw_refbuf n, servers, cg, ci, rf, capex, rate, amount, rm, cm, pmt;
    xw_owrefs D;
} own_refs;

static void own_refs_of(const pl_sheet *S, own_refs *d)
{
    const pl_rows *R = &S->R;
    d->n = pl_own_all(S);
    d->servers = pl_drv(R->k_servers);
    d->cg = pl_drv(R->k_capex_gpu);
    d->ci = pl_drv(R->k_capex_infra);
    d->rf = pl_drv(R->k_resfrac);
    d->capex = pl_drv(R->k_capex);
    d->rate = pl_drv(R->k_lrate);
    d->amount = pl_drv(R->k_loan);
    d->rm = pl_drv(R->k_rm);
    d->cm = pl_drv(R->r_own_commit);
    d->pmt = pl_drv(R->k_epmt);
    d->D = (xw_owrefs){.n = d->n.s,
                       .servers = d->servers.s,
                       .capex_gpu = d->cg.s,
                       .capex_infra = d->ci.s,
                       .resfrac = d->rf.s,
                       .capex = d->capex.s,
                       .rate = d->rate.s,
                       .amount = d->amount.s,
                       .rm = d->rm.s,
                       .commit = d->cm.s,
                       .payment = d->pmt.s};
}

/* An owned part's driver that is formula `which` of xw_ow_formula over the
 * plan's count, cached v. */
static void owf_drv(const pl_sheet *S, int row, xw_owf which, double v, xw_numfmt nf)
{
    char f[XW_FBUF];
    own_refs d;
    own_refs_of(S, &d);
    driver(S, row, xw_ow_formula(&S->wo, which, &d.D, f, sizeof f), v, nf);
}

static void bought_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    driver(S, row, xw_formula(S->c, f, sizeof f, "=%s+%s", pl_own_n(S).s, pl_spares_n(S).s),
           S->pr->own_count + S->pr->spares, XN_INT);
}

static void servers_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_SERVERS, S->P->servers, XN_INT);
}

static void capex_gpu_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_CAPEX_GPU, S->P->capex_gpu, XN_MONEY);
}

static void capex_infra_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_CAPEX_INFRA, S->P->capex_infra, XN_MONEY);
}

/* The capex of the plan's count: none of 0 GPUs. */
static void capex_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF], g[XW_FBUF];
    own_refs d;
    own_refs_of(S, &d);
    xw_formula(S->c, g, sizeof g, "=%s+%s+%s", d.cg.s, d.ci.s,
               xw_ow_in(&S->wo, TCO_O_INSTALL_PRICE).s);
    driver(S, row, pl_if_any(S, f, sizeof f, d.n.s, g), S->P->capex, XN_MONEY);
}

static void prov_kw_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_PROV_KW, S->P->prov_kw, XN_DEC2);
}

static void resfrac_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    driver(S, row, xw_formula(S->c, f, sizeof f, "=%s", xw_ow_in(&S->wo, TCO_O_RESALE_FRACTION).s),
           S->P->resfrac, XN_PCT);
}

static void residual_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, S->lease ? XF_LEASE_RESIDUAL : XF_RESIDUAL, S->P->residual, XN_MONEY);
}

static void loan_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_LOAN_AMOUNT, S->P->loan_amount, XN_MONEY);
}

static void loan_rate_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_LOAN_RATE, S->c->r->options[S->wo.i].loan_rate_monthly, XN_PCT4);
}

static void loan_payment_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_LOAN_PAYMENT, S->P->loan_payment, XN_MONEY);
}

/* A lease's payment: of 0 GPUs none. */
static void lease_payment_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF], g[XW_FBUF];
    own_refs d;
    own_refs_of(S, &d);
    xw_ow_formula(&S->wo, XF_LEASE_PAYMENT, &d.D, g, sizeof g);
    driver(S, row, pl_if_any(S, f, sizeof f, d.n.s, g), S->P->lease_payment, XN_MONEY);
}

static void lease_buyout_drv(const pl_sheet *S, int row)
{
    owf_drv(S, row, XF_LEASE_BUYOUT, S->P->lease_buyout, XN_MONEY);
}

/* The present value of what the leases owe past the horizon: the one lease's,
 * or with buy_at or a refresh those of the purchases held to H. */
/* See planw.h. */
void xw_pl_own_commit_pv_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    if (S->staged) {
        driver(S, row, xw_formula(S->c, f, sizeof f, "=SUM(%s)", pl_buys(S, PB_EOWEDPV).s),
               S->P->commit_pv, XN_MONEY);
        return;
    }
    owf_drv(S, row, XF_LEASE_COMMIT_PV, S->P->commit_pv, XN_MONEY);
}

static void k_res_drv(const pl_sheet *S, int row)
{
    k_driver(S, row, S->pl->reserve_i);
}

static void a_res_drv(const pl_sheet *S, int row)
{
    a_driver(S, row, S->pl->reserve_i);
}

/* The present value of the reserved term's commitment past the horizon. */
/* See planw.h. */
void xw_pl_commit_pv_drv(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    xw_refbuf n = pl_res_n(S), rm = pl_drv(S->R.k_rm), cm = pl_drv(S->R.r_res_commit);
    xw_owrefs D = {.n = n.s, .rm = rm.s, .commit = cm.s};
    driver(S, row, xw_ow_formula(&S->wr, XF_COMMIT_PV, &D, f, sizeof f), S->res_commit_pv,
           XN_MONEY);
}

static void k_over_drv(const pl_sheet *S, int row)
{
    k_driver(S, row, S->pl->overflow_i);
}

static void a_over_drv(const pl_sheet *S, int row)
{
    a_driver(S, row, S->pl->overflow_i);
}

/* ===== The rows ===== */

/* See planw.h. */
const pl_row xw_pl_driver_rows[] = {
    /* The drivers, in column C. */
    PHEADING(s_drivers, 0, drivers_heading),
    PLABEL(k_rm, 0, XW_KEY("option.rm"), "Monthly discount rate", PU_PCT_MONTH, rm_drv),
    POWN(k_own, PW_OWN, k_own_drv),
    POWN(k_a_own, PW_A_OWN, a_own_drv),
    POWN(k_new, PW_REFRESH, k_new_drv),
    POWN(k_a_new, PW_A_NEW, a_new_drv),
    POWN(k_buys, PW_STAGED, purchases_rows), /* the purchases' table (MODEL.md, Staged
                                                purchases), from its heading */
    {PAT(k_buy), PW_STAGED, 0, PN_PURCHASES, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0, NULL},
    PLABEL(k_bought, PW_SPARES, XW_KEY("plan.bought"), "Owned GPUs bought (own_count + spares)",
           PU_GPUS, bought_drv),
    PLABEL(k_servers, PW_NOT_STAGED, XW_KEY("option.servers"), "Servers", PU_SERVERS, servers_drv),
    PLABEL(k_capex_gpu, PW_NOT_STAGED, XW_KEY("option.capex_gpu"), "Capex: GPUs", PU_CURRENCY,
           capex_gpu_drv),
    PLABEL(k_capex_infra, PW_NOT_STAGED, XW_KEY("option.capex_infra"), "Capex: servers and network",
           PU_CURRENCY, capex_infra_drv),
    PLABEL(k_capex, PW_NOT_STAGED, XW_KEY("option.capex_total"), "Capex: total, paid at month 0",
           PU_CURRENCY, capex_drv),
    PLABEL(k_prov_kw, PW_NOT_STAGED, XW_KEY("option.prov_kw"), "Provisioned power (at TDP)", PU_KW,
           prov_kw_drv),
    PLABEL(k_resfrac, PW_NOT_STAGED, XW_KEY("option.resfrac"), "Resale value at the end",
           PU_PCT_HARDWARE, resfrac_drv),
    PLABEL(k_residual, PW_NOT_STAGED, XW_KEY("option.residual"),
           "Residual value (GPUs, servers and network)", PU_CURRENCY, residual_drv),
    PLABEL(k_loan, PW_FIN_LOAN, XW_KEY("option.loan"), "Lent by the loan", PU_CURRENCY, loan_drv),
    PLABEL(k_lrate, PW_FIN_LOAN, XW_KEY("option.lrate"), "Loan interest rate per month",
           PU_PCT_MONTH, loan_rate_drv),
    PLABEL(k_lpmt, PW_FIN_LOAN, XW_KEY("option.lpmt"), "Loan payment per month (level)",
           PU_CURRENCY, loan_payment_drv),
    PLABEL(k_epmt, PW_FIN_LEASE, XW_KEY("option.epmt"), "Lease payment per month", PU_CURRENCY,
           lease_payment_drv),
    PLABEL(k_ebuy, PW_FIN_LEASE, XW_KEY("option.ebuy"), "Buyout price, paid within the horizon",
           PU_CURRENCY, lease_buyout_drv),
    POWN(k_res, PW_RES, k_res_drv),
    POWN(k_a_res, PW_A_RES, a_res_drv),
    POWN(k_over, PW_OVER, k_over_drv),
    POWN(k_a_over, PW_A_OVER, a_over_drv),
};

/* See planw.h. */
const size_t xw_pl_n_driver_rows = sizeof xw_pl_driver_rows / sizeof xw_pl_driver_rows[0];
