/* date.c - calendar dates written YYYY-MM-DD, calendar months YYYY-MM. */
#include "util/date.h"

#include "tco.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

static int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* The number of two or four digits at s (checked by the caller). */
static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* See documentation in header file. */
const char *tci_date_problem(const char *s, char *buf, size_t size)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int i = 0; i < 10; i++)
        if ((i == 4 || i == 7) ? s[i] != '-' : !isdigit((unsigned char)s[i]))
            return "write YYYY-MM-DD";
    if (s[10])
        return "write YYYY-MM-DD";
    int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
    if (y < TCI_DATE_MIN_YEAR) {
        snprintf(buf, size, "the year must be from %d to 9999", TCI_DATE_MIN_YEAR);
        return buf;
    }
    if (m < 1 || m > 12)
        return "the month must be from 01 to 12";
    int last = mdays[m - 1] + (m == 2 && is_leap(y));
    if (d < 1 || d > last) {
        snprintf(buf, size, "the day must be from 01 to %02d in %.7s", last, s);
        return buf;
    }
    return NULL;
}

/* See documentation in header file. */
int tci_date_valid(const char *s)
{
    char buf[64];
    return !tci_date_problem(s, buf, sizeof buf);
}

/* See documentation in header file. */
int tci_month_read(const char *s, int *y, int *m)
{
    for (int i = 0; i < 7; i++)
        if (i == 4 ? s[i] != '-' : !isdigit((unsigned char)s[i]))
            return 0;
    if (s[7])
        return 0;
    *y = digits(s, 4);
    *m = digits(s + 5, 2);
    return 1;
}

/* See documentation in header file. */
int tci_month_index(const char *start, int m)
{
    int y = 0, mo = 1;
    tci_month_read(start, &y, &mo);
    return y * 12 + (mo - 1) + (m - 1);
}

/* H. Hinnant's days_from_civil, for the proleptic Gregorian calendar. */
long long tci_days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* See tco.h. */
int tco_months_between(const char *from, const char *to)
{
    if (!from || !to || !tci_date_valid(from) || !tci_date_valid(to))
        return -1;
    int y1 = digits(from, 4), m1 = digits(from + 5, 2), d1 = digits(from + 8, 2);
    int y2 = digits(to, 4), m2 = digits(to + 5, 2), d2 = digits(to + 8, 2);
    return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1);
}

/* See date.h. */
const char *tci_serial_date(char *buf, size_t size, double v, int month)
{
    if (!(v >= 1 && v <= 3e6))
        return tco_format_double(buf, size, v);
    long long days = (long long)floor(v) - 25569;
    int y = 1970 + (int)floor((double)days / 365.2425), mo = 12;
    while (tci_days_from_civil(y, 1, 1) > days)
        y--;
    while (tci_days_from_civil(y + 1, 1, 1) <= days)
        y++;
    while (tci_days_from_civil(y, mo, 1) > days)
        mo--;
    if (month)
        snprintf(buf, size, "%04d-%02d", y, mo);
    else
        snprintf(buf, size, "%04d-%02d-%02d", y, mo,
                 (int)(days - tci_days_from_civil(y, mo, 1)) + 1);
    return buf;
}
