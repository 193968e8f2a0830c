/* planw.h - the writers a plan's sheet is made of, shared by its modules:
 * plansheet.c (the layout, the demand and how it is served, the chart) and
 * planlines.c (the cash flow and the drivers) and planbuys.c (the staged
 * purchases' table). Not installed. */
#ifndef TCO_WRITE_XLSX_PLANW_H
#define TCO_WRITE_XLSX_PLANW_H

#include "write/xlsx/optw.h"
#include "write/xlsx/cell.h"
#include "util/utf8.h"

/* 0-based rows of one plan's sheet; XW_NONE where the plan has no such row.
 * r_line: the owned part's cost lines (those of a bought option), by
 * tco_cost_line, on consecutive rows. */
typedef struct pl_rows {
    int r_month, r_year, s_serve, r_demand;
    /* Timing flags (1 in a month, else 0), under the months and years: month 0,
     * months 1..H, month H (the horizon in C), the months after a refresh (its
     * month in C); a loan's payment months, a lease's payment months and its
     * last (their terms in C), bought at once; the reserved part's term (in C)
     * and its renewals' first months; with buy_at or a refresh, groups of nb
     * rows (pl_flag: one a purchase, in the table's order). */
    int f_m0, f_op, f_end, f_new, f_loan, f_lease, f_lend, f_rterm, f_rrenew, f_buy;
    /* The parts' inputs linked from Inputs (the owned, reserved, overflow and
     * refresh options', by tco_okey; XW_NONE: not linked), each in column C of
     * its row under the links' heading, or of the flag row whose term it is. */
    int s_links, link[4][TCO_O_COUNT];
    int k_lown, k_lspares, k_lres; /* the plan's own_count, spares, reserve_count, linked */
    int r_own_n, r_own_cap, r_res_n, r_res_cap, r_cap;
    int r_s_own, r_s_res, r_served, r_idle, r_s_over, r_unserved, r_h_own, r_u, r_h_res, r_h_over;
    int s_cash, s_own, r_price, r_capex, r_it_kw, r_line[TCO_LINES], r_own_cost, r_resid;
    int s_res, r_res_factor, r_res_up, r_res_rent, r_res_commit;
    int s_over, r_ov_factor, r_ov_price, r_ov_cost;
    int s_plan, r_cost, r_net, r_df, r_pv;
    int s_drivers, k_rm, k_own, k_a_own, k_bought, k_servers, k_capex_gpu, k_capex_infra, k_capex,
        k_prov_kw, k_resfrac, k_residual, k_res, k_a_res, k_commit_pv, k_over, k_a_over;
    int k_buys, k_buy;  /* with buy_at or a refresh: the purchases' heading, the first's row */
    int k_new, k_a_new; /* with a refresh: the new option's k and availability */
    int r_sale;         /* with a refresh: the replaced GPUs sold at their residual */
    /* A loan-financed owned part (MODEL.md, Financing with a loan): what it
     * lends, its interest, principal and balance, its drivers; a leased one
     * (with a lease): the capex not paid, its payment and buyout, what is owed
     * past the horizon and its present value, its drivers. */
    int r_lent, r_lint, r_lprin, r_lbal, k_loan, k_lrate, k_lpmt;
    int r_epay, r_ebuy, r_own_commit, k_epmt, k_ebuy, k_own_commit_pv;
    /* With buy_at or a refresh and a purchase on a loan: the first of each
     * such purchase's two rows, its interest then its principal. With one on a
     * lease: the payments and buyouts rows (r_epay, r_ebuy), the payments
     * still to come of those returned at the refresh, paid then. */
    int r_blint, r_eset;
    int r_chart, r_end;
    int r_fy; /* the fiscal year of each month (the Budget's plan block reads it) */
    /* In a scenario with a site's power limit (planpower.c; MODEL.md, A plan
     * at a site with a power limit): the block's heading, the owned GPUs'
     * provisioned kW in service (the peak in C), after a refresh to another
     * site that site's limit (in C), the month's limit (the owned option's
     * site's in C) and the flag that the month fits (all months in C). */
    int s_power, r_kw, k_kw_cap_new, r_kw_cap, r_kw_fits;
    /* With [tax] (plantax.c; MODEL.md, Plans after tax): the heading, the tax
     * depreciation's life of the owned and the refresh's option, each
     * purchase's tax depreciation (one row a purchase, one when bought at
     * once), the tax on the sales, each part's tax, the plan's tax, its net
     * cost after tax and that at its present value (totals in C). */
    int s_tax, k_tlife, k_tlife_new, r_tdep, r_tsale, r_town, r_tres, r_tover;
    int r_tax, r_at_net, r_at_pv;
    int k_tsalv, k_tsalv_new; /* with a tax method other than MACRS: the salvage fractions */
    /* For the statements (planstmt.c; MODEL.md, A plan's statements), an owned
     * part in cash or on loans: the heading; with buy_at or a refresh, each
     * purchase's book depreciation and its book value before a sale (nb rows
     * each); the book depreciation, the loss on the sales, the book value
     * after them, the loans' balance at each month's end. */
    int s_st, r_sbdep, r_sbbv, r_sdep, r_sloss, r_sbv, r_sloan;
    /* An owned part leased at once, on the books (ifrs16, asc842-finance):
     * the heading, the lease's monthly rate, its liability and right-of-use asset at
     * commencement (column C); the liability's corkscrew (start, interest,
     * end), the payments less the interest paid with them, the asset's
     * depreciation and its balance, the loss on its sale at month H when
     * bought out within the horizon. */
    int s_stl, k_srate, k_sll0, k_srou0, r_sllopen, r_sllint, r_sllclose, r_sllprin, r_sroudep,
        r_srou, r_slloss;
    /* asc842-operating (returned or bought out): the straight-line lease
     * cost and the asset (the liability, the payments made less the cost to
     * date). */
    int r_slcost, r_sorou;
    /* With carbon figures (plancarbon.c; MODEL.md, A plan's emissions): the
     * heading, the owned GPUs' kWh, scope 2 location- and market-based, scope
     * 3 purchased (reserved and overflow hours) and capital goods, the
     * month's tCO2e and the carbon cost (totals in C). */
    int s_co2, r_co2_kwh, r_co2_s2l, r_co2_s2m, r_co2_s3p, r_co2_s3c, r_co2_t, r_co2_cost;
    /* asc842-operating, bought out: the book depreciation of the hardware
     * from the month after the buyout, the loss on its sale at month H and
     * its book value at each month's end. */
    int r_sobdep, r_soloss, r_sobv;
    /* With buy_at or a refresh and a purchase on a lease (planstmtl.c): the
     * heading; one row a purchase each of its lease's rate, liability and
     * right-of-use asset at commencement (column C), its depreciation, its
     * asset before a sale, its lease's interest and liability, under
     * asc842-operating its straight-line cost and what is paid ahead of it,
     * the loss on its sale or early return, on the books its financing cash;
     * then the plan's lines: depreciation, loss, book value, right-of-use
     * asset, lease liability, interest, lease cost, the leases' financing
     * cash, the leases' and loans' operating cash, capex in investing, the
     * loans' amounts and balance. */
    int s_stq, k_qrate, k_qll0, k_qrou0, r_qbdep, r_qbabv, r_qbint, r_qbll, r_qbcost, r_qbahead,
        r_qbloss, r_qbfin;
    int r_qdep, r_qloss, r_qbv, r_qrou, r_qll, r_qint, r_qcost, r_qfin, r_qopcash, r_qcapex,
        r_qlent, r_qloan;
    /* With an API as the overflow (planapi.c; MODEL.md, An API as a plan's
     * overflow): the block's heading, g (in C), the tokens sent by month (their
     * sum in C); with its rate limit, the tokens a minute (the peak in C), the
     * limit (in C) and the flag that the month is within it (all months in C). */
    int s_api, k_api_g, r_api_tok, r_api_tpm, k_api_lim, r_api_fits;
    /* With carbon_in_total (plancarbontotal.c; MODEL.md, A plan's carbon cost
     * in its total): each part's carbon cost by month, which its tax row
     * deducts (totals in C). */
    int r_co2_own, r_co2_res, r_co2_over;
    /* With [tax] and a purchase by tax year (plantaxyr.c; MODEL.md, Tax
     * depreciation by tax year): one row a purchase in each group, in column
     * C: its tax year, its quarter of it, its basis by tax year, the basis
     * placed in service in its tax year, its section 179 share, its bonus and
     * its MACRS table (0: A-1, 1..4: A-2..A-5). */
    int k_tyyear, k_tyq, k_tybasis, k_tyybasis, k_ty179, k_tybonus, k_tytable;
    /* With carbon figures and g (PW_G; MODEL.md, A plan's emissions): the
     * tokens served by month (their sum in C), and in column C the tCO2e per
     * 1M tokens served and its embodied part (a management metric). */
    int r_co2_tok, k_co2_tpm, k_co2_etpm;
    /* With carbon figures and a training run the Workload sheet sizes
     * (PW_RUN): in column C the tCO2e per training run. */
    int k_co2_run;
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
    int staged;         /* 1 with buy_at or a refresh: the owned GPUs come from the
                           purchases' table, nb rows (the refresh's last) */
    int nb, refresh;    /* the table's rows; 1 with refresh_to (at Inputs' month, 0: none) */
    int term, od_after; /* the reserved part's term, and on-demand months after it */
    int loan, lease;    /* 1 when the owned part is financed so (not with buy_at or a refresh) */
    int sloan;          /* 1 with buy_at or a refresh when a purchase is on a loan */
    int slease;         /* likewise, on a lease */
    char cur[64];
    lxw_format *money, *money_t, *hours;
    xw_optw wo, wr, wv; /* the owned, reserved and overflow parts' options */
    xw_optw wn;         /* with a refresh, its option (refresh_to) */
    int w_val, w_month; /* the widths of column C and of the months' */
    /* What the cash-flow blocks read: the owned part's figures; the reserved
     * part's upfront payment, commitment past the horizon and its present
     * value. */
    const struct pl_own *P;
    double res_paid0, res_commit, res_commit_pv;
} pl_sheet;

/* A serving row's formula in the month of column col, in f; its cached
 * value in month m (0-based), from the plan's result. */
typedef const char *(*pl_cell_fn)(const pl_sheet *S, char *f, size_t fs, int col);
typedef double (*pl_value_fn)(const pl_sheet *S, int m);

/* The owned part's figures as the plan priced it, for the cached values: its
 * months at utilization 0 (bought at once: a loan's and a lease's lines), ... */
typedef struct pl_own {
    tco_month *m0;
    double paid0, servers, capex_gpu, capex_infra, capex, prov_kw, resfrac, residual;
    /* A loan's amount and level payment; a lease's payment, buyout within the
     * horizon, what is owed past it and its present value. */
    double loan_amount, loan_payment, lease_payment, lease_buyout, commit, commit_pv;
    /* With buy_at (MODEL.md, Staged purchases): each purchase's figures (the
     * columns PB_*), and
     * by model month the capex paid (0..H), the GPUs bought and the servers
     * in service (1..H at [m - 1]). */
    double buy[TCO_MAX_BUYS + 1][11 + 3 + 5];
    double capex_at[TCO_MAX_HORIZON + 1], fleet[TCO_MAX_HORIZON], servers_at[TCO_MAX_HORIZON];
    double sale_at[TCO_MAX_HORIZON + 1]; /* with a refresh: the residual of those sold */
    /* With sloan or slease: what the loans lend and the capex leased, by
     * model month (0..H); with sloan, each purchase's interest and principal
     * by month 1..H (at [j * H + m - 1]). */
    double lent_at[TCO_MAX_HORIZON + 1];
    /* With slease, by model month (0..H): the lease payments, the buyouts, and
     * the payments still to come of the leases returned at the refresh. */
    double epay_at[TCO_MAX_HORIZON + 1], ebuy_at[TCO_MAX_HORIZON + 1], eset_at[TCO_MAX_HORIZON + 1];
    double *lint, *lprin;
} pl_own;

/* The columns of the purchases' table (with buy_at), one row a purchase. */
enum {
    PB_MONTH = XW_COL_VAL,
    PB_SOLD, /* the month it is sold: the refresh's, else H */
    PB_GPUS,
    PB_BOUGHT,
    PB_SERVERS,
    PB_CAPEX_GPU,
    PB_CAPEX_INFRA,
    PB_CAPEX,
    PB_PROV_KW,
    PB_RESFRAC,
    PB_RESIDUAL,
    PB_END,
    /* With sloan or slease: what its loan lends, or its capex when it is
     * leased (0 for a purchase paid in cash); with sloan, its loan's monthly
     * rate and its balance repaid in the month it is sold. */
    PB_LENT = PB_END,
    PB_LRATE,
    PB_LBAL,
    PB_LEND,
    /* With slease: its lease's payment per month, the month the lease ends,
     * the buyout paid then (when before the sale), the payments still to come
     * when it is sold (at the refresh: paid then; at H: owed after the
     * horizon) and, sold at H, their present value (MODEL.md, Refresh). */
    PB_EPMT = PB_LEND,
    PB_EEND,
    PB_EBUY,
    PB_EOWED,
    PB_EOWEDPV,
    PB_EALL
};

/* The sheet's column of the purchases' table's column pb: the loan's rate and
 * balance only with sloan, the lease's columns only with slease. */
static inline int pl_col(const pl_sheet *S, int pb)
{
    return pb >= PB_LEND && !S->sloan ? pb - 2 : pb;
}

/* 1 when the purchases' table has column pb. */
static inline int pl_has_col(const pl_sheet *S, int pb)
{
    if (pb < PB_END)
        return 1;
    if (pb == PB_LENT)
        return S->sloan || S->slease;
    return pb < PB_LEND ? S->sloan : pb < PB_EALL && S->slease;
}

/* ===== Cells ===== */

/* Same-sheet references: $C$n for a driver, E$n for a timeline cell, E5 for
 * a cell a chart or a formula reads in its own column. */
static inline xw_refbuf pl_drv(int row)
{
    return xw_ref(NULL, row, XW_COL_VAL, 1, 1);
}

static inline xw_refbuf pl_at(int row, int col)
{
    return xw_ref(NULL, row, col, 1, 0);
}

/* A row's label and unit. */
static inline void pl_label(const pl_sheet *S, int row, const char *text, const char *unit,
                            xw_style st)
{
    xw_ow_label(&S->wo, row, text, unit, st);
}

/* A formula in (row, col) with its cached value. */
static inline void pl_fig(const pl_sheet *S, int row, int col, const char *f, double v,
                          lxw_format *fmt)
{
    xw_fnum(S->c, S->ws, row, col, f, v, fmt);
}

/* =SUM over the row's months from column `first` in column C, cached v. */
static inline void pl_total(const pl_sheet *S, int row, int first, double v, xw_style st,
                            xw_numfmt nf)
{
    char f[XW_FBUF];
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=SUM(%s)", xw_range(NULL, row, first, row, S->last).s), v,
           xw_fmt(S->c, st, nf));
}

/* A driver's formula in column C of `row`, its value v cached. */
static inline void pl_drv_fig(const pl_sheet *S, int row, const char *f, double v, xw_numfmt nf)
{
    pl_fig(S, row, XW_COL_VAL, f, v, xw_fmt(S->c, XS_CALC, nf));
}

/* A row of 0 in every month, fixed (a flag or a figure a purchase paid
 * otherwise does not have), in number format nf. */
static inline void pl_zeros(const pl_sheet *S, int row, xw_numfmt nf)
{
    for (int m = 0; m <= S->H; m++)
        xw_num(S->c, S->ws, row, XW_COL_M0 + m, 0, xw_fmt(S->c, XS_FIXED, nf));
}

/* "=IF(n>0,BODY,0)" in f from a formula "=BODY" in g: a part of 0 GPUs costs
 * nothing, not even its option's fixed lines (MODEL.md, Plans). */
static inline const char *pl_if_any(const pl_sheet *S, char *f, size_t fs, const char *n,
                                    const char *g)
{
    return xw_formula(S->c, f, fs, "=IF(%s>0,%s,0)", n, g + 1);
}

/* The Inputs cell of the plan's input at Inputs' row `in`, or its link on the
 * sheet (row `link`, column C) once the links are written. */
static inline xw_refbuf pl_input(const pl_sheet *S, int in, int link)
{
    if (link != XW_NONE)
        return xw_ref(NULL, link, XW_COL_VAL, 1, 1);
    return xw_ref(S->c->sheet_q[TCI_SHEET_INPUTS], in, XW_COL_VAL, 1, 1);
}

/* The plan's own_count and reserve_count. */
static inline xw_refbuf pl_own_n(const pl_sheet *S)
{
    return pl_input(S, S->ps->in_own, S->R.k_lown);
}

/* The plan's spares. */
static inline xw_refbuf pl_spares_n(const pl_sheet *S)
{
    return pl_input(S, S->ps->in_spares, S->R.k_lspares);
}

/* The owned GPUs bought, own_count + spares (MODEL.md, Goodput: the spares are
 * priced with them): the driver with spares, else own_count. */
static inline xw_refbuf pl_own_all(const pl_sheet *S)
{
    return S->R.k_bought != XW_NONE ? pl_drv(S->R.k_bought) : pl_own_n(S);
}

/* Column pb of the purchases' table, as a range. */
static inline xw_refbuf pl_buys(const pl_sheet *S, int pb)
{
    return xw_range(NULL, S->R.k_buy, pl_col(S, pb), S->R.k_buy + S->nb - 1, pl_col(S, pb));
}

/* Purchase j's cell of column pb, absolute. */
static inline xw_refbuf pl_buy(const pl_sheet *S, int j, int pb)
{
    return xw_ref(NULL, S->R.k_buy + j, pl_col(S, pb), 1, 1);
}

/* A block of one row a purchase, from row `first`, in column col, as a range. */
static inline xw_refbuf pl_buy_rows(const pl_sheet *S, int first, int col)
{
    xw_refbuf a = pl_at(first, col), b = pl_at(first + S->nb - 1, col), r;
    tci_utf8_format(r.s, sizeof r.s, "%s:%s", a.s, b.s);
    return r;
}

/* The groups of the purchases' flag rows, nb rows each (one a purchase): the
 * month bought (in C) and the month sold (in C), in service (bought before the
 * month, sold in it or after); with a purchase on a loan, its loan's payment
 * months (its last in C); with one on a lease, its lease's payment months, in
 * advance (its end in C), and the month it ends. */
enum { PF_BOUGHT, PF_SOLD, PF_IN, PF_LOAN, PF_LEASE, PF_LEND, PF_GROUPS };

/* The row of purchase j's flag of group g, or XW_NONE when the sheet has no
 * such group. */
static inline int pl_flag(const pl_sheet *S, int g, int j)
{
    if (S->R.f_buy == XW_NONE)
        return XW_NONE;
    int k = g;
    if (g >= PF_LOAN && !S->sloan)
        k--;
    if (g >= PF_LEASE && !S->slease)
        k -= 2;
    if ((g == PF_LOAN && !S->sloan) || (g >= PF_LEASE && !S->slease))
        return XW_NONE;
    return S->R.f_buy + k * S->nb + j;
}

/* The flags of group g in month col, one a purchase: a range beside the
 * table's columns (pl_buys). */
static inline xw_refbuf pl_flags(const pl_sheet *S, int g, int col)
{
    int first = pl_flag(S, g, 0);
    xw_refbuf a = pl_at(first, col), b = pl_at(first + S->nb - 1, col), r;
    tci_utf8_format(r.s, sizeof r.s, "%s:%s", a.s, b.s); /* rows fixed, the month's column */
    return r;
}

/* "IF(flag=1,BODY,0)" in f from a formula "=BODY" in g, the flag row's cell
 * in column col: a figure of the months the flag marks, 0 in the others. */
static inline const char *pl_if_flag(const pl_sheet *S, char *f, size_t fs, int flag, int col,
                                     const char *g)
{
    return xw_formula(S->c, f, fs, "=IF(%s=1,%s,0)", xw_ref(NULL, flag, col, 1, 0).s, g + 1);
}

/* The sum of column `pb` of the purchases' table over those whose flag of
 * group g is 1 in month col, as a formula term. */
static inline const char *pl_sum_flagged(const pl_sheet *S, char *t, size_t ts, int pb, int g,
                                         int col)
{
    return xw_formula(S->c, t, ts, "SUMPRODUCT(%s,%s)", pl_buys(S, pb).s, pl_flags(S, g, col).s);
}

/* The sum of column `pb` of the purchases' table over those in service in
 * month col (bought before it, sold in it or after), as a formula term. */
static inline const char *pl_in_service(const pl_sheet *S, char *t, size_t ts, int pb, int col)
{
    return pl_sum_flagged(S, t, ts, pb, PF_IN, col);
}

/* The Inputs cell of the plan's refresh month. */
static inline xw_refbuf pl_refresh_n(const pl_sheet *S)
{
    return xw_ref(S->c->sheet_q[TCI_SHEET_INPUTS], S->ps->in_refresh, XW_COL_VAL, 1, 1);
}

/* In f, formula a ("=...") for the months up to the refresh and b after it
 * (MODEL.md, Refresh: the new option's GPUs serve from the month after; the
 * refresh's flag row), or a alone without a refresh (month 0 on Inputs: none). */
static inline const char *pl_by_month(const pl_sheet *S, char *f, size_t fs, int col, const char *a,
                                      const char *b)
{
    if (!S->refresh)
        return xw_formula(S->c, f, fs, "%s", a);
    return xw_formula(S->c, f, fs, "=IF(%s=1,%s,%s)", pl_at(S->R.f_new, col).s, b + 1, a + 1);
}

/* A row of months 0..H: in each, formula make (over the month's column) in
 * the operating months and 0 in month 0 (IF on the operating flag), cached
 * value(S, m - 1) in month m; its label and unit written by the caller. */
static inline void xw_pl_month_row(const pl_sheet *S, int row, pl_cell_fn make, pl_value_fn value,
                                   lxw_format *fmt)
{
    char f[XW_FBUF], g[XW_FBUF];
    for (int m = 0; m <= S->H; m++) {
        int col = XW_COL_M0 + m;
        make(S, g, sizeof g, col);
        pl_fig(S, row, col, pl_if_flag(S, f, sizeof f, S->R.f_op, col, g),
               m == 0 ? 0 : value(S, m - 1), fmt);
    }
}

/* The owned GPUs in month col's row, spares included, as a formula term. */
static inline const char *pl_fleet_at(const pl_sheet *S, char *t, size_t ts, int col)
{
    if (S->staged)
        return pl_in_service(S, t, ts, PB_BOUGHT, col);
    if (S->R.k_bought != XW_NONE)
        return xw_formula(S->c, t, ts, "(%s+%s)", pl_at(S->R.r_own_n, col).s, pl_spares_n(S).s);
    return xw_formula(S->c, t, ts, "%s", pl_at(S->R.r_own_n, col).s);
}

static inline xw_refbuf pl_res_n(const pl_sheet *S)
{
    return pl_input(S, S->ps->in_res, S->R.k_lres);
}

/* ===== The rows of the sheet, described once (plansheet.c, planlines.c) ===== */

/* What a row of a plan's sheet needs of its plan: every bit of its `when`. */
enum {
    PW_OWN = 1 << 0,           /* an owned part */
    PW_RES = 1 << 1,           /* a reserved part */
    PW_OVER = 1 << 2,          /* an overflow part */
    PW_NOT_OVER = 1 << 3,      /* none: the demand not served */
    PW_STAGED = 1 << 4,        /* owned, with buy_at or a refresh */
    PW_NOT_STAGED = 1 << 5,    /* owned, bought at once */
    PW_REFRESH = 1 << 6,       /* owned, with a refresh */
    PW_LENT = 1 << 7,          /* owned, with a loan or a lease */
    PW_FIN_LOAN = 1 << 8,      /* bought at once on a loan */
    PW_FIN_LEASE = 1 << 9,     /* bought at once on a lease */
    PW_STAGED_LOAN = 1 << 10,  /* staged, with a purchase on a loan */
    PW_STAGED_LEASE = 1 << 11, /* staged, with a purchase on a lease */
    PW_ANY_LOAN = 1 << 12,     /* PW_FIN_LOAN or PW_STAGED_LOAN */
    PW_ANY_LEASE = 1 << 13,    /* PW_FIN_LEASE or PW_STAGED_LEASE */
    PW_SPARES = 1 << 14,       /* bought at once, with spares */
    PW_A_OWN = 1 << 15,        /* the availability of each part's option (goodput) */
    PW_A_NEW = 1 << 16,
    PW_A_RES = 1 << 17,
    PW_A_OVER = 1 << 18,
    PW_RES_TERM = 1 << 19,     /* reserved with a term: its commitment */
    PW_RES_OD_AFTER = 1 << 20, /* reserved, on demand after its term */
    PW_RES_RENEW = 1 << 21,    /* reserved, renewed after its term */
    PW_POWER = 1 << 22,        /* owned, in a scenario where a site has a power limit */
    PW_POWER_NEW = 1 << 23,    /* ... with a refresh to an option at another site */
    PW_TAX = 1 << 24,          /* the scenario has [tax] */
    PW_TAX_SALV = 1 << 25,     /* an owned part taxed by a method other than MACRS */
    PW_ST_OWN = 1 << 26,       /* owned, in cash or on loans (no purchase leased) */
    PW_ST_LEASE = 1 << 27,     /* owned, leased at once, on the books */
    PW_ST_OPLEASE = 1 << 28,   /* owned, leased at once, asc842-operating */
    PW_ST_LL = 1 << 29,        /* PW_ST_LEASE or PW_ST_OPLEASE: the liability's rows */
    PW_ST_OPBUY = 1 << 30,     /* owned, leased at once, asc842-operating, bought out */
};

/* With carbon figures (MODEL.md, Carbon), past the enum's int: the scenario has
 * them; and the plan a reserved or overflow part; and a carbon price. */
#define PW_CARBON        (1ULL << 31)
#define PW_CARBON_RENTED (1ULL << 32)
#define PW_CARBON_PRICE  (1ULL << 33)
#define PW_ST_SLEASE     (1ULL << 34) /* staged or refreshed, a purchase on a lease */
#define PW_ST_SLOP       (1ULL << 35) /* ... one under asc842-operating */
#define PW_ST_SLBOOKS    (1ULL << 36) /* ... one on the books */
/* An API as the overflow (MODEL.md, An API as a plan's overflow); and it has a
 * max_tokens_per_minute. */
#define PW_API       (1ULL << 37)
#define PW_API_LIMIT (1ULL << 38)
/* With [scenario] carbon_in_total = yes (MODEL.md, A plan's carbon cost in its
 * total): the carbon block above the cash flow, whose cost rows add it; and
 * without it (the block after the others, beside the total). */
#define PW_CTOTAL    (1ULL << 39)
#define PW_NO_CTOTAL (1ULL << 40)
/* With [tax], an owned purchase depreciated by tax year (in cash or on a
 * loan, a MACRS tax method; MODEL.md, Tax depreciation by tax year). */
#define PW_TAX_YEAR (1ULL << 41)
/* g, the tokens of a reference GPU-hour, on the sheet: with an API as the
 * overflow, or with carbon figures and an inference reference's throughput
 * (a plan's emissions per 1M tokens). */
#define PW_G (1ULL << 42)
/* With carbon figures, a training run's GPU-hours on the Workload sheet (a
 * plan's emissions per training run). */
#define PW_RUN (1ULL << 43)

/* How many rows an entry of plan_rows takes. */
enum { PN_ONE, PN_OWNED_LINES, PN_LOAN_ROWS, PN_PURCHASES, PN_PURCHASE_FLAGS };

/* A row's unit, in column B: the currency, the GPU-hours of the reference
 * option or of a part's, GPUs, a percentage, ... */
typedef enum pl_unit {
    PU_NONE,
    PU_CURRENCY,
    PU_REF,
    PU_OWN,
    PU_RES,
    PU_OVER,
    PU_GPUS,
    PU_PERCENT,
    PU_MONEY_PER_KWH,
    PU_MONEY_PER_GPU_HOUR,
    PU_FACTOR,
    PU_KW,
    PU_SERVERS,
    PU_PCT_MONTH,
    PU_PCT_HARDWARE,
    PU_FLAG
} pl_unit;

/* One row of a plan's sheet, or a block of rows (PN_*), in the order of the
 * sheet: where pl_rows keeps its index (a block's first), when it exists
 * (PW_* bits, all of them), whether a blank row comes before it (a section's
 * heading); its label (template key, English text), unit and style, or none
 * when its writer writes its own (it depends on the plan); then either a
 * serving row's formula, cached value, number format and whether column C
 * sums it, or the writer of its cells (of a block's rows, from the first).
 * A row with neither is written by a block above it. */
typedef struct pl_row {
    size_t at;
    unsigned long long when; /* PW_* bits */
    unsigned char gap, n;
    const char *key, *english;
    pl_unit unit;
    xw_style style;
    pl_cell_fn make;
    pl_value_fn value;
    xw_numfmt nf;
    unsigned char total;
    void (*cells)(const pl_sheet *S, int row);
} pl_row;

/* A row's place only; with its label; a total with its label, in the
 * currency; a row that writes its own label; a heading; a serving row. */
#define PAT(member) offsetof(pl_rows, member)
#define PROW(member, when)                                                                         \
    {                                                                                              \
        PAT(member), (when), 0, PN_ONE, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0, NULL       \
    }
#define PLABEL(member, when, key, english, unit, cells)                                            \
    {                                                                                              \
        PAT(member), (when), 0, PN_ONE, (key), (english), (unit), XS_TEXT, NULL, NULL, 0, 0,       \
            (cells)                                                                                \
    }
#define PTOTAL(member, when, key, english, cells)                                                  \
    {                                                                                              \
        PAT(member), (when), 0, PN_ONE, (key), (english), PU_CURRENCY, XS_TOTAL, NULL, NULL, 0, 0, \
            (cells)                                                                                \
    }
#define POWN(member, when, cells)                                                                  \
    {                                                                                              \
        PAT(member), (when), 0, PN_ONE, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0, (cells)    \
    }
#define PHEADING(member, when, cells)                                                              \
    {                                                                                              \
        PAT(member), (when), 1, PN_ONE, NULL, NULL, PU_NONE, XS_TEXT, NULL, NULL, 0, 0, (cells)    \
    }
#define PSERVE(member, when, key, english, unit, make, value, nf, total)                           \
    {                                                                                              \
        PAT(member), (when), 0, PN_ONE, (key), (english), (unit), XS_TEXT, (make), (value), (nf),  \
            (total), NULL                                                                          \
    }

/* The cash flow's rows (planlines.c), which go on from the serving rows of
 * plansheet.c, and the drivers' (plandrivers.c), which go on from them. */
extern const pl_row xw_pl_cash_rows[];
extern const size_t xw_pl_n_cash_rows;
extern const pl_row xw_pl_driver_rows[];
extern const size_t xw_pl_n_driver_rows;
/* The block of a plan's power at its site (planpower.c), after the serving
 * rows; whether plan pl refreshes to an option at another site than its own
 * option's (PW_POWER_NEW). */
extern const pl_row xw_pl_power_rows[];
extern const size_t xw_pl_n_power_rows;
int xw_pl_power_new_site(const xw_ctx *c, const tco_plan *pl);
/* The rows the statements need (planstmt.c), at the end of the sheet. */
extern const pl_row xw_pl_stmt_rows[];
extern const size_t xw_pl_n_stmt_rows;
/* Plan p's rows the Statements sheet reads, from its sheet's rows R, into
 * ps (its st_* members). */
void xw_pl_stmt_layout(const xw_ctx *c, size_t p, const pl_rows *R, xw_plansheet *ps);
/* The heading of the rows for the statements (planstmt.c). */
void xw_pl_st_heading(const pl_sheet *S, int row);
/* With buy_at or a refresh and a purchase on a lease, the rows its
 * statements need (planstmtl.c), after xw_pl_stmt_rows; their part of ps,
 * over what xw_pl_stmt_layout set. */
extern const pl_row xw_pl_stmt_lease_rows[];
extern const size_t xw_pl_n_stmt_lease_rows;
void xw_pl_stmt_lease_layout(const pl_rows *R, xw_plansheet *ps);
/* The depreciation of capex b (text) in the year y (text) of option w's
 * life, by its method, /12, in f (planstmt.c); purchase j's year of
 * ownership in the month of column col (its month 1 the first), in t. */
const char *xw_pl_dep_of(const pl_sheet *S, const xw_optw *w, const char *b, const char *y, char *f,
                         size_t fs);
const char *xw_pl_buy_year(const pl_sheet *S, int j, int col, char *t, size_t ts);
/* The engine's figure of purchase j in model month m (planstmt.c): its book
 * depreciation (k 0), its asset before a sale (k 1: its book value, or on
 * the books its right-of-use asset), its lease's interest (k 2). */
double xw_pl_buy_value(const pl_sheet *S, int j, int m, int k);
/* Purchase j's lease as the engine measured it at its commencement (zeros
 * when not leased; bought at once, j = 0), planstmt.c. */
tco_stmt_lease xw_pl_lease_of(const pl_sheet *S, int j);
/* The present values of what the owned part's leases and the reserved part's
 * term owe past the horizon (plandrivers.c), rows of the cash flow's table
 * below what they discount. */
void xw_pl_own_commit_pv_drv(const pl_sheet *S, int row);
/* The block of a plan's emissions (plancarbon.c), after the tax block; with
 * carbon_in_total, xw_pl_carbon_rows_in above the cash flow instead, the IT
 * load's row before it and each part's carbon cost after it
 * (plancarbontotal.c: xw_pl_ctotal_head_rows, xw_pl_ctotal_rows). */
extern const pl_row xw_pl_carbon_rows[];
extern const size_t xw_pl_n_carbon_rows;
/* The block of an API overflow's tokens and rate limit (planapi.c), after the
 * power block. */
extern const pl_row xw_pl_api_rows[];
extern const size_t xw_pl_n_api_rows;
extern const pl_row xw_pl_carbon_rows_in[];
extern const size_t xw_pl_n_carbon_rows_in;
extern const pl_row xw_pl_ctotal_head_rows[];
extern const size_t xw_pl_n_ctotal_head_rows;
extern const pl_row xw_pl_ctotal_rows[];
extern const size_t xw_pl_n_ctotal_rows;
/* The owned part's IT load at the month's utilization (planlines.c): in the
 * cash flow, or with carbon_in_total above the carbon block that reads it. */
void xw_pl_it_kw_row(const pl_sheet *S, int row);
/* The tax block's rows (plantax.c), after the plan's. */
extern const pl_row xw_pl_tax_rows[];
extern const size_t xw_pl_n_tax_rows;
void xw_pl_commit_pv_drv(const pl_sheet *S, int row);

/* With buy_at (planbuys.c; MODEL.md, Staged purchases): each purchase's
 * figures into P; 0 after NOMEM recorded in c. */
int xw_pl_buy_figures(const pl_sheet *S, pl_own *P);
/* The purchases' table: per purchase its month and GPUs (from Inputs), the
 * GPUs bought (the spares with the first), servers, capex, provisioned power,
 * resale fraction at its age at the end and residual. */
void xw_pl_buy_table(const pl_sheet *S, const pl_own *P);
/* The GPUs serving in month m (1..H): those of the purchases in service. */
int xw_pl_serving(const pl_sheet *S, int m);
/* 1 when purchase j of the table is the refresh (the last, in a plan that
 * refreshes). */
int xw_pl_is_refresh(const pl_sheet *S, int j);
/* The option purchase j of the table buys: the refresh's, else the owned
 * part's. */
const xw_optw *xw_pl_buy_option(const pl_sheet *S, int j);
/* Purchase j's name in the sheet's language ("Refresh: {option}", "Purchase
 * {n}") into t (size bytes); returns t. */
const char *xw_pl_buy_name(const pl_sheet *S, int j, char *t, size_t size);
/* 1 when purchase j of the table is on a loan; its option in *w. */
int xw_pl_buy_loan(const pl_sheet *S, int j, const xw_optw **w);
/* 1 when purchase j of the table is on a lease. */
int xw_pl_buy_lease(const pl_sheet *S, int j);
/* The row of purchase j's loan interest (its principal the next), or XW_NONE. */
int xw_pl_loan_row(const pl_sheet *S, int j);

/* A plan's purchases by tax year (plantaxyr.c): 1 when purchase j (bought at
 * once: 0) is depreciated for tax by tax year; the writers of the groups of
 * its drivers (PN_PURCHASES rows from `row`); the formula of its tax
 * depreciation in month col into f, `life` the row of its tax life. */
int xw_pl_buy_by_year(const pl_sheet *S, int j);
void xw_pl_ty_year_rows(const pl_sheet *S, int row);
void xw_pl_ty_quarter_rows(const pl_sheet *S, int row);
void xw_pl_ty_basis_rows(const pl_sheet *S, int row);
void xw_pl_ty_ybasis_rows(const pl_sheet *S, int row);
void xw_pl_ty_179_rows(const pl_sheet *S, int row);
void xw_pl_ty_bonus_rows(const pl_sheet *S, int row);
void xw_pl_ty_table_rows(const pl_sheet *S, int row);
const char *xw_pl_ty_dep_formula(const pl_sheet *S, int j, int life, char *f, size_t fs, int col);

#endif /* TCO_WRITE_XLSX_PLANW_H */
