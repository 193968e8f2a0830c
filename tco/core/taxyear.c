/* taxyear.c - tax depreciation by tax year (docs/MODEL.md, "Tax depreciation
 * by tax year"): the fiscal year a model month falls in, the quarter of its
 * tax year, section 179 expensing with its phase-out, then bonus depreciation
 * on the rest, then MACRS on what remains by the table of the convention the
 * month placed in service calls for (IRS Pub. 946, tables A-1..A-5, in
 * deprec.c); each tax year's deduction in equal parts over its months in
 * service. */
#include "core/core.h"
#include "util/date.h"

#include <math.h>

/* See core.h. */
long tci_fiscal_year_of(const tco_scenario *s, int m)
{
    if (!s->start)
        return m == 0 ? 1 : (m - 1) / 12 + 1;
    long c = tci_month_index(s->start, m);
    long y = c / 12, month = c % 12 + 1;
    return y + (s->fiscal_year_start > 1 && month >= s->fiscal_year_start);
}

/* See core.h. */
int tci_tax_quarter(const tco_scenario *s, int m)
{
    int pos; /* months since the tax year's first, 0..11 */
    if (!s->start) {
        pos = m == 0 ? 0 : (m - 1) % 12;
    } else {
        int month = tci_month_index(s->start, m) % 12 + 1;
        pos = (month - s->fiscal_year_start + 12) % 12;
    }
    return pos / 3 + 1;
}

/* See core.h. */
double tci_tax_expensing(const tco_scenario *s, double basis)
{
    double limit = s->tax_expense_limit - fmax(0, basis - s->tax_expense_phaseout);
    return fmin(basis, fmax(0, limit));
}

/* See core.h. */
double tci_tax_by_year(const tco_scenario *s, int property_years, double base, int placed, int H,
                       tco_month *monthly, tco_option_result *r, const tci_tax_share *share)
{
    const int t0 = share ? share->t0 : 0; /* the model month of month 0 */
    if (share) {
        r->tax_expensing = share->expensing;
        r->tax_bonus = share->bonus;
        r->tax_convention = share->convention;
    } else {
        r->tax_expensing = tci_tax_expensing(s, base);
        r->tax_bonus = s->tax_bonus_fraction * (base - r->tax_expensing);
        /* One purchase is the whole basis placed in service in its tax year:
         * more than 40% of it in the last quarter when it is placed there. */
        r->tax_convention = tci_tax_quarter(s, placed) == 4 ? 4 : 0;
    }
    double rest = base - r->tax_expensing - r->tax_bonus, sum = 0;
    long fy0 = tci_fiscal_year_of(s, t0 + placed);
    r->tax_depreciation0 = 0;
    for (int m = 1; m <= H; m++)
        monthly[m - 1].tax_depreciation = 0;
    for (int m = placed; m <= H;) {
        long fy = tci_fiscal_year_of(s, t0 + m);
        int end = m;
        while (end < H && tci_fiscal_year_of(s, t0 + end + 1) == fy)
            end++;
        int year = (int)(fy - fy0) + 1;
        double d = rest * tco_macrs_rate_at(property_years, r->tax_convention, year) +
                   (year == 1 ? r->tax_expensing + r->tax_bonus : 0);
        double each = d / (end - m + 1);
        for (int j = m; j <= end; j++) {
            if (j == 0)
                r->tax_depreciation0 = each;
            else
                monthly[j - 1].tax_depreciation = each;
            sum += each;
        }
        m = end + 1;
    }
    return sum;
}

/* See core.h. */
void tci_tax_shares(const tco_scenario *s, tci_tax_share *sh, int n)
{
    for (int i = 0; i < n; i++) {
        if (!sh[i].by_year)
            continue;
        /* The purchases placed in service in its tax year: their basis, and
         * after section 179 theirs in all and in the year's last quarter. */
        long fy = tci_fiscal_year_of(s, sh[i].t0);
        double year = 0, after = 0, q4 = 0;
        for (int j = 0; j < n; j++)
            if (sh[j].by_year && tci_fiscal_year_of(s, sh[j].t0) == fy)
                year += sh[j].basis;
        double expensing = tci_tax_expensing(s, year);
        for (int j = 0; j < n; j++) {
            if (!sh[j].by_year || tci_fiscal_year_of(s, sh[j].t0) != fy)
                continue;
            double left = sh[j].basis - (year > 0 ? expensing * sh[j].basis / year : 0);
            after += left;
            q4 += tci_tax_quarter(s, sh[j].t0) == 4 ? left : 0;
        }
        sh[i].expensing = year > 0 ? expensing * sh[i].basis / year : 0;
        sh[i].bonus = s->tax_bonus_fraction * (sh[i].basis - sh[i].expensing);
        sh[i].convention = q4 > 0.4 * after ? tci_tax_quarter(s, sh[i].t0) : 0;
    }
}
