/* json.h - JSON text for the library's writers. */
#ifndef TCO_WRITE_JSON_H
#define TCO_WRITE_JSON_H

#include <stdio.h>

/* JSON: a string, fully escaped (NULL is null), and a number with 17
 * significant digits (NAN is null). */
void tci_json_string(FILE *out, const char *s);
void tci_json_number(FILE *out, double x);
/* A member after the first of an object: `, "name": ` and the value, written
 * as above. */
void tci_json_text_member(FILE *out, const char *name, const char *s);
void tci_json_number_member(FILE *out, const char *name, double x);

#endif /* TCO_WRITE_JSON_H */
