/* currency.h - the one table of ISO 4217 currency codes: which codes are
 * current, and which code a common other name means ("RMB" is CNY). */
#ifndef TCO_UTIL_CURRENCY_H
#define TCO_UTIL_CURRENCY_H

/* 1 when `code` is a current ISO 4217 code of money (the codes of precious
 * metals, bond units, the testing code and XXX, no currency, are not). */
int tci_currency_known(const char *code);

/* The current code that `text` is most likely meant to be: a code in other
 * case ("usd"), a common name or symbol ("RMB", "EURO", "YEN", "€"); NULL
 * when there is none, or when `text` is itself a current code. */
const char *tci_currency_suggest(const char *text);

#endif
