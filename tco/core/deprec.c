/* deprec.c - depreciation with spreadsheet semantics (SLN, SYD, DDB, VDB)
 * and the IRS MACRS tables. The workbook uses the spreadsheet
 * functions themselves, so these follow them exactly, fractional periods
 * included. */
#include "core/core.h"

#include <math.h>

/* See documentation in header file. */
double tco_sln(double cost, double salvage, double life)
{
    return (cost - salvage) / life;
}

double tco_syd(double cost, double salvage, double life, double per)
{
    return (cost - salvage) * (life - per + 1) * 2 / (life * (life + 1));
}

/* See documentation in header file. Declining balance computed from the
 * cost, never below salvage, never negative. */
double tco_ddb(double cost, double salvage, double life, double per, double factor)
{
    double rate = factor / life, old_value;
    if (rate >= 1) {
        rate = 1;
        old_value = per == 1 ? cost : 0;
    } else {
        old_value = cost * pow(1 - rate, per - 1);
    }
    double new_value = cost * pow(1 - rate, per);
    double d = new_value < salvage ? old_value - salvage : old_value - new_value;
    return d < 0 ? 0 : d;
}

/* Depreciation over `period` periods from the start of an asset worth `cost`
 * with `life1` periods left, switching to straight line over the remaining
 * life once that charges more. The last period may be partial. */
static double vdb_from_start(double cost, double salvage, double life, double life1, double period,
                             double factor)
{
    double end = ceil(period), total = 0, sln = 0, remaining = cost - salvage;
    int switched = 0;
    for (double i = 1; i <= end; i++) {
        double term;
        if (!switched) {
            double ddb = tco_ddb(cost, salvage, life, i, factor);
            sln = remaining / (life1 - (i - 1));
            if (sln > ddb) {
                term = sln;
                switched = 1;
            } else {
                term = ddb;
                remaining -= ddb;
            }
        } else {
            term = sln;
        }
        if (i == end)
            term *= period + 1 - end;
        total += term;
    }
    return total;
}

/* See documentation in header file. */
double tco_vdb(double cost, double salvage, double life, double start, double end, double factor,
               int no_switch)
{
    double int_start = floor(start), int_end = ceil(end);
    if (no_switch) {
        double total = 0;
        for (double i = int_start + 1; i <= int_end; i++) {
            double term = tco_ddb(cost, salvage, life, i, factor);
            if (i == int_start + 1)
                term *= fmin(end, int_start + 1) - start;
            else if (i == int_end)
                term *= end + 1 - int_end;
            total += term;
        }
        return total;
    }
    double part = 0;
    if (int_start < start) {
        double c = cost - vdb_from_start(cost, salvage, life, life, int_start, factor);
        part += (start - int_start) * vdb_from_start(c, salvage, life, life - int_start, 1, factor);
    }
    if (int_end > end) {
        double c = cost - vdb_from_start(cost, salvage, life, life, int_end - 1, factor);
        part += (int_end - end) * vdb_from_start(c, salvage, life, life - (int_end - 1), 1, factor);
    }
    cost -= vdb_from_start(cost, salvage, life, life, int_start, factor);
    return vdb_from_start(cost, salvage, life, life - int_start, int_end - int_start, factor) -
           part;
}

/* IRS Publication 946 (How to Depreciate Property), Appendix A, the MACRS
 * percentage tables of 5- and 7-year property (200% declining balance), in
 * percent: [0] table A-1, the half-year convention; [1..4] tables A-2..A-5,
 * the mid-quarter convention for property placed in service in the first,
 * second, third or fourth quarter of the tax year. The library's one copy:
 * the engine and the workbook's Inputs read it through tco_macrs_rate_at. */
static const double macrs5[5][6] = {
    {20.00, 32.00, 19.20, 11.52, 11.52, 5.76}, /* */
    {35.00, 26.00, 15.60, 11.01, 11.01, 1.38}, /* */
    {25.00, 30.00, 18.00, 11.37, 11.37, 4.26}, /* */
    {15.00, 34.00, 20.40, 12.24, 11.30, 7.06}, /* */
    {5.00, 38.00, 22.80, 13.68, 10.94, 9.58},  /* */
};
static const double macrs7[5][8] = {
    {14.29, 24.49, 17.49, 12.49, 8.93, 8.92, 8.93, 4.46}, /* */
    {25.00, 21.43, 15.31, 10.93, 8.75, 8.74, 8.75, 1.09}, /* */
    {17.85, 23.47, 16.76, 11.97, 8.87, 8.87, 8.87, 3.33}, /* */
    {10.71, 25.51, 18.22, 13.02, 9.30, 8.85, 8.86, 5.53}, /* */
    {3.57, 27.55, 19.68, 14.06, 10.04, 8.73, 8.73, 7.64}, /* */
};

/* See documentation in header file. */
double tco_macrs_rate_at(int property_years, int convention, int year)
{
    if (convention < 0 || convention > 4)
        return 0;
    if (property_years == 5 && year >= 1 && year <= 6)
        return macrs5[convention][year - 1] / 100;
    if (property_years == 7 && year >= 1 && year <= 8)
        return macrs7[convention][year - 1] / 100;
    return 0;
}

/* See documentation in header file. */
double tco_macrs_rate(int property_years, int year)
{
    return tco_macrs_rate_at(property_years, 0, year);
}

/* The life of method `method` with option o's depreciation_years. */
static int life_of(const tco_option *o, int method)
{
    switch (method) {
    case TCO_DEP_MACRS5:
        return 6;
    case TCO_DEP_MACRS7:
        return 8;
    default:
        return o->depreciation_years;
    }
}

int tco_depreciation_life(const tco_option *o)
{
    return life_of(o, (int)o->depreciation);
}

/* See core.h. */
double tci_depreciation_by(const tco_option *o, int method, double capex, int year)
{
    int life = life_of(o, method);
    if (o->acquire != TCO_BUY || year < 1 || year > life)
        return 0;
    double salvage = capex * o->salvage_fraction;
    switch (method) {
    case TCO_DEP_STRAIGHT_LINE:
        return tco_sln(capex, salvage, life);
    case TCO_DEP_DOUBLE_DECLINING:
        return tco_vdb(capex, salvage, life, year - 1, year, 2, 0);
    case TCO_DEP_SUM_OF_YEARS:
        return tco_syd(capex, salvage, life, year);
    case TCO_DEP_MACRS5:
        return capex * tco_macrs_rate(5, year);
    case TCO_DEP_MACRS7:
        return capex * tco_macrs_rate(7, year);
    }
    return 0;
}

/* See documentation in header file. */
double tco_depreciation_annual(const tco_option *o, double capex, int year)
{
    return tci_depreciation_by(o, (int)o->depreciation, capex, year);
}
