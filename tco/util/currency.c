/* currency.c - the ISO 4217 codes of money in use (ISO 4217 list one, as
 * amended to 2025: SLE, VED, ZWG and XCG included; the withdrawn HRK, SLL,
 * ZWL, CUC and ANG not), and the other names people write for some. */
#include "util/currency.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Sorted, for bsearch. */
static const char codes[][4] = {
    "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN",
    "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK",
    "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS",
    "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD",
    "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD",
    "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT",
    "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK",
    "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD",
    "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP",
    "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS",
    "UAH", "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST",
    "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
};

/* Other names and symbols, compared ignoring ASCII case. */
static const struct {
    const char *name, *code;
} aliases[] = {
    {"RMB", "CNY"},          {"CNH", "CNY"},      {"YUAN", "CNY"},         {"EURO", "EUR"},
    {"EUROS", "EUR"},        {"YEN", "JPY"},      {"NTD", "TWD"},          {"NT$", "TWD"},
    {"US$", "USD"},          {"USDOLLAR", "USD"}, {"DOLLAR", "USD"},       {"DOLLARS", "USD"},
    {"HK$", "HKD"},          {"A$", "AUD"},       {"C$", "CAD"},           {"S$", "SGD"},
    {"\xE2\x82\xAC", "EUR"}, {"\xC2\xA3", "GBP"}, {"\xE2\x82\xB9", "INR"}, {"RUR", "RUB"},
    {"UKP", "GBP"},          {"STG", "GBP"},      {"SFR", "CHF"},          {"CHFR", "CHF"},
};

static int by_code(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* See currency.h. */
int tci_currency_known(const char *code)
{
    if (!code || strlen(code) != 3)
        return 0;
    return bsearch(code, codes, sizeof codes / sizeof codes[0], sizeof codes[0], by_code) != NULL;
}

/* See currency.h. */
const char *tci_currency_suggest(const char *text)
{
    if (!text || tci_currency_known(text))
        return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(text, aliases[i].name) == 0)
            return aliases[i].code;
    if (strlen(text) == 3) {
        for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
            if (strcasecmp(text, codes[i]) == 0)
                return codes[i];
    }
    return NULL;
}
