/* statements.c - the statements by fiscal year (docs/MODEL.md, "Statements
 * by fiscal year"): each option's months rearranged into an income
 * statement, a cash-flow statement and year-end balances, in the budget's
 * fiscal years; a lease measured under its stated standard. Each plan's
 * ("A plan's statements"): its purchases, each walked as its option over its
 * own months, its reserved part as its option, its overflow and its tax. */
#include "tco.h"
#include "core/core.h"
#include "core/factors.h"
#include "core/finance.h"

#include <math.h>
#include <stdlib.h>

static const char *const col_names[TCO_STMT_COLS] = {
#define LINE_NAME(ID, name, ...) [TCO_STMT_##ID] = #name,
    TCO_COST_LINES(LINE_NAME) /* the cost lines: "power", ..., "rental" */
#undef LINE_NAME
        [TCO_STMT_LEASE_COST] = "lease_cost",
    [TCO_STMT_EBITDA] = "ebitda_effect",
    [TCO_STMT_DEPRECIATION] = "depreciation",
    [TCO_STMT_INTEREST] = "interest",
    [TCO_STMT_LOSS_ON_SALE] = "loss_on_sale",
    [TCO_STMT_PRE_TAX] = "pre_tax_effect",
    [TCO_STMT_TAX] = "tax",
    [TCO_STMT_AFTER_TAX] = "after_tax_effect",
    [TCO_STMT_OPERATING_CASH] = "operating_cash",
    [TCO_STMT_INVESTING_CASH] = "investing_cash",
    [TCO_STMT_FINANCING_CASH] = "financing_cash",
    [TCO_STMT_NET_CASH] = "net_cash",
    [TCO_STMT_BOOK_VALUE] = "book_value",
    [TCO_STMT_ROU_ASSET] = "rou_asset",
    [TCO_STMT_LOAN_BALANCE] = "loan_balance",
    [TCO_STMT_LEASE_LIABILITY] = "lease_liability",
};

/* See tco.h. */
const char *tco_stmt_col_name(tco_stmt_col col)
{
    return (unsigned)col < TCO_STMT_COLS ? col_names[col] : NULL;
}

/* See tco.h. */
const char *tco_lease_rate_source_name(tco_lease_rate_source source)
{
    static const char *const names[] = {
        [TCO_LEASE_RATE_IMPLICIT] = "implicit",
        [TCO_LEASE_RATE_GIVEN] = "lease_discount_rate",
        [TCO_LEASE_RATE_SCENARIO] = "discount_rate",
    };
    return source > TCO_LEASE_RATE_NONE && (unsigned)source <= TCO_LEASE_RATE_SCENARIO
               ? names[source]
               : NULL;
}

/* ===== The lease at commencement ===== */

/* The lessor's residual at the lease's end, n months in, when it is known
 * (MODEL.md: with resale_decline, or resale_fraction and n = H): the
 * hardware's resale value then, which the lessee gives back (its own
 * residual is 0); else -1. */
static double lessor_residual(const tco_scenario *s, const tco_option *o,
                              const tco_option_result *r, int n)
{
    if (o->src[TCO_O_RESALE_DECLINE] || (o->src[TCO_O_RESALE_FRACTION] && n == s->horizon_months))
        return (r->capex_gpu + r->capex_infra) * tci_residual_fraction(o, n);
    return -1;
}

/* The rate implicit in the lease: the IRR of P - capex, P, ..., P, end
 * (n + 1 flows), or -1 when it cannot be determined or is below 0. */
static double implicit_rate(double capex, double P, int n, double end)
{
    double *c = malloc(((size_t)n + 1) * sizeof *c);
    if (!c)
        return -1;
    c[0] = P - capex;
    for (int t = 1; t < n; t++)
        c[t] = P;
    c[n] = end;
    double rate;
    int ok = tci_irr(c, (size_t)n + 1, &rate, NULL) == 0 && rate >= 0;
    free(c);
    return ok ? rate : -1;
}

/* Option i's lease measured at commencement (MODEL.md: the lease's rate, the
 * lease liability and the right-of-use asset). */
static tco_stmt_lease measure_lease(const tco_scenario *s, const tco_option *o,
                                    const tco_option_result *r)
{
    tco_stmt_lease l = {0};
    const int n = o->lease_months;
    const double P = r->lease_payment;
    const double Bo = o->lease_end == TCO_LEASE_BUYOUT ? o->buyout_fraction * r->capex : 0;
    double end = o->lease_end == TCO_LEASE_BUYOUT ? Bo : lessor_residual(s, o, r, n);
    double i = end >= 0 ? implicit_rate(r->capex, P, n, end) : -1;
    if (i >= 0) {
        l.source = TCO_LEASE_RATE_IMPLICIT;
    } else if (o->src[TCO_O_LEASE_DISCOUNT_RATE]) {
        l.source = TCO_LEASE_RATE_GIVEN;
        i = o->lease_discount_rate / 12;
    } else {
        l.source = TCO_LEASE_RATE_SCENARIO;
        i = tci_monthly_rate(s);
    }
    l.rate_monthly = i;
    l.rate = 12 * i;
    double v = 1 / (1 + i), d = 1;
    for (int t = 1; t < n; t++) {
        d *= v;
        l.liability0 += P * d;
    }
    l.liability0 += Bo * d * v;
    l.rou0 = l.liability0 + P;
    return l;
}

/* ===== One option's months ===== */

/* What one option's statements read, month by month. */
typedef struct walk {
    const tco_scenario *s;
    const tco_option *o;
    const tco_option_result *r;
    tco_stmt_lease lease;
    int leased;   /* financing = lease */
    int on_books; /* ifrs16 or asc842-finance: interest and the asset's depreciation */
    int owns;     /* owns hardware at month H (sold then) */
    double ll;    /* the lease liability at the month's end */
    double rou;   /* ifrs16, asc842-finance: the right-of-use asset's book value */
    double ahead; /* asc842-operating: lease payments made less lease cost */
    double loan;  /* the loan's balance at the month's end */
    double owed;  /* a plan's lease returned at a refresh before its term ends: the
                     payments still to come, paid at its sale (month H of the walk);
                     0 for an option (a lease past H is a commitment, not paid) */
} walk;

/* The right-of-use asset's depreciation in month m (on the books only):
 * over the term when returned, over the hardware's life when bought out. */
static double rou_depreciation(const walk *w, int m)
{
    const tco_option *o = w->o;
    if (o->lease_end == TCO_LEASE_BUYOUT)
        return tco_depreciation_annual(o, w->lease.rou0, (m - 1) / 12 + 1) / 12;
    return m <= o->lease_months ? w->lease.rou0 / o->lease_months : 0;
}

/* 1 when w's scenario has carbon_in_total: its carbon cost an operating
 * expense inside EBITDA, paid in operating cash (MODEL.md, The carbon cost in
 * the total). */
static int s_carbon(const walk *w)
{
    return w->s->carbon_in_total;
}

/* Adds x to column col of the year's row v and of the month's row mv. */
static void add(double *v, double *mv, int col, double x)
{
    v[col] += x;
    mv[col] += x;
}

/* Adds month 0's flows to the year's row v and the month's mv, and sets the
 * balances at commencement. */
static void month0(walk *w, double *v, double *mv)
{
    const tco_option *o = w->o;
    const tco_option_result *r = w->r;
    double tax0 = isnan(r->tax0) ? 0 : r->tax0;
    add(v, mv, TCO_STMT_TAX, tax0);
    add(v, mv, TCO_STMT_OPERATING_CASH, tax0);
    /* With carbon_in_total, paid0 holds month 0's carbon cost: an operating
     * expense, inside EBITDA (MODEL.md, The carbon cost in the total). */
    const double paid0 = r->paid0 - r->carbon_cost0;
    if (s_carbon(w)) {
        add(v, mv, TCO_STMT_EBITDA, r->carbon_cost0);
        add(v, mv, TCO_STMT_OPERATING_CASH, r->carbon_cost0);
    }
    if (o->acquire == TCO_RENT) {
        add(v, mv, TCO_STMT_RENTAL, paid0); /* the upfront, expensed when paid */
        add(v, mv, TCO_STMT_OPERATING_CASH, paid0);
    } else if (w->leased) {
        add(v, mv, w->on_books ? TCO_STMT_FINANCING_CASH : TCO_STMT_OPERATING_CASH, paid0);
        w->ll = w->lease.liability0;
        w->rou = w->on_books ? w->lease.rou0 : 0;
        w->ahead = w->on_books ? 0 : paid0;
    } else {
        add(v, mv, TCO_STMT_INVESTING_CASH, r->capex);
        add(v, mv, TCO_STMT_FINANCING_CASH, -(r->loan_amount));
        w->loan = r->loan_amount;
    }
}

/* Adds month m's (1..H) flows to the year's row v and the month's mv, moves
 * the balances on, and returns the lease liability's interest of the month. */
static double month(walk *w, int m, double *v, double *mv)
{
    const tco_option *o = w->o;
    const tco_option_result *r = w->r;
    const tco_month *mo = &r->monthly[m - 1];
    const int H = w->s->horizon_months;
    for (int line = 0; line < TCO_LINES; line++) {
        add(v, mv, TCO_STMT_POWER + line, tco_month_line(mo, line));
        add(v, mv, TCO_STMT_OPERATING_CASH, tco_month_line(mo, line));
    }
    add(v, mv, TCO_STMT_TAX, mo->tax);
    add(v, mv, TCO_STMT_OPERATING_CASH, mo->tax);
    if (s_carbon(w)) { /* MODEL.md, The carbon cost in the total */
        add(v, mv, TCO_STMT_EBITDA, mo->carbon_cost);
        add(v, mv, TCO_STMT_OPERATING_CASH, mo->carbon_cost);
    }
    /* A loan: interest in operating, principal and the balance repaid at H
     * in financing. */
    add(v, mv, TCO_STMT_INTEREST, mo->loan_interest);
    add(v, mv, TCO_STMT_OPERATING_CASH, mo->loan_interest);
    add(v, mv, TCO_STMT_FINANCING_CASH, mo->loan_principal + mo->loan_balance);
    w->loan -= mo->loan_principal + mo->loan_balance;
    double interest = 0;
    if (w->leased) {
        interest = w->ll * w->lease.rate_monthly;
        double paid = mo->lease_payment + mo->lease_buyout;
        w->ll += interest - paid;
        if (m == o->lease_months)
            w->ll = 0; /* paid off: no rounding left over */
        if (w->on_books) {
            double dep = rou_depreciation(w, m);
            w->rou -= dep;
            add(v, mv, TCO_STMT_DEPRECIATION, dep);
            add(v, mv, TCO_STMT_INTEREST, interest);
            if (paid > 0) { /* else the interest is accrued, not paid */
                add(v, mv, TCO_STMT_OPERATING_CASH, interest);
                add(v, mv, TCO_STMT_FINANCING_CASH, paid - interest);
            }
        } else {
            double cost = m <= o->lease_months ? r->lease_payment : 0;
            add(v, mv, TCO_STMT_LEASE_COST, cost);
            add(v, mv, TCO_STMT_OPERATING_CASH, mo->lease_payment);
            add(v, mv, TCO_STMT_INVESTING_CASH, mo->lease_buyout);
            add(v, mv, TCO_STMT_DEPRECIATION, mo->depreciation);
            w->ahead += mo->lease_payment - cost;
        }
    } else {
        add(v, mv, TCO_STMT_DEPRECIATION, mo->depreciation);
    }
    if (m == H && w->owns) { /* the sale */
        double before = w->leased && w->on_books ? w->rou : mo->book_value;
        add(v, mv, TCO_STMT_LOSS_ON_SALE, before - r->residual);
        add(v, mv, TCO_STMT_INVESTING_CASH, -(r->residual));
        w->rou = 0;
    }
    if (m == H && w->owed > 0) { /* a lease returned early: its end settled */
        double asset = w->on_books ? w->rou : w->ll + w->ahead;
        add(v, mv, TCO_STMT_LOSS_ON_SALE, asset + w->owed - w->ll);
        add(v, mv, w->on_books ? TCO_STMT_FINANCING_CASH : TCO_STMT_OPERATING_CASH, w->owed);
        w->ll = w->rou = w->ahead = 0;
    }
    return interest;
}

/* The balances at the end of month m into row v. */
static void balances(const walk *w, int m, double *v)
{
    const tco_option_result *r = w->r;
    int sold = m == w->s->horizon_months && w->owns;
    double bv = m == 0 ? r->book_value0 : r->monthly[m - 1].book_value;
    v[TCO_STMT_BOOK_VALUE] += sold || (w->leased && w->on_books) ? 0 : bv;
    v[TCO_STMT_ROU_ASSET] += !w->leased ? 0 : w->on_books ? w->rou : w->ll + w->ahead;
    v[TCO_STMT_LOAN_BALANCE] += w->loan;
    v[TCO_STMT_LEASE_LIABILITY] += w->leased ? w->ll : 0;
}

/* The columns of row v that follow from the others: EBITDA, the pre-tax and
 * after-tax effects, the net cash. */
static void row_totals(double *v)
{
    for (int line = 0; line < TCO_LINES; line++)
        v[TCO_STMT_EBITDA] += v[TCO_STMT_POWER + line];
    v[TCO_STMT_EBITDA] += v[TCO_STMT_LEASE_COST];
    v[TCO_STMT_PRE_TAX] = v[TCO_STMT_EBITDA] + v[TCO_STMT_DEPRECIATION] + v[TCO_STMT_INTEREST] +
                          v[TCO_STMT_LOSS_ON_SALE];
    v[TCO_STMT_AFTER_TAX] = v[TCO_STMT_PRE_TAX] + v[TCO_STMT_TAX];
    v[TCO_STMT_NET_CASH] =
        v[TCO_STMT_OPERATING_CASH] + v[TCO_STMT_INVESTING_CASH] + v[TCO_STMT_FINANCING_CASH];
}

/* A walk of option o (its figures and months in r) over scenario s, o's
 * lease measured when it has one. */
static walk walk_of(const tco_scenario *s, const tco_option *o, const tco_option_result *r)
{
    walk w = {.s = s, .o = o, .r = r};
    w.leased = o->acquire == TCO_BUY && o->financing == TCO_FIN_LEASE;
    w.on_books = w.leased && o->lease_accounting != TCO_LEASE_ASC842_OPERATING;
    w.owns =
        o->acquire == TCO_BUY &&
        (!w.leased || (o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= s->horizon_months));
    if (w.leased)
        w.lease = measure_lease(s, o, r);
    return w;
}

/* Option i's statements into its rows of st. */
static void option_statements(const tco_result *res, size_t i, tco_statements *st)
{
    const tco_scenario *s = res->scenario;
    const tco_option *o = &s->options[i];
    walk w = walk_of(s, o, &res->options[i]);
    st->lease[i] = w.lease;
    const tco_budget *b = st->budget;
    const size_t months = (size_t)s->horizon_months + 1;
    for (size_t y = 0; y < st->n_years; y++) {
        const tco_fiscal_year *fy = &b->years[y];
        double *v = &st->value[(i * st->n_years + y) * TCO_STMT_COLS];
        for (int m = fy->first_month; m <= fy->last_month; m++) {
            double *mv = &st->monthly[(i * months + (size_t)m) * TCO_STMT_COLS];
            if (m == 0)
                month0(&w, v, mv);
            else
                st->lease_interest[i * months + (size_t)m] = month(&w, m, v, mv);
            row_totals(mv);
            balances(&w, m, mv);
        }
        row_totals(v);
        balances(&w, fy->last_month, v);
    }
}

/* ===== A plan's statements ===== */

/* The place of cost line k in month mo. */
static double *line_at(tco_month *mo, tco_cost_line k)
{
    switch (k) {
#define LINE_AT(ID, name, ...)                                                                     \
    case TCO_LINE_##ID:                                                                            \
        return &mo->name;
        TCO_COST_LINES(LINE_AT)
#undef LINE_AT
    default:
        return NULL;
    }
}

/* What a plan's walk over one part needs: the rows of the plan (n_years of
 * them) and each model month's fiscal year. */
typedef struct plan_rows {
    double *rows;
    double *months;         /* the plan's months 0..H, as rows */
    double *lease_interest; /* the plan's months 0..H: its leases' interest */
    size_t n_years;
    const size_t *year_of; /* months 0..H */
    const tco_budget *b;
} plan_rows;

/* Walks w (a part over its own months 0..w->s->horizon_months, its month j
 * the model's month t + j) into the plan's rows: each month into its fiscal
 * year, the balances at each year end within its months. */
static void part_into(walk *w, int t, const plan_rows *pr)
{
    const int n = w->s->horizon_months;
    for (int j = 0; j <= n; j++) {
        size_t y = pr->year_of[t + j];
        double *v = &pr->rows[y * TCO_STMT_COLS];
        double *mv = &pr->months[(size_t)(t + j) * TCO_STMT_COLS];
        if (j == 0)
            month0(w, v, mv);
        else
            pr->lease_interest[t + j] += month(w, j, v, mv);
        balances(w, j, mv);
        if (t + j == pr->b->years[y].last_month)
            balances(w, j, v);
    }
}

/* Where a purchase's own months go (tco_statements' plan_buy_monthly and
 * plan_buy_interest), zeroed, before they are added to the plan's. */
typedef struct purchase_out {
    double *months;   /* months 0..H, as rows */
    double *interest; /* months 0..H: its lease's interest */
} purchase_out;

/* Purchase q of plan result p (of option o at its count, over scenario sb cut
 * to its months) as the option it is priced as: its months' lines at the
 * plan's utilization of each month (a line that follows it between its values
 * at 0 and 1, the others at 0), its book depreciation from the month it owns
 * the hardware, no tax (the plan's tax is taken whole); `owed`: a lease's
 * payments still to come at a sale before the horizon, paid then. Returns 0
 * when out of memory. */
static int purchase_into(const tco_scenario *sb, const tco_option *o, const tco_plan_result *p,
                         const tco_plan_purchase *q, double owed, const plan_rows *pr,
                         double *dep_at, double *bv_at, tco_stmt_lease *lease,
                         const purchase_out *out)
{
    const int n = sb->horizon_months;
    tco_month *mo = calloc((size_t)n + 1, sizeof *mo);
    if (!mo)
        return 0;
    tco_option_result r = {0};
    r.capex_gpu = q->capex_gpu;
    r.capex_infra = q->capex_infra;
    r.capex = q->capex;
    r.residual = q->residual;
    r.loan_amount = q->loan_amount;
    r.lease_payment = q->lease_payment;
    r.paid0 = q->paid0;
    r.carbon_cost0 = q->carbon_cost0; /* in paid0 with carbon_in_total (taken out), else 0 */
    r.book_value0 = o->financing == TCO_FIN_LEASE ? 0 : q->capex;
    r.monthly = mo;
    /* The book view as the engine keeps an option's: from the month it owns
     * the hardware (0, a buyout's month, or never), on what it paid. */
    const int leased = o->financing == TCO_FIN_LEASE;
    const int owned_from = !leased ? 0
                           : o->lease_end == TCO_LEASE_BUYOUT && o->lease_months <= n
                               ? o->lease_months
                               : -1;
    double base = leased ? q->lease_buyout : q->capex, bv = r.book_value0, dep = 0, annual = 0;
    for (int j = 1; j <= n; j++) {
        tco_month *m = &mo[j - 1];
        *m = q->lines[0][j - 1];
        const double u = p->monthly[q->month + j - 1].own_utilization;
        for (int k = 0; k < TCO_LINES; k++)
            if (tco_cost_line_get((tco_cost_line)k)->kind == TCO_LINE_OWNED_U)
                *line_at(m, (tco_cost_line)k) +=
                    u * (tco_month_line(&q->lines[1][j - 1], (tco_cost_line)k) -
                         tco_month_line(&q->lines[0][j - 1], (tco_cost_line)k));
        m->tax = 0;
        m->depreciation = 0;
        if (owned_from >= 0 && j > owned_from) {
            if ((j - owned_from - 1) % 12 == 0)
                annual = tci_depreciation_by(o, (int)o->depreciation, base,
                                             (j - owned_from - 1) / 12 + 1);
            m->depreciation = annual / 12;
            dep += m->depreciation;
        }
        bv += m->lease_buyout - m->depreciation;
        m->book_value = j == n ? (owned_from >= 0 ? base - dep : 0) : bv;
        dep_at[q->month + j] = m->depreciation;
        bv_at[q->month + j] = m->book_value;
    }
    bv_at[q->month] = r.book_value0;
    walk w = walk_of(sb, o, &r);
    *lease = w.lease;
    w.owed = owed;
    /* The purchase's own months too: the same walk from the same state. */
    walk alone = w;
    double *rows = calloc(pr->n_years * TCO_STMT_COLS, sizeof *rows);
    plan_rows own = {rows, out->months, out->interest, pr->n_years, pr->year_of, pr->b};
    if (!rows) {
        free(mo);
        return 0;
    }
    part_into(&w, q->month, pr);
    part_into(&alone, q->month, &own);
    /* On the books, the asset before a sale is the right-of-use asset. */
    if (w.leased && w.on_books) {
        double rou = 0;
        for (int m = q->month; m <= q->sold; m++) {
            double dep = out->months[(size_t)m * TCO_STMT_COLS + TCO_STMT_DEPRECIATION];
            bv_at[m] = (m == q->month ? w.lease.rou0 : rou) - dep;
            rou = out->months[(size_t)m * TCO_STMT_COLS + TCO_STMT_ROU_ASSET];
        }
    }
    free(rows);
    free(mo);
    return 1;
}

/* Plan i's statements into its rows of st (MODEL.md, A plan's statements):
 * each purchase of the owned part as its option over its months, the reserved
 * part as its option, the overflow's rent, the plan's tax. Returns 0 when out
 * of memory. */
static int plan_statements(const tco_result *res, size_t i, const size_t *year_of,
                           tco_statements *st)
{
    const tco_scenario *s = res->scenario;
    const tco_plan_result *p = &res->plans[i];
    const tco_plan *plan = p->plan;
    const int H = s->horizon_months;
    plan_rows pr = {&st->plan_value[i * st->n_years * TCO_STMT_COLS],
                    &st->plan_monthly[i * st->n_months * TCO_STMT_COLS],
                    &st->plan_lease_interest[i * st->n_months],
                    st->n_years,
                    year_of,
                    st->budget};
    for (size_t j = 0; j < p->n_purchases; j++) {
        const tco_plan_purchase *q = &p->purchases[j];
        if (!q->lines[0])
            continue; /* none bought */
        int oi = plan->refresh_i >= 0 && j == p->n_purchases - 1 ? plan->refresh_i : plan->own_i;
        tco_scenario sb = *s;
        sb.horizon_months = q->sold - q->month;
        sb.carbon_in_total = 0; /* the plan's carbon cost is taken whole, below */
        tco_option o = s->options[oi];
        o.count = q->count;
        double owed = q->sold < H && o.financing == TCO_FIN_LEASE ? q->lease_owed : 0;
        double *dep_at = &st->plan_buy_dep[(i * st->plan_buys + j) * st->n_months],
               *bv_at = &st->plan_buy_bv[(i * st->plan_buys + j) * st->n_months];
        const size_t at = i * st->plan_buys + j;
        purchase_out out = {&st->plan_buy_monthly[at * st->n_months * TCO_STMT_COLS],
                            &st->plan_buy_interest[at * st->n_months]};
        if (!purchase_into(&sb, &o, p, q, owed, &pr, dep_at, bv_at, &st->plan_lease[at], &out))
            return 0;
    }
    if (plan->reserve_i >= 0 && p->reserve_count > 0) {
        tco_option o = s->options[plan->reserve_i];
        o.count = p->reserve_count;
        tco_option_result r = {0};
        double total, npv;
        r.monthly = calloc((size_t)H, sizeof *r.monthly);
        if (!r.monthly)
            return 0;
        tci_option_months(s, &o, 1, r.monthly, &r.paid0, &total, &npv);
        for (int m = 0; m < H; m++)
            r.monthly[m].tax = 0; /* the plan's tax is taken whole, and its carbon cost */
        tco_scenario sr = *s;
        sr.carbon_in_total = 0;
        walk w = walk_of(&sr, &o, &r);
        part_into(&w, 0, &pr);
        free(r.monthly);
    }
    for (int m = 0; m <= H; m++) {
        double *v = &pr.rows[year_of[m] * TCO_STMT_COLS];
        double *mv = &pr.months[(size_t)m * TCO_STMT_COLS];
        double tax = m == 0 ? p->tax0 : p->monthly[m - 1].tax;
        /* The overflow's rent; with carbon_in_total the plan's carbon cost
         * (its parts', which its purchases and its reserved part leave out,
         * and the overflow's, which its rent leaves out) is an operating
         * expense inside EBITDA, paid in operating cash (MODEL.md, A plan's
         * carbon cost in its total). */
        double rent = m == 0 ? 0 : tci_plan_overflow_rent(&p->monthly[m - 1]);
        double co2 = m == 0 ? p->carbon_cost0 : p->monthly[m - 1].carbon_cost;
        add(v, mv, TCO_STMT_RENTAL, rent);
        if (co2 != 0) {
            add(v, mv, TCO_STMT_EBITDA, co2);
            add(v, mv, TCO_STMT_OPERATING_CASH, co2);
        }
        add(v, mv, TCO_STMT_TAX, tax);
        add(v, mv, TCO_STMT_OPERATING_CASH, rent + tax);
        row_totals(mv);
    }
    for (size_t y = 0; y < st->n_years; y++)
        row_totals(&pr.rows[y * TCO_STMT_COLS]);
    return 1;
}

/* Every plan's statements into st. */
static tco_status plans_statements(const tco_result *r, tco_statements *st)
{
    const int H = r->scenario->horizon_months;
    st->n_plans = r->n_plans;
    if (!st->n_plans)
        return TCO_OK;
    st->plan_value = calloc(st->n_plans * st->n_years * TCO_STMT_COLS, sizeof *st->plan_value);
    st->plan_monthly = calloc(st->n_plans * st->n_months * TCO_STMT_COLS, sizeof *st->plan_monthly);
    st->plan_buys = TCO_MAX_BUYS + 1;
    st->plan_buy_dep = calloc(st->n_plans * st->plan_buys * st->n_months, sizeof(double));
    st->plan_buy_bv = calloc(st->n_plans * st->plan_buys * st->n_months, sizeof(double));
    st->plan_lease = calloc(st->n_plans * st->plan_buys, sizeof *st->plan_lease);
    st->plan_lease_interest = calloc(st->n_plans * st->n_months, sizeof(double));
    st->plan_buy_monthly =
        calloc(st->n_plans * st->plan_buys * st->n_months * TCO_STMT_COLS, sizeof(double));
    st->plan_buy_interest = calloc(st->n_plans * st->plan_buys * st->n_months, sizeof(double));
    size_t *year_of = calloc((size_t)H + 1, sizeof *year_of);
    int ok = st->plan_value && st->plan_monthly && st->plan_buy_dep && st->plan_buy_bv &&
             st->plan_lease && st->plan_lease_interest && st->plan_buy_monthly &&
             st->plan_buy_interest && year_of;
    for (size_t y = 0; ok && y < st->n_years; y++)
        for (int m = st->budget->years[y].first_month; m <= st->budget->years[y].last_month; m++)
            year_of[m] = y;
    for (size_t i = 0; ok && i < st->n_plans; i++)
        ok = plan_statements(r, i, year_of, st);
    free(year_of);
    return ok ? TCO_OK : TCO_ERR_NOMEM;
}

/* See tco.h. */
tco_status tco_statements_compute(const tco_result *r, tco_statements **out)
{
    if (!out)
        return TCO_ERR_ARG;
    *out = NULL;
    if (!r || !r->scenario)
        return TCO_ERR_ARG;
    tco_statements *st = calloc(1, sizeof *st);
    if (!st)
        return TCO_ERR_NOMEM;
    tco_status status = tco_budget_compute(r, &st->budget);
    if (status != TCO_OK) {
        tco_statements_free(st);
        return status;
    }
    st->n_years = st->budget->n_years;
    st->n_options = r->n_options;
    st->lease = calloc(st->n_options + 1, sizeof *st->lease);
    st->value = calloc(st->n_options * st->n_years * TCO_STMT_COLS + 1, sizeof *st->value);
    st->n_months = (size_t)r->scenario->horizon_months + 1;
    st->monthly = calloc(st->n_options * st->n_months * TCO_STMT_COLS + 1, sizeof *st->monthly);
    st->lease_interest = calloc(st->n_options * st->n_months + 1, sizeof *st->lease_interest);
    if (!st->lease || !st->value || !st->monthly || !st->lease_interest) {
        tco_statements_free(st);
        return TCO_ERR_NOMEM;
    }
    for (size_t i = 0; i < st->n_options; i++)
        option_statements(r, i, st);
    status = plans_statements(r, st);
    if (status != TCO_OK) {
        tco_statements_free(st);
        return status;
    }
    *out = st;
    return TCO_OK;
}

/* See tco.h. */
void tco_statements_free(tco_statements *st)
{
    if (!st)
        return;
    tco_budget_free(st->budget);
    free(st->lease);
    free(st->value);
    free(st->plan_value);
    free(st->plan_monthly);
    free(st->plan_buy_dep);
    free(st->plan_buy_bv);
    free(st->plan_lease);
    free(st->plan_lease_interest);
    free(st->plan_buy_monthly);
    free(st->plan_buy_interest);
    free(st->monthly);
    free(st->lease_interest);
    free(st);
}
