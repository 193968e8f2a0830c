/* planbuys.c - a plan's staged purchases on its sheet (MODEL.md, Staged
 * purchases): a table of the purchases, one row each, its month and GPUs read
 * from Inputs, and the figures the owned part's lines sum over the purchases
 * in service (the GPUs bought before the month). Each purchase is the own
 * option with its count, over the months from its own to the end, so its
 * servers, capex, install and staff are its own and its residual is that of
 * its age at the end. */
#include "write/xlsx/planw.h"
#include "core/core.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The lines of one purchase's months a (at u = 0) or b (u = 1), from model
 * month t + 1, added into the owned part's sums. */
static void add_lines(tco_month *sum, const tco_month *a, int t, int months)
{
    for (int j = 0; j < months; j++) {
        tco_month *d = &sum[t + j];
        d->power += a[j].power;
        d->cooling += a[j].cooling;
        d->facility += a[j].facility;
        d->maintenance += a[j].maintenance;
        d->staff += a[j].staff;
    }
}

/* See planw.h. */
int xw_pl_buy_figures(const pl_sheet *S, pl_own *P)
{
    const tco_scenario *s = S->c->s;
    const tco_plan *pl = S->pl;
    const int H = S->H;
    tco_month *a = calloc((size_t)H, sizeof *a), *b = calloc((size_t)H, sizeof *b);
    if (!a || !b || !P->m0 || !P->m1) {
        free(a);
        free(b);
        S->c->nomem = 1;
        return 0;
    }
    for (size_t j = 0; j < pl->n_buys && j < TCO_MAX_BUYS; j++) {
        const int t = pl->buy_month[j];
        if (t >= H)
            continue;
        tco_option o = s->options[pl->own_i];
        o.count = pl->buy_count[j] + (j == 0 ? S->pr->spares : 0); /* the spares with the first */
        tco_scenario sb = *s;
        sb.horizon_months = H - t;
        double paid0, total, npv;
        tci_option_months_at(&sb, &o, 0, t, a, &paid0, &total, &npv);
        tci_option_months_at(&sb, &o, 1, t, b, &paid0, &total, &npv);
        add_lines(P->m0, a, t, H - t);
        add_lines(P->m1, b, t, H - t);
        double *f = P->buy[j];
        int n = o.count;
        f[PB_MONTH - PB_MONTH] = t;
        f[PB_GPUS - PB_MONTH] = pl->buy_count[j];
        f[PB_BOUGHT - PB_MONTH] = n;
        f[PB_SERVERS - PB_MONTH] = ceil((double)n / o.gpus_per_server);
        f[PB_CAPEX_GPU - PB_MONTH] = n * o.gpu_price;
        f[PB_CAPEX_INFRA - PB_MONTH] =
            f[PB_SERVERS - PB_MONTH] * (o.server_price + o.network_price);
        f[PB_CAPEX - PB_MONTH] =
            f[PB_CAPEX_GPU - PB_MONTH] + f[PB_CAPEX_INFRA - PB_MONTH] + o.install_price;
        f[PB_PROV_KW - PB_MONTH] =
            (n * o.tdp_w + f[PB_SERVERS - PB_MONTH] * o.server_power_w) / 1000;
        f[PB_RESFRAC - PB_MONTH] = o.src[TCO_O_RESALE_DECLINE]
                                       ? pow(1 - o.resale_decline, (H - t) / 12.0)
                                       : o.resale_fraction;
        f[PB_RESIDUAL - PB_MONTH] =
            (f[PB_CAPEX_GPU - PB_MONTH] + f[PB_CAPEX_INFRA - PB_MONTH]) * f[PB_RESFRAC - PB_MONTH];
        P->capex_at[t] += f[PB_CAPEX - PB_MONTH];
        P->capex += f[PB_CAPEX - PB_MONTH];
        P->residual += f[PB_RESIDUAL - PB_MONTH];
        for (int m = t + 1; m <= H; m++) {
            P->fleet[m - 1] += n;
            P->servers_at[m - 1] += f[PB_SERVERS - PB_MONTH];
        }
    }
    free(a);
    free(b);
    return 1;
}

/* See planw.h. */
void xw_pl_buy_table(const pl_sheet *S, const pl_own *P)
{
    xw_ctx *c = S->c;
    const pl_rows *R = &S->R;
    const xw_optw *w = &S->wo;
    const int n = (int)S->pl->n_buys;
    const char *in = c->sheet_q[TCI_SHEET_INPUTS];
    char g[XW_FBUF], t[XW_TBUF];
    lxw_format *head = xw_fmt(c, XS_HEADER, XN_NONE);
    const char *heads[PB_END - PB_MONTH] = {
        xw_label(c, "plan.buy.month", "Month bought"),
        xw_label(c, "plan.buy.gpus", "GPUs"),
        xw_label(c, "plan.buy.bought", "GPUs bought (the spares with the first)"),
        xw_label(c, "option.servers", "Servers"),
        xw_label(c, "option.capex_gpu", "Capex: GPUs"),
        xw_label(c, "option.capex_infra", "Capex: servers and network"),
        xw_label(c, "plan.buy.capex", "Capex: total, paid in its month"),
        xw_label(c, "option.prov_kw", "Provisioned power (at TDP)"),
        xw_label(c, "plan.buy.resfrac", "Resale value at its age at the end"),
        xw_label(c, "option.residual", "Residual value (GPUs, servers and network)")};
    static const xw_numfmt nf[PB_END - PB_MONTH] = {XN_INT,   XN_INT,   XN_INT,  XN_INT, XN_MONEY,
                                                    XN_MONEY, XN_MONEY, XN_DEC2, XN_PCT, XN_MONEY};
    xw_text(c, S->ws, R->k_buys, XW_COL_LABEL,
            xw_label(c, "plan.buys", "Purchases (buy_at), one a row"), head);
    worksheet_write_blank(S->ws, (lxw_row_t)R->k_buys, XW_COL_UNIT, head);
    for (int k = PB_MONTH; k < PB_END; k++)
        xw_text(c, S->ws, R->k_buys, k, heads[k - PB_MONTH], head);
    for (int j = 0; j < n && j < TCO_MAX_BUYS; j++) {
        const int row = R->k_buy + j;
        xw_refbuf cell[PB_END];
        for (int k = PB_MONTH; k < PB_END; k++)
            cell[k] = xw_ref(NULL, row, k, 1, 1);
        xw_labelf(c, t, sizeof t, "plan.buy", "Purchase {n}", "n", xw_int(j + 1).s, NULL);
        pl_label(S, row, t, "", XS_TEXT);
        const char *fs[PB_END] = {0};
        xw_refbuf im = xw_ref(in, S->ps->in_buy + j, XW_COL_VAL, 1, 1),
                  ig = xw_ref(in, S->ps->in_buy + n + j, XW_COL_VAL, 1, 1);
        char fm[XW_FBUF / 8], fg[XW_FBUF / 8], fb[XW_FBUF / 4], fsv[XW_FBUF / 4], fcg[XW_FBUF / 4],
            fci[XW_FBUF / 4], fc[XW_FBUF / 2], fp[XW_FBUF / 4], fr[XW_FBUF / 4], fres[XW_FBUF / 4];
        fs[PB_MONTH] = xw_f(c, fm, sizeof fm, "=%s", im.s);
        fs[PB_GPUS] = xw_f(c, fg, sizeof fg, "=%s", ig.s);
        fs[PB_BOUGHT] = j == 0 && S->ps->in_spares != XW_NONE
                            ? xw_f(c, fb, sizeof fb, "=%s+%s", cell[PB_GPUS].s, pl_spares_n(S).s)
                            : xw_f(c, fb, sizeof fb, "=%s", cell[PB_GPUS].s);
        xw_owrefs D = {.n = cell[PB_BOUGHT].s,
                       .servers = cell[PB_SERVERS].s,
                       .capex_gpu = cell[PB_CAPEX_GPU].s,
                       .capex_infra = cell[PB_CAPEX_INFRA].s,
                       .resfrac = cell[PB_RESFRAC].s};
        fs[PB_SERVERS] = xw_ow_formula(w, XF_SERVERS, &D, fsv, sizeof fsv);
        fs[PB_CAPEX_GPU] = xw_ow_formula(w, XF_CAPEX_GPU, &D, fcg, sizeof fcg);
        fs[PB_CAPEX_INFRA] = xw_ow_formula(w, XF_CAPEX_INFRA, &D, fci, sizeof fci);
        xw_f(c, g, sizeof g, "=%s+%s+%s", cell[PB_CAPEX_GPU].s, cell[PB_CAPEX_INFRA].s,
             xw_ow_in(w, TCO_O_INSTALL_PRICE).s);
        fs[PB_CAPEX] = pl_if_any(S, fc, sizeof fc, cell[PB_BOUGHT].s, g);
        fs[PB_PROV_KW] = xw_ow_formula(w, XF_PROV_KW, &D, fp, sizeof fp);
        /* Its residual is that of its age at the end, H - t (MODEL.md,
         * Staged purchases): a resale_decline over those months. */
        fs[PB_RESFRAC] = w->o->src[TCO_O_RESALE_DECLINE]
                             ? xw_f(c, fr, sizeof fr, "=(1-%s)^((HorizonMonths-%s)/12)",
                                    xw_ow_in(w, TCO_O_RESALE_DECLINE).s, cell[PB_MONTH].s)
                             : xw_f(c, fr, sizeof fr, "=%s", xw_ow_in(w, TCO_O_RESALE_FRACTION).s);
        fs[PB_RESIDUAL] = xw_ow_formula(w, XF_RESIDUAL, &D, fres, sizeof fres);
        for (int k = PB_MONTH; k < PB_END; k++)
            pl_fig(S, row, k, fs[k], P->buy[j][k - PB_MONTH], xw_fmt(c, XS_CALC, nf[k - PB_MONTH]));
    }
}
