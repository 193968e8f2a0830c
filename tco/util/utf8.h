/* utf8.h - UTF-8: the library's one decoder. */
#ifndef TCO_UTIL_UTF8_H
#define TCO_UTIL_UTF8_H

/* 1 when s is valid UTF-8. */
int tci_utf8_valid(const char *s);

#endif /* TCO_UTIL_UTF8_H */
