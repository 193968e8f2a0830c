/* planbuys.c - a plan's staged purchases and refresh on its sheet (MODEL.md,
 * Staged purchases, Refresh): a table of the purchases, one row each, its
 * month and GPUs read from Inputs, and the figures the owned part's lines sum
 * over the purchases in service (bought before the month, sold in it or
 * after). Each purchase is its option with its count, over the months from
 * its own to the one it is sold in (the refresh's, else H), so its servers,
 * capex, install and staff are its own and its residual is that of its age
 * then. */
#include "write/xlsx/planw.h"
#include "core/core.h"
#include "core/factors.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Purchase j of the table (the refresh's last): its option, month, month
 * sold, GPUs serving and bought (as the engine's batches: plan.c). */
static void purchase(const pl_sheet *S, int j, int *i, int *t, int *e, int *gpus, int *bought)
{
    const tco_plan *pl = S->pl;
    const int R = S->pr->refresh_month, spares = S->pr->spares;
    *e = R > 0 ? R : S->H;
    if (xw_pl_is_refresh(S, j)) { /* none when auto chose none (R = 0) */
        *i = pl->refresh_i;
        *t = R;
        *e = S->H;
        *gpus = R > 0 ? S->pr->refresh_count : 0;
        *bought = R > 0 ? *gpus + spares : 0;
        return;
    }
    *i = pl->own_i;
    *t = pl->n_buys > 0 ? pl->buy_month[j] : 0;
    *gpus = pl->n_buys > 0 ? pl->buy_count[j] : S->pr->own_count;
    *bought = *gpus + (j == 0 ? spares : 0); /* the spares with the first */
}

/* See planw.h. */
int xw_pl_serving(const pl_sheet *S, int m)
{
    int n = 0;
    for (int j = 0; j < S->nb; j++) {
        int i, t, e, gpus, bought;
        purchase(S, j, &i, &t, &e, &gpus, &bought);
        n += t < m && m <= e ? gpus : 0;
    }
    return n;
}

/* See planw.h. */
int xw_pl_is_refresh(const pl_sheet *S, int j)
{
    return S->refresh && j == S->nb - 1;
}

/* See planw.h. */
const xw_optw *xw_pl_buy_option(const pl_sheet *S, int j)
{
    return xw_pl_is_refresh(S, j) ? &S->wn : &S->wo;
}

/* See planw.h. */
const char *xw_pl_buy_name(const pl_sheet *S, int j, char *t, size_t size)
{
    if (xw_pl_is_refresh(S, j))
        return xw_labelf(S->c, t, size, "plan.buy.refresh", "Refresh: {option}", "option",
                         S->c->id[S->pl->refresh_i], NULL);
    return xw_labelf(S->c, t, size, "plan.buy", "Purchase {n}", "n", xw_int(j + 1).s, NULL);
}

/* See planw.h. */
int xw_pl_buy_loan(const pl_sheet *S, int j, const xw_optw **w)
{
    *w = xw_pl_buy_option(S, j);
    return (*w)->o->financing == TCO_FIN_LOAN;
}

/* See planw.h. */
int xw_pl_buy_lease(const pl_sheet *S, int j)
{
    return xw_pl_buy_option(S, j)->o->financing == TCO_FIN_LEASE;
}

/* See planw.h. */
int xw_pl_loan_row(const pl_sheet *S, int j)
{
    const xw_optw *w;
    if (!S->sloan || !xw_pl_buy_loan(S, j, &w))
        return XW_NONE;
    int k = 0;
    for (int i = 0; i < j; i++)
        k += xw_pl_buy_loan(S, i, &w);
    return S->R.r_blint + 2 * k;
}

/* With sloan, purchase j's loan (MODEL.md, Staged purchases: it runs from
 * its purchase; Refresh: its balance repaid when sold), from purchase q. */
static void buy_loan(const pl_sheet *S, pl_own *P, int j, const tco_plan_purchase *q)
{
    const xw_optw *w;
    double *f = P->buy[j];
    if (!S->sloan || !xw_pl_buy_loan(S, j, &w))
        return;
    const int t = (int)f[0], e = (int)f[PB_SOLD - PB_MONTH], H = S->H;
    if (t >= e || f[PB_BOUGHT - PB_MONTH] <= 0)
        return;
    f[PB_LENT - PB_MONTH] = q->loan_amount;
    f[PB_LBAL - PB_MONTH] = q->loan_balance;
    P->lent_at[t] += f[PB_LENT - PB_MONTH];
    for (int m = 0; m < e - t; m++) {
        P->lint[j * H + t + m] = q->lines[0][m].loan_interest;
        P->lprin[j * H + t + m] = q->lines[0][m].loan_principal;
    }
}

/* With slease, purchase j's lease (MODEL.md, Financing with a lease, from
 * its purchase; Refresh: returned when sold, the payments still to come paid
 * then), from purchase q of option o: its payment from its month to the
 * lease's end or its sale, a buyout before its sale, the payments still to
 * come when it is sold (at H: owed after the horizon, with their present
 * value at the model's month 0). */
static void buy_lease(const pl_sheet *S, pl_own *P, int j, const tco_plan_purchase *q)
{
    double *f = P->buy[j];
    const int t = (int)f[0], e = (int)f[PB_SOLD - PB_MONTH], H = S->H;
    if (!S->slease || !xw_pl_buy_lease(S, j))
        return;
    const int n = xw_pl_buy_option(S, j)->o->lease_months;
    f[PB_LENT - PB_MONTH] = f[PB_CAPEX - PB_MONTH]; /* none of it paid */
    P->lent_at[t] += f[PB_CAPEX - PB_MONTH];
    f[PB_EPMT - PB_MONTH] = q->lease_payment;
    for (int m = t; m < t + n && m < e; m++)
        P->epay_at[m] += q->lease_payment;
    f[PB_EBUY - PB_MONTH] = q->lease_buyout;
    for (int m = 0; m < e - t; m++)
        P->ebuy_at[t + m + 1] += q->lines[0][m].lease_buyout;
    f[PB_EOWED - PB_MONTH] = q->lease_owed;
    if (e < H) {
        P->eset_at[e] += f[PB_EOWED - PB_MONTH];
        return;
    }
    P->commit += f[PB_EOWED - PB_MONTH];
    f[PB_EOWEDPV - PB_MONTH] = q->lease_owed_npv;
    P->commit_pv += f[PB_EOWEDPV - PB_MONTH];
}

/* See planw.h. */
int xw_pl_buy_figures(const pl_sheet *S, pl_own *P)
{
    const tco_scenario *s = S->c->s;
    const int H = S->H;
    if (S->sloan) {
        P->lint = calloc((size_t)(S->nb * H), sizeof *P->lint);
        P->lprin = calloc((size_t)(S->nb * H), sizeof *P->lprin);
    }
    if (S->sloan && (!P->lint || !P->lprin)) {
        S->c->nomem = 1;
        return 0;
    }
    for (int j = 0; j < S->nb; j++) {
        int i, t, e, gpus, n;
        purchase(S, j, &i, &t, &e, &gpus, &n);
        const tco_option *o = &s->options[i];
        const tco_plan_purchase *q = &S->pr->purchases[j];
        double *f = P->buy[j];
        f[PB_MONTH - PB_MONTH] = t;
        f[PB_SOLD - PB_MONTH] = e;
        /* Its resale fraction (of its age at its sale) shows when none is bought too. */
        f[PB_RESFRAC - PB_MONTH] = q->residual_fraction;
        const xw_optw *w;
        if (S->sloan && xw_pl_buy_loan(S, j, &w))
            f[PB_LRATE - PB_MONTH] = S->c->r->options[i].loan_rate_monthly;
        if (S->slease && xw_pl_buy_lease(S, j))
            f[PB_EEND - PB_MONTH] = t + o->lease_months;
        /* Its figures as the plan priced them. */
        if (t >= e || n <= 0 || !q->lines[0]) /* no GPUs: nothing bought */
            continue;
        f[PB_GPUS - PB_MONTH] = gpus;
        f[PB_BOUGHT - PB_MONTH] = n;
        f[PB_SERVERS - PB_MONTH] = q->servers;
        f[PB_CAPEX_GPU - PB_MONTH] = q->capex_gpu;
        f[PB_CAPEX_INFRA - PB_MONTH] = q->capex_infra;
        f[PB_CAPEX - PB_MONTH] = q->capex;
        f[PB_PROV_KW - PB_MONTH] = q->provisioned_kw;
        f[PB_RESIDUAL - PB_MONTH] = q->residual;
        P->capex_at[t] += f[PB_CAPEX - PB_MONTH];
        P->capex += f[PB_CAPEX - PB_MONTH];
        buy_loan(S, P, j, q);
        buy_lease(S, P, j, q);
        if (e < H) /* sold at the refresh */
            P->sale_at[e] += f[PB_RESIDUAL - PB_MONTH];
        else
            P->residual += f[PB_RESIDUAL - PB_MONTH];
        for (int m = t + 1; m <= e; m++) {
            P->fleet[m - 1] += n;
            P->servers_at[m - 1] += f[PB_SERVERS - PB_MONTH];
        }
    }
    return 1;
}

/* With sloan or slease, purchase j's financing cells into fs (MODEL.md,
 * Financing with a loan, with a lease, from its purchase; its own horizon the
 * months from its purchase to its sale): a loan's amount, monthly rate and the
 * balance still owed when sold, repaid then; a lease's capex not paid, its
 * payment, end, buyout and the payments still to come when sold, and those
 * owed after the horizon at their present value; 0 for a purchase paid in
 * cash. Each formula in its own buffer of b, bs bytes each. */
static void buy_fin_cells(const pl_sheet *S, int j, const xw_refbuf *cell, const char **fs,
                          char (*b)[XW_FBUF])
{
    const xw_optw *w;
    const size_t bs = sizeof *b;
    for (int k = PB_LENT; k < PB_EALL; k++)
        fs[k] = "=0";
    if (xw_pl_buy_loan(S, j, &w)) {
        xw_owrefs D = {.capex = cell[PB_CAPEX].s};
        fs[PB_LENT] = xw_ow_formula(w, XF_LOAN_AMOUNT, &D, b[0], bs);
        fs[PB_LRATE] = xw_ow_formula(w, XF_LOAN_RATE, &D, b[1], bs);
        /* What is still owed after the payments made while it is held: the
         * level loan's balance after k payments, -FV(rate, k, PMT, lent)
         * (MODEL.md, Financing with a loan: the balance rolled forward). */
        xw_refbuf n = xw_ow_in(w, TCO_O_LOAN_MONTHS);
        char k[XW_FBUF / 8];
        xw_formula(S->c, k, sizeof k, "%s-%s", cell[PB_SOLD].s, cell[PB_MONTH].s);
        fs[PB_LBAL] = xw_formula(S->c, b[2], bs, "=IF(%s>%s,-FV(%s,%s,PMT(%s,%s,%s),%s),0)", n.s, k,
                                 cell[PB_LRATE].s, k, cell[PB_LRATE].s, n.s, cell[PB_LENT].s,
                                 cell[PB_LENT].s);
        return;
    }
    if (!xw_pl_buy_lease(S, j))
        return;
    char held[XW_FBUF / 8], g[XW_FBUF];
    xw_formula(S->c, held, sizeof held, "(%s-%s)", cell[PB_SOLD].s, cell[PB_MONTH].s);
    xw_refbuf rm = pl_drv(S->R.k_rm);
    xw_owrefs D = {.capex = cell[PB_CAPEX].s,
                   .payment = cell[PB_EPMT].s,
                   .commit = cell[PB_EOWED].s,
                   .rm = rm.s,
                   .horizon = held};
    fs[PB_LENT] = xw_formula(S->c, b[0], bs, "=%s", cell[PB_CAPEX].s);
    xw_ow_formula(w, XF_LEASE_PAYMENT, &D, g, sizeof g);
    fs[PB_EPMT] = pl_if_any(S, b[3], bs, cell[PB_BOUGHT].s, g);
    fs[PB_EEND] =
        xw_formula(S->c, b[4], bs, "=%s+%s", cell[PB_MONTH].s, xw_ow_in(w, TCO_O_LEASE_MONTHS).s);
    fs[PB_EBUY] = xw_ow_formula(w, XF_LEASE_BUYOUT, &D, b[5], bs);
    fs[PB_EOWED] = xw_ow_formula(w, XF_LEASE_COMMIT, &D, b[6], bs);
    xw_ow_formula(w, XF_LEASE_COMMIT_PV, &D, g, sizeof g);
    fs[PB_EOWEDPV] = xw_formula(S->c, b[7], bs, "=IF(%s=HorizonMonths,%s/(1+%s)^%s,0)",
                                cell[PB_SOLD].s, g + 1, rm.s, cell[PB_MONTH].s);
}

/* See planw.h. */
void xw_pl_buy_table(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const int n = (int)S->pl->n_buys;
    const char *in = c->sheet_q[TCI_SHEET_INPUTS];
    char g[XW_FBUF], t[XW_TBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE);
    const char *heads[PB_EALL - PB_MONTH] = {
        xw_label(c, "plan.buy.month", "Month bought"),
        xw_label(c, "plan.buy.sold", "Month sold (the refresh's, else the last)"),
        xw_label(c, "plan.buy.gpus", "GPUs"),
        xw_label(c, "plan.buy.bought", "GPUs bought (the spares with the first)"),
        xw_label(c, "option.servers", "Servers"),
        xw_label(c, "option.capex_gpu", "Capex: GPUs"),
        xw_label(c, "option.capex_infra", "Capex: servers and network"),
        xw_label(c, "plan.buy.capex", "Capex: total, paid in its month"),
        xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
        xw_label(c, "plan.buy.resfrac", "Resale value at its age when sold"),
        xw_label(c, "option.residual", "Residual value (GPUs, servers and network)"),
        !S->slease  ? xw_label(c, "option.loan", "Lent by the loan")
        : !S->sloan ? xw_label(c, "plan.buy.leased", "Capex not paid, leased")
                    : xw_label(c, "plan.buy.unpaid", "Not paid: lent by its loan, or leased"),
        xw_label(c, "option.lrate", "Loan interest rate per month"),
        xw_label(c, "plan.buy.lbal", "Loan balance repaid in the month sold"),
        xw_label(c, "option.epmt", "Lease payment per month"),
        xw_label(c, "plan.buy.eend", "Month the lease ends"),
        xw_label(c, "plan.buy.ebuy", "Buyout, paid when the lease ends before the sale"),
        xw_label(c, "plan.buy.eowed", "Lease payments still to come when sold"),
        xw_label(c, "plan.buy.eowedpv", "Of those, owed after the horizon: present value")};
    static const xw_numfmt nf[PB_EALL - PB_MONTH] = {
        XN_INT,   XN_INT,  XN_INT,   XN_INT,   XN_INT,   XN_MONEY, XN_MONEY,
        XN_MONEY, XN_DEC2, XN_PCT,   XN_MONEY, XN_MONEY, XN_PCT4,  XN_MONEY,
        XN_MONEY, XN_INT,  XN_MONEY, XN_MONEY, XN_MONEY};
    xw_text(c, S->ws, R->k_buys, XW_COL_LABEL,
            xw_label(c, "plan.buys", "Purchases (staged, and the refresh), one a row"), head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->k_buys, XW_COL_UNIT, head);
    int lines = 1;
    for (int k = PB_MONTH; k < PB_EALL; k++) {
        if (!pl_has_col(S, k))
            continue;
        xw_text(c, S->ws, R->k_buys, pl_col(S, k), heads[k - PB_MONTH], head);
        lines = xw_imax(
            lines, xw_wrap_lines(heads[k - PB_MONTH], k == XW_COL_VAL ? S->w_val : S->w_month, 11));
    }
    worksheet_set_row(S->ws, (lxw_row_t)R->k_buys, xw_lines_height(lines, 11), NULL);
    for (int j = 0; j < S->nb; j++) {
        const int row = R->k_buy + j, last = xw_pl_is_refresh(S, j);
        const xw_optw *w = xw_pl_buy_option(S, j);
        xw_refbuf cell[PB_EALL];
        for (int k = PB_MONTH; k < PB_EALL; k++)
            cell[k] = pl_buy(S, j, k);
        pl_label(S, row, xw_pl_buy_name(S, j, t, sizeof t), "", XS_TEXT);
        const char *fs[PB_EALL] = {0};
        /* The GPUs: Inputs' purchase's, own_count without buy_at, or the
         * refresh's. */
        xw_refbuf ig = xw_ref(in, S->ps->in_buy + n + j, XW_COL_VAL, 1, 1);
        if (last || n == 0)
            ig = last ? xw_ref(in, S->ps->in_refresh + 1, XW_COL_VAL, 1, 1) : pl_own_n(S);
        char fm[XW_FBUF / 8], fe[XW_FBUF / 8], fg[XW_FBUF / 8], fb[XW_FBUF / 4], fsv[XW_FBUF / 4],
            fcg[XW_FBUF / 4], fci[XW_FBUF / 4], fc[XW_FBUF / 2], fp[XW_FBUF / 4], fr[XW_FBUF / 4],
            fres[XW_FBUF / 4];
        /* The months bought and sold are the timing flags' (column C). */
        fs[PB_MONTH] = xw_formula(c, fm, sizeof fm, "=%s", pl_drv(pl_flag(S, PF_BOUGHT, j)).s);
        fs[PB_SOLD] = xw_formula(c, fe, sizeof fe, "=%s", pl_drv(pl_flag(S, PF_SOLD, j)).s);
        xw_refbuf r = pl_refresh_n(S);
        /* The refresh's GPUs (and spares) only with a refresh month. */
        if (last)
            fs[PB_GPUS] = xw_formula(c, fg, sizeof fg, "=IF(%s>0,%s,0)", r.s, ig.s);
        else
            fs[PB_GPUS] = xw_formula(c, fg, sizeof fg, "=%s", ig.s);
        if (last)
            fs[PB_BOUGHT] = xw_formula(c, fb, sizeof fb, "=IF(%s>0,%s%s%s,0)", r.s, cell[PB_GPUS].s,
                                       S->ps->in_spares != XW_NONE ? "+" : "",
                                       S->ps->in_spares != XW_NONE ? pl_spares_n(S).s : "");
        else if (j == 0 && S->ps->in_spares != XW_NONE)
            fs[PB_BOUGHT] =
                xw_formula(c, fb, sizeof fb, "=%s+%s", cell[PB_GPUS].s, pl_spares_n(S).s);
        else
            fs[PB_BOUGHT] = xw_formula(c, fb, sizeof fb, "=%s", cell[PB_GPUS].s);
        xw_owrefs D = {.n = cell[PB_BOUGHT].s,
                       .servers = cell[PB_SERVERS].s,
                       .capex_gpu = cell[PB_CAPEX_GPU].s,
                       .capex_infra = cell[PB_CAPEX_INFRA].s,
                       .resfrac = cell[PB_RESFRAC].s};
        fs[PB_SERVERS] = xw_ow_formula(w, XF_SERVERS, &D, fsv, sizeof fsv);
        fs[PB_CAPEX_GPU] = xw_ow_formula(w, XF_CAPEX_GPU, &D, fcg, sizeof fcg);
        fs[PB_CAPEX_INFRA] = xw_ow_formula(w, XF_CAPEX_INFRA, &D, fci, sizeof fci);
        xw_formula(c, g, sizeof g, "=%s+%s+%s", cell[PB_CAPEX_GPU].s, cell[PB_CAPEX_INFRA].s,
                   xw_ow_in(w, TCO_O_INSTALL_PRICE).s);
        fs[PB_CAPEX] = pl_if_any(S, fc, sizeof fc, cell[PB_BOUGHT].s, g);
        fs[PB_PROV_KW] = xw_ow_formula(w, XF_PROV_KW, &D, fp, sizeof fp);
        /* Its residual is that of its age when sold (MODEL.md, Staged
         * purchases, Refresh): a resale_decline over those months. */
        fs[PB_RESFRAC] =
            w->o->src[TCO_O_RESALE_DECLINE]
                ? xw_formula(c, fr, sizeof fr, "=(1-%s)^((%s-%s)/MonthsPerYear)",
                             xw_ow_in(w, TCO_O_RESALE_DECLINE).s, cell[PB_SOLD].s, cell[PB_MONTH].s)
                : xw_formula(c, fr, sizeof fr, "=%s", xw_ow_in(w, TCO_O_RESALE_FRACTION).s);
        /* A lease's: none unless bought out before the sale. */
        char held[XW_FBUF / 8];
        D.horizon = xw_formula(c, held, sizeof held, "(%s-%s)", cell[PB_SOLD].s, cell[PB_MONTH].s);
        fs[PB_RESIDUAL] = xw_ow_formula(w, xw_pl_buy_lease(S, j) ? XF_LEASE_RESIDUAL : XF_RESIDUAL,
                                        &D, fres, sizeof fres);
        char fin[8][XW_FBUF];
        buy_fin_cells(S, j, cell, fs, fin);
        for (int k = PB_MONTH; k < PB_EALL; k++)
            if (pl_has_col(S, k))
                pl_fig(S, row, pl_col(S, k), fs[k], P->buy[j][k - PB_MONTH],
                       xw_fmt(c, XS_CALC, nf[k - PB_MONTH]));
    }
}
