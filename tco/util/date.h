/* date.h - calendar dates written YYYY-MM-DD: the library's one check of a
 * date, for the scenario's as_of and the catalogs' as-of alike; and the one
 * reading of a calendar month written YYYY-MM ([scenario] start). */
#ifndef TCO_UTIL_DATE_H
#define TCO_UTIL_DATE_H

#include <stddef.h>

/* Years accepted: prices and scenarios are of the computer age, and the
 * workbook's creation time (Unix seconds) is taken from as_of. */
#define TCI_DATE_MIN_YEAR 1970

/* 1 when s is exactly YYYY-MM-DD, a day of the Gregorian calendar in a year
 * from TCI_DATE_MIN_YEAR to 9999. */
int tci_date_valid(const char *s);

/* NULL when s is a date tci_date_valid accepts; else what is wrong with it,
 * for a message ("write YYYY-MM-DD", "the year must be from 1970 to 9999",
 * "the month must be from 01 to 12", "the day must be from 01 to 28 in
 * 2026-02"), in buf (size bytes) or a constant. */
const char *tci_date_problem(const char *s, char *buf, size_t size);

/* 1 when s is exactly YYYY-MM, four digits, a hyphen and two digits, with *y
 * and *m their numbers, unchecked (0000-00 is read as 0 and 0: the loader
 * says which is wrong); else 0, y and m untouched. */
int tci_month_read(const char *s, int *y, int *m);

/* The calendar month of model month m as months since January of year 0
 * (year * 12 + month - 1), where `start` (YYYY-MM, as tci_month_read reads
 * it) is the month of model month 1; a start that does not read counts as
 * January of year 0. A year has four digits, so any m of a horizon fits. */
int tci_month_index(const char *start, int m);

/* Days from 1970-01-01 to the date y-m-d of the proleptic Gregorian calendar
 * (negative before it). */
long long tci_days_from_civil(int y, int m, int d);

/* The date of spreadsheet serial day v (1899-12-30 being 0) as YYYY-MM
 * (month) or YYYY-MM-DD into buf; the number's text (tco_format_double) when
 * it is far from any date. Returns buf. */
const char *tci_serial_date(char *buf, size_t size, double v, int month);

#endif /* TCO_UTIL_DATE_H */
